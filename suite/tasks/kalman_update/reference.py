import torch
import torch.nn as nn


class Model(nn.Module):
    """Kalman filter predict + update for a batch of T constant-velocity 2-D trackers, written
    as filterpy's KalmanFilter (the filter of the SORT tracker) with batched matrices:
      predict: x' = F x, P' = F P F^T + Q
      update:  y = z - H x', S = H P' H^T + R, K = P' H^T S^-1,
               x_new = x' + K y, P_new = (I - K H) P'
    state (px, py, vx, vy), measurement (px, py), F the constant-velocity model with step dt."""

    def __init__(self, dt: float, q_pos: float, q_vel: float, r: float):
        super().__init__()
        # buffers, so that .to(device) moves them
        self.register_buffer("F", torch.tensor([[1.0, 0.0, dt, 0.0], [0.0, 1.0, 0.0, dt], [0.0, 0.0, 1.0, 0.0],
                                                [0.0, 0.0, 0.0, 1.0]]), persistent=False)
        self.register_buffer("H", torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]]), persistent=False)
        self.register_buffer("Q", torch.diag(torch.tensor([q_pos, q_pos, q_vel, q_vel])), persistent=False)
        self.register_buffer("R", torch.diag(torch.tensor([r, r])), persistent=False)

    def forward(self, x: torch.Tensor, P: torch.Tensor, z: torch.Tensor):
        F, H, Q, R = self.F, self.H, self.Q, self.R
        xp = x @ F.T  # [T, 4]
        Pp = F @ P @ F.T + Q  # [T, 4, 4]
        y = z - xp @ H.T  # [T, 2]
        S = H @ Pp @ H.T + R  # [T, 2, 2]
        K = Pp @ H.T @ torch.linalg.inv(S)  # [T, 4, 2]
        x_new = xp + (K @ y.unsqueeze(-1)).squeeze(-1)
        P_new = (torch.eye(4, device=x.device) - K @ H) @ Pp
        return x_new, P_new


T = 2048


def get_inputs():
    return [torch.rand(T, 4) * 10 - 5, torch.rand(T, 4, 4) * 0.2 - 0.1, torch.rand(T, 2) * 10 - 5]


def get_init_inputs():
    return [1.0, 0.05, 0.01, 1.0]
