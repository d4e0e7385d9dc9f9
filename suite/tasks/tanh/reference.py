import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Tanh, elementwise (ESPCN's hidden activation)."""

    def __init__(self):
        super().__init__()

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return torch.tanh(input)


C, H, W = 64, 180, 320


def get_inputs():
    return [torch.rand(1, C, H, W) * 6 - 3]


def get_init_inputs():
    return []
