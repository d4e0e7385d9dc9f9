import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """5x5 max pooling, stride 1, padding 2 (padding counts as -inf): SPPF's MaxPool2d(5, 1, 2)."""

    def __init__(self, kernel_size: int = 5, stride: int = 1, padding: int = 2):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.max_pool2d(input, self.kernel_size, stride=self.stride, padding=self.padding)


C, H, W = 128, 20, 20


def get_inputs():
    return [torch.rand(1, C, H, W) * 2 - 1]


def get_init_inputs():
    return [5, 1, 2]
