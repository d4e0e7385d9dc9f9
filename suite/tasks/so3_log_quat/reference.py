import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """SO(3) log of quaternions q [B, 4] = (w, x, y, z) (normalized first), Sophus-style:
    omega = f v with f = 2 atan(|v|/w)/|v| and its Taylor / w ~ 0 limits."""

    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        q = q / torch.sqrt((q * q).sum(dim=-1, keepdim=True))
        w, v = q[:, 0], q[:, 1:]
        n2 = (v * v).sum(dim=-1)
        n = torch.sqrt(n2)
        taylor = 2.0 / w - (2.0 / 3.0) * n2 / (w * w * w)
        limit = torch.where(w > 0, math.pi / n, -math.pi / n)
        regular = 2.0 * torch.atan(n / w) / n
        f = torch.where(n2 < self.eps * self.eps, taylor, torch.where(w.abs() < self.eps, limit, regular))
        return f[:, None] * v


B = 4096


def get_inputs():
    return [2.0 * torch.rand(B, 4) - 1.0]


def get_init_inputs():
    return [1e-5]
