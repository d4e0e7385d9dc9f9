import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Frequency-domain delay-and-sum beamformer: X [M, T, K, 2] are the STFTs of M microphones
    (complex as (re, im)), tau [M] their delays in samples, N = 2 (K - 1) the FFT size;
    w[m, k] = exp(+i 2 pi k tau[m] / N) and Y[t, k] = mean over m of w[m, k] X[m, t, k]."""

    def __init__(self):
        super().__init__()

    def forward(self, X: torch.Tensor, tau: torch.Tensor) -> torch.Tensor:
        M, T, K, _ = X.shape
        N = 2 * (K - 1)
        k = torch.arange(K, dtype=torch.float32, device=X.device)
        theta = k[None, :] * tau[:, None] * torch.tensor(2 * math.pi / N, dtype=torch.float32, device=X.device)
        wr, wi = torch.cos(theta)[:, None, :], torch.sin(theta)[:, None, :]   # [M, 1, K]
        xr, xi = X[..., 0], X[..., 1]
        yr = (wr * xr - wi * xi).sum(0) / M
        yi = (wr * xi + wi * xr).sum(0) / M
        return torch.stack([yr, yi], dim=-1)


M, T, K = 4, 32, 257


def get_inputs():
    return [torch.rand(M, T, K, 2) * 2 - 1, torch.rand(M) * 8 - 4]


def get_init_inputs():
    return []
