import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Camera ISP from a 10-bit RGGB Bayer raw [H, W] (int16 container, H, W even) to planar
    YUV 4:2:0 (Y [H, W], Cb/Cr [2, H/2, W/2]):
      lin = max((raw - black) / (white - black), 0)
      rgb = bilinear demosaic of lin (replicate borders), as in task camera_isp
      cc  = ccm @ (rgb * gains) per pixel, clamped to [0, 1], sRGB-encoded
      Y, Cb, Cr = BT.601 full-range (JFIF); Cb, Cr averaged over 2x2 blocks
    """

    def __init__(self, black: float = 64.0, white: float = 1023.0):
        super().__init__()
        self.black = black
        self.white = white

    def forward(self, raw, gains, ccm):
        lin = torch.clamp((raw.float() - self.black) * (1.0 / (self.white - self.black)), min=0.0)
        p = F.pad(lin[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        c = p[1:-1, 1:-1]
        left, right = p[1:-1, :-2], p[1:-1, 2:]
        up, down = p[:-2, 1:-1], p[2:, 1:-1]
        hor = (left + right) * 0.5
        ver = (up + down) * 0.5
        cross = ((left + right) + (up + down)) * 0.25
        diag = ((p[:-2, :-2] + p[:-2, 2:]) + (p[2:, :-2] + p[2:, 2:])) * 0.25
        rgb = torch.empty((3,) + lin.shape, dtype=torch.float32, device=lin.device)
        e, o = slice(0, None, 2), slice(1, None, 2)
        rgb[0, e, e], rgb[0, e, o], rgb[0, o, e], rgb[0, o, o] = c[e, e], hor[e, o], ver[o, e], diag[o, o]
        rgb[1, e, e], rgb[1, e, o], rgb[1, o, e], rgb[1, o, o] = cross[e, e], c[e, o], c[o, e], cross[o, o]
        rgb[2, e, e], rgb[2, e, o], rgb[2, o, e], rgb[2, o, o] = diag[e, e], ver[e, o], hor[o, e], c[o, o]
        wb = rgb * gains.view(3, 1, 1)
        cc = (ccm[:, 0, None, None] * wb[0] + ccm[:, 1, None, None] * wb[1]) + ccm[:, 2, None, None] * wb[2]
        v = torch.clamp(cc, 0.0, 1.0)
        s = torch.where(v <= 0.0031308, 12.92 * v, 1.055 * torch.pow(v, 1.0 / 2.4) - 0.055)
        r, g, b = s[0], s[1], s[2]
        y = 0.299 * r + 0.587 * g + 0.114 * b
        cb = -0.168736 * r - 0.331264 * g + 0.5 * b + 0.5
        cr = 0.5 * r - 0.418688 * g - 0.081312 * b + 0.5
        uv = F.avg_pool2d(torch.stack((cb, cr))[None], 2)[0]
        return y, uv


HB, WB = 240, 320


def get_inputs():
    return [torch.randint(0, 1024, (2 * HB, 2 * WB), dtype=torch.int16), torch.rand(3) + 1.0,
            torch.rand(3, 3) * 1.4 - 0.4]


def get_init_inputs():
    return [64.0, 1023.0]
