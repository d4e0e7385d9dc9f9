import torch
import torch.nn as nn


class Model(nn.Module):
    """Log-odds occupancy update of a grid from a laser scan with the inverse range sensor
    model (Probabilistic Robotics, Table 9.2); each cell's beam and range are given as
    lookup tables."""

    def __init__(self, zmax: float, alpha: float, l_occ: float, l_free: float, l_clamp: float):
        super().__init__()
        self.zmax, self.alpha, self.l_occ, self.l_free, self.l_clamp = zmax, alpha, l_occ, l_free, l_clamp

    def forward(self, logodds, scan, beam, cell_range):
        z = scan[beam.long()]
        r = cell_range
        half = self.alpha / 2.0
        beyond = r > torch.clamp(z + half, max=self.zmax)
        occ = (z < self.zmax) & ((r - z).abs() < half)
        free = r <= z
        zero = torch.zeros_like(r)
        l = torch.where(beyond, zero, torch.where(occ, zero + self.l_occ, torch.where(free, zero + self.l_free, zero)))
        return torch.clamp(logodds + l, -self.l_clamp, self.l_clamp)


H, W = 400, 400


def get_inputs():
    return [8.0 * torch.rand(H, W) - 4.0, 12.0 * torch.rand(360), torch.randint(0, 360, (H, W), dtype=torch.int32),
            14.0 * torch.rand(H, W)]


def get_init_inputs():
    return [10.0, 0.2, 0.85, -0.4, 3.5]
