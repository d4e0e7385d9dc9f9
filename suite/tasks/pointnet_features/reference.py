import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """PointNet feature extractor (batch norm folded): a shared MLP 3 -> 64 -> 64 -> 128 applied
    to every point as 1x1 conv1d layers with ReLU, then a max pool over the points, giving a
    global feature [1, 128] of the point cloud x [1, 3, N]."""

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w2, b2, w3, b3):
        h1 = F.relu(F.conv1d(x, w1, b1))
        h2 = F.relu(F.conv1d(h1, w2, b2))
        h3 = F.relu(F.conv1d(h2, w3, b3))
        return torch.max(h3, dim=2).values


N = 1024


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, 3, N), -1.0, 1.0),
        _uniform((64, 3, 1), -1.0, 1.0),
        _uniform((64,), -0.5, 0.5),
        _uniform((64, 64, 1), -0.25, 0.25),
        _uniform((64,), -0.5, 0.5),
        _uniform((128, 64, 1), -0.25, 0.25),
        _uniform((128,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
