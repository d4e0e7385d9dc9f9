import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Raw front end of an RGGB sensor: black level and white-level normalization
    (lin = max((raw - black) / (white - black), 0)), then lens shading correction: each CFA
    channel's gain grid [GH, GW] bilinearly upsampled (align_corners=False) to the channel's
    [H/2, W/2] plane, times lin."""

    def __init__(self, black: int, white: int):
        super().__init__()
        self.black, self.white = black, white

    def forward(self, raw: torch.Tensor, gains: torch.Tensor) -> torch.Tensor:
        h, w = raw.shape
        lin = torch.clamp((raw.to(torch.float32) - self.black) / (self.white - self.black), min=0.0)
        g = F.interpolate(gains.unsqueeze(0), size=(h // 2, w // 2), mode="bilinear",
                          align_corners=False).squeeze(0)  # [4, H/2, W/2]
        full = g.reshape(2, 2, h // 2, w // 2).permute(2, 0, 3, 1).reshape(h, w)
        return lin * full


H2, W2, GH, GW = 616, 820, 12, 16


def get_inputs():
    return [torch.randint(0, 1024, (2 * H2, 2 * W2), dtype=torch.int16), 1.0 + 2.0 * torch.rand(4, GH, GW)]


def get_init_inputs():
    return [64, 1023]
