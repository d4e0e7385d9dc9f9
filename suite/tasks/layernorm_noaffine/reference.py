import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Non-parametric LayerNorm over the last (hidden) dimension: y = (x - mean) / sqrt(var + eps),
    mean and biased variance per row, no weight or bias (OLMo)."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, x.shape[-1:], None, None, self.eps)


T, D = 128, 2048


def get_inputs():
    return [torch.rand(T, D) * 4 - 1]


def get_init_inputs():
    return [1e-5]
