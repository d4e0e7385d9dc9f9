import torch
import torch.nn as nn


class Model(nn.Module):
    """FMCW radar range-Doppler map per receive antenna: a real DFT over the fast-time samples
    of each chirp (range), a complex DFT over the chirps (Doppler), then the magnitude:
    map[a, d, k] = |fft(rfft(x[a], dim=-1), dim=0)[d, k]| for x [A, C chirps, N samples]."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rng = torch.fft.rfft(x, dim=-1)       # [A, C, N/2 + 1]
        dop = torch.fft.fft(rng, dim=-2)      # over the chirps
        return dop.abs()


A, C, N = 4, 32, 64


def get_inputs():
    return [torch.rand(A, C, N) * 2 - 1]


def get_init_inputs():
    return []
