import torch
import torch.nn as nn


class Model(nn.Module):
    """Nearest-codeword selection: the index of the smallest distance of each row, as int32."""

    def __init__(self):
        super().__init__()

    def forward(self, dist: torch.Tensor) -> torch.Tensor:
        return torch.argmin(dist, dim=-1).to(torch.int32)


T, K = 75, 1024


def get_inputs():
    return [torch.rand(T, K) * 4]


def get_init_inputs():
    return []
