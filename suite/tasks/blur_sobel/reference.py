import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Edge-detection front end on a single-channel image [H, W]: a 5x5 Gaussian blur (the
    outer product of the normalized 1-D taps [1, 4, 6, 4, 1] / 16), then the Sobel gradient
    magnitude sqrt(gx^2 + gy^2) of the blurred image; both stages read their input with
    clamp-to-edge (replicate) borders. The 3x3 Sobel kernels are outer products of the
    smoothing taps [1, 2, 1] and the derivative taps [-1, 0, 1] (conv2d is a correlation)."""

    def __init__(self, taps: list, smooth: list, deriv: list):
        super().__init__()
        self.taps = taps
        self.smooth = smooth
        self.deriv = deriv

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        w = torch.tensor(self.taps, dtype=img.dtype, device=img.device)
        w = w / w.sum()
        gauss = torch.outer(w, w)[None, None]  # [1, 1, 5, 5]
        blurred = F.conv2d(F.pad(img[None, None], (2, 2, 2, 2), mode="replicate"), gauss)
        s = torch.tensor(self.smooth, dtype=img.dtype, device=img.device)
        d = torch.tensor(self.deriv, dtype=img.dtype, device=img.device)
        kx = torch.outer(s, d)  # [ky, kx]: derivative along x, smoothing along y
        ky = torch.outer(d, s)  # derivative along y, smoothing along x
        sobel = torch.stack([kx, ky]).unsqueeze(1)  # [2, 1, 3, 3]
        g = F.conv2d(F.pad(blurred, (1, 1, 1, 1), mode="replicate"), sobel)[0]  # [2, H, W]: gx, gy
        return torch.sqrt(g[0] * g[0] + g[1] * g[1])


H, W = 480, 640


def get_inputs():
    return [torch.rand(H, W)]


def get_init_inputs():
    return [[1.0, 4.0, 6.0, 4.0, 1.0], [1.0, 2.0, 1.0], [-1.0, 0.0, 1.0]]
