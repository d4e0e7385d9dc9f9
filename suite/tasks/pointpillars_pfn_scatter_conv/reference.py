import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The front of PointPillars (Lang et al. 2019), batch 1, BN folded:
      PFN: h = relu(linear(pfeat)) masked to the pillar's valid points, feat = max over points
      scatter (through the voxelizer's dense cell-to-pillar grid): canvas[c, y, x] =
               feat[cell_idx[y, x] mod P, c] where cell_idx >= 0, else 0
      backbone block 1, first layer: relu(conv2d(canvas, 3x3, stride 2, padding 1))
    Returns out [1, Co, (H + 1) // 2, (W + 1) // 2]."""

    def __init__(self):
        super().__init__()

    def forward(self, pfeat, npts, cell_idx, w_pfn, b_pfn, w_conv, b_conv):
        P, T, _ = pfeat.shape
        H, W = cell_idx.shape
        mask = (torch.arange(T, device=pfeat.device)[None, :] < npts[:, None].long()).to(pfeat.dtype)[:, :, None]
        h = torch.relu(F.linear(pfeat, w_pfn, b_pfn)) * mask         # [P, T, C]
        feat = h.max(dim=1).values                                    # [P, C]
        idx = cell_idx.long()
        canvas = torch.where((idx >= 0)[None], feat[idx % P].permute(2, 0, 1), torch.zeros((), device=feat.device))  # [C, H, W]
        return torch.relu(F.conv2d(canvas[None], w_conv, b_conv, stride=2, padding=1))


P, T, CIN, C, H, W, CO = 4096, 32, 9, 64, 256, 256, 64


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((P, T, CIN), -1.0, 1.0),
        torch.randint(1, 33, (P,), dtype=torch.int32),
        torch.randint(-1048576, 65536, (H, W), dtype=torch.int32),
        _uniform((C, CIN), -0.5, 0.5), _uniform((C,), -0.3, 0.2),
        _uniform((CO, C, 3, 3), -0.2, 0.2), _uniform((CO,), -0.1, 0.1),
    ]


def get_init_inputs():
    return []
