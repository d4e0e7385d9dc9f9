import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """DS-CNN keyword spotting (MLPerf Tiny KWS, Zhang et al. 2017 "Hello Edge"), batch norm
    folded into the conv weights and biases, 2 depthwise-separable blocks:
      a1 = ReLU(conv2d(x, w1, stride 2, padding (5, 1)) + b1)        # 10x4 kernel, 1 -> C
      d  = ReLU(depthwise3x3(a, padding 1) + dw_b)                   # per block
      a  = ReLU(conv1x1(d, pw_w) + pw_b)                             # C -> C
      logits = linear(mean of a3 over H1 x W1, fc_w, fc_b)           # C -> N classes
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, dw1_w, dw1_b, pw1_w, pw1_b, dw2_w, dw2_b, pw2_w, pw2_b, fc_w, fc_b):
        a = F.relu(F.conv2d(x, w1, b1, stride=2, padding=(5, 1)))
        for dw_w, dw_b, pw_w, pw_b in ((dw1_w, dw1_b, pw1_w, pw1_b), (dw2_w, dw2_b, pw2_w, pw2_b)):
            a = F.relu(F.conv2d(a, dw_w, dw_b, padding=1, groups=dw_w.shape[0]))
            a = F.relu(F.conv2d(a, pw_w, pw_b))
        pooled = a.mean(dim=(2, 3))
        return F.linear(pooled, fc_w, fc_b)


C, H, W, N = 64, 49, 10, 12


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, 1, H, W), -2.0, 2.0),
        _uniform((C, 1, 10, 4), -0.3, 0.3),
        _uniform((C,), -0.5, 0.5),
        _uniform((C, 1, 3, 3), -0.3, 0.5),
        _uniform((C,), -0.5, 0.5),
        _uniform((C, C, 1, 1), -0.2, 0.2),
        _uniform((C,), -0.3, 0.5),
        _uniform((C, 1, 3, 3), -0.3, 0.5),
        _uniform((C,), -0.5, 0.5),
        _uniform((C, C, 1, 1), -0.2, 0.2),
        _uniform((C,), -0.3, 0.5),
        _uniform((N, C), -0.5, 0.5),
        _uniform((N,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
