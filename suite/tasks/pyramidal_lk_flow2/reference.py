import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Two-level pyramidal dense Lucas-Kanade (Bouguet's pyramid scheme, one Gauss-Newton step
    per level): pyrDown both frames (5-tap [1 4 6 4 1]/16, clamped, stride 2); an LK step on
    the coarse level gives flow1; the fine level starts from 2 * flow1 at (x // 2, y // 2),
    warps frame2 by it (bilinear, clamped sample coordinates) and adds one more LK step.
    Returns flow [2, H, W] (u, v)."""

    def __init__(self, window, eps):
        super().__init__()
        self.window, self.eps = window, eps

    @staticmethod
    def pyrdown(f):
        H, W = f.shape
        Ho, Wo = (H + 1) // 2, (W + 1) // 2
        w = [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]
        t = None
        for k in range(5):
            xs = (2 * torch.arange(Wo, device=f.device) + k - 2).clamp(0, W - 1)
            t = w[k] * f[:, xs] if t is None else t + w[k] * f[:, xs]
        o = None
        for k in range(5):
            ys = (2 * torch.arange(Ho, device=f.device) + k - 2).clamp(0, H - 1)
            o = w[k] * t[ys, :] if o is None else o + w[k] * t[ys, :]
        return o

    def lk(self, f1, f2):
        p = F.pad(f1[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        ix = (p[1:-1, 2:] - p[1:-1, :-2]) * 0.5
        iy = (p[2:, 1:-1] - p[:-2, 1:-1]) * 0.5
        it = f2 - f1
        prods = torch.stack([ix * ix, ix * iy, iy * iy, ix * it, iy * it])[None]
        ones = torch.ones(5, 1, self.window, self.window, dtype=f1.dtype, device=f1.device)
        sxx, sxy, syy, sxt, syt = F.conv2d(prods, ones, padding=self.window // 2, groups=5)[0]
        det = torch.clamp(sxx * syy - sxy * sxy, min=self.eps)
        return (sxy * syt - syy * sxt) / det, (sxy * sxt - sxx * syt) / det

    def forward(self, frame1, frame2):
        H, W = frame1.shape
        u1, v1 = self.lk(self.pyrdown(frame1), self.pyrdown(frame2))
        ys, xs = torch.arange(H, device=frame1.device) // 2, torch.arange(W, device=frame1.device) // 2
        u0 = 2 * u1[ys][:, xs]
        v0 = 2 * v1[ys][:, xs]
        gx = (torch.arange(W, dtype=frame1.dtype, device=frame1.device)[None, :] + u0).clamp(0, W - 1)
        gy = (torch.arange(H, dtype=frame1.dtype, device=frame1.device)[:, None] + v0).clamp(0, H - 1)
        x0f, y0f = torch.floor(gx), torch.floor(gy)
        fx, fy = gx - x0f, gy - y0f
        x0, y0 = x0f.long(), y0f.long()
        x1, y1 = (x0 + 1).clamp(max=W - 1), (y0 + 1).clamp(max=H - 1)
        top = (1 - fx) * frame2[y0, x0] + fx * frame2[y0, x1]
        bot = (1 - fx) * frame2[y1, x0] + fx * frame2[y1, x1]
        warped = (1 - fy) * top + fy * bot
        du, dv = self.lk(frame1, warped)
        return torch.stack([u0 + du, v0 + dv])


H, W = 240, 320


def get_inputs():
    return [torch.rand(H, W), torch.rand(H, W)]


def get_init_inputs():
    return [5, 0.5]  # window, eps
