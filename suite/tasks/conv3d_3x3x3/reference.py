import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 3x3x3 convolution with bias, stride 1, zero padding 1 (depth/time, height, width),
    NCDHW at batch 1."""

    def __init__(self, stride: int = 1, padding: int = 1):
        super().__init__()
        self.stride, self.padding = stride, padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv3d(input, weight, bias, stride=self.stride, padding=self.padding)


CI, CO, D, H, W = 3, 16, 8, 56, 56


def get_inputs():
    return [
        torch.rand(1, CI, D, H, W) * 2 - 1,
        torch.rand(CO, CI, 3, 3, 3) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [1, 1]
