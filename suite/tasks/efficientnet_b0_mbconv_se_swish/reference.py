import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """EfficientNet-B0 MBConv6 (timm InvertedResidual), 3x3 stride 1, SE, swish, BN folded:
      h1 = swish(conv1x1(x, w_exp) + b_exp)                           # C -> E
      h2 = swish(depthwise3x3(h1, w_dw, pad 1) + b_dw)
      g  = sigmoid(conv1x1(swish(conv1x1(mean_hw(h2), w_fc1) + b_fc1), w_fc2) + b_fc2)
      y  = conv1x1(h2 * g, w_proj) + b_proj + x                       # E -> C
    """

    def __init__(self, k: int = 3):
        super().__init__()
        self.k = k

    def forward(self, x, w_exp, b_exp, w_dw, b_dw, w_fc1, b_fc1, w_fc2, b_fc2, w_proj, b_proj):
        h1 = F.silu(F.conv2d(x, w_exp, b_exp))
        h2 = F.silu(F.conv2d(h1, w_dw, b_dw, padding=self.k // 2, groups=w_dw.shape[0]))
        s = h2.mean((2, 3), keepdim=True)
        s = F.silu(F.conv2d(s, w_fc1, b_fc1))
        g = torch.sigmoid(F.conv2d(s, w_fc2, b_fc2))
        return F.conv2d(h2 * g, w_proj, b_proj) + x


C, E, R, H, W = 24, 144, 6, 56, 56


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((E, C, 1, 1), -0.3, 0.3),
        _uniform((E,), -1.0, 1.5),
        _uniform((E, 1, 3, 3), -0.3, 0.4),
        _uniform((E,), -1.0, 1.0),
        _uniform((R, E, 1, 1), -0.15, 0.15),
        _uniform((R,), -0.5, 0.5),
        _uniform((E, R, 1, 1), -0.3, 0.3),
        _uniform((E,), -2.5, 2.5),
        _uniform((C, E, 1, 1), -0.1, 0.1),
        _uniform((C,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [3]
