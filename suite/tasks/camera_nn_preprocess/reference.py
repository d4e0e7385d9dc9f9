import torch
import torch.nn as nn
import torch.nn.functional as F

MEAN = (0.485, 0.456, 0.406)  # ImageNet normalization, per RGB channel
STD = (0.229, 0.224, 0.225)
PAD = 114.0                   # the letterbox fill (YOLO's gray)


def letterbox_size(h, w, t):
    """The resized image inside a t x t letterbox, rounded half up in integers."""
    if h >= w:
        return t, max(1, (w * t + h // 2) // h)
    return max(1, (h * t + w // 2) // w), t


class Model(nn.Module):
    """Camera -> NN preprocessing chain, as an on-device detector's input stage runs it:
      rgb = NV12 -> RGB (BT.601 limited range, chroma upsampled by replication, clamped to [0, 255])
      res = bilinear resize of rgb to (nh, nw), align_corners=False (no antialiasing)
      box = res centred in a T x T frame filled with 114 (letterbox)
      out = (box / 255 - mean[c]) / std[c]          [1, 3, T, T] float32, NCHW, T = 320
    """

    def __init__(self, T):
        super().__init__()
        self.T = T

    def forward(self, y_plane, uv_plane):
        H, W = y_plane.shape
        T = self.T
        Y = y_plane.to(torch.float32) - 16.0
        U = uv_plane[..., 0].to(torch.float32).repeat_interleave(2, 0).repeat_interleave(2, 1) - 128.0
        V = uv_plane[..., 1].to(torch.float32).repeat_interleave(2, 0).repeat_interleave(2, 1) - 128.0
        r = 1.164383 * Y + 1.596027 * V
        g = 1.164383 * Y - 0.391762 * U - 0.812968 * V
        b = 1.164383 * Y + 2.017232 * U
        rgb = torch.clamp(torch.stack([r, g, b])[None], 0.0, 255.0)
        nh, nw = letterbox_size(H, W, T)
        res = F.interpolate(rgb, size=(nh, nw), mode="bilinear", align_corners=False)
        top, left = (T - nh) // 2, (T - nw) // 2
        box = torch.full((1, 3, T, T), PAD, device=y_plane.device)
        box[:, :, top:top + nh, left:left + nw] = res
        mean = torch.tensor(MEAN, device=y_plane.device).view(1, 3, 1, 1)
        std = torch.tensor(STD, device=y_plane.device).view(1, 3, 1, 1)
        return (box / 255.0 - mean) / std


H, W = 720, 1280


def get_inputs():
    return [torch.randint(0, 256, (H, W), dtype=torch.uint8), torch.randint(0, 256, (H // 2, W // 2, 2), dtype=torch.uint8)]


def get_init_inputs():
    return [320]  # T: the network's square input (YOLOv8n / YOLOv5n at 320)
