import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Causal W-sample moving average of every channel of x [C, L], zero initial state:
    y[c, i] = (x[c, i] + x[c, i-1] + ... + x[c, i-W+1]) / W with x[c, j] = 0 for j < 0."""

    def __init__(self, window: int = 32):
        super().__init__()
        self.window = window

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        xp = F.pad(x, (self.window - 1, 0))
        return F.avg_pool1d(xp[:, None, :], self.window, stride=1)[:, 0, :]


C, L = 3, 4096


def get_inputs():
    return [torch.rand(C, L) * 2 - 1]


def get_init_inputs():
    return [32]
