import torch
import torch.nn as nn


class Model(nn.Module):
    """Semi-implicit Euler step of particles: new positions pos + (vel + acc * dt) * dt
    for pos, vel, acc [P, 3]."""

    def __init__(self, dt: float):
        super().__init__()
        self.dt = dt

    def forward(self, pos: torch.Tensor, vel: torch.Tensor, acc: torch.Tensor) -> torch.Tensor:
        return pos + (vel + acc * self.dt) * self.dt


P = 16384


def get_inputs():
    return [torch.rand(P, 3) * 2 - 1, torch.rand(P, 3) * 10 - 5, torch.rand(P, 3) * 100 - 50]


def get_init_inputs():
    return [0.01]
