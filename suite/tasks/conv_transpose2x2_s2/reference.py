import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 2x2 transposed convolution with bias, stride 2, no padding, NCHW at batch 1."""

    def __init__(self, stride: int = 2):
        super().__init__()
        self.stride = stride

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv_transpose2d(input, weight, bias, stride=self.stride)


CI, CO, H, W = 64, 32, 16, 16


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CI, CO, 2, 2) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [2]
