import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """LayerNorm over the last (hidden) dimension with an elementwise affine transform:
    y = (x - mean) / sqrt(var + eps) * weight + bias, mean and biased variance per row."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, x.shape[-1:], weight, bias, self.eps)


T, D = 128, 384


def get_inputs():
    return [torch.rand(T, D) * 4 - 1, torch.rand(D) + 0.5, torch.rand(D) - 0.5]


def get_init_inputs():
    return [1e-5]
