import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 4x4 transposed convolution with bias, stride 2, padding 1, output padding 0, NCHW at
    batch 1: [1, CI, H, W] -> [1, CO, 2H, 2W], the kernel windows of neighbouring input pixels
    overlapping."""

    def __init__(self, stride: int, padding: int, output_padding: int):
        super().__init__()
        self.stride, self.padding, self.output_padding = stride, padding, output_padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.conv_transpose2d(input, weight, bias, stride=self.stride, padding=self.padding,
                                  output_padding=self.output_padding)


CI, CO, H, W = 512, 256, 4, 4


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CI, CO, 4, 4) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [2, 1, 0]  # stride, padding, output padding
