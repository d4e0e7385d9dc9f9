import torch
import torch.nn as nn


class Model(nn.Module):
    """C = torch.bmm(A, B.transpose(1, 2)): a batched matrix product whose second operand is
    stored [Bt, N, K] (row-major along the reduction dimension, like attention keys)."""

    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return torch.bmm(A, B.transpose(1, 2))


Bt, M, N, K = 4, 128, 256, 64


def get_inputs():
    return [torch.rand(Bt, M, K) * 2 - 1, torch.rand(Bt, N, K) * 2 - 1]


def get_init_inputs():
    return []
