import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv8 PAN top-down stage: Upsample(2, nearest) -> Concat[up, skip] -> C2f(n=1,
    shortcut=False), batch norm folded:
      h = SiLU(conv1x1(cat[up(x), skip], w1) + b1); a, b = h.chunk(2, 1)
      m = SiLU(conv3x3(SiLU(conv3x3(b, w_m1) + b_m1), w_m2) + b_m2)     # pad 1
      y = SiLU(conv1x1(cat[a, b, m], w2) + b2)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, skip, w1, b1, w_m1, b_m1, w_m2, b_m2, w2, b2):
        u = F.interpolate(x, scale_factor=2.0, mode="nearest")
        h = F.silu(F.conv2d(torch.cat([u, skip], 1), w1, b1))
        a, b = h.chunk(2, 1)
        m = F.silu(F.conv2d(F.silu(F.conv2d(b, w_m1, b_m1, padding=1)), w_m2, b_m2, padding=1))
        return F.silu(F.conv2d(torch.cat([a, b, m], 1), w2, b2))


CU, CS, CH, C2, H, W = 256, 128, 64, 128, 10, 10


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CU, H, W), -1.0, 1.0),
        _uniform((1, CS, 2 * H, 2 * W), -1.0, 1.0),
        _uniform((2 * CH, CU + CS, 1, 1), -0.2, 0.2),
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
