import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """U-Net Down stage (milesial/Pytorch-UNet), batch norm folded:
      p = MaxPool2d(2)(x)
      y = DoubleConv(p) = ReLU(conv3x3(ReLU(conv3x3(p, w_a) + b_a), w_b) + b_b)   # pad 1
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_a, b_a, w_b, b_b):
        p = F.max_pool2d(x, 2)
        a = F.relu(F.conv2d(p, w_a, b_a, padding=1))
        return F.relu(F.conv2d(a, w_b, b_b, padding=1))


CI, CO, H, W = 16, 32, 128, 128


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), 0.0, 1.0),
        _uniform((CO, CI, 3, 3), -0.25, 0.25),
        _uniform((CO,), -0.5, 0.5),
        _uniform((CO, CO, 3, 3), -0.15, 0.15),
        _uniform((CO,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
