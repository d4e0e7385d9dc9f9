import torch
import torch.nn as nn


class Model(nn.Module):
    """Three-pulse MTI canceller along slow time: y[p, r] = |x[p] - 2 x[p+1] + x[p+2]| for the
    complex returns x [P, R, 2] ((re, im) last) of P pulses and R range bins."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = torch.view_as_complex(x.contiguous())
        return (z[:-2] - 2 * z[1:-1] + z[2:]).abs()


P, R = 32, 256


def get_inputs():
    return [torch.rand(P, R, 2) * 2 - 1]


def get_init_inputs():
    return []
