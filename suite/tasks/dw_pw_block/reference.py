import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV1 depthwise-separable layer, stride 1, batch norm folded into the conv weights
    and biases:
      h = ReLU(depthwise3x3(x, w_dw, pad 1) + b_dw)     # per channel, C channels
      y = ReLU(conv1x1(h, w_pw) + b_pw)                 # C -> K channels
    """

    def __init__(self):
        super().__init__()

    def forward(
        self,
        x: torch.Tensor,
        w_dw: torch.Tensor,
        b_dw: torch.Tensor,
        w_pw: torch.Tensor,
        b_pw: torch.Tensor,
    ) -> torch.Tensor:
        h = torch.relu(F.conv2d(x, w_dw, b_dw, stride=1, padding=1, groups=w_dw.shape[0]))
        return torch.relu(F.conv2d(h, w_pw, b_pw))


C, K, H, W = 32, 32, 24, 24


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((C, 1, 3, 3), -0.5, 0.6),
        _uniform((C,), -0.5, 1.0),
        _uniform((K, C, 1, 1), -0.5, 0.5),
        _uniform((K,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
