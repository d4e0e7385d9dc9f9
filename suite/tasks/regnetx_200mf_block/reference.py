import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """RegNetX ResBottleneckBlock (torchvision), stride 1, identity shortcut, BN folded:
      h_a = relu(conv1x1(x, w_a) + b_a)
      h_b = relu(conv3x3(h_a, w_b, pad 1, groups = C / group_width) + b_b)
      y   = relu(x + conv1x1(h_b, w_c) + b_c)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_a, b_a, w_b, b_b, w_c, b_c):
        h_a = F.relu(F.conv2d(x, w_a, b_a))
        groups = w_b.shape[0] // w_b.shape[1]
        h_b = F.relu(F.conv2d(h_a, w_b, b_b, padding=1, groups=groups))
        return F.relu(x + F.conv2d(h_b, w_c, b_c))


G, GW, H, W = 19, 8, 14, 14
C = G * GW


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), 0.0, 1.5),
        _uniform((C, C, 1, 1), -0.15, 0.15),
        _uniform((C,), -0.5, 0.5),
        _uniform((C, GW, 3, 3), -0.2, 0.2),
        _uniform((C,), -0.3, 0.3),
        _uniform((C, C, 1, 1), -0.1, 0.1),
        _uniform((C,), -1.2, 0.3),
    ]


def get_init_inputs():
    return []
