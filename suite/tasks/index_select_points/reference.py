import torch
import torch.nn as nn


class Model(nn.Module):
    """Gather along the point axis: output[:, :, m] = features[:, :, idx[m]] (index_select)."""

    def __init__(self):
        super().__init__()

    def forward(self, features: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        return torch.index_select(features, 2, idx.long())


C, N, M = 3, 1024, 512


def get_inputs():
    return [torch.rand(1, C, N) * 2 - 1, torch.randint(0, 1024, (M,), dtype=torch.int32)]


def get_init_inputs():
    return []
