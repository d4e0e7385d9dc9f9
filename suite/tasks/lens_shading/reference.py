import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Lens shading correction of an RGGB raw frame [H, W]: each CFA channel's gain grid
    [GH, GW] is bilinearly upsampled (align_corners=False) to that channel's [H/2, W/2] plane
    and multiplied into the raw samples."""

    def __init__(self, channels: int):
        super().__init__()
        self.channels = channels

    def forward(self, raw: torch.Tensor, gains: torch.Tensor) -> torch.Tensor:
        h, w = raw.shape
        g = F.interpolate(gains.unsqueeze(0), size=(h // 2, w // 2), mode="bilinear",
                          align_corners=False).squeeze(0)  # [4, H/2, W/2]
        # back to the mosaic: channel 2*dy + dx sits at (2j + dy, 2i + dx)
        full = g.reshape(2, 2, h // 2, w // 2).permute(2, 0, 3, 1).reshape(h, w)
        return raw * full


H2, W2, GH, GW = 240, 320, 12, 16


def get_inputs():
    return [torch.rand(2 * H2, 2 * W2), 1.0 + 2.0 * torch.rand(4, GH, GW)]


def get_init_inputs():
    return [4]
