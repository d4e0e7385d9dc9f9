import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The SwiGLU gate of a LLaMA-style MLP in half: y = silu(gate) * up."""

    def __init__(self):
        super().__init__()

    def forward(self, gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        # float16 in and out, two half operators as PyTorch runs them: F.silu (computed in float,
        # rounded to half), then the product with up (computed in float, rounded to half).
        # Debian's torch 1.13 lacks most CPU half kernels, so the float computation is written out.
        act = F.silu(gate.float()).half()
        return (act.float() * up.float()).half()


T, D = 16, 5632


def get_inputs():
    return [t.half() for t in [torch.rand(T, D) * 12 - 6, torch.rand(T, D) * 4 - 2]]


def get_init_inputs():
    return []
