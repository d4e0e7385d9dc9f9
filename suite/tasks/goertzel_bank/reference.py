import torch
import torch.nn as nn


class Model(nn.Module):
    """Goertzel filter bank: for every frame x[f, :] and coefficient c = coef[k] = 2 cos(w_k),
    s[n] = x[f, n] + c s[n-1] - s[n-2] over the N samples (zero initial state), then
    P[f, k] = s[N-1]^2 + s[N-2]^2 - c s[N-1] s[N-2], the power of the frame at frequency w_k."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, coef: torch.Tensor) -> torch.Tensor:
        F, N = x.shape
        c = coef[None, :]
        s1 = torch.zeros(F, coef.shape[0], dtype=x.dtype, device=x.device)
        s2 = torch.zeros_like(s1)
        for n in range(N):
            s0 = x[:, n, None] + c * s1 - s2
            s2 = s1
            s1 = s0
        return s1 * s1 + s2 * s2 - c * s1 * s2


F, N, K = 32, 205, 8


def get_inputs():
    # The DTMF row and column tones (697 .. 1633 Hz) at 8 kHz: coef = 2 cos(2 pi f / 8000).
    tones = torch.tensor([697.0, 770.0, 852.0, 941.0, 1209.0, 1336.0, 1477.0, 1633.0])
    return [torch.rand(F, N) * 2 - 1, 2 * torch.cos(2 * torch.pi * tones / 8000.0)]


def get_init_inputs():
    return []
