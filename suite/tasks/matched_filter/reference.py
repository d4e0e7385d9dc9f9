import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Matched filter (pulse compression) of complex channels x [C, L, 2] with the template
    s [K, 2] ((re, im) last): z[c, n] = sum_k x[c, n + k] conj(s[k]) for n in [0, L - K],
    output the power |z|^2 [C, L - K + 1]."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        xr, xi = x[:, None, :, 0], x[:, None, :, 1]          # [C, 1, L]
        sr, si = s[None, None, :, 0], s[None, None, :, 1]    # [1, 1, K]
        zr = F.conv1d(xr, sr) + F.conv1d(xi, si)
        zi = F.conv1d(xi, sr) - F.conv1d(xr, si)
        return (zr * zr + zi * zi)[:, 0, :]


C, L, K = 4, 4096, 64


def get_inputs():
    return [torch.rand(C, L, 2) * 2 - 1, torch.rand(K, 2) * 2 - 1]


def get_init_inputs():
    return []
