import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """NCO + IQ down-mix: a 24-bit phase accumulator per channel, phase[c, n] =
    n * fcw[c] mod 2^24, theta = 2 pi phase / 2^24, and y[c, n] = x[c, n] * exp(-i theta) as
    (re, im) pairs in the last dimension, for the real ADC samples x [C, L]."""

    def __init__(self, phase_bits: int = 24):
        super().__init__()
        self.phase_bits = phase_bits

    def forward(self, x: torch.Tensor, fcw: torch.Tensor) -> torch.Tensor:
        C, L = x.shape
        n = torch.arange(L, dtype=torch.int64, device=x.device)
        phase = (n[None, :] * fcw.to(torch.int64)[:, None]) % (1 << self.phase_bits)
        scale = torch.tensor(2 * math.pi / (1 << self.phase_bits), dtype=torch.float32, device=x.device)
        theta = phase.to(torch.float32) * scale
        return torch.stack([x * torch.cos(theta), -x * torch.sin(theta)], dim=-1)


C, L = 4, 16384


def get_inputs():
    # 4 channels tuned to 1.0, 2.5, 5.0 and 12.5 MHz at 50 MS/s.
    f = torch.tensor([1.0e6, 2.5e6, 5.0e6, 12.5e6])
    fcw = torch.round(f / 50.0e6 * (1 << 24)).to(torch.int32)
    return [torch.rand(C, L) * 2 - 1, fcw]


def get_init_inputs():
    return [24]
