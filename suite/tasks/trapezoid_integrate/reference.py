import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Cumulative trapezoid integral along the samples of every channel of x [C, L], sample
    period dt, zero at the first sample: y[:, n] = sum over m = 1..n of dt/2 (x[:, m] + x[:, m-1])
    (scipy.integrate.cumulative_trapezoid(x, dx=dt, initial=0))."""

    def __init__(self, dt: float = 0.01):
        super().__init__()
        self.dt = dt

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.pad(torch.cumulative_trapezoid(x, dx=self.dt, dim=-1), (1, 0))


C, L = 3, 4096


def get_inputs():
    return [torch.rand(C, L) * 20 - 10]


def get_init_inputs():
    return [0.01]
