import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """y = down(silu(gate(x)) * up(x)): the SwiGLU MLP of a LLaMA decoder layer, weights in
    torch.nn.functional.linear layout (W1 = gate_proj and W3 = up_proj [F, D], W2 = down_proj
    [D, F]), no biases."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, W1: torch.Tensor, W3: torch.Tensor, W2: torch.Tensor) -> torch.Tensor:
        return F.linear(F.silu(F.linear(x, W1)) * F.linear(x, W3), W2)


T, D, Fdim = 8, 576, 1536


def get_inputs():
    return [
        torch.rand(T, D) * 2 - 1,
        torch.rand(Fdim, D) * 0.4 - 0.2,
        torch.rand(Fdim, D) * 0.4 - 0.2,
        torch.rand(D, Fdim) * 0.2 - 0.1,
    ]


def get_init_inputs():
    return []
