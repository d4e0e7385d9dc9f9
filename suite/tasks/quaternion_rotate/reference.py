import torch
import torch.nn as nn


class Model(nn.Module):
    """Rotate points v [P, 3] by per-point quaternions q [P, 4] = (w, x, y, z), normalized
    first: v' = v + 2 w (u x v) + 2 u x (u x v) with u = (x, y, z)."""

    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        q = q / torch.sqrt((q * q).sum(dim=1, keepdim=True))
        w = q[:, 0:1]
        u = q[:, 1:4]
        uv = torch.cross(u, v, dim=1)
        uuv = torch.cross(u, uv, dim=1)
        return v + 2 * w * uv + 2 * uuv


P = 4096


def get_inputs():
    return [torch.rand(P, 4) * 2 - 1, torch.rand(P, 3) * 4 - 2]


def get_init_inputs():
    return []
