import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Sobel gradient magnitude sqrt(gx^2 + gy^2) of a single-channel image [H, W] with
    clamp-to-edge (replicate) borders. The 3x3 Sobel kernels are outer products of the
    smoothing taps [1, 2, 1] and the derivative taps [-1, 0, 1] (conv2d is a correlation)."""

    def __init__(self, smooth: list, deriv: list):
        super().__init__()
        self.smooth = smooth
        self.deriv = deriv

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        s = torch.tensor(self.smooth, dtype=img.dtype, device=img.device)
        d = torch.tensor(self.deriv, dtype=img.dtype, device=img.device)
        kx = torch.outer(s, d)  # [ky, kx]: derivative along x, smoothing along y
        ky = torch.outer(d, s)  # derivative along y, smoothing along x
        weight = torch.stack([kx, ky]).unsqueeze(1)  # [2, 1, 3, 3]
        padded = F.pad(img[None, None], (1, 1, 1, 1), mode="replicate")
        g = F.conv2d(padded, weight)[0]  # [2, H, W]: gx, gy
        return torch.sqrt(g[0] * g[0] + g[1] * g[1])


H, W = 480, 640


def get_inputs():
    return [torch.rand(H, W)]


def get_init_inputs():
    return [[1.0, 2.0, 1.0], [-1.0, 0.0, 1.0]]
