import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv5 C3 with one bottleneck (shortcut=True), batch norm folded:
      h1 = SiLU(conv1x1(x, w1) + b1)                      # cv1
      h2 = SiLU(conv1x1(x, w2) + b2)                      # cv2
      m  = h1 + SiLU(conv3x3(SiLU(conv1x1(h1, w_m1) + b_m1), w_m2) + b_m2)   # Bottleneck, pad 1
      y  = SiLU(conv1x1(cat[m, h2], w3) + b3)             # cv3
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w2, b2, w_m1, b_m1, w_m2, b_m2, w3, b3):
        h1 = F.silu(F.conv2d(x, w1, b1))
        h2 = F.silu(F.conv2d(x, w2, b2))
        m = h1 + F.silu(F.conv2d(F.silu(F.conv2d(h1, w_m1, b_m1)), w_m2, b_m2, padding=1))
        return F.silu(F.conv2d(torch.cat([m, h2], 1), w3, b3))


C1, CH, C2, H, W = 32, 16, 32, 160, 160


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C1, H, W), -1.0, 1.0),
        _uniform((CH, C1, 1, 1), -0.3, 0.3),
        _uniform((CH,), -1.0, 1.0),
        _uniform((CH, C1, 1, 1), -0.3, 0.3),
        _uniform((CH,), -1.0, 1.0),
        _uniform((CH, CH, 1, 1), -0.4, 0.4),
        _uniform((CH,), -1.0, 1.0),
        _uniform((CH, CH, 3, 3), -0.12, 0.12),
        _uniform((CH,), -1.0, 1.0),
        _uniform((C2, 2 * CH, 1, 1), -0.2, 0.2),
        _uniform((C2,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
