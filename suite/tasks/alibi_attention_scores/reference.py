import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Causal attention scores with ALiBi biases (Press et al., 2022) for T queries at the end of
    an S-token context: (Q K^T) / sqrt(Dh) - slope[h] * (query position - key position), and the
    lowest float32 value where the key lies after the query."""

    def __init__(self):
        super().__init__()

    def forward(self, Q: torch.Tensor, K: torch.Tensor, slopes: torch.Tensor) -> torch.Tensor:
        H, T, Dh = Q.shape
        S = K.shape[1]
        scores = torch.matmul(Q, K.transpose(-1, -2)) * (1.0 / math.sqrt(Dh))
        qpos = torch.arange(S - T, S, device=Q.device).view(T, 1)
        kpos = torch.arange(S, device=Q.device).view(1, S)
        dist = (qpos - kpos).to(torch.float32)  # [T, S]
        scores = scores - slopes.view(H, 1, 1) * dist
        return scores.masked_fill((kpos > qpos).view(1, T, S), torch.finfo(torch.float32).min)


H, T, S, Dh = 16, 128, 128, 64


def get_inputs():
    return [
        torch.rand(H, T, Dh) * 2 - 1,
        torch.rand(H, S, Dh) * 2 - 1,
        torch.rand(H) * 0.4961 + 0.0039,
    ]


def get_init_inputs():
    return []
