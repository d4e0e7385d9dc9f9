import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """FastSLAM 1.0 measurement update of one range-bearing observation against each particle's
    copy of the landmark (Montemerlo et al. 2002): per particle a 2-D landmark EKF update and the
    particle's log importance weight. Returns (mean [P, 2], cov [P, 2, 2], logw [P])."""

    def __init__(self, sigma_r, sigma_b):
        super().__init__()
        self.qr, self.qb = sigma_r * sigma_r, sigma_b * sigma_b

    def forward(self, pose, lm, chol, z):
        x, y, th = pose[:, 0], pose[:, 1], pose[:, 2]
        mx, my = lm[:, 0], lm[:, 1]
        l11, l21, l22 = chol[:, 0], chol[:, 1], chol[:, 2]
        s11, s12, s22 = l11 * l11, l11 * l21, l21 * l21 + l22 * l22          # Sigma = L L^T
        dx, dy = mx - x, my - y
        q = dx * dx + dy * dy
        r = torch.sqrt(q)
        nr = z[0] - r
        nb = z[1] - (torch.atan2(dy, dx) - th)
        nb = nb - 2 * math.pi * torch.floor((nb + math.pi) / (2 * math.pi))   # wrap to [-pi, pi)
        h11, h12, h21, h22 = dx / r, dy / r, -dy / q, dx / q
        # P H^T (2x2): columns are Sigma h1, Sigma h2
        a11, a21 = s11 * h11 + s12 * h12, s12 * h11 + s22 * h12
        a12, a22 = s11 * h21 + s12 * h22, s12 * h21 + s22 * h22
        S11 = h11 * a11 + h12 * a21 + self.qr
        S12 = h11 * a12 + h12 * a22
        S22 = h21 * a12 + h22 * a22 + self.qb
        det = S11 * S22 - S12 * S12
        i11, i12, i22 = S22 / det, -S12 / det, S11 / det
        k11, k12 = a11 * i11 + a12 * i12, a11 * i12 + a12 * i22
        k21, k22 = a21 * i11 + a22 * i12, a21 * i12 + a22 * i22
        mean = torch.stack([mx + k11 * nr + k12 * nb, my + k21 * nr + k22 * nb], dim=1)
        # (I - K H) Sigma
        c11, c12 = 1 - (k11 * h11 + k12 * h21), -(k11 * h12 + k12 * h22)
        c21, c22 = -(k21 * h11 + k22 * h21), 1 - (k21 * h12 + k22 * h22)
        cov = torch.stack([torch.stack([c11 * s11 + c12 * s12, c11 * s12 + c12 * s22], dim=1),
                           torch.stack([c21 * s11 + c22 * s12, c21 * s12 + c22 * s22], dim=1)], dim=1)
        maha = nr * (i11 * nr + i12 * nb) + nb * (i12 * nr + i22 * nb)
        logw = -0.5 * maha - math.log(2 * math.pi) - 0.5 * torch.log(det)
        return mean, cov, logw


P = 2048


def get_inputs():
    return [torch.rand(P, 3) * 10 - 5, torch.rand(P, 2) * 5 + 5, torch.rand(P, 3) * 0.9 + 0.1, torch.rand(2) * 6 + 2]


def get_init_inputs():
    return [0.1, 0.05]  # sigma_range (m), sigma_bearing (rad)
