import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The UCI-HAR 1-D CNN at inference, batch 1 (dropout is the identity):
      a1 = relu(conv1d(x, w1, b1))        kernel 3, valid: L-2 samples
      a2 = relu(conv1d(a1, w2, b2))       L-4 samples
      p  = max_pool1d(a2, 2)              (L-4)//2 samples
      h  = relu(linear(flatten(p), w3, b3))   channel-major flatten
      logits = linear(h, w4, b4)"""

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w2, b2, w3, b3, w4, b4):
        a1 = F.relu(F.conv1d(x, w1, b1))
        a2 = F.relu(F.conv1d(a1, w2, b2))
        p = F.max_pool1d(a2, 2)
        h = F.relu(F.linear(p.flatten(1), w3, b3))
        return F.linear(h, w4, b4)


C, L, FL, U, N = 9, 128, 64, 100, 6


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    lp = (L - 4) // 2
    return [
        _uniform((1, C, L), -2.0, 2.0),
        _uniform((FL, C, 3), -0.3, 0.3),
        _uniform((FL,), -0.2, 0.2),
        _uniform((FL, FL, 3), -0.17, 0.17),
        _uniform((FL,), -0.2, 0.2),
        _uniform((U, FL * lp), -0.035, 0.035),
        _uniform((U,), -0.3, 0.3),
        _uniform((N, U), -0.26, 0.26),
        _uniform((N,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
