import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Whisper AudioEncoder stem:
      h = GELU(conv1d(mel, w1, b1, padding=1))
      z = GELU(conv1d(h, w2, b2, stride=2, padding=1))
      y = z.T + pos                                      # [T2, D]
    """

    def __init__(self):
        super().__init__()

    def forward(self, mel, w1, b1, w2, b2, pos):
        h = F.gelu(F.conv1d(mel[None], w1, b1, padding=1))
        z = F.gelu(F.conv1d(h, w2, b2, stride=2, padding=1))
        return z[0].transpose(0, 1) + pos


NM, D, T = 80, 384, 1024


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    t2 = (T - 1) // 2 + 1
    return [
        _uniform((NM, T), -1.0, 1.0),
        _uniform((D, NM, 3), -0.15, 0.15),
        _uniform((D,), -0.5, 0.5),
        _uniform((D, D, 3), -0.05, 0.05),
        _uniform((D,), -0.5, 0.5),
        _uniform((t2, D), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
