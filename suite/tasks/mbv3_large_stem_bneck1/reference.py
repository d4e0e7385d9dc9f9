import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3-Large features.0-1 (torchvision), batch norm folded:
      s = hswish(conv3x3(x, w_stem, pad 1, stride 2) + b_stem)     # CI -> C, Ho x Wo
      d = relu(depthwise3x3(s, w_dw, pad 1) + b_dw)                # expand ratio 1: no expand
      y = conv1x1(d, w_proj) + b_proj + s                          # identity shortcut
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_stem, b_stem, w_dw, b_dw, w_proj, b_proj):
        s = F.hardswish(F.conv2d(x, w_stem, b_stem, stride=2, padding=1))
        d = F.relu(F.conv2d(s, w_dw, b_dw, padding=1, groups=w_dw.shape[0]))
        return F.conv2d(d, w_proj, b_proj) + s


CI, C, H, W = 3, 16, 224, 224


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), -2.0, 2.0),
        _uniform((C, CI, 3, 3), -0.3, 0.3),
        _uniform((C,), -1.0, 1.0),
        _uniform((C, 1, 3, 3), -0.4, 0.5),
        _uniform((C,), -0.5, 0.5),
        _uniform((C, C, 1, 1), -0.3, 0.3),
        _uniform((C,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
