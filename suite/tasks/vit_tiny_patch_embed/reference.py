import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The ViT input stage (timm PatchEmbed + _pos_embed), batch 1:
      patches = conv2d(img, W, b, stride=16)            [D, GH, GW]
      tokens  = patches.flatten(1).T                    [GH*GW, D], row-major over the grid
      y       = cat(cls, tokens) + pos                  [1 + GH*GW, D]
    """

    def __init__(self, patch: int = 16):
        super().__init__()
        self.patch = patch

    def forward(self, img, W, b, cls, pos):
        p = F.conv2d(img.unsqueeze(0), W, b, stride=self.patch)[0]  # [D, GH, GW]
        tokens = p.flatten(1).transpose(0, 1)
        return torch.cat((cls.unsqueeze(0), tokens), dim=0) + pos


C, GH, GW, D = 3, 14, 14, 192


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((C, 16 * GH, 16 * GW), -2.1, 2.6),
        _uniform((D, C, 16, 16), -0.05, 0.05),
        _uniform((D,), -0.2, 0.2),
        _uniform((D,), -1.0, 1.0),
        _uniform((1 + GH * GW, D), -0.5, 0.5),
    ]


def get_init_inputs():
    return [16]
