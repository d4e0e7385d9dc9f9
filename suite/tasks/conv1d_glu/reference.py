import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A gated 1-D convolution: conv1d from C_in to 2C channels with 'same' zero padding
    (K odd, stride 1) plus bias, then the gated linear unit over the channels,
    y = a * sigmoid(b) with a the first C channels and b the last C (F.glu(..., dim=1))."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        h = F.conv1d(x, weight, bias, padding=weight.shape[-1] // 2)
        return F.glu(h, dim=1)


C_in, C, K, L = 40, 100, 13, 100


def get_inputs():
    return [
        torch.rand(1, C_in, L) * 2 - 1,
        torch.rand(2 * C, C_in, K) * 0.2 - 0.1,
        torch.rand(2 * C) * 2 - 1,
    ]


def get_init_inputs():
    return []
