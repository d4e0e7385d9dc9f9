import torch
import torch.nn as nn


class Model(nn.Module):
    """One PointNet++ set-abstraction layer (Qi et al. 2017, SSG) with fixed grouping, batch 1,
    channels last: the centroid indices (from farthest-point sampling) and the K neighbour
    indices of each centroid (from the ball query / kNN) are inputs, taken modulo N:
      new_xyz[s] = xyz[c_s];  for each neighbour k of s: in = [xyz[g_sk] - new_xyz[s], feat[g_sk]]
      h = relu(W3 relu(W2 relu(W1 in + b1) + b2) + b3)   (the shared MLP, BN folded)
      new_feat[s] = max over k of h
    Returns (new_xyz [1, S, 3], new_feat [1, S, C3])."""

    def __init__(self):
        super().__init__()

    def forward(self, xyz, feat, cidx, gidx, w1, b1, w2, b2, w3, b3):
        N = xyz.shape[1]
        c = cidx.long() % N
        g = gidx.long() % N
        new_xyz = xyz[0, c]                                   # [S, 3]
        rel = xyz[0, g] - new_xyz[:, None, :]                 # [S, K, 3]
        inp = torch.cat([rel, feat[0, g]], dim=-1)           # [S, K, 3 + Cin]
        h = torch.relu(inp @ w1.t() + b1)
        h = torch.relu(h @ w2.t() + b2)
        h = torch.relu(h @ w3.t() + b3)
        return new_xyz.unsqueeze(0), h.max(dim=1).values.unsqueeze(0)


N, CIN, S, K, C1, C2, C3 = 1024, 3, 512, 32, 64, 64, 128


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, N, 3), -1.0, 1.0),
        _uniform((1, N, CIN), -1.0, 1.0),
        torch.randint(0, 1024, (S,), dtype=torch.int32),
        torch.randint(0, 1024, (S, K), dtype=torch.int32),
        _uniform((C1, 3 + CIN), -0.5, 0.5),
        _uniform((C1,), -0.1, 0.3),
        _uniform((C2, C1), -0.2, 0.2),
        _uniform((C2,), -0.1, 0.3),
        _uniform((C3, C2), -0.2, 0.2),
        _uniform((C3,), -0.1, 0.3),
    ]


def get_init_inputs():
    return []
