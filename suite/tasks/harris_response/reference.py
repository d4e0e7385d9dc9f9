import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Harris corner response of a single-channel image [H, W], as OpenCV's cornerHarris with
    BORDER_REPLICATE: ix, iy = the 3x3 Sobel responses (outer products of the smoothing taps
    [1, 2, 1] and the derivative taps [-1, 0, 1]; conv2d is a correlation) times scale; the
    structure tensor sxx, syy, sxy = 3x3 box sums of ix*ix, iy*iy, ix*iy; out = det - k*trace^2.
    Both convolutions read their input with clamp-to-edge (replicate) borders."""

    def __init__(self, smooth: list, deriv: list, scale: float, k: float):
        super().__init__()
        self.smooth = smooth
        self.deriv = deriv
        self.scale = scale
        self.k = k

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        s = torch.tensor(self.smooth, dtype=img.dtype, device=img.device)
        d = torch.tensor(self.deriv, dtype=img.dtype, device=img.device)
        kx = torch.outer(s, d)  # [ky, kx]: derivative along x, smoothing along y
        ky = torch.outer(d, s)  # derivative along y, smoothing along x
        sobel = torch.stack([kx, ky]).unsqueeze(1) * self.scale  # [2, 1, 3, 3]
        g = F.conv2d(F.pad(img[None, None], (1, 1, 1, 1), mode="replicate"), sobel)[0]
        ix, iy = g[0], g[1]
        prods = torch.stack([ix * ix, iy * iy, ix * iy])[None]  # [1, 3, H, W]
        box = torch.ones(3, 1, 3, 3, dtype=img.dtype, device=img.device)
        st = F.conv2d(F.pad(prods, (1, 1, 1, 1), mode="replicate"), box, groups=3)[0]
        sxx, syy, sxy = st[0], st[1], st[2]
        trace = sxx + syy
        return (sxx * syy - sxy * sxy) - self.k * (trace * trace)


H, W = 480, 640


def get_inputs():
    return [torch.rand(H, W)]


def get_init_inputs():
    return [[1.0, 2.0, 1.0], [-1.0, 0.0, 1.0], 1.0 / 12.0, 0.04]
