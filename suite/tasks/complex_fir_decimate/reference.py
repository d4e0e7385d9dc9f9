import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Complex FIR decimator: y[c, j] = sum_k taps[k] x[c, D*j + k] (complex x, real taps,
    'valid'), D = 4, for every channel of x [C, L, 2] ((re, im) last)."""

    def __init__(self, factor: int = 4):
        super().__init__()
        self.factor = factor

    def forward(self, x: torch.Tensor, taps: torch.Tensor) -> torch.Tensor:
        C, L, _ = x.shape
        rows = x.permute(0, 2, 1).reshape(2 * C, 1, L)          # I and Q rows
        out = F.conv1d(rows, taps[None, None, :], stride=self.factor)  # [2C, 1, J]
        return out.reshape(C, 2, -1).permute(0, 2, 1).contiguous()


C, L, K = 4, 8192, 64


def get_inputs():
    return [torch.rand(C, L, 2) * 2 - 1, torch.rand(K) * 0.5 - 0.2]


def get_init_inputs():
    return [4]
