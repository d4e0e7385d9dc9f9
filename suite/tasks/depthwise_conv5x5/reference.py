import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A depthwise 5x5 convolution with bias (groups = channels), stride 1, zero padding 2, NCHW at
    batch 1."""

    def __init__(self, stride: int, padding: int):
        super().__init__()
        self.stride, self.padding = stride, padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding, groups=input.shape[1])


C, H, W = 240, 28, 28


def get_inputs():
    return [
        torch.rand(1, C, H, W) * 2 - 1,
        torch.rand(C, 1, 5, 5) - 0.5,
        torch.rand(C) - 0.5,
    ]


def get_init_inputs():
    return [1, 2]  # stride, padding
