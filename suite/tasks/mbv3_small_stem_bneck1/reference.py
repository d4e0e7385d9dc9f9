import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3-Small features.0-1 (torchvision), batch norm folded:
      s = hswish(conv3x3(x, w_stem, pad 1, stride 2) + b_stem)          # CI -> C
      d = relu(depthwise3x3(s, w_dw, pad 1, stride 2) + b_dw)           # expand ratio 1
      g = hardsigmoid(conv1x1(relu(conv1x1(mean_hw(d), w_fc1) + b_fc1), w_fc2) + b_fc2)
      y = conv1x1(d * g, w_proj) + b_proj                               # C -> K, no shortcut
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_stem, b_stem, w_dw, b_dw, w_fc1, b_fc1, w_fc2, b_fc2, w_proj, b_proj):
        s = F.hardswish(F.conv2d(x, w_stem, b_stem, stride=2, padding=1))
        d = F.relu(F.conv2d(s, w_dw, b_dw, stride=2, padding=1, groups=w_dw.shape[0]))
        g = F.adaptive_avg_pool2d(d, 1)
        g = F.relu(F.conv2d(g, w_fc1, b_fc1))
        g = F.hardsigmoid(F.conv2d(g, w_fc2, b_fc2))
        return F.conv2d(d * g, w_proj, b_proj)


CI, C, R, K, H, W = 3, 16, 8, 16, 224, 224


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), -2.0, 2.0),
        _uniform((C, CI, 3, 3), -0.3, 0.3),
        _uniform((C,), -1.0, 1.0),
        _uniform((C, 1, 3, 3), -0.4, 0.5),
        _uniform((C,), -0.5, 0.5),
        _uniform((R, C, 1, 1), -0.5, 0.5),
        _uniform((R,), -0.3, 0.3),
        _uniform((C, R, 1, 1), -1.0, 1.0),
        _uniform((C,), -2.0, 2.0),
        _uniform((K, C, 1, 1), -0.3, 0.3),
        _uniform((K,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
