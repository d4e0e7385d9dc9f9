import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched Hamilton product out = q1 * q2 of quaternions [P, 4] stored as (w, x, y, z)."""

    def __init__(self):
        super().__init__()

    def forward(self, q1: torch.Tensor, q2: torch.Tensor) -> torch.Tensor:
        w1, x1, y1, z1 = q1[:, 0], q1[:, 1], q1[:, 2], q1[:, 3]
        w2, x2, y2, z2 = q2[:, 0], q2[:, 1], q2[:, 2], q2[:, 3]
        w = w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2
        x = w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2
        y = w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2
        z = w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2
        return torch.stack([w, x, y, z], dim=1)


P = 4096


def get_inputs():
    return [torch.rand(P, 4) * 2 - 1, torch.rand(P, 4) * 2 - 1]


def get_init_inputs():
    return []
