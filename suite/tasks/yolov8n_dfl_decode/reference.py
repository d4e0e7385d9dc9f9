import torch
import torch.nn as nn


class Model(nn.Module):
    """YOLOv8 Detect head, inference decode (ultralytics Detect._inference, DFL, dist2bbox):
      x = cat over levels of p.view(1, 64+NC, -1)         # A anchors
      box, cls = x.split((64, NC), 1)
      d = DFL(box): softmax over 16 bins of each side, expectation with arange(16)
      anchors = (col + 0.5, row + 0.5) of each level, strides 8, 16, 32
      y = cat(dist2bbox(d, anchors, xywh) * strides, sigmoid(cls))
    """

    def __init__(self, reg_max: int = 16):
        super().__init__()
        self.reg_max = reg_max

    def forward(self, p3, p4, p5):
        levels = [p3, p4, p5]
        anchors, strides = [], []
        for p, s in zip(levels, (8.0, 16.0, 32.0)):
            h, w = p.shape[2], p.shape[3]
            sx = torch.arange(w, dtype=torch.float32, device=p.device) + 0.5
            sy = torch.arange(h, dtype=torch.float32, device=p.device) + 0.5
            gy, gx = torch.meshgrid(sy, sx, indexing="ij")
            anchors.append(torch.stack((gx, gy), -1).view(-1, 2))
            strides.append(torch.full((h * w, 1), s, device=p.device))
        anchor = torch.cat(anchors).transpose(0, 1).unsqueeze(0)  # [1, 2, A]
        stride = torch.cat(strides).transpose(0, 1)  # [1, A]
        x = torch.cat([p.view(1, p.shape[1], -1) for p in levels], 2)
        box, cls = x.split((4 * self.reg_max, x.shape[1] - 4 * self.reg_max), 1)
        a = box.shape[2]
        prob = box.view(1, 4, self.reg_max, a).softmax(2)
        bins = torch.arange(self.reg_max, dtype=torch.float32, device=x.device).view(1, 1, self.reg_max, 1)
        d = (prob * bins).sum(2)  # [1, 4, A]
        lt, rb = d.chunk(2, 1)
        x1y1 = anchor - lt
        x2y2 = anchor + rb
        dbox = torch.cat(((x1y1 + x2y2) / 2, x2y2 - x1y1), 1) * stride
        return torch.cat((dbox, cls.sigmoid()), 1)


NC, H, W = 80, 80, 80


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    h2, w2 = (H + 1) // 2, (W + 1) // 2
    h4, w4 = (h2 + 1) // 2, (w2 + 1) // 2
    return [
        _uniform((1, 64 + NC, H, W), -4.0, 4.0),
        _uniform((1, 64 + NC, h2, w2), -4.0, 4.0),
        _uniform((1, 64 + NC, h4, w4), -4.0, 4.0),
    ]


def get_init_inputs():
    return [16]
