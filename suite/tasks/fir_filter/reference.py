import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A bank of 1-D FIR filters, one per channel, 'valid' convolution (no padding):
    y[c, n] = sum_k x[c, n + k] * taps[c, k], the cross-correlation conv1d computes."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, taps: torch.Tensor) -> torch.Tensor:
        C = x.shape[0]
        return F.conv1d(x.unsqueeze(0), taps.unsqueeze(1), groups=C).squeeze(0)


C, L, K = 16, 4096, 31


def get_inputs():
    return [torch.rand(C, L) * 2 - 1, torch.rand(C, K) - 0.5]


def get_init_inputs():
    return []
