import torch
import torch.nn as nn


class Model(nn.Module):
    """A biquad IIR filter (direct form I) along time, per channel, zero initial state:
    y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2].
    A serial loop over time, vector ops over the channels, evaluated in float32 in the same
    order as the Halide reference."""

    def __init__(self, b0: float, b1: float, b2: float, a1: float, a2: float):
        super().__init__()
        self.b0, self.b1, self.b2, self.a1, self.a2 = b0, b1, b2, a1, a2

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        C, L = x.shape
        y = torch.empty_like(x)
        zero = torch.zeros(C, dtype=x.dtype, device=x.device)
        x1, x2, y1, y2 = zero, zero, zero, zero
        for n in range(L):
            x0 = x[:, n]
            ff = self.b0 * x0 + self.b1 * x1 + self.b2 * x2
            y0 = ff - self.a1 * y1 - self.a2 * y2
            y[:, n] = y0
            x2, x1 = x1, x0
            y2, y1 = y1, y0
        return y


C, L = 64, 1024


def get_inputs():
    return [torch.rand(C, L) * 2 - 1]


def get_init_inputs():
    # 2nd-order Butterworth low-pass at 0.1 x Nyquist (scipy.signal.butter(2, 0.1)).
    return [0.020083365564211236, 0.04016673112842247, 0.020083365564211236,
            -1.5610180758007182, 0.6413515380575632]
