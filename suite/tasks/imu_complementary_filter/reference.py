import torch
import torch.nn as nn


class Model(nn.Module):
    """The roll/pitch complementary filter over a batch of S independent IMU streams of T
    samples (time-major [T, S, 3] buffers): per sample the accelerometer tilt
    roll_acc = atan2(ay, az), pitch_acc = atan2(-ax, sqrt(ay^2 + az^2)), then
    angle[t] = alpha * (angle[t-1] + gyro[t] * dt) + (1 - alpha) * tilt[t]
    (roll integrates gx, pitch integrates gy), starting from angle[-1] = angle0."""

    def __init__(self, alpha: float = 0.98, dt: float = 0.01):
        super().__init__()
        self.alpha = alpha
        self.dt = dt

    def forward(self, gyro: torch.Tensor, accel: torch.Tensor, angle0: torch.Tensor) -> torch.Tensor:
        ax, ay, az = accel[..., 0], accel[..., 1], accel[..., 2]
        tilt = torch.stack([torch.atan2(ay, az), torch.atan2(-ax, torch.sqrt(ay * ay + az * az))], dim=-1)
        rates = gyro[..., :2]
        out = []
        angle = angle0
        for t in range(gyro.shape[0]):
            angle = self.alpha * (angle + rates[t] * self.dt) + (1.0 - self.alpha) * tilt[t]
            out.append(angle)
        return torch.stack(out, dim=0)


T, S = 100, 4096


def get_inputs():
    return [
        torch.rand(T, S, 3) * 4 - 2,
        torch.rand(T, S, 3) * 18 - 6,
        torch.rand(S, 2) - 0.5,
    ]


def get_init_inputs():
    return [0.98, 0.01]
