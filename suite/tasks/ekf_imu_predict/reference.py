import torch
import torch.nn as nn


class Model(nn.Module):
    """Batched EKF predict step for a quaternion (w, x, y, z) attitude state driven by gyro
    rates: F = I + dt/2 Omega(gyro), q_pred = F q / |F q|, P_pred = F P F^T + Qn."""

    def __init__(self, dt: float):
        super().__init__()
        self.dt = dt

    def forward(self, q, gyro, P, Qn):
        wx, wy, wz = gyro.unbind(-1)
        z = torch.zeros_like(wx)
        omega = torch.stack(
            [
                torch.stack([z, -wx, -wy, -wz], -1),
                torch.stack([wx, z, wz, -wy], -1),
                torch.stack([wy, -wz, z, wx], -1),
                torch.stack([wz, wy, -wx, z], -1),
            ],
            -2,
        )  # [B, 4, 4]
        F = torch.eye(4, dtype=q.dtype, device=q.device) + (0.5 * self.dt) * omega
        qp = (F @ q.unsqueeze(-1)).squeeze(-1)
        q_pred = qp / torch.linalg.vector_norm(qp, dim=-1, keepdim=True)
        P_pred = F @ P @ F.transpose(-1, -2) + Qn
        return q_pred, P_pred


B = 4096


def get_inputs():
    return [
        torch.rand(B, 4) * 2 - 1,
        torch.rand(B, 3) * 10 - 5,
        torch.rand(B, 4, 4) * 2 - 1,
        torch.rand(4, 4) * 0.01,
    ]


def get_init_inputs():
    return [0.01]  # dt (s)
