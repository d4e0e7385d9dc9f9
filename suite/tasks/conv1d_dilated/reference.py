import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A causal dilated 1-D convolution: kernel 3, dilation 4, stride 1, left zero padding
    2 * dilation = 8 (output step l sees input steps l - 8, l - 4, l), with bias, NCL at batch 1."""

    def __init__(self, stride: int, dilation: int, pad_left: int):
        super().__init__()
        self.stride, self.dilation, self.pad_left = stride, dilation, pad_left

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv1d(F.pad(x, (self.pad_left, 0)), weight, bias, stride=self.stride, dilation=self.dilation)


CI, CO, L = 64, 64, 256


def get_inputs():
    return [
        torch.rand(1, CI, L) * 2 - 1,
        torch.rand(CO, CI, 3) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [1, 4, 8]  # stride, dilation, left padding
