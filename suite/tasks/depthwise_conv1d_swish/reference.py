import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Depthwise 1-D convolution over time with 'same' zero padding (K odd, stride 1), plus
    the per-channel bias of the folded batch norm, then SiLU: the core of the Conformer
    convolution module."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        h = F.conv1d(x, weight, bias, padding=weight.shape[-1] // 2, groups=x.shape[1])
        return F.silu(h)


C, K, L = 144, 31, 100


def get_inputs():
    return [
        torch.rand(1, C, L) * 2 - 1,
        torch.rand(C, 1, K) * 0.6 - 0.3,
        torch.rand(C) * 2 - 1,
    ]


def get_init_inputs():
    return []
