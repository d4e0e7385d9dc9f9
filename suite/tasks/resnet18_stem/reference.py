import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ResNet-18 stem (torchvision conv1 + bn1 + relu + maxpool), batch norm folded:
      r = relu(conv7x7(x, w, pad 3, stride 2) + b)
      y = max_pool2d(r, 3, stride 2, pad 1)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w, b):
        r = F.relu(F.conv2d(x, w, b, stride=2, padding=3))
        return F.max_pool2d(r, kernel_size=3, stride=2, padding=1)


CI, C, H, W = 3, 64, 224, 224


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), -2.0, 2.0),
        _uniform((C, CI, 7, 7), -0.1, 0.1),
        _uniform((C,), -0.6, 0.3),
    ]


def get_init_inputs():
    return []
