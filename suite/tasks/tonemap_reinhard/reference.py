import torch
import torch.nn as nn


class Model(nn.Module):
    """Extended Reinhard global tone mapping of a planar scene-linear RGB image [3, H, W]:
    Ls = exposure * luminance; each channel is scaled by Ld / L with
    Ld = Ls (1 + Ls / white^2) / (1 + Ls), then clipped to [0, 1]."""

    def __init__(self, weights: list, exposure: float, white: float):
        super().__init__()
        self.weights, self.exposure, self.white = weights, exposure, white

    def forward(self, rgb: torch.Tensor) -> torch.Tensor:
        lum = self.weights[0] * rgb[0] + self.weights[1] * rgb[1] + self.weights[2] * rgb[2]
        ls = self.exposure * lum
        ratio = self.exposure * (1.0 + ls / (self.white * self.white)) / (1.0 + ls)
        return (rgb * ratio).clamp(0.0, 1.0)


H, W = 720, 1280


def get_inputs():
    return [8.0 * torch.rand(3, H, W)]


def get_init_inputs():
    return [[0.2126, 0.7152, 0.0722], 0.5, 4.0]
