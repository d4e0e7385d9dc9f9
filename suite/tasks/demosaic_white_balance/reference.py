import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Bilinear demosaicing of an RGGB Bayer mosaic raw [H, W] (H, W even) to RGB [3, H, W],
    reading raw with clamp-to-edge (replicate) borders, then white balance: each plane times
    its gain, clamped to [lo, hi] = [0, 1]. R sits at (even y, even x), G at (even y, odd x)
    and (odd y, even x), B at (odd y, odd x). Each missing colour is the mean of its nearest
    samples: the left/right pair (hor), the up/down pair (ver), the 4 edge neighbours (cross)
    or the 4 diagonal neighbours (diag), written with explicit slicing."""

    def __init__(self, lo: float, hi: float):
        super().__init__()
        self.lo = lo
        self.hi = hi

    def forward(self, raw: torch.Tensor, gains: torch.Tensor) -> torch.Tensor:
        p = F.pad(raw[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]  # [H + 2, W + 2]
        c = p[1:-1, 1:-1]
        left, right = p[1:-1, :-2], p[1:-1, 2:]
        up, down = p[:-2, 1:-1], p[2:, 1:-1]
        hor = (left + right) * 0.5
        ver = (up + down) * 0.5
        cross = ((left + right) + (up + down)) * 0.25
        diag = ((p[:-2, :-2] + p[:-2, 2:]) + (p[2:, :-2] + p[2:, 2:])) * 0.25

        rgb = torch.empty((3,) + raw.shape, dtype=raw.dtype, device=raw.device)
        e, o = slice(0, None, 2), slice(1, None, 2)  # even and odd rows / columns
        # the sites of each 2x2 quad: R (e, e), Gr (e, o), Gb (o, e), B (o, o)
        rgb[0, e, e], rgb[0, e, o], rgb[0, o, e], rgb[0, o, o] = c[e, e], hor[e, o], ver[o, e], diag[o, o]
        rgb[1, e, e], rgb[1, e, o], rgb[1, o, e], rgb[1, o, o] = cross[e, e], c[e, o], c[o, e], cross[o, o]
        rgb[2, e, e], rgb[2, e, o], rgb[2, o, e], rgb[2, o, o] = diag[e, e], ver[e, o], hor[o, e], c[o, o]
        return torch.clamp(rgb * gains.view(3, 1, 1), self.lo, self.hi)


H, W = 480, 640


def get_inputs():
    return [torch.rand(H, W), torch.rand(3) * 2 + 0.5]


def get_init_inputs():
    return [0.0, 1.0]
