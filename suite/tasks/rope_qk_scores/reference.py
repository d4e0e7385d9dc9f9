import math

import torch
import torch.nn as nn


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class Model(nn.Module):
    """Rotary position embedding (LLaMA rotate-half) of the queries and keys of every head,
    then the scaled dot-product attention scores before the mask and the softmax:
    qr = q * cos + rotate_half(q) * sin, kr = k * cos + rotate_half(k) * sin,
    scores = qr @ kr^T / sqrt(Dh), with the cos and sin tables [T, Dh] broadcast over heads."""

    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, k: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        qr = q * cos + rotate_half(q) * sin
        kr = k * cos + rotate_half(k) * sin
        return torch.matmul(qr, kr.transpose(-1, -2)) / math.sqrt(q.shape[-1])


H, T, Dh = 32, 128, 64


def get_inputs():
    return [
        torch.rand(H, T, Dh) * 2 - 1,
        torch.rand(H, T, Dh) * 2 - 1,
        torch.rand(T, Dh) * 2 - 1,
        torch.rand(T, Dh) * 2 - 1,
    ]


def get_init_inputs():
    return []
