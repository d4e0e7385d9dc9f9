import torch
import torch.nn as nn
import torch.nn.functional as F


def _morph(m, op):
    """3x3 max (dilate) or min (erode) of a 0/1 mask [H, W] with replicate borders."""
    p = F.pad(m[None, None].to(torch.float32), (1, 1, 1, 1), mode="replicate")
    r = F.max_pool2d(p, 3, 1) if op == "max" else -F.max_pool2d(-p, 3, 1)
    return r[0, 0].to(torch.int64)


class Model(nn.Module):
    """Running-Gaussian background subtraction, one frame, in fixed point (a single isotropic
    RGB Gaussian per pixel, the per-component test and update of OpenCV's MOG2 with its
    defaults varThreshold 16, varMin 4, varMax 75), then a 3x3 morphological opening of the
    foreground mask as the OpenCV bgfg apps clean it:
      d_c = 16 I_c - mean_c                (mean in Q4, d in Q4)
      dist2 = sum_c d_c^2                  (Q8, the squared distance in pixel units * 256)
      fg = dist2 > 16 var                  (var in Q8)
      background pixels learn at rate 2^-5: mean_c += d_c >> 5,
        var = clamp(var + ((dist2 - var) >> 5), 4 * 256, 75 * 256); foreground pixels keep theirs
      mask = 255 * dilate3x3(erode3x3(fg))
    frame [3, H, W] uint8, mean [3, H, W] int32, var [H, W] int32; returns (mask [H, W]
    uint8, mean' [3, H, W] int32, var' [H, W] int32)."""

    def __init__(self, thr: int = 16, shift: int = 5, vmin: int = 1024, vmax: int = 19200):
        super().__init__()
        self.thr, self.shift, self.vmin, self.vmax = thr, shift, vmin, vmax

    def forward(self, frame, mean, var):
        I = frame.to(torch.int64)
        mu = mean.to(torch.int64)
        v = var.to(torch.int64)
        d = 16 * I - mu
        dist2 = (d * d).sum(0)
        fg = (dist2 > self.thr * v).to(torch.int64)
        bg = fg == 0
        mu2 = torch.where(bg[None], mu + (d >> self.shift), mu)
        v2 = torch.where(bg, torch.clamp(v + ((dist2 - v) >> self.shift), self.vmin, self.vmax), v)
        opened = _morph(_morph(fg, "min"), "max")
        return (opened * 255).to(torch.uint8), mu2.to(torch.int32), v2.to(torch.int32)


H, W = 480, 640


def get_inputs():
    return [torch.randint(96, 160, (3, H, W), dtype=torch.uint8),
            torch.randint(1536, 2545, (3, H, W), dtype=torch.int32),
            torch.randint(1024, 19201, (H, W), dtype=torch.int32)]


def get_init_inputs():
    return [16, 5, 1024, 19200]
