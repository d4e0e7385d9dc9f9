import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 1-D convolution over time with channel mixing, kernel 3, stride 2, zero padding 1, with
    bias, NCL at batch 1: [1, CI, L] -> [1, CO, (L - 1) // 2 + 1]."""

    def __init__(self, stride: int, dilation: int, pad_left: int):
        super().__init__()
        self.stride, self.dilation, self.pad_left = stride, dilation, pad_left

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv1d(x, weight, bias, stride=self.stride, padding=self.pad_left, dilation=self.dilation)


CI, CO, L = 384, 384, 512


def get_inputs():
    return [
        torch.rand(1, CI, L) * 2 - 1,
        torch.rand(CO, CI, 3) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [2, 1, 1]  # stride, dilation, left padding
