import torch
import torch.nn as nn


class Model(nn.Module):
    """The nearest depth per column of a band of a depth image: y[w] = min over h of depth[h, w]."""

    def __init__(self):
        super().__init__()

    def forward(self, depth: torch.Tensor) -> torch.Tensor:
        return torch.amin(depth, dim=0)


H, W = 60, 848


def get_inputs():
    return [torch.rand(H, W) * 9.7 + 0.3]


def get_init_inputs():
    return []
