import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """DLinear's moving average: avg_pool1d(kernel 25, stride 1) over the series padded at both ends
    with (25 - 1) / 2 copies of its first and last sample; output length = input length."""

    def __init__(self, kernel_size: int = 25):
        super().__init__()
        self.kernel_size = kernel_size

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        pad = (self.kernel_size - 1) // 2
        front = input[:, :, 0:1].repeat(1, 1, pad)
        end = input[:, :, -1:].repeat(1, 1, pad)
        padded = torch.cat([front, input, end], dim=-1)
        return F.avg_pool1d(padded, self.kernel_size, stride=1)


C, L = 7, 336


def get_inputs():
    return [torch.rand(1, C, L) * 4 - 2]


def get_init_inputs():
    return [25]
