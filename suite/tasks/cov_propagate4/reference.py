import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched Kalman-filter covariance propagation: out = F P F^T + Q for F, P, Q [B, 4, 4]."""

    def __init__(self):
        super().__init__()

    def forward(self, F: torch.Tensor, P: torch.Tensor, Q: torch.Tensor) -> torch.Tensor:
        return torch.bmm(torch.bmm(F, P), F.transpose(1, 2)) + Q


B = 1024


def get_inputs():
    return [torch.rand(B, 4, 4) * 2 - 1, torch.rand(B, 4, 4) * 2 - 1, torch.rand(B, 4, 4) * 0.2 - 0.1]


def get_init_inputs():
    return []
