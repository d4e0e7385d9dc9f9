import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """GhostNet Ghost module (ratio 2, dw_size 3, ReLU), batch norm folded:
      p = ReLU(conv1x1(x, w_p) + b_p)                        # C -> M
      g = ReLU(depthwise3x3(p, w_c, pad 1) + b_c)            # M -> M, the cheap operation
      y = cat[p, g]                                          # 2M channels
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_p, b_p, w_c, b_c):
        p = F.relu(F.conv2d(x, w_p, b_p))
        g = F.relu(F.conv2d(p, w_c, b_c, padding=1, groups=w_c.shape[0]))
        return torch.cat([p, g], 1)


C, M, H, W = 16, 24, 112, 112


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((M, C, 1, 1), -0.3, 0.3),
        _uniform((M,), -0.3, 0.5),
        _uniform((M, 1, 3, 3), -0.4, 0.5),
        _uniform((M,), -0.5, 0.3),
    ]


def get_init_inputs():
    return []
