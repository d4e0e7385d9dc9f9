import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Reflection padding by 1 on both sides of H and W (the border pixel is not repeated)."""

    def __init__(self, pad: int = 1):
        super().__init__()
        self.pad = pad

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        return F.pad(input, (self.pad, self.pad, self.pad, self.pad), mode="reflect")


C, H, W = 256, 64, 64


def get_inputs():
    return [torch.rand(1, C, H, W) * 2 - 1]


def get_init_inputs():
    return [1]
