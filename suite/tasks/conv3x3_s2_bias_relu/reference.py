import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """relu(conv3x3(input) + bias), stride 2, zero padding 1: the downsampling Conv-BN-ReLU of a
    MobileNetV1/V2 stem or a ResNet stage, batch norm folded into the weights and the bias
    (NCHW, batch 1)."""

    def __init__(self, stride: int = 2, padding: int = 1):
        super().__init__()
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.relu(F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding))


CI, CO, H, W = 3, 32, 128, 128


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 3, 3) - 0.5,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [2, 1]
