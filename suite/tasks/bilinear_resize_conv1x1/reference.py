import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Bilinear upsampling by 2 (align_corners=False) followed by a 1x1 convolution with bias,
    NCHW at batch 1: the high-resolution classifier branch of the LR-ASPP segmentation head
    (torchvision's LRASPPHead: F.interpolate(x, mode="bilinear") then a 1x1 Conv2d)."""

    def __init__(self, scale_factor: int = 2):
        super().__init__()
        self.scale_factor = scale_factor

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        up = F.interpolate(input, scale_factor=self.scale_factor, mode="bilinear", align_corners=False)
        return F.conv2d(up, weight, bias)


CI, CO, H, W = 128, 21, 16, 16


def get_inputs():
    return [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 1, 1) * 0.4 - 0.2,
        torch.rand(CO) - 0.5,
    ]


def get_init_inputs():
    return [2]
