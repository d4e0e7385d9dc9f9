import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3-Large bneck (torchvision InvertedResidual), 3x3, stride 1, no SE, h-swish,
    with the residual connection. Batch norm is folded into the conv weights and biases:
      h1 = hswish(conv1x1(x, w_expand) + b_expand)          # C -> E channels
      h2 = hswish(depthwise3x3(h1, w_dw, pad 1) + b_dw)     # per channel, stride 1
      y  = conv1x1(h2, w_project) + b_project + x          # E -> C channels, linear
    """

    def __init__(self):
        super().__init__()

    def forward(
        self,
        x: torch.Tensor,
        w_expand: torch.Tensor,
        b_expand: torch.Tensor,
        w_dw: torch.Tensor,
        b_dw: torch.Tensor,
        w_project: torch.Tensor,
        b_project: torch.Tensor,
    ) -> torch.Tensor:
        h1 = F.hardswish(F.conv2d(x, w_expand, b_expand))
        h2 = F.hardswish(F.conv2d(h1, w_dw, b_dw, stride=1, padding=1, groups=w_dw.shape[0]))
        return F.conv2d(h2, w_project, b_project) + x


C, E, H, W = 80, 200, 14, 14


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((E, C, 1, 1), -0.2, 0.2),
        _uniform((E,), -3.0, 2.0),
        _uniform((E, 1, 3, 3), -0.3, 0.4),
        _uniform((E,), -3.0, 1.5),
        _uniform((C, E, 1, 1), -0.1, 0.1),
        _uniform((C,), -0.1, 0.1),
    ]


def get_init_inputs():
    return []
