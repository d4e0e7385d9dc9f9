import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A grouped 3x3 convolution with bias (4 groups), stride 1, zero padding 1, NCHW at batch 1."""

    def __init__(self, groups: int = 4, stride: int = 1, padding: int = 1):
        super().__init__()
        self.groups = groups
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding, groups=self.groups)


CI, CO, H, W = 32, 32, 32, 32


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI // 4, 3, 3) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [4, 1, 1]
