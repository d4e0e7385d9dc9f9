import torch
import torch.nn as nn
import torch.nn.functional as F

# OpenCV's 16-pixel Bresenham circle of radius 3, (dx, dy), in cornerScore's order.
CIRCLE = [(0, 3), (1, 3), (2, 2), (3, 1), (3, 0), (3, -1), (2, -2), (1, -3),
          (0, -3), (-1, -3), (-2, -2), (-3, -1), (-3, 0), (-3, 1), (-2, 2), (-1, 3)]


class Model(nn.Module):
    """FAST-9/16 corners with OpenCV's cornerScore and 3x3 non-maximum suppression, as ORB-SLAM2
    runs cv::FAST(level, keypoints, iniThFAST = 20, true). Returns the kept scores [H, W]
    uint8 (0 elsewhere)."""

    def __init__(self, threshold):
        super().__init__()
        self.t = threshold

    def forward(self, img):
        H, W = img.shape
        x = F.pad(img.long()[None, None].float(), (3, 3, 3, 3), mode="replicate")[0, 0].long()
        c = x[3:3 + H, 3:3 + W]
        d = torch.stack([c - x[3 + dy:3 + dy + H, 3 + dx:3 + dx + W] for dx, dy in CIRCLE])  # [16, H, W]
        dd = torch.cat([d, d[:8]])
        m = None
        for s in range(16):
            arc = dd[s:s + 9]
            v = torch.maximum(arc.min(dim=0).values, -arc.max(dim=0).values)
            m = v if m is None else torch.maximum(m, v)
        score = torch.where(m > self.t, m - 1, torch.zeros_like(m))
        inside = torch.zeros(H, W, dtype=torch.bool, device=img.device)
        inside[3:H - 3, 3:W - 3] = True
        score = torch.where(inside, score, torch.zeros_like(score))
        s = F.pad(score[None, None].float(), (1, 1, 1, 1))[0, 0].long()
        keep = score > 0
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dx or dy:
                    keep &= score > s[1 + dy:1 + dy + H, 1 + dx:1 + dx + W]
        return torch.where(keep, score, torch.zeros_like(score)).to(torch.uint8)


H, W = 480, 752


def get_inputs():
    return [torch.randint(0, 256, (H, W), dtype=torch.uint8)]


def get_init_inputs():
    return [20]
