import torch
import torch.nn as nn


class Model(nn.Module):
    """Device probe: 8 chains of 128 multiply-adds per element (see algorithm.h)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, c = 0.9 + 0.05 * x, 0.01 * x
        acc = [x + 0.125 * k for k in range(8)]
        for _ in range(128):
            acc = [a * b + c for a in acc]
        return sum(acc[1:], acc[0])


def get_inputs():
    return [torch.rand(65536) * 2 - 1]


def get_init_inputs():
    return []
