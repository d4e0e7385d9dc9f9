import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3 squeeze-and-excite (torchvision's SqueezeExcitation with a hard-sigmoid):
      s = adaptive_avg_pool2d(x, 1)                 # [1, C, 1, 1]
      s = ReLU(conv1x1(s, w1) + b1)                 # C -> R
      s = hardsigmoid(conv1x1(s, w2) + b2)          # R -> C
      y = x * s                                     # channel-wise scale
    """

    def __init__(self):
        super().__init__()

    def forward(
        self,
        x: torch.Tensor,
        w1: torch.Tensor,
        b1: torch.Tensor,
        w2: torch.Tensor,
        b2: torch.Tensor,
    ) -> torch.Tensor:
        s = F.adaptive_avg_pool2d(x, 1)
        s = F.relu(F.conv2d(s, w1, b1))
        s = F.hardsigmoid(F.conv2d(s, w2, b2))
        return x * s


C, R, H, W = 72, 24, 28, 28


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -0.5, 2.0),
        _uniform((R, C, 1, 1), -0.15, 0.15),
        _uniform((R,), -0.5, 0.5),
        _uniform((C, R, 1, 1), -0.15, 0.15),
        _uniform((C,), -3.0, 3.0),
    ]


def get_init_inputs():
    return []
