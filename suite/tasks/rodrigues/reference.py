import torch
import torch.nn as nn


class Model(nn.Module):
    """Rodrigues' formula, batched: axis-angle r [B, 3] -> R [B, 3, 3] = I + a [r]x + b [r]x^2
    with a = sin(t)/t, b = 2 sin^2(t/2)/t^2 (t = |r|; a = 1, b = 1/2 for t^2 < eps)."""

    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, r: torch.Tensor) -> torch.Tensor:
        x, y, z = r[:, 0], r[:, 1], r[:, 2]
        t2 = x * x + y * y + z * z
        small = t2 < self.eps
        t = torch.sqrt(torch.where(small, torch.ones_like(t2), t2))
        a = torch.where(small, torch.ones_like(t), torch.sin(t) / t)
        s = torch.sin(0.5 * t)
        b = torch.where(small, torch.full_like(t, 0.5), 2.0 * s * s / (t * t))
        zero = torch.zeros_like(x)
        K = torch.stack([zero, -z, y, z, zero, -x, -y, x, zero], dim=-1).reshape(-1, 3, 3)
        eye = torch.eye(3, dtype=r.dtype, device=r.device)
        outer = r[:, :, None] * r[:, None, :]
        return eye * (1.0 - b * t2)[:, None, None] + a[:, None, None] * K + b[:, None, None] * outer


B = 4096


def get_inputs():
    return [4.0 * torch.rand(B, 3) - 2.0]


def get_init_inputs():
    return [1e-12]
