import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """BlazeFace double BlazeBlock, stride 1, batch norm folded:
      d1 = dw5x5(x, w_dw1, pad 2) + b_dw1              # C channels, linear
      p1 = ReLU(conv1x1(d1, w_p1) + b_p1)              # C -> M (project)
      d2 = dw5x5(p1, w_dw2, pad 2) + b_dw2             # M channels, linear
      y  = ReLU(conv1x1(d2, w_p2) + b_p2 + x)          # M -> C (expand), residual
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_dw1, b_dw1, w_p1, b_p1, w_dw2, b_dw2, w_p2, b_p2):
        d1 = F.conv2d(x, w_dw1, b_dw1, padding=2, groups=x.shape[1])
        p1 = F.relu(F.conv2d(d1, w_p1, b_p1))
        d2 = F.conv2d(p1, w_dw2, b_dw2, padding=2, groups=p1.shape[1])
        return F.relu(F.conv2d(d2, w_p2, b_p2) + x)


C, M, H, W = 96, 24, 16, 16


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((C, 1, 5, 5), -0.3, 0.3),
        _uniform((C,), -0.5, 0.5),
        _uniform((M, C, 1, 1), -0.4, 0.4),
        _uniform((M,), -0.5, 0.5),
        _uniform((M, 1, 5, 5), -0.3, 0.3),
        _uniform((M,), -0.5, 0.5),
        _uniform((C, M, 1, 1), -0.5, 0.5),
        _uniform((C,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
