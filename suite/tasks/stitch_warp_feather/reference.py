import torch
import torch.nn as nn


class Model(nn.Module):
    """Two-frame panorama stitch step: frame b is warped into frame a's canvas by a similarity
    transform (bilinear, zero outside b) and feather-blended with a by distance-to-edge ramps:
      pose = (angle, log scale, tx, ty); sc = exp(log scale), c = cos(angle), s = sin(angle)
      for canvas pixel (x, y): dx = x - W/2, dy = y - H/2,
        bx = sc (c dx + s dy) + W/2 - (0.35 + tx) W,  by = sc (-s dx + c dy) + H/2 - ty H
      bw = bilinear(b, bx, by), taps outside b read 0
      wa = min(x + 1, W - x, y + 1, H - y, R), wb = clamp(min(bx + 1, W - bx, by + 1, H - by), 0, R)
      out = (wa a + wb bw) / (wa + wb), R = 32 (the feather radius)
    a, b [3, H, W] float32, pose [4]; returns out [3, H, W]."""

    def __init__(self, radius: float = 32.0, shift: float = 0.35):
        super().__init__()
        self.radius = radius
        self.shift = shift

    def forward(self, a, b, pose):
        C, H, W = a.shape
        sc = torch.exp(pose[1])
        c, s = torch.cos(pose[0]), torch.sin(pose[0])
        k00, k01, k10, k11 = sc * c, sc * s, -(sc * s), sc * c
        ox = W * 0.5 - (self.shift + pose[2]) * W
        oy = H * 0.5 - pose[3] * H
        xs = torch.arange(W, dtype=torch.float32, device=a.device)[None, :] - W * 0.5
        ys = torch.arange(H, dtype=torch.float32, device=a.device)[:, None] - H * 0.5
        bx = k00 * xs + k01 * ys + ox
        by = k10 * xs + k11 * ys + oy
        x0f, y0f = torch.floor(bx), torch.floor(by)
        fx, fy = bx - x0f, by - y0f
        x0, y0 = x0f.to(torch.int64), y0f.to(torch.int64)

        def tap(yy, xx):
            ok = (xx >= 0) & (xx < W) & (yy >= 0) & (yy < H)
            v = b[:, yy.clamp(0, H - 1), xx.clamp(0, W - 1)]
            return torch.where(ok, v, torch.zeros_like(v))

        top = tap(y0, x0) * (1.0 - fx) + tap(y0, x0 + 1) * fx
        bot = tap(y0 + 1, x0) * (1.0 - fx) + tap(y0 + 1, x0 + 1) * fx
        bw = top * (1.0 - fy) + bot * fy
        xi = torch.arange(W, dtype=torch.float32, device=a.device)[None, :]
        yi = torch.arange(H, dtype=torch.float32, device=a.device)[:, None]
        wa = torch.clamp(torch.minimum(torch.minimum(xi + 1.0, W - xi), torch.minimum(yi + 1.0, H - yi)), max=self.radius)
        wb = torch.clamp(torch.minimum(torch.minimum(bx + 1.0, W - bx), torch.minimum(by + 1.0, H - by)), 0.0, self.radius)
        return (wa * a + wb * bw) / (wa + wb)


C, H, W = 3, 480, 640


def get_inputs():
    return [torch.rand(C, H, W), torch.rand(C, H, W), torch.rand(4) * 0.2 - 0.1]


def get_init_inputs():
    return [32.0, 0.35]
