import torch
import torch.nn as nn


class Model(nn.Module):
    """Power spectrum of real frames: P[f, k] = |sum_n x[f, n] exp(-2 pi i k n / N)|^2 for
    k = 0 .. N/2, i.e. |rfft(x)|^2 over the last dimension."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.fft.rfft(x, dim=-1).abs() ** 2


F, N = 32, 256


def get_inputs():
    return [torch.rand(F, N) * 2 - 1]


def get_init_inputs():
    return []
