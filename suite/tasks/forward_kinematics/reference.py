import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched forward kinematics of a 6-DoF serial arm in the standard Denavit-Hartenberg
    convention: T_j = Rz(q_j) Tz(d_j) Tx(a_j) Rx(alpha_j), pose = T_0 T_1 ... T_5 ([B, 4, 4])."""

    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, dh_a: torch.Tensor, dh_alpha: torch.Tensor, dh_d: torch.Tensor):
        B = q.shape[0]
        ct, st = torch.cos(q), torch.sin(q)  # [B, 6]
        ca, sa = torch.cos(dh_alpha), torch.sin(dh_alpha)  # [6]
        a, d = dh_a.expand(B, 6), dh_d.expand(B, 6)
        zero, one = torch.zeros_like(q), torch.ones_like(q)
        T = torch.stack(
            [
                torch.stack([ct, -st * ca, st * sa, a * ct], dim=-1),
                torch.stack([st, ct * ca, -ct * sa, a * st], dim=-1),
                torch.stack([zero, sa.expand(B, 6), ca.expand(B, 6), d], dim=-1),
                torch.stack([zero, zero, zero, one], dim=-1),
            ],
            dim=-2,
        )  # [B, 6, 4, 4]: the link transforms
        pose = T[:, 0]
        for j in range(1, 6):
            pose = torch.matmul(pose, T[:, j])
        return pose


B = 4096


def get_inputs():
    return [
        (torch.rand(B, 6) * 2 - 1) * 3.14159,
        torch.rand(6) - 0.5,
        (torch.rand(6) * 2 - 1) * 1.6,
        torch.rand(6) * 0.5,
    ]


def get_init_inputs():
    return []
