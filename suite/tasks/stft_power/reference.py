import torch
import torch.nn as nn


class Model(nn.Module):
    """Power spectrogram: P[t, k] = |rfft(x[t*hop : t*hop + N] * window)[k]|^2, the frames of
    N = len(window) samples, hop 160 (10 ms at 16 kHz), no centering or padding."""

    def __init__(self, hop: int = 160):
        super().__init__()
        self.hop = hop

    def forward(self, x: torch.Tensor, window: torch.Tensor) -> torch.Tensor:
        n = window.shape[0]
        spec = torch.stft(x, n_fft=n, hop_length=self.hop, win_length=n, window=window,
                          center=False, return_complex=True)  # [N/2 + 1, T]
        return (spec.abs() ** 2).T.contiguous()


HOP = 160
T, N = 49, 400


def get_inputs():
    x = torch.rand((T - 1) * HOP + N) * 2 - 1
    window = torch.hann_window(N)
    return [x, window]


def get_init_inputs():
    return [HOP]
