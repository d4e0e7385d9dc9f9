import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One conv block of a 1-D CNN for sensor signals (ECG, vibration, IMU):
    y = max_pool1d(relu(conv1d(x, weight, bias, padding=K//2)), 2), K odd ('same' padding)."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        k = weight.shape[2]
        return F.max_pool1d(F.relu(F.conv1d(x, weight, bias, padding=k // 2)), 2)


C_in, C_out, L, K = 16, 32, 720, 5


def get_inputs():
    return [
        torch.rand(1, C_in, L) * 2 - 1,
        (torch.rand(C_out, C_in, K) * 2 - 1) * 0.4,
        torch.rand(C_out) - 0.5,
    ]


def get_init_inputs():
    return []
