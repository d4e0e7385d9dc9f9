import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv8 Detect on one level (P5, stride 32), batch norm folded:
      box = cv2: Conv3x3+SiLU, Conv3x3+SiLU, Conv2d 1x1 (-> 4 * reg_max)
      cls = cv3: Conv3x3+SiLU, Conv3x3+SiLU, Conv2d 1x1 (-> nc)
      d   = DFL(box): softmax over 16 bins of each side, expectation with weights 0..15
      y   = cat(dist2bbox(d, anchors, xywh=True) * stride, cls.sigmoid())
    """

    def __init__(self, stride: float = 32.0, reg_max: int = 16):
        super().__init__()
        self.stride = stride
        self.reg_max = reg_max

    def forward(self, x, wb1, bb1, wb2, bb2, wb3, bb3, wc1, bc1, wc2, bc2, wc3, bc3):
        _, _, h, w = x.shape
        b = F.silu(F.conv2d(x, wb1, bb1, padding=1))
        b = F.silu(F.conv2d(b, wb2, bb2, padding=1))
        box = F.conv2d(b, wb3, bb3).view(1, 4 * self.reg_max, h * w)
        c = F.silu(F.conv2d(x, wc1, bc1, padding=1))
        c = F.silu(F.conv2d(c, wc2, bc2, padding=1))
        cls = F.conv2d(c, wc3, bc3).view(1, wc3.shape[0], h * w)
        # DFL
        p = box.view(1, 4, self.reg_max, h * w).transpose(2, 1).softmax(1)
        proj = torch.arange(self.reg_max, dtype=torch.float32, device=x.device).view(1, self.reg_max, 1, 1)
        d = (p * proj).sum(1)  # [1, 4, A]
        # anchors (make_anchors, offset 0.5)
        sy, sx = torch.meshgrid(torch.arange(h, dtype=torch.float32, device=x.device) + 0.5,
                                torch.arange(w, dtype=torch.float32, device=x.device) + 0.5, indexing="ij")
        anchors = torch.stack((sx, sy), 0).view(1, 2, h * w)
        lt, rb = d.chunk(2, 1)
        x1y1 = anchors - lt
        x2y2 = anchors + rb
        boxes = torch.cat(((x1y1 + x2y2) / 2, x2y2 - x1y1), 1) * self.stride
        return torch.cat((boxes, cls.sigmoid()), 1)


C, CB, CC, NC, H, W = 256, 64, 80, 80, 20, 20


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -0.3, 1.5),
        _uniform((CB, C, 3, 3), -0.1, 0.1),
        _uniform((CB,), -1.0, 1.0),
        _uniform((CB, CB, 3, 3), -0.12, 0.12),
        _uniform((CB,), -1.0, 1.0),
        _uniform((64, CB, 1, 1), -0.5, 0.5),
        _uniform((64,), -1.0, 1.0),
        _uniform((CC, C, 3, 3), -0.1, 0.1),
        _uniform((CC,), -1.0, 1.0),
        _uniform((CC, CC, 3, 3), -0.12, 0.12),
        _uniform((CC,), -1.0, 1.0),
        _uniform((NC, CC, 1, 1), -0.4, 0.4),
        _uniform((NC,), -2.0, 0.0),
    ]


def get_init_inputs():
    return [32.0, 16]
