import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """silu(conv3x3(input) + bias), stride 1, zero padding 1: a YOLOv5 / EfficientNet Conv-BN-SiLU
    layer with batch norm folded into the weights and the bias (NCHW, batch 1)."""

    def __init__(self, stride: int = 1, padding: int = 1):
        super().__init__()
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.silu(F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding))


CI, CO, H, W = 16, 16, 80, 80


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        (torch.rand(CO, CI, 3, 3) - 0.5) * 0.5,
        torch.rand(CO) * 2 - 1,
    ]


def get_init_inputs():
    return [1, 1]
