import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Affine warp of a planar image [C, H, W]: F.affine_grid(theta) then F.grid_sample with
    bilinear sampling, zero padding and align_corners=False (the spatial-transformer sampler)."""

    def __init__(self, align_corners: bool):
        super().__init__()
        self.align_corners = align_corners

    def forward(self, img: torch.Tensor, theta: torch.Tensor) -> torch.Tensor:
        c, h, w = img.shape
        grid = F.affine_grid(theta.unsqueeze(0), [1, c, h, w], align_corners=self.align_corners)
        out = F.grid_sample(img.unsqueeze(0), grid, mode="bilinear", padding_mode="zeros",
                            align_corners=self.align_corners)
        return out.squeeze(0)


C, H, W = 3, 480, 640


def get_inputs():
    return [torch.rand(C, H, W), 2.0 * torch.rand(2, 3) - 1.0]


def get_init_inputs():
    return [False]
