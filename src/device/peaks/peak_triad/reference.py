import torch
import torch.nn as nn


class Model(nn.Module):
    """Device probe: STREAM triad a = b + 3 c."""

    def forward(self, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        return b + 3.0 * c


def get_inputs():
    return [torch.rand(4194304) * 2 - 1, torch.rand(4194304) * 2 - 1]


def get_init_inputs():
    return []
