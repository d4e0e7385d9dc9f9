import torch
import torch.nn as nn
import torch.nn.functional as F


def _same_pad(n: int, k: int, s: int):
    """TensorFlow 'SAME' padding of one spatial dim: (before, after)."""
    out = (n + s - 1) // s
    total = max((out - 1) * s + k - n, 0)
    return total // 2, total - total // 2


class Model(nn.Module):
    """EfficientNet-Lite0 MBConv6, depthwise 5x5 stride 2 with TF 'SAME' padding, BN folded:
      h1 = ReLU6(conv1x1(x, w_expand) + b_expand)                   # C -> E, H x W
      h2 = ReLU6(depthwise5x5_s2(pad_same(h1), w_dw) + b_dw)        # E, ceil(H/2) x ceil(W/2)
      y  = conv1x1(h2, w_project) + b_project                       # E -> K, linear
    """

    def __init__(self, k: int = 5, stride: int = 2):
        super().__init__()
        self.k, self.stride = k, stride

    def forward(self, x, w_expand, b_expand, w_dw, b_dw, w_project, b_project):
        h1 = F.conv2d(x, w_expand, b_expand).clamp(0.0, 6.0)
        pt, pb = _same_pad(h1.shape[2], self.k, self.stride)
        pl, pr = _same_pad(h1.shape[3], self.k, self.stride)
        h1 = F.pad(h1, (pl, pr, pt, pb))
        h2 = F.conv2d(h1, w_dw, b_dw, stride=self.stride, groups=w_dw.shape[0]).clamp(0.0, 6.0)
        return F.conv2d(h2, w_project, b_project)


C, E, K, H, W = 24, 144, 40, 56, 56


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((E, C, 1, 1), -0.5, 0.5),
        _uniform((E,), -1.0, 6.0),
        _uniform((E, 1, 5, 5), -0.25, 0.3),
        _uniform((E,), -0.5, 1.5),
        _uniform((K, E, 1, 1), -0.15, 0.15),
        _uniform((K,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [5, 2]
