import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv8 C2f with one bottleneck (shortcut=True), batch norm folded:
      h = SiLU(conv1x1(x, w1) + b1); a, b = h.chunk(2, 1)
      m = SiLU(conv3x3(SiLU(conv3x3(b, w_m1) + b_m1), w_m2) + b_m2)     # pad 1
      y = SiLU(conv1x1(cat[a, b, b + m], w2) + b2)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w_m1, b_m1, w_m2, b_m2, w2, b2):
        h = F.silu(F.conv2d(x, w1, b1))
        a, b = h.chunk(2, 1)
        m = F.silu(F.conv2d(F.silu(F.conv2d(b, w_m1, b_m1, padding=1)), w_m2, b_m2, padding=1))
        return F.silu(F.conv2d(torch.cat([a, b, b + m], 1), w2, b2))


C1, CH, C2, H, W = 32, 16, 32, 160, 160


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C1, H, W), -1.0, 1.0),
        _uniform((2 * CH, C1, 1, 1), -0.3, 0.3),
        _uniform((2 * CH,), -1.0, 1.0),
        _uniform((CH, CH, 3, 3), -0.12, 0.12),
        _uniform((CH,), -1.0, 1.0),
        _uniform((CH, CH, 3, 3), -0.12, 0.12),
        _uniform((CH,), -1.0, 1.0),
        _uniform((C2, 3 * CH, 1, 1), -0.15, 0.15),
        _uniform((C2,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
