import torch
import torch.nn as nn
import torch.nn.functional as F


def fire(v, w_s, b_s, w_e1, b_e1, w_e3, b_e3):
    s = F.relu(F.conv2d(v, w_s, b_s))
    return torch.cat([F.relu(F.conv2d(s, w_e1, b_e1)), F.relu(F.conv2d(s, w_e3, b_e3, padding=1))], 1)


class Model(nn.Module):
    """SqueezeNet 1.1 features.0-4 (torchvision):
      r  = relu(conv3x3(x, w0, stride 2) + b0)          # no padding
      p  = max_pool2d(r, 3, stride 2, ceil_mode=True)
      f2 = fire(p),  y = fire(f2)                        # Fire(64, 16, 64, 64), Fire(128, 16, 64, 64)
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w0, b0, w_s1, b_s1, w_e11, b_e11, w_e31, b_e31, w_s2, b_s2, w_e12, b_e12, w_e32, b_e32):
        r = F.relu(F.conv2d(x, w0, b0, stride=2))
        p = F.max_pool2d(r, kernel_size=3, stride=2, ceil_mode=True)
        f2 = fire(p, w_s1, b_s1, w_e11, b_e11, w_e31, b_e31)
        return fire(f2, w_s2, b_s2, w_e12, b_e12, w_e32, b_e32)


CI, C0, S, E, H, W = 3, 64, 16, 64, 224, 224


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), -2.0, 2.0),
        _uniform((C0, CI, 3, 3), -0.3, 0.3),
        _uniform((C0,), -0.5, 0.5),
        _uniform((S, C0, 1, 1), -0.2, 0.2),
        _uniform((S,), -0.3, 0.3),
        _uniform((E, S, 1, 1), -0.4, 0.4),
        _uniform((E,), -0.3, 0.3),
        _uniform((E, S, 3, 3), -0.15, 0.15),
        _uniform((E,), -0.3, 0.3),
        _uniform((S, 2 * E, 1, 1), -0.15, 0.15),
        _uniform((S,), -0.3, 0.3),
        _uniform((E, S, 1, 1), -0.4, 0.4),
        _uniform((E,), -0.3, 0.3),
        _uniform((E, S, 3, 3), -0.15, 0.15),
        _uniform((E,), -0.3, 0.3),
    ]


def get_init_inputs():
    return []
