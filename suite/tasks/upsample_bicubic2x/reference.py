import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Bicubic (A = -0.75) x2 resize, align_corners=False, NCHW at batch 1."""

    def __init__(self, align_corners: bool = False):
        super().__init__()
        self.align_corners = align_corners

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        H, W = input.shape[-2:]
        return F.interpolate(input, size=(2 * H, 2 * W), mode="bicubic", align_corners=self.align_corners)


C, H, W = 1, 360, 640


def get_inputs():
    return [torch.rand(1, C, H, W)]


def get_init_inputs():
    return [False]
