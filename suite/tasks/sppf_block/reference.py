import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """SPPF of YOLOv5n / YOLOv8n (batch norm folded into the convs):
      h  = SiLU(conv1x1(x, w1) + b1)                    # C -> Ch
      p1 = maxpool5x5(h), p2 = maxpool5x5(p1), p3 = maxpool5x5(p2)   # stride 1, pad 2
      y  = SiLU(conv1x1(cat[h, p1, p2, p3], w2) + b2)   # 4*Ch -> Co
    """

    def __init__(self, k: int = 5):
        super().__init__()
        self.k = k

    def forward(self, x, w1, b1, w2, b2):
        h = F.silu(F.conv2d(x, w1, b1))
        p1 = F.max_pool2d(h, self.k, stride=1, padding=self.k // 2)
        p2 = F.max_pool2d(p1, self.k, stride=1, padding=self.k // 2)
        p3 = F.max_pool2d(p2, self.k, stride=1, padding=self.k // 2)
        return F.silu(F.conv2d(torch.cat([h, p1, p2, p3], dim=1), w2, b2))


C, Ch, Co, H, W = 256, 128, 256, 20, 20


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((Ch, C, 1, 1), -0.2, 0.2),
        _uniform((Ch,), -1.0, 1.0),
        _uniform((Co, 4 * Ch, 1, 1), -0.1, 0.1),
        _uniform((Co,), -1.0, 1.0),
    ]


def get_init_inputs():
    return [5]
