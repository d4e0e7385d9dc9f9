import torch
import torch.nn as nn


class Model(nn.Module):
    """5-sample running median ('valid') of every channel of x [C, L]:
    y[c, i] = median(x[c, i], ..., x[c, i + 4]) for i in [0, L - 4)."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.unfold(-1, 5, 1).median(dim=-1).values


C, L = 3, 4096


def get_inputs():
    return [torch.rand(C, L) * 2 - 1]


def get_init_inputs():
    return []
