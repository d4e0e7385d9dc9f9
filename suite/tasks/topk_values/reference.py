import torch
import torch.nn as nn


class Model(nn.Module):
    """The k = 6 largest values of each row, in descending order (beam search, beam 5 + 1)."""

    def __init__(self, k: int = 6):
        super().__init__()
        self.k = k

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        return torch.topk(logits, self.k, dim=-1).values


R, V = 5, 51865


def get_inputs():
    return [torch.rand(R, V) * 20 - 10]


def get_init_inputs():
    return [6]
