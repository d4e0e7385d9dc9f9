import torch
import torch.nn as nn
import torch.nn.functional as F

# Malvar-He-Cutler 5x5 demosaic kernels (x 1/8), rows top to bottom.
K_G_AT_RB = [[0, 0, -1, 0, 0], [0, 0, 2, 0, 0], [-1, 2, 4, 2, -1], [0, 0, 2, 0, 0], [0, 0, -1, 0, 0]]
K_ROW = [[0, 0, 0.5, 0, 0], [0, -1, 0, -1, 0], [-1, 4, 5, 4, -1], [0, -1, 0, -1, 0], [0, 0, 0.5, 0, 0]]
K_COL = [list(r) for r in zip(*K_ROW)]
K_DIAG = [[0, 0, -1.5, 0, 0], [0, 2, 0, 2, 0], [-1.5, 0, 6, 0, -1.5], [0, 2, 0, 2, 0], [0, 0, -1.5, 0, 0]]


def _conv5(p, k, H, W):
    """sum_{i,j} k[i][j] p[y + i, x + j] over the valid 5x5 windows of p [H + 4, W + 4], in
    row-major tap order, skipping zero taps; times 1/8."""
    s = None
    for i in range(5):
        for j in range(5):
            if k[i][j] != 0:
                t = k[i][j] * p[i:i + H, j:j + W]
                s = t if s is None else s + t
    return s * 0.125


class Model(nn.Module):
    """An OpenISP-style raw-to-YCbCr pipeline on a 10-bit RGGB raw [H, W] (int16 container):
      BLC + AWB:  lin = max(raw - 64, 0) / 959 * wb[ch], ch = the CFA site (R, Gr, Gb, B)
      CFA:        Malvar-He-Cutler 5x5 gradient-corrected demosaic (reflect-101 borders)
      CCM:        cc = ccm @ rgb, clamped to [0, 1]; GAC: s = cc^(1/2.2)
      CSC:        BT.601 full-range Y, Cb, Cr
      EE:         e = (8 Y - sum of its 8 neighbours) / 8 (replicate borders), coring
                  em = e - clamp(e, -0.05, 0.05), Y' = clamp(Y + em, 0, 1)
    returns yuv [3, H, W] float32 (Y', Cb, Cr)."""

    def __init__(self, black: float = 64.0, white: float = 1023.0, core: float = 0.05, gain: float = 1.0):
        super().__init__()
        self.black, self.white, self.core, self.gain = black, white, core, gain

    def forward(self, raw, wb, ccm):
        H, W = raw.shape
        lin = torch.clamp(raw.to(torch.float32) - self.black, min=0.0) * (1.0 / (self.white - self.black))
        g = torch.empty_like(lin)
        g[0::2, 0::2], g[0::2, 1::2], g[1::2, 0::2], g[1::2, 1::2] = wb[0], wb[1], wb[2], wb[3]
        lin = lin * g
        p = F.pad(lin[None, None], (2, 2, 2, 2), mode="reflect")[0, 0]
        ctr = p[2:2 + H, 2:2 + W]
        g_rb = _conv5(p, K_G_AT_RB, H, W)
        krow = _conv5(p, K_ROW, H, W)
        kcol = _conv5(p, K_COL, H, W)
        kdiag = _conv5(p, K_DIAG, H, W)
        e, o = slice(0, None, 2), slice(1, None, 2)
        R, G, B = torch.empty_like(lin), torch.empty_like(lin), torch.empty_like(lin)
        R[e, e], R[e, o], R[o, e], R[o, o] = ctr[e, e], krow[e, o], kcol[o, e], kdiag[o, o]
        G[e, e], G[e, o], G[o, e], G[o, o] = g_rb[e, e], ctr[e, o], ctr[o, e], g_rb[o, o]
        B[e, e], B[e, o], B[o, e], B[o, o] = kdiag[e, e], kcol[e, o], krow[o, e], ctr[o, o]
        cc = [torch.clamp((ccm[c, 0] * R + ccm[c, 1] * G) + ccm[c, 2] * B, 0.0, 1.0) for c in range(3)]
        r, gg, b = [torch.pow(v, 1.0 / 2.2) for v in cc]
        Y = 0.299 * r + 0.587 * gg + 0.114 * b
        cb = -0.168736 * r - 0.331264 * gg + 0.5 * b + 0.5
        cr = 0.5 * r - 0.418688 * gg - 0.081312 * b + 0.5
        q = F.pad(Y[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        nb = ((q[:-2, :-2] + q[:-2, 1:-1]) + (q[:-2, 2:] + q[1:-1, :-2])) + \
             ((q[1:-1, 2:] + q[2:, :-2]) + (q[2:, 1:-1] + q[2:, 2:]))
        ed = (8.0 * Y - nb) * 0.125
        em = ed - torch.clamp(ed, -self.core, self.core)
        y2 = torch.clamp(Y + self.gain * em, 0.0, 1.0)
        return torch.stack([y2, cb, cr])


HB, WB = 240, 320


def get_inputs():
    return [torch.randint(0, 512, (2 * HB, 2 * WB), dtype=torch.int16), torch.rand(4) + 1.0,
            torch.rand(3, 3) * 1.4 - 0.4]


def get_init_inputs():
    return [64.0, 1023.0, 0.05, 1.0]
