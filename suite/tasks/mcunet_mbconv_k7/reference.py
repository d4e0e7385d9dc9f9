import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MCUNet MBConv (TinyNAS MBInvertedConvLayer), 7x7 depthwise, stride 1, with the residual.

    Batch norm is folded into the conv weights and biases:
      h1 = ReLU6(conv1x1(x, w_expand) + b_expand)          # C -> E channels
      h2 = ReLU6(depthwise7x7(h1, w_dw, pad 3) + b_dw)     # per channel, stride 1
      y  = conv1x1(h2, w_project) + b_project + x          # E -> C channels, linear
    """

    def __init__(self, k: int = 7):
        super().__init__()
        self.k = k

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
        h1 = F.conv2d(x, w_expand, b_expand).clamp(0.0, 6.0)
        h2 = F.conv2d(h1, w_dw, b_dw, stride=1, padding=self.k // 2, groups=w_dw.shape[0]).clamp(0.0, 6.0)
        return F.conv2d(h2, w_project, b_project) + x


C, E, H, W = 16, 96, 40, 40


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((E, C, 1, 1), -0.5, 0.5),
        _uniform((E,), -1.0, 6.0),
        _uniform((E, 1, 7, 7), -0.15, 0.2),
        _uniform((E,), -0.5, 1.5),
        _uniform((C, E, 1, 1), -0.15, 0.15),
        _uniform((C,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [7]
