import torch
import torch.nn as nn


class Model(nn.Module):
    """Gemma 2's logit soft-capping: y = cap * tanh(x / cap)."""

    def __init__(self, cap: float):
        super().__init__()
        self.cap = cap

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.cap * torch.tanh(x / self.cap)


T, V = 1, 256000


def get_inputs():
    return [torch.rand(T, V) * 120 - 60]


def get_init_inputs():
    return [30.0]  # cap (Gemma 2's final_logit_softcapping)
