import torch
import torch.nn as nn


class Model(nn.Module):
    """Radar angle FFT: the A complex virtual-antenna samples of every range-Doppler cell of
    x [D, R, A, 2] ((re, im) last), zero-padded to Q = 64 angle bins, DFT, magnitude."""

    def __init__(self, bins: int = 64):
        super().__init__()
        self.bins = bins

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = torch.view_as_complex(x.contiguous())
        return torch.fft.fft(z, n=self.bins, dim=-1).abs()


D, R, A = 1, 256, 8


def get_inputs():
    return [torch.rand(D, R, A, 2) * 2 - 1]


def get_init_inputs():
    return [64]
