import torch
import torch.nn as nn


class Model(nn.Module):
    """Undistortion of a planar image [C, H, W] with a radial (k1, k2) model: for each output
    pixel the distorted source position (xs, ys) is computed (f = focal_ratio * W,
    principal point at the image centre) and sampled bilinearly, taps outside the image
    reading 0 (OpenCV initUndistortRectifyMap + remap INTER_LINEAR, BORDER_CONSTANT)."""

    def __init__(self, focal_ratio: float, k1: float, k2: float):
        super().__init__()
        self.focal_ratio, self.k1, self.k2 = focal_ratio, k1, k2

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        c, h, w = img.shape
        f = self.focal_ratio * w
        cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
        ys, xs = torch.meshgrid(torch.arange(h, dtype=torch.float32, device=img.device), torch.arange(w, dtype=torch.float32, device=img.device),
                                indexing="ij")
        xn, yn = (xs - cx) / f, (ys - cy) / f
        r2 = xn * xn + yn * yn
        d = 1.0 + self.k1 * r2 + self.k2 * r2 * r2
        sx, sy = f * xn * d + cx, f * yn * d + cy
        x0, y0 = torch.floor(sx), torch.floor(sy)
        ax, ay = sx - x0, sy - y0
        x0, y0 = x0.long(), y0.long()

        def tap(xi, yi):  # [C, H, W]: img at (yi, xi), 0 outside the image
            inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
            v = img[:, yi.clamp(0, h - 1), xi.clamp(0, w - 1)]
            return torch.where(inside, v, torch.zeros_like(v))

        return ((1 - ay) * ((1 - ax) * tap(x0, y0) + ax * tap(x0 + 1, y0)) +
                ay * ((1 - ax) * tap(x0, y0 + 1) + ax * tap(x0 + 1, y0 + 1)))


C, H, W = 1, 480, 752


def get_inputs():
    return [torch.rand(C, H, W)]


def get_init_inputs():
    return [0.75, -0.28, 0.07]
