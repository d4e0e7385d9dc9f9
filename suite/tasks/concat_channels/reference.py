import torch
import torch.nn as nn


class Model(nn.Module):
    """Concatenation along the channel axis: torch.cat([a, b], 1)."""

    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.cat([a, b], 1)


C1, C2, H, W = 256, 128, 40, 40


def get_inputs():
    return [torch.rand(1, C1, H, W) * 2 - 1, torch.rand(1, C2, H, W) * 2 - 1]


def get_init_inputs():
    return []
