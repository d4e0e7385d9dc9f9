import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """VoxelNet's feature learning network (Zhou and Tuzel 2018), BN folded: two VFE layers
    and an FCN, each point-wise ReLU(linear) masked to the voxel's valid points, with an
    element-wise max over the points (the locally aggregated feature) concatenated back in
    the VFE layers, and a final max over the points. Returns out [V, C]."""

    def __init__(self):
        super().__init__()

    def forward(self, feat, npts, w1, b1, w2, b2, w3, b3):
        V, T, _ = feat.shape
        mask = (torch.arange(T, device=feat.device)[None, :] < npts[:, None].long()).to(feat.dtype)[:, :, None]
        p = torch.relu(F.linear(feat, w1, b1)) * mask                      # [V, T, U1]
        a = p.max(dim=1, keepdim=True).values                              # [V, 1, U1]
        x = torch.cat([p, a.expand_as(p)], dim=2) * mask                   # [V, T, 2 U1]
        p = torch.relu(F.linear(x, w2, b2)) * mask                         # [V, T, U2]
        a = p.max(dim=1, keepdim=True).values
        x = torch.cat([p, a.expand_as(p)], dim=2) * mask                   # [V, T, 2 U2]
        p = torch.relu(F.linear(x, w3, b3)) * mask                         # [V, T, C]
        return p.max(dim=1).values


V, T, CIN, U1, U2, C = 1024, 35, 7, 16, 64, 128


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((V, T, CIN), -1.0, 1.0),
        torch.randint(1, 36, (V,), dtype=torch.int32),
        _uniform((U1, CIN), -0.5, 0.5), _uniform((U1,), -0.2, 0.3),
        _uniform((U2, 2 * U1), -0.2, 0.2), _uniform((U2,), -0.2, 0.2),
        _uniform((C, 2 * U2), -0.1, 0.1), _uniform((C,), -0.2, 0.1),
    ]


def get_init_inputs():
    return []
