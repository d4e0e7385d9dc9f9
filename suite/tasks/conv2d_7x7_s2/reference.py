import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 7x7 convolution with bias, stride 2, zero padding 3, NCHW at batch 1: the stem of
    ResNet-style backbones."""

    def __init__(self, stride: int, padding_h: int, padding_w: int):
        super().__init__()
        self.stride = stride
        self.padding = (padding_h, padding_w)

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding)


CI, CO, H, W = 3, 64, 224, 224


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 7, 7) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [2, 3, 3]  # stride, padding (rows, columns)
