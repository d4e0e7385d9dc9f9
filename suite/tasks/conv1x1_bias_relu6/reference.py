import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """min(max(conv1x1(input) + bias, 0), 6): a MobileNetV2 expansion layer (NCHW, batch 1)."""

    def __init__(self):
        super().__init__()

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return torch.clamp(F.conv2d(input, weight, bias), 0.0, 6.0)


C_in, C_out, H, W = 32, 192, 28, 28


def get_inputs():
    return [
        torch.rand(1, C_in, H, W) * 2 - 1,
        torch.rand(C_out, C_in, 1, 1) - 0.5,
        torch.rand(C_out) * 6 - 1,
    ]


def get_init_inputs():
    return []
