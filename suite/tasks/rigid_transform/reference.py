import torch
import torch.nn as nn


class Model(nn.Module):
    """Apply a 4x4 homogeneous transform T to a point cloud p [P, 3]:
    p' = R p + t with R = T[:3, :3] and t = T[:3, 3]."""

    def __init__(self):
        super().__init__()

    def forward(self, T: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        R = T[:3, :3]
        t = T[:3, 3]
        return p @ R.T + t


P = 8192


def get_inputs():
    return [torch.rand(4, 4) * 2 - 1, torch.rand(P, 3) * 20 - 10]


def get_init_inputs():
    return []
