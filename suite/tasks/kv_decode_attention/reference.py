import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """out[h] = softmax(q[h] K[h]^T * scale) V[h]: one decode step of multi-head attention,
    the new token's query per head against the cached keys and values, scale = 1/sqrt(Dh)."""

    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, K: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
        scores = torch.matmul(q.unsqueeze(-2), K.transpose(-1, -2)) * (1.0 / math.sqrt(q.shape[-1]))
        return torch.matmul(torch.softmax(scores, dim=-1), V).squeeze(-2)


H, S, Dh = 8, 512, 64


def get_inputs():
    return [torch.rand(H, Dh) * 4 - 2, torch.rand(H, S, Dh) * 4 - 2, torch.rand(H, S, Dh) * 2 - 1]


def get_init_inputs():
    return []
