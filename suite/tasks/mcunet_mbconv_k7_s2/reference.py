import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MCUNet MBConv (TinyNAS MBInvertedConvLayer), 7x7 depthwise, stride 2, no residual, BN folded:
      h1 = ReLU6(conv1x1(x, w_expand) + b_expand)                 # C -> E, H x W
      h2 = ReLU6(depthwise7x7(h1, w_dw, pad 3, stride 2) + b_dw)  # E, Ho x Wo
      y  = conv1x1(h2, w_project) + b_project                     # E -> K, linear
    """

    def __init__(self, k: int = 7, stride: int = 2):
        super().__init__()
        self.k, self.stride = k, stride

    def forward(self, x, w_expand, b_expand, w_dw, b_dw, w_project, b_project):
        h1 = F.conv2d(x, w_expand, b_expand).clamp(0.0, 6.0)
        h2 = F.conv2d(h1, w_dw, b_dw, stride=self.stride, padding=self.k // 2, groups=w_dw.shape[0]).clamp(0.0, 6.0)
        return F.conv2d(h2, w_project, b_project)


C, E, K, H, W = 24, 96, 40, 20, 20


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((E, C, 1, 1), -0.5, 0.5),
        _uniform((E,), -1.0, 6.0),
        _uniform((E, 1, 7, 7), -0.15, 0.2),
        _uniform((E,), -0.5, 1.5),
        _uniform((K, E, 1, 1), -0.15, 0.15),
        _uniform((K,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [7, 2]
