import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A depthwise 3x3 convolution with bias (groups = channels), stride 2, zero padding 1, NCHW at
    batch 1: the downsampling layer of MobileNet blocks."""

    def __init__(self, stride: int, padding: int):
        super().__init__()
        self.stride, self.padding = stride, padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding, groups=input.shape[1])


C, H, W = 96, 112, 112


def get_inputs():
    return [
        torch.rand(1, C, H, W) * 2 - 1,
        torch.rand(C, 1, 3, 3) - 0.5,
        torch.rand(C) - 0.5,
    ]


def get_init_inputs():
    return [2, 1]  # stride, padding
