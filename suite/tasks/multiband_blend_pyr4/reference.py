import torch
import torch.nn as nn
import torch.nn.functional as F

K5 = [1.0, 4.0, 6.0, 4.0, 1.0]


def _down(t):
    """pyrDown: 5-tap binomial [1 4 6 4 1] / 16 in x and y (replicate borders), keep every
    second sample. t [C, h, w] -> [C, h/2, w/2]."""
    p = F.pad(t[None], (2, 2, 2, 2), mode="replicate")[0]
    h, w = t.shape[1], t.shape[2]
    rows = sum(K5[i] * p[:, :, i:i + w:2] for i in range(5)) * (1.0 / 16.0)   # [C, h+4, w/2]
    return sum(K5[i] * rows[:, i:i + h:2, :] for i in range(5)) * (1.0 / 16.0)


def _up1(t, dim):
    """pyrUp along one dim (replicate borders): out[2m] = (t[m-1] + 6 t[m] + t[m+1]) / 8,
    out[2m+1] = (t[m] + t[m+1]) / 2."""
    n = t.shape[dim]
    pad = (0, 0, 1, 1) if dim == 1 else (1, 1, 0, 0)
    p = F.pad(t[None], pad, mode="replicate")[0]
    prv, cur, nxt = p.narrow(dim, 0, n), p.narrow(dim, 1, n), p.narrow(dim, 2, n)
    even = (prv + 6.0 * cur + nxt) * 0.125
    odd = (cur + nxt) * 0.5
    return torch.stack((even, odd), dim=dim + 1).flatten(dim, dim + 1)


def _up(t):
    return _up1(_up1(t, 2), 1)


class Model(nn.Module):
    """Multi-band (Laplacian pyramid) blending of two images with a seam mask, Burt and
    Adelson 1983, the two-image case of OpenCV's cv::detail::MultiBandBlender:
      G_0 = img, G_{l+1} = pyrDown(G_l) for a, b and the mask (levels 0..3)
      L_l = G_l - pyrUp(G_{l+1}) (l < 3), L_3 = G_3
      B_l = M_l * La_l + (1 - M_l) * Lb_l
      out = collapse: R_3 = B_3, R_l = B_l + pyrUp(R_{l+1}); out = R_0
    a, b [3, H, W], mask [H, W] in [0, 1]; H, W multiples of 8."""

    def __init__(self, levels: int = 4):
        super().__init__()
        self.levels = levels

    def forward(self, a, b, mask):
        n = self.levels
        ga, gb, gm = [a], [b], [mask[None]]
        for _ in range(n - 1):
            ga.append(_down(ga[-1]))
            gb.append(_down(gb[-1]))
            gm.append(_down(gm[-1]))
        bl = []
        for l in range(n):
            la = ga[l] - _up(ga[l + 1]) if l < n - 1 else ga[l]
            lb = gb[l] - _up(gb[l + 1]) if l < n - 1 else gb[l]
            bl.append(gm[l] * la + (1.0 - gm[l]) * lb)
        r = bl[n - 1]
        for l in range(n - 2, -1, -1):
            r = bl[l] + _up(r)
        return r


H, W = 512, 768


def get_inputs():
    return [torch.rand(3, H, W), torch.rand(3, H, W), torch.rand(H, W)]


def get_init_inputs():
    return [4]
