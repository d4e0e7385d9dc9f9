import torch
import torch.nn as nn


def _s(t, dx, dy):
    """t shifted so that out[..., i, j] = t[..., i + dy, j + dx] (wrapping; the wrapped
    border is cropped away below)."""
    return torch.roll(t, shifts=(-dy, -dx), dims=(-2, -1))


def _avg(a, b):
    return (a + b + 1) >> 1


class Model(nn.Module):
    """The Halide camera pipeline (apps/camera_pipe, after the Frankencamera / Nokia N900 ISP)
    on a 10-bit GRBG raw [2HB, 2WB] (int16 container), all integer:
      planes   g_gr, r_r, b_b, g_gb = the 4 Bayer sites (each plane clamped at its own edge)
      denoise  hot pixel suppression: v = clamp(v, 0, max of the 4 same-colour neighbours)
      demosaic camera_pipe's edge-directed demosaic: green at red/blue from the direction
               with the smaller absolute difference, red/blue at green corrected by the green
               second difference, red at blue / blue at red from the better diagonal;
               avg(a, b) = (a + b + 1) >> 1
      ccm      corrected[c] = (ccm[c, 3] + sum_k ccm[c, k] rgb[k]) >> 8 (Q8 fixed point)
      curve    curved = curve[clamp(corrected, 0, 1023)] (the uint8 gamma/contrast table)
      sharpen  blur121 = avg(avg(a, c), b) vertically then horizontally (uint8),
               out = clamp(curved + ((curved - blur) * 32) // 32, 0, 255)
    Returns out [3, 2HB, 2WB] uint8."""

    def __init__(self, strength_x32: int = 32):
        super().__init__()
        self.k = strength_x32

    def forward(self, raw, ccm, curve):
        P = 5
        r = raw.to(torch.int64)
        HB, WB = r.shape[0] // 2, r.shape[1] // 2
        pl = torch.stack([r[0::2, 0::2], r[0::2, 1::2], r[1::2, 0::2], r[1::2, 1::2]])
        pl = torch.nn.functional.pad(pl[None].double(), (P, P, P, P), mode="replicate")[0].long()
        a = torch.maximum(torch.maximum(_s(pl, -1, 0), _s(pl, 1, 0)),
                          torch.maximum(_s(pl, 0, -1), _s(pl, 0, 1)))
        d = torch.minimum(torch.clamp(pl, min=0), a)
        g_gr, r_r, b_b, g_gb = d[0], d[1], d[2], d[3]
        ad = lambda u, v: (u - v).abs()
        g_r = torch.where(ad(_s(g_gr, 1, 0), g_gr) < ad(_s(g_gb, 0, -1), g_gb),
                          _avg(_s(g_gr, 1, 0), g_gr), _avg(_s(g_gb, 0, -1), g_gb))
        g_b = torch.where(ad(_s(g_gb, -1, 0), g_gb) < ad(_s(g_gr, 0, 1), g_gr),
                          _avg(_s(g_gb, -1, 0), g_gb), _avg(_s(g_gr, 0, 1), g_gr))
        r_gr = g_gr - _avg(g_r, _s(g_r, -1, 0)) + _avg(_s(r_r, -1, 0), r_r)
        b_gr = g_gr - _avg(g_b, _s(g_b, 0, -1)) + _avg(b_b, _s(b_b, 0, -1))
        r_gb = g_gb - _avg(g_r, _s(g_r, 0, 1)) + _avg(r_r, _s(r_r, 0, 1))
        b_gb = g_gb - _avg(g_b, _s(g_b, 1, 0)) + _avg(b_b, _s(b_b, 1, 0))
        rp = g_b - _avg(g_r, _s(g_r, -1, 1)) + _avg(r_r, _s(r_r, -1, 1))
        rpd = ad(r_r, _s(r_r, -1, 1))
        rn = g_b - _avg(_s(g_r, -1, 0), _s(g_r, 0, 1)) + _avg(_s(r_r, -1, 0), _s(r_r, 0, 1))
        rnd = ad(_s(r_r, -1, 0), _s(r_r, 0, 1))
        r_b = torch.where(rpd < rnd, rp, rn)
        bp = g_r - _avg(g_b, _s(g_b, 1, -1)) + _avg(b_b, _s(b_b, 1, -1))
        bpd = ad(b_b, _s(b_b, 1, -1))
        bn = g_r - _avg(_s(g_b, 1, 0), _s(g_b, 0, -1)) + _avg(_s(b_b, 1, 0), _s(b_b, 0, -1))
        bnd = ad(_s(b_b, 1, 0), _s(b_b, 0, -1))
        b_r = torch.where(bpd < bnd, bp, bn)

        def inter(ee, eo, oe, oo):
            h, w = ee.shape
            o = torch.empty((2 * h, 2 * w), dtype=ee.dtype, device=ee.device)
            o[0::2, 0::2], o[0::2, 1::2], o[1::2, 0::2], o[1::2, 1::2] = ee, eo, oe, oo
            return o

        R = inter(r_gr, r_r, r_b, r_gb)
        G = inter(g_gr, g_r, g_b, g_gb)
        B = inter(b_gr, b_r, b_b, b_gb)
        m = ccm.to(torch.int64)
        cor = [(m[c, 3] + m[c, 0] * R + m[c, 1] * G + m[c, 2] * B) >> 8 for c in range(3)]
        lut = curve.to(torch.int64)
        cur = torch.stack([lut[torch.clamp(v, 0, 1023)] for v in cor])
        uy = _avg(_avg(_s(cur, 0, -1), _s(cur, 0, 1)), cur)
        ux = _avg(_avg(_s(uy, -1, 0), _s(uy, 1, 0)), uy)
        out = torch.clamp(cur + torch.div((cur - ux) * self.k, 32, rounding_mode="floor"), 0, 255)
        out = out[:, 2 * P:2 * P + 2 * HB, 2 * P:2 * P + 2 * WB]
        return out.to(torch.uint8)


HB, WB = 240, 320


def get_inputs():
    return [torch.randint(0, 1024, (2 * HB, 2 * WB), dtype=torch.int16),
            torch.randint(-96, 257, (3, 4), dtype=torch.int16),
            torch.randint(0, 256, (1024,), dtype=torch.uint8)]


def get_init_inputs():
    return [32]
