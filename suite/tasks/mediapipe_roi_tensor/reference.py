import torch
import torch.nn as nn


class Model(nn.Module):
    """Camera frame to a MediaPipe landmark-model input tensor on an Android CPU:
      NV21 -> RGB with the TFLite Android examples' integer YUV2RGB (BT.601 limited range):
        y' = max(Y - 16, 0), u = U - 128, v = V - 128
        R = clamp(1192 y' + 1634 v, 0, 262143) >> 10, G = clamp(1192 y' - 833 v - 400 u, ..) >> 10,
        B = clamp(1192 y' + 2066 u, ..) >> 10          (chroma of the 2x2 block)
      ImageToTensorCalculator: the rotated ROI (center cx, cy, size w, h normalized, rotation r)
        mapped onto an S x S tensor: for output pixel (i, j), u = (i + 0.5)/S - 0.5,
        v = (j + 0.5)/S - 0.5, sx = cx W + w W cos(r) u - h H sin(r) v - 0.5,
        sy = cy H + w W sin(r) u + h H cos(r) v - 0.5, bilinear sample, replicate border;
        out = sample * 2/255 - 1 (range [-1, 1]), NHWC.
    y_plane [H, W] uint8, vu_plane [H/2, W/2, 2] uint8 (V, U interleaved), roi [5] =
    (cx, cy, w, h, r); returns out [1, S, S, 3] float32 with S = 256 (BlazePose landmark
    model input)."""

    def __init__(self, size: int = 256):
        super().__init__()
        self.size = size

    def forward(self, y_plane, vu_plane, roi):
        H, W = y_plane.shape
        S = self.size
        Y = torch.clamp(y_plane.to(torch.int64) - 16, min=0)
        vu = vu_plane.to(torch.int64).repeat_interleave(2, 0).repeat_interleave(2, 1)
        V, U = vu[..., 0] - 128, vu[..., 1] - 128
        y1192 = 1192 * Y
        rgb = torch.stack([torch.clamp(y1192 + 1634 * V, 0, 262143),
                           torch.clamp(y1192 - 833 * V - 400 * U, 0, 262143),
                           torch.clamp(y1192 + 2066 * U, 0, 262143)]) >> 10      # [3, H, W]
        rgb = rgb.to(torch.float32)
        cx, cy, w, h, r = roi[0], roi[1], roi[2], roi[3], roi[4]
        c, s = torch.cos(r), torch.sin(r)
        aw, bh = w * W, h * H
        t = (torch.arange(S, dtype=torch.float32, device=roi.device) + 0.5) / S - 0.5
        u, v = t[None, :], t[:, None]                                              # [j, i]
        sx = cx * W + aw * c * u - bh * s * v - 0.5
        sy = cy * H + aw * s * u + bh * c * v - 0.5
        x0, y0 = torch.floor(sx), torch.floor(sy)
        fx, fy = sx - x0, sy - y0
        x0, y0 = x0.to(torch.int64), y0.to(torch.int64)
        xa, xb = torch.clamp(x0, 0, W - 1), torch.clamp(x0 + 1, 0, W - 1)
        ya, yb = torch.clamp(y0, 0, H - 1), torch.clamp(y0 + 1, 0, H - 1)
        p = lambda yy, xx: rgb[:, yy, xx]
        top = p(ya, xa) * (1.0 - fx) + p(ya, xb) * fx
        bot = p(yb, xa) * (1.0 - fx) + p(yb, xb) * fx
        val = top * (1.0 - fy) + bot * fy                                          # [3, S, S]
        return (val * (2.0 / 255.0) - 1.0).permute(1, 2, 0)[None].contiguous()


H2, W2 = 240, 320


def get_inputs():
    return [torch.randint(0, 256, (2 * H2, 2 * W2), dtype=torch.uint8),
            torch.randint(0, 256, (H2, W2, 2), dtype=torch.uint8),
            torch.rand(5) * 0.4 + 0.3]


def get_init_inputs():
    return [256]
