import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A camera ISP from an RGGB Bayer mosaic raw [H, W] (H, W even) to gamma-encoded RGB
    [3, H, W]:
      lin = max((raw - black) * scale, 0)              black level, scale = 1 / (1 - black)
      rgb = bilinear demosaic of lin, clamp-to-edge     R (even y, even x), G, G, B (odd, odd)
      wb  = rgb * gains[c]                              white balance
      cc  = ccm @ wb (per pixel)                        3x3 color correction
      out = clamp(cc, 0, 1) ** gamma                    gamma = 1 / 2.2
    The demosaic writes each missing colour as the mean of its nearest samples (hor, ver,
    cross, diag) with explicit slicing, as in task demosaic_bilinear."""

    def __init__(self, black: float, scale: float, gamma: float):
        super().__init__()
        self.black = black
        self.scale = scale
        self.gamma = gamma

    def forward(self, raw: torch.Tensor, gains: torch.Tensor, ccm: torch.Tensor) -> torch.Tensor:
        lin = torch.clamp((raw - self.black) * self.scale, min=0.0)
        p = F.pad(lin[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]  # [H + 2, W + 2]
        c = p[1:-1, 1:-1]
        left, right = p[1:-1, :-2], p[1:-1, 2:]
        up, down = p[:-2, 1:-1], p[2:, 1:-1]
        hor = (left + right) * 0.5
        ver = (up + down) * 0.5
        cross = ((left + right) + (up + down)) * 0.25
        diag = ((p[:-2, :-2] + p[:-2, 2:]) + (p[2:, :-2] + p[2:, 2:])) * 0.25

        rgb = torch.empty((3,) + raw.shape, dtype=raw.dtype, device=raw.device)
        e, o = slice(0, None, 2), slice(1, None, 2)  # even and odd rows / columns
        rgb[0, e, e], rgb[0, e, o], rgb[0, o, e], rgb[0, o, o] = c[e, e], hor[e, o], ver[o, e], diag[o, o]
        rgb[1, e, e], rgb[1, e, o], rgb[1, o, e], rgb[1, o, o] = cross[e, e], c[e, o], c[o, e], cross[o, o]
        rgb[2, e, e], rgb[2, e, o], rgb[2, o, e], rgb[2, o, o] = diag[e, e], ver[e, o], hor[o, e], c[o, o]

        wb = rgb * gains.view(3, 1, 1)
        cc = (ccm[:, 0, None, None] * wb[0] + ccm[:, 1, None, None] * wb[1]) + ccm[:, 2, None, None] * wb[2]
        return torch.pow(torch.clamp(cc, 0.0, 1.0), self.gamma)


H, W = 320, 480


def get_inputs():
    return [torch.rand(H, W) * 0.5, torch.rand(3) + 1.0, torch.rand(3, 3) * 1.4 - 0.4]


def get_init_inputs():
    return [0.0625, 1.0 / (1.0 - 0.0625), 1.0 / 2.2]
