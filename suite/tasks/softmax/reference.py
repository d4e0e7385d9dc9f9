import torch
import torch.nn as nn


class Model(nn.Module):
    """y = softmax(x) over the last dimension: attention probabilities, one row per
    (head, query token), computed stably by subtracting each row's maximum."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=-1)


R, L = 512, 128


def get_inputs():
    return [torch.rand(R, L) * 8 - 4]


def get_init_inputs():
    return []
