import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Bilinear x4, TF-style align_corners=True (output 4H - 3) resize, align_corners=True, NCHW at batch 1."""

    def __init__(self, align_corners: bool = True):
        super().__init__()
        self.align_corners = align_corners

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        H, W = input.shape[-2:]
        return F.interpolate(input, size=(4 * H - 3, 4 * W - 3), mode="bilinear", align_corners=self.align_corners)


C, H, W = 256, 33, 33


def get_inputs():
    return [torch.rand(1, C, H, W)]


def get_init_inputs():
    return [True]
