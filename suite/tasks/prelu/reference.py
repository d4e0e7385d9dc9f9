import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """PReLU with one learned negative slope per channel: output = input if input >= 0 else weight[c] * input."""

    def __init__(self):
        super().__init__()

    def forward(self, input: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        return F.prelu(input, weight)


C, H, W = 64, 56, 56


def get_inputs():
    return [torch.rand(1, C, H, W) * 8 - 4, torch.rand(C) * 0.5]


def get_init_inputs():
    return []
