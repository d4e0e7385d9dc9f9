import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Spherical projection of LiDAR points (RangeNet++'s do_range_projection up to the
    floor): proj = (u, v, depth) with u = 0.5 (yaw/pi + 1) W, v = (1 - (pitch + |fov_down|)/fov) H."""

    def __init__(self, height: int, width: int, fov_up_deg: float, fov_down_deg: float):
        super().__init__()
        self.height, self.width = height, width
        self.fov_up = fov_up_deg / 180.0 * math.pi
        self.fov_down = fov_down_deg / 180.0 * math.pi

    def forward(self, xy: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        x, y = xy[:, 0], xy[:, 1]
        depth = torch.sqrt(x * x + y * y + z * z)
        yaw = -torch.atan2(y, x)
        pitch = torch.asin(z / depth)
        fov = abs(self.fov_down) + abs(self.fov_up)
        u = 0.5 * (yaw / math.pi + 1.0) * self.width
        v = (1.0 - (pitch + abs(self.fov_down)) / fov) * self.height
        return torch.stack([u, v, depth], dim=-1)


N = 120000


def get_inputs():
    return [80.0 * torch.rand(N, 2) - 40.0, 4.0 * torch.rand(N) - 3.0]


def get_init_inputs():
    return [64, 2048, 3.0, -25.0]
