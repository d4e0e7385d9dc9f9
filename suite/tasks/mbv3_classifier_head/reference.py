import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3 last stage (torchvision), batch norm folded, dropout identity:
      h      = hswish(conv1x1(x, w_conv) + b_conv)      # C -> E
      p      = mean_hw(h)                               # adaptive_avg_pool2d(h, 1), flattened
      f      = hswish(linear(p, w_fc1, b_fc1))          # E -> F
      logits = linear(f, w_fc2, b_fc2)                  # F -> K
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_conv, b_conv, w_fc1, b_fc1, w_fc2, b_fc2):
        h = F.hardswish(F.conv2d(x, w_conv, b_conv))
        p = torch.flatten(F.adaptive_avg_pool2d(h, 1), 1)
        f = F.hardswish(F.linear(p, w_fc1, b_fc1))
        return F.linear(f, w_fc2, b_fc2)


C, E, Fd, K, H, W = 96, 576, 1024, 1000, 7, 7


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.5, 1.5),
        _uniform((E, C, 1, 1), -0.2, 0.2),
        _uniform((E,), -1.5, 1.0),
        _uniform((Fd, E), -0.1, 0.1),
        _uniform((Fd,), -1.0, 1.0),
        _uniform((K, Fd), -0.1, 0.1),
        _uniform((K,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
