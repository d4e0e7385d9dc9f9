import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """y = LayerNorm(x + residual) over the last (hidden) dimension with an elementwise affine
    transform: the post-LN 'Add & Norm' of a BERT layer (mean and biased variance per row)."""

    def __init__(self, eps: float = 1e-12):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x + residual, x.shape[-1:], weight, bias, self.eps)


T, D = 128, 384


def get_inputs():
    return [torch.rand(T, D) * 4 - 1, torch.rand(T, D) * 3 - 2, torch.rand(D) + 0.5, torch.rand(D) - 0.5]


def get_init_inputs():
    return [1e-12]
