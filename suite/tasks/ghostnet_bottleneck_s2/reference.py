import torch
import torch.nn as nn
import torch.nn.functional as F


def dw3(v, w, b, stride=1):
    return F.conv2d(v, w, b, stride=stride, padding=1, groups=w.shape[0])


class Model(nn.Module):
    """GhostNet GhostBottleneck (timm), stride 2, no SE, batch norm folded:
      p1 = relu(conv1x1(x, w_p1) + b_p1);  g1 = relu(dw3x3(p1, w_c1) + b_c1);  h = cat[p1, g1]
      t  = dw3x3_s2(h, w_dw) + b_dw                                     # conv_dw + bn_dw
      p2 = conv1x1(t, w_p2) + b_p2;        g2 = dw3x3(p2, w_c2) + b_c2     # ghost2, linear
      sc = conv1x1(dw3x3_s2(x, w_sdw) + b_sdw, w_spw) + b_spw           # shortcut
      y  = cat[p2, g2] + sc
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_p1, b_p1, w_c1, b_c1, w_dw, b_dw, w_p2, b_p2, w_c2, b_c2, w_sdw, b_sdw, w_spw, b_spw):
        p1 = F.relu(F.conv2d(x, w_p1, b_p1))
        g1 = F.relu(dw3(p1, w_c1, b_c1))
        t = dw3(torch.cat([p1, g1], 1), w_dw, b_dw, stride=2)
        p2 = F.conv2d(t, w_p2, b_p2)
        g2 = dw3(p2, w_c2, b_c2)
        sc = F.conv2d(dw3(x, w_sdw, b_sdw, stride=2), w_spw, b_spw)
        return torch.cat([p2, g2], 1) + sc


C, M, O, H, W = 16, 24, 12, 112, 112


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((M, C, 1, 1), -0.4, 0.4),
        _uniform((M,), -0.3, 0.5),
        _uniform((M, 1, 3, 3), -0.3, 0.5),
        _uniform((M,), -0.5, 0.3),
        _uniform((2 * M, 1, 3, 3), -0.4, 0.5),
        _uniform((2 * M,), -0.5, 0.5),
        _uniform((O, 2 * M, 1, 1), -0.2, 0.2),
        _uniform((O,), -0.2, 0.2),
        _uniform((O, 1, 3, 3), -0.4, 0.5),
        _uniform((O,), -0.2, 0.2),
        _uniform((C, 1, 3, 3), -0.4, 0.5),
        _uniform((C,), -0.3, 0.3),
        _uniform((2 * O, C, 1, 1), -0.3, 0.3),
        _uniform((2 * O,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
