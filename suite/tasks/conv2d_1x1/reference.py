import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A pointwise (1x1) convolution with bias, stride 1, no padding, NCHW at batch 1."""

    def __init__(self, stride: int = 1):
        super().__init__()
        self.stride = stride

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride)


CI, CO, H, W = 32, 64, 64, 64


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 1, 1) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [1]
