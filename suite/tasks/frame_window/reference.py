import torch
import torch.nn as nn


class Model(nn.Module):
    """Framing and windowing of a mono waveform: frames[f, n] = x[f * hop + n] * window[n],
    F = (L - N) / hop + 1 frames of N samples, hop 160 (10 ms at 16 kHz)."""

    def __init__(self, hop: int = 160):
        super().__init__()
        self.hop = hop

    def forward(self, x: torch.Tensor, window: torch.Tensor) -> torch.Tensor:
        n = window.shape[0]
        return x.unfold(0, n, self.hop) * window


HOP = 160
F, N = 98, 400


def get_inputs():
    x = torch.rand((F - 1) * HOP + N) * 2 - 1
    window = torch.hann_window(N, periodic=False)
    return [x, window]


def get_init_inputs():
    return [HOP]
