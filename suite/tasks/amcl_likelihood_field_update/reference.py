import torch
import torch.nn as nn


class Model(nn.Module):
    """ROS AMCL's likelihood-field measurement update over the particle set, with the distance
    field sampled bilinearly: p = 1 + sum over valid beams of pz^3, pz = z_hit exp(-z^2 / (2
    sigma^2)) + z_rand / max_range; the weights multiplied by p and normalized."""

    def __init__(self, resolution, max_range, z_hit, z_rand, sigma_hit):
        super().__init__()
        self.res, self.max_range, self.z_hit, self.z_rand, self.sigma = resolution, max_range, z_hit, z_rand, sigma_hit

    def forward(self, particles, weights, ranges, angles, dist):
        GY, GX = dist.shape
        x, y, th = particles[:, 0:1], particles[:, 1:2], particles[:, 2:3]        # [P, 1]
        a = th + angles[None, :]                                                 # [P, B]
        hx = x + ranges[None, :] * torch.cos(a)
        hy = y + ranges[None, :] * torch.sin(a)
        gx = (hx / self.res).clamp(0, GX - 1)
        gy = (hy / self.res).clamp(0, GY - 1)
        x0f, y0f = torch.floor(gx), torch.floor(gy)
        fx, fy = gx - x0f, gy - y0f
        x0, y0 = x0f.long(), y0f.long()
        x1, y1 = (x0 + 1).clamp(max=GX - 1), (y0 + 1).clamp(max=GY - 1)
        top = (1 - fx) * dist[y0, x0] + fx * dist[y0, x1]
        bot = (1 - fx) * dist[y1, x0] + fx * dist[y1, x1]
        z = (1 - fy) * top + fy * bot
        pz = self.z_hit * torch.exp(-(z * z) / (2 * self.sigma * self.sigma)) + self.z_rand / self.max_range
        valid = (ranges < self.max_range)[None, :]
        p = 1.0 + torch.where(valid, pz * pz * pz, torch.zeros_like(pz)).sum(dim=1)
        w = weights * p
        return w / w.sum()


P, B, GY, GX = 2000, 30, 200, 200


def get_inputs():
    return [torch.rand(P, 3) * 10, torch.rand(P) + 0.5, torch.rand(B) * 11.95 + 0.05,
            (torch.rand(B) * 2 - 1) * 3.14159, torch.rand(GY, GX) * 2]


def get_init_inputs():
    return [0.05, 10.0, 0.95, 0.05, 0.2]
