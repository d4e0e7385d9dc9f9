import torch
import torch.nn as nn


class Model(nn.Module):
    """BT.601 full-range RGB -> YUV (YCbCr) of a planar image [3, H, W] in [0, 1]:
    yuv[c] = sum over k of matrix[c][k] * rgb[k] + offset[c]."""

    def __init__(self, matrix: list, offset: list):
        super().__init__()
        self.matrix = matrix  # 3x3, rows Y, Cb, Cr; columns R, G, B
        self.offset = offset  # chroma offset 0.5 (normalized 128/256), none on Y

    def forward(self, rgb: torch.Tensor) -> torch.Tensor:
        m = torch.tensor(self.matrix, dtype=rgb.dtype, device=rgb.device)
        off = torch.tensor(self.offset, dtype=rgb.dtype, device=rgb.device)
        return torch.einsum("ck,khw->chw", m, rgb) + off.view(3, 1, 1)


H, W = 480, 640


def get_inputs():
    return [torch.rand(3, H, W)]


def get_init_inputs():
    matrix = [
        [0.299, 0.587, 0.114],
        [-0.168736, -0.331264, 0.5],
        [0.5, -0.418688, -0.081312],
    ]
    return [matrix, [0.0, 0.5, 0.5]]
