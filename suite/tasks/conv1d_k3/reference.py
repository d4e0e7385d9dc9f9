import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 1-D convolution over time with channel mixing, kernel 3, stride 1, zero padding 1,
    with bias, NCL at batch 1."""

    def __init__(self, stride: int = 1, padding: int = 1):
        super().__init__()
        self.stride = stride
        self.padding = padding

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv1d(x, weight, bias, stride=self.stride, padding=self.padding)


CI, CO, L = 40, 16, 101


def get_inputs():
    return [
        torch.rand(1, CI, L) * 2 - 1,
        torch.rand(CO, CI, 3) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [1, 1]
