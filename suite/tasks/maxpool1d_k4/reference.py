import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """1-D max pooling over non-overlapping windows of 4 samples (M5's MaxPool1d(4))."""

    def __init__(self, kernel_size: int = 4):
        super().__init__()
        self.kernel_size = kernel_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.max_pool1d(input, self.kernel_size)


C, L = 32, 496


def get_inputs():
    return [torch.rand(1, C, L) * 2 - 1]


def get_init_inputs():
    return [4]
