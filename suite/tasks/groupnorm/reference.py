import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Group normalization, 32 groups, with a per-channel affine transform: each group of C / 32
    consecutive channels is normalized by the mean and biased variance of all its values."""

    def __init__(self, num_groups: int = 32, eps: float = 1e-5):
        super().__init__()
        self.num_groups = num_groups
        self.eps = eps

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.group_norm(input, self.num_groups, weight, bias, self.eps)


C, H, W = 256, 64, 64


def get_inputs():
    return [torch.rand(1, C, H, W) * 4 - 1, torch.rand(C) + 0.5, torch.rand(C) - 0.5]


def get_init_inputs():
    return [32, 1e-5]
