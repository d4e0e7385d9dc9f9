import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Two consecutive depthwise-separable layers of MobileNetV1 (batch norm folded into the
    conv weights and biases), the second one with a stride-2 depthwise conv:
      h1 = ReLU6(depthwise3x3(x, w_dw1, pad 1) + b_dw1)             # C0 channels, stride 1
      h2 = ReLU6(conv1x1(h1, w_pw1) + b_pw1)                        # C0 -> C1
      h3 = ReLU6(depthwise3x3(h2, w_dw2, pad 1, stride 2) + b_dw2)  # C1 channels, stride 2
      y  = ReLU6(conv1x1(h3, w_pw2) + b_pw2)                        # C1 -> C2
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_dw1, b_dw1, w_pw1, b_pw1, w_dw2, b_dw2, w_pw2, b_pw2) -> torch.Tensor:
        h1 = F.conv2d(x, w_dw1, b_dw1, stride=1, padding=1, groups=w_dw1.shape[0]).clamp(0.0, 6.0)
        h2 = F.conv2d(h1, w_pw1, b_pw1).clamp(0.0, 6.0)
        h3 = F.conv2d(h2, w_dw2, b_dw2, stride=2, padding=1, groups=w_dw2.shape[0]).clamp(0.0, 6.0)
        return F.conv2d(h3, w_pw2, b_pw2).clamp(0.0, 6.0)


C0, C1, C2, H, W = 8, 16, 32, 48, 48


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C0, H, W), 0.0, 3.0),
        _uniform((C0, 1, 3, 3), -0.4, 0.6),
        _uniform((C0,), -0.5, 0.5),
        _uniform((C1, C0, 1, 1), -0.4, 0.5),
        _uniform((C1,), -1.0, 1.0),
        _uniform((C1, 1, 3, 3), -0.4, 0.6),
        _uniform((C1,), -0.5, 0.5),
        _uniform((C2, C1, 1, 1), -0.25, 0.3),
        _uniform((C2,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
