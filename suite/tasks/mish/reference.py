import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Mish, elementwise: output = input * tanh(softplus(input)) (YOLOv4)."""

    def __init__(self):
        super().__init__()

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.mish(input)


C, H, W = 64, 208, 208


def get_inputs():
    return [torch.rand(1, C, H, W) * 10 - 5]


def get_init_inputs():
    return []
