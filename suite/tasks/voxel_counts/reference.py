import torch
import torch.nn as nn


class Model(nn.Module):
    """Points per voxel: voxel index floor((p - origin) * inv_size) per axis, points outside
    the grid dropped, counts [GZ, GY, GX] int32."""

    def __init__(self, grid: list, origin: list, inv_size: float):
        super().__init__()
        self.grid, self.origin, self.inv_size = grid, origin, inv_size  # grid (GZ, GY, GX), origin (x, y, z)

    def forward(self, xy: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
        gz, gy, gx = self.grid
        ix = torch.floor((xy[:, 0] - self.origin[0]) * self.inv_size).long()
        iy = torch.floor((xy[:, 1] - self.origin[1]) * self.inv_size).long()
        iz = torch.floor((z - self.origin[2]) * self.inv_size).long()
        inside = (ix >= 0) & (ix < gx) & (iy >= 0) & (iy < gy) & (iz >= 0) & (iz < gz)
        flat = ((iz * gy + iy) * gx + ix)[inside]
        return torch.bincount(flat, minlength=gz * gy * gx).reshape(gz, gy, gx).to(torch.int32)


N = 120000


def get_inputs():
    return [64.0 * torch.rand(N, 2) - 32.0, 4.0 * torch.rand(N) - 3.0]


def get_init_inputs():
    return [[16, 256, 256], [-32.0, -32.0, -3.0], 4.0]
