import torch
import torch.nn as nn


class Model(nn.Module):
    """PointNet++ MSG set abstraction (Qi et al. 2017) with fixed grouping, two scales, batch 1,
    channels last: the centroid indices (FPS) and each scale's neighbour indices (ball query /
    kNN) are inputs, taken modulo N. Per scale: in = [xyz[g] - xyz[c], feat[g]], a shared
    3-layer MLP (ReLU, BN folded), the max over the neighbours; the scales concatenated.
    Returns (new_xyz [1, S, 3], new_feat [1, S, A3 + B3])."""

    def __init__(self):
        super().__init__()

    @staticmethod
    def scale(xyz, feat, new_xyz, g, w1, b1, w2, b2, w3, b3):
        rel = xyz[0, g] - new_xyz[:, None, :]                # [S, K, 3]
        h = torch.cat([rel, feat[0, g]], dim=-1)            # [S, K, 3 + Cin]
        h = torch.relu(h @ w1.t() + b1)
        h = torch.relu(h @ w2.t() + b2)
        h = torch.relu(h @ w3.t() + b3)
        return h.max(dim=1).values

    def forward(self, xyz, feat, cidx, gidx1, gidx2, wa1, ba1, wa2, ba2, wa3, ba3, wb1, bb1, wb2, bb2, wb3, bb3):
        N = xyz.shape[1]
        c = cidx.long() % N
        new_xyz = xyz[0, c]
        f1 = self.scale(xyz, feat, new_xyz, gidx1.long() % N, wa1, ba1, wa2, ba2, wa3, ba3)
        f2 = self.scale(xyz, feat, new_xyz, gidx2.long() % N, wb1, bb1, wb2, bb2, wb3, bb3)
        return new_xyz.unsqueeze(0), torch.cat([f1, f2], dim=1).unsqueeze(0)


N, CIN, S, K1, K2, A1, A2, A3, B1, B2, B3 = 1024, 3, 512, 16, 32, 32, 32, 64, 64, 64, 128


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, N, 3), -1.0, 1.0),
        _uniform((1, N, CIN), -1.0, 1.0),
        torch.randint(0, 1024, (S,), dtype=torch.int32),
        torch.randint(0, 1024, (S, K1), dtype=torch.int32),
        torch.randint(0, 1024, (S, K2), dtype=torch.int32),
        _uniform((A1, 3 + CIN), -0.5, 0.5), _uniform((A1,), -0.1, 0.3),
        _uniform((A2, A1), -0.25, 0.25), _uniform((A2,), -0.1, 0.3),
        _uniform((A3, A2), -0.25, 0.25), _uniform((A3,), -0.1, 0.3),
        _uniform((B1, 3 + CIN), -0.5, 0.5), _uniform((B1,), -0.1, 0.3),
        _uniform((B2, B1), -0.2, 0.2), _uniform((B2,), -0.1, 0.3),
        _uniform((B3, B2), -0.2, 0.2), _uniform((B3,), -0.1, 0.3),
    ]


def get_init_inputs():
    return []
