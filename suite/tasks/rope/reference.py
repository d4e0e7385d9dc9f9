import torch
import torch.nn as nn


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class Model(nn.Module):
    """Rotary position embedding, the rotate-half variant of LLaMA, applied to the queries
    (or keys) of every head: y = x * cos + rotate_half(x) * sin, with the cos and sin tables
    [T, Dh] broadcast over the heads."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        return x * cos + rotate_half(x) * sin


H, T, Dh = 32, 128, 64


def get_inputs():
    return [torch.rand(H, T, Dh) * 4 - 2, torch.rand(T, Dh) * 2 - 1, torch.rand(T, Dh) * 2 - 1]


def get_init_inputs():
    return []
