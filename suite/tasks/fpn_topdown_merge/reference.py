import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One top-down step of torchvision's FeaturePyramidNetwork:
      inner  = conv1x1(c, w_inner, b_inner)
      merged = inner + F.interpolate(top, size=inner.shape[-2:], mode="nearest")
      out    = conv3x3(merged, w_layer, b_layer, padding=1)
    """

    def __init__(self):
        super().__init__()

    def forward(self, c, top, w_inner, b_inner, w_layer, b_layer):
        inner = F.conv2d(c, w_inner, b_inner)
        merged = inner + F.interpolate(top, size=inner.shape[-2:], mode="nearest")
        out = F.conv2d(merged, w_layer, b_layer, padding=1)
        return merged, out


CI, CO, HT, WT = 256, 256, 10, 10


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, 2 * HT, 2 * WT), 0.0, 1.0),
        _uniform((1, CO, HT, WT), -1.0, 1.0),
        _uniform((CO, CI, 1, 1), -0.15, 0.15),
        _uniform((CO,), -0.5, 0.5),
        _uniform((CO, CO, 3, 3), -0.05, 0.05),
        _uniform((CO,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
