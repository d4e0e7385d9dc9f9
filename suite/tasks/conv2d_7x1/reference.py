import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """An asymmetric 7x1 convolution (a column of 7 taps) with bias, stride 1, zero padding
    (3, 0), NCHW at batch 1: half of a factorized 7x7."""

    def __init__(self, stride: int, padding_h: int, padding_w: int):
        super().__init__()
        self.stride = stride
        self.padding = (padding_h, padding_w)

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding)


CI, CO, H, W = 128, 192, 17, 17


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 7, 1) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [1, 3, 0]  # stride, padding (rows, columns)
