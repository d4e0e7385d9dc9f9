import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """SSDLite / MobileNet-SSD detection head on one feature map, batch norm folded:
      h = ReLU6(depthwise3x3(f, w_dw, pad 1) + b_dw)                  # shared by both heads
      deltas = conv1x1(h, w_box) + b_box      -> [1, H, W, A, 4]      (dx, dy, dw, dh)
      scores = sigmoid(conv1x1(h, w_cls) + b_cls) -> [1, H, W, A, NC]
      boxes = center-size decode of deltas against the anchor grid   -> [1, H, W, A, 4]
    Anchors: centers ((x + 0.5) / W, (y + 0.5) / H), sizes scale * (sqrt(r), 1 / sqrt(r)) for
    aspect ratios r in (1, 2, 1/2); decode with variances (0.1, 0.2):
      cx = acx + dx * 0.1 * aw, cy = acy + dy * 0.1 * ah, w = aw * exp(dw * 0.2), h = ah * exp(dh * 0.2)
    boxes are corners (xmin, ymin, xmax, ymax). The [1, H, W, A, K] outputs are torchvision's
    [1, H*W*A, K] head outputs before their final reshape (same memory layout).
    """

    def __init__(self, anchors: int = 3, scale: float = 0.2, center_variance: float = 0.1, size_variance: float = 0.2):
        super().__init__()
        self.A, self.scale = anchors, scale
        self.cv, self.sv = center_variance, size_variance
        ratios = [1.0, 2.0, 0.5]
        self.aw = [scale * math.sqrt(r) for r in ratios]
        self.ah = [scale / math.sqrt(r) for r in ratios]

    def forward(
        self,
        f: torch.Tensor,
        w_dw: torch.Tensor,
        b_dw: torch.Tensor,
        w_box: torch.Tensor,
        b_box: torch.Tensor,
        w_cls: torch.Tensor,
        b_cls: torch.Tensor,
    ):
        _, C, H, W = f.shape
        A = self.A
        h = F.relu6(F.conv2d(f, w_dw, b_dw, stride=1, padding=1, groups=C))
        box = F.conv2d(h, w_box, b_box)  # [1, A*4, H, W]
        cls = F.conv2d(h, w_cls, b_cls)  # [1, A*NC, H, W]
        NC = cls.shape[1] // A
        deltas = box.view(1, A, 4, H, W).permute(0, 3, 4, 1, 2)  # [1, H, W, A, 4]
        scores = torch.sigmoid(cls.view(1, A, NC, H, W).permute(0, 3, 4, 1, 2)).contiguous()

        acx = ((torch.arange(W, dtype=torch.float32, device=f.device) + 0.5) / W).view(1, 1, W, 1)
        acy = ((torch.arange(H, dtype=torch.float32, device=f.device) + 0.5) / H).view(1, H, 1, 1)
        aw = torch.tensor(self.aw, dtype=torch.float32, device=f.device).view(1, 1, 1, A)
        ah = torch.tensor(self.ah, dtype=torch.float32, device=f.device).view(1, 1, 1, A)
        cx = acx + deltas[..., 0] * self.cv * aw
        cy = acy + deltas[..., 1] * self.cv * ah
        w = aw * torch.exp(deltas[..., 2] * self.sv)
        hh = ah * torch.exp(deltas[..., 3] * self.sv)
        boxes = torch.stack([cx - 0.5 * w, cy - 0.5 * hh, cx + 0.5 * w, cy + 0.5 * hh], dim=-1)
        return boxes, scores


C, NC, H, W = 512, 21, 19, 19
A = 3


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), 0.0, 4.0),
        _uniform((C, 1, 3, 3), -0.2, 0.6),
        _uniform((C,), -1.0, 1.0),
        _uniform((A * 4, C, 1, 1), -0.05, 0.05),
        _uniform((A * 4,), -0.5, 0.5),
        _uniform((A * NC, C, 1, 1), -0.05, 0.05),
        _uniform((A * NC,), -2.0, 0.0),
    ]


def get_init_inputs():
    return [3, 0.2, 0.1, 0.2]  # anchors per location, anchor scale, center / size variances
