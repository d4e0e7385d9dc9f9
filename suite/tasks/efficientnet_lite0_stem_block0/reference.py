import torch
import torch.nn as nn
import torch.nn.functional as F


def _same_pad(n: int, k: int, s: int):
    """TensorFlow 'SAME' padding of one spatial dim: (before, after)."""
    out = (n + s - 1) // s
    total = max((out - 1) * s + k - n, 0)
    return total // 2, total - total // 2


class Model(nn.Module):
    """EfficientNet-Lite0 stem + blocks.0 (TF 'SAME' padding), batch norm folded:
      s = relu6(conv3x3_s2(pad_same(x), w_stem) + b_stem)     # CI -> C, ceil(H/2) x ceil(W/2)
      d = relu6(depthwise3x3(s, w_dw, pad 1) + b_dw)          # expand ratio 1: no expand conv
      y = conv1x1(d, w_proj) + b_proj                         # C -> K, no residual (C != K)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_stem, b_stem, w_dw, b_dw, w_proj, b_proj):
        pt, pb = _same_pad(x.shape[2], 3, 2)
        pl, pr = _same_pad(x.shape[3], 3, 2)
        s = F.conv2d(F.pad(x, (pl, pr, pt, pb)), w_stem, b_stem, stride=2).clamp(0.0, 6.0)
        d = F.conv2d(s, w_dw, b_dw, padding=1, groups=w_dw.shape[0]).clamp(0.0, 6.0)
        return F.conv2d(d, w_proj, b_proj)


CI, C, K, H, W = 3, 32, 16, 224, 224


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), -1.0, 1.0),
        _uniform((C, CI, 3, 3), -0.5, 0.5),
        _uniform((C,), -0.5, 1.5),
        _uniform((C, 1, 3, 3), -0.3, 0.5),
        _uniform((C,), -1.0, 1.0),
        _uniform((K, C, 1, 1), -0.2, 0.2),
        _uniform((K,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
