import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv5 v6.0+ stem, batch norm folded:
      h = SiLU(conv6x6(x, w0, stride 2, pad 2) + b0)      # model.0
      y = SiLU(conv3x3(h, w1, stride 2, pad 1) + b1)      # model.1
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w0, b0, w1, b1):
        h = F.silu(F.conv2d(x, w0, b0, stride=2, padding=2))
        return F.silu(F.conv2d(h, w1, b1, stride=2, padding=1))


CI, C1, C2, H, W = 3, 16, 32, 320, 320


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), 0.0, 1.0),
        _uniform((C1, CI, 6, 6), -0.5, 0.5),
        _uniform((C1,), -1.0, 1.0),
        _uniform((C2, C1, 3, 3), -0.2, 0.2),
        _uniform((C2,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
