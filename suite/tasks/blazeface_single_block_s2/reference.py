import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """BlazeFace single BlazeBlock with stride 2 (hollance/BlazeFace-PyTorch BlazeBlock),
    batch norm folded:
      h = F.pad(x, (0, 2, 0, 2))                          # right and bottom
      p = conv1x1(dw3x3_s2(h, w_dw) + b_dw, w_p) + b_p    # CI -> CO
      s = F.pad(maxpool2x2_s2(x), channels (0, CO - CI))  # zero channels appended
      y = ReLU(p + s)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_dw, b_dw, w_p, b_p):
        h = F.pad(x, (0, 2, 0, 2), "constant", 0.0)
        d = F.conv2d(h, w_dw, b_dw, stride=2, groups=x.shape[1])
        p = F.conv2d(d, w_p, b_p)
        s = F.max_pool2d(x, kernel_size=2, stride=2)
        s = F.pad(s, (0, 0, 0, 0, 0, w_p.shape[0] - x.shape[1]), "constant", 0.0)
        return F.relu(p + s)


CI, CO, H, W = 28, 32, 64, 64


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), 0.0, 2.0),
        _uniform((CI, 1, 3, 3), -0.5, 0.5),
        _uniform((CI,), -0.5, 0.5),
        _uniform((CO, CI, 1, 1), -0.4, 0.4),
        _uniform((CO,), -1.5, 0.5),
    ]


def get_init_inputs():
    return []
