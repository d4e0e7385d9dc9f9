import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """An asymmetric 1x7 convolution (a row of 7 taps) with bias, stride 1, zero padding (0, 3),
    NCHW at batch 1: half of a factorized 7x7."""

    def __init__(self, stride: int, padding_h: int, padding_w: int):
        super().__init__()
        self.stride = stride
        self.padding = (padding_h, padding_w)

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding)


CI, CO, H, W = 128, 128, 17, 17


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 1, 7) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [1, 0, 3]  # stride, padding (rows, columns)
