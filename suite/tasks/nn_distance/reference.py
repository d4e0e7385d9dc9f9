import torch
import torch.nn as nn


class Model(nn.Module):
    """ICP correspondence search, brute force: for each query point [N, 3] the squared
    Euclidean distance to the nearest reference point [M, 3] and its index (int32, the first
    one on ties, as torch.min)."""

    def __init__(self):
        super().__init__()

    def forward(self, queries: torch.Tensor, refs: torch.Tensor):
        diff = queries[:, None, :] - refs[None, :, :]  # [N, M, 3]
        d = (diff * diff).sum(dim=-1)  # [N, M]: squared distances
        dist, index = torch.min(d, dim=1)
        return dist, index.to(torch.int32)


N, M = 1024, 2048


def get_inputs():
    return [torch.rand(N, 3) * 2 - 1, torch.rand(M, 3) * 2 - 1]


def get_init_inputs():
    return []
