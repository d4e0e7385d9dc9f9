import torch
import torch.nn as nn


class Model(nn.Module):
    """A homography applied to points [N, 2]: (u, v, w) = H (x, y, 1), out = (u/w, v/w)."""

    def __init__(self, dims: int):
        super().__init__()
        self.dims = dims

    def forward(self, pts: torch.Tensor, Hm: torch.Tensor) -> torch.Tensor:
        x, y = pts[:, 0], pts[:, 1]
        u = Hm[0, 0] * x + Hm[0, 1] * y + Hm[0, 2]
        v = Hm[1, 0] * x + Hm[1, 1] * y + Hm[1, 2]
        w = Hm[2, 0] * x + Hm[2, 1] * y + Hm[2, 2]
        return torch.stack([u / w, v / w], dim=-1)


N = 2000


def get_inputs():
    return [torch.rand(N, 2), 0.5 + torch.rand(3, 3)]


def get_init_inputs():
    return [2]
