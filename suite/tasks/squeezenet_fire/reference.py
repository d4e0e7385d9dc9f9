import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """SqueezeNet 1.1 Fire module:
      s = ReLU(conv1x1(x, w_s) + b_s)                                  # C -> S
      y = cat[ReLU(conv1x1(s, w_e1) + b_e1), ReLU(conv3x3(s, w_e3, pad 1) + b_e3)]   # 2E
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_s, b_s, w_e1, b_e1, w_e3, b_e3):
        s = F.relu(F.conv2d(x, w_s, b_s))
        return torch.cat([F.relu(F.conv2d(s, w_e1, b_e1)), F.relu(F.conv2d(s, w_e3, b_e3, padding=1))], 1)


C, S, E, H, W = 64, 16, 64, 55, 55


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), 0.0, 1.0),
        _uniform((S, C, 1, 1), -0.15, 0.2),
        _uniform((S,), -0.5, 0.5),
        _uniform((E, S, 1, 1), -0.3, 0.35),
        _uniform((E,), -0.5, 0.5),
        _uniform((E, S, 3, 3), -0.1, 0.12),
        _uniform((E,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
