import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """MFCC front end: mfcc = log(power @ mel_fb + eps) @ D^T with D the orthonormal DCT-II
    matrix [n_mfcc, M] (torchaudio.functional.create_dct(n_mfcc, M, norm='ortho')^T), keeping
    the first n_mfcc = 10 coefficients (the keyword-spotting front end of DS-CNN)."""

    def __init__(self, n_mfcc: int = 10, eps: float = 1e-6):
        super().__init__()
        self.n_mfcc, self.eps = n_mfcc, eps

    def forward(self, power: torch.Tensor, mel_fb: torch.Tensor) -> torch.Tensor:
        m_bins = mel_fb.shape[1]
        logmel = torch.log(torch.matmul(power, mel_fb) + self.eps)
        m = torch.arange(m_bins, dtype=torch.float32, device=power.device)
        k = torch.arange(self.n_mfcc, dtype=torch.float32, device=power.device)[:, None]
        dct = torch.cos(math.pi / m_bins * (m + 0.5) * k)  # [n_mfcc, M]
        dct[0] *= math.sqrt(1.0 / m_bins)
        dct[1:] *= math.sqrt(2.0 / m_bins)
        return torch.matmul(logmel, dct.T)


T, F, M = 49, 257, 40


def get_inputs():
    return [torch.rand(T, F), torch.rand(F, M) * 0.05]


def get_init_inputs():
    return [10, 1e-6]
