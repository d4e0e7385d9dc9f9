import torch
import torch.nn as nn
import torch.nn.functional as F

K5 = [1.0, 4.0, 6.0, 4.0, 1.0]


def _pad(t, px, py):
    """replicate-pad the last two dims of t [..., h, w] (any leading dims)."""
    s = t.shape
    p = F.pad(t.reshape(1, -1, s[-2], s[-1]), (px, px, py, py), mode="replicate")
    return p.reshape(*s[:-2], s[-2] + 2 * py, s[-1] + 2 * px)


def _down(t):
    """pyrDown: 5-tap [1 4 6 4 1] / 16 along x (stride 2), then along y (stride 2),
    replicate borders; t [..., h, w] -> [..., h/2, w/2]."""
    h, w = t.shape[-2], t.shape[-1]
    p = _pad(t, 2, 2)
    rows = sum(K5[i] * p[..., i:i + w:2] for i in range(5)) * (1.0 / 16.0)
    return sum(K5[i] * rows[..., i:i + h:2, :] for i in range(5)) * (1.0 / 16.0)


def _up(t):
    """pyrUp along x then y, replicate borders: out[2m] = (t[m-1] + 6 t[m] + t[m+1]) / 8,
    out[2m+1] = (t[m] + t[m+1]) / 2."""
    n = t.shape[-1]
    p = _pad(t, 1, 0)
    prv, cur, nxt = p[..., 0:n], p[..., 1:n + 1], p[..., 2:n + 2]
    t = torch.stack(((prv + 6.0 * cur + nxt) * 0.125, (cur + nxt) * 0.5), dim=-1).flatten(-2, -1)
    n = t.shape[-2]
    p = _pad(t, 0, 1)
    prv, cur, nxt = p[..., 0:n, :], p[..., 1:n + 1, :], p[..., 2:n + 2, :]
    return torch.stack(((prv + 6.0 * cur + nxt) * 0.125, (cur + nxt) * 0.5), dim=-2).flatten(-3, -2)


class Model(nn.Module):
    """Mertens-Kautz-Van Reeth exposure fusion (OpenCV cv::MergeMertens::process) of N
    exposures imgs [N, 3, H, W] (RGB in [0, 1]) into one image [3, H, W]:
      gray = 0.299 R + 0.587 G + 0.114 B
      contrast = |Laplacian(gray)| (4-neighbour kernel, replicate borders)
      saturation = std of (R, G, B)      (sqrt of the mean squared deviation)
      wellexp = prod_c exp(-(I_c - 0.5)^2 / (2 * 0.2^2))
      w_n = contrast * saturation * wellexp + 1e-12, normalized over the N exposures
      out = collapse over 3 pyramid levels of sum_n Gauss(w_n)_l * Laplace(I_n)_l"""

    def __init__(self, levels: int = 3):
        super().__init__()
        self.levels = levels

    def forward(self, imgs):
        n_img, L = imgs.shape[0], self.levels
        R, G, B = imgs[:, 0], imgs[:, 1], imgs[:, 2]
        gray = 0.299 * R + 0.587 * G + 0.114 * B
        p = _pad(gray, 1, 1)
        lap = (p[:, :-2, 1:-1] + p[:, 2:, 1:-1]) + (p[:, 1:-1, :-2] + p[:, 1:-1, 2:]) - 4.0 * gray
        contrast = lap.abs()
        mean = (R + G + B) / 3.0
        sat = torch.sqrt(((R - mean) ** 2 + (G - mean) ** 2 + (B - mean) ** 2) / 3.0)
        we = torch.ones_like(R)
        for ch in (R, G, B):
            d = ch - 0.5
            we = we * torch.exp(-(d * d) / 0.08)
        w = contrast * sat * we + 1e-12
        wsum = w[0]
        for i in range(1, n_img):
            wsum = wsum + w[i]
        w = w / wsum
        res = None
        for i in range(n_img):
            gi, gw = [imgs[i]], [w[i][None]]
            for _ in range(L - 1):
                gi.append(_down(gi[-1]))
                gw.append(_down(gw[-1]))
            lev = [gw[l] * ((gi[l] - _up(gi[l + 1])) if l < L - 1 else gi[l]) for l in range(L)]
            res = lev if res is None else [r + v for r, v in zip(res, lev)]
        out = res[L - 1]
        for l in range(L - 2, -1, -1):
            out = res[l] + _up(out)
        return out


N, H, W = 3, 480, 640


def get_inputs():
    return [torch.rand(N, 3, H, W)]


def get_init_inputs():
    return [3]
