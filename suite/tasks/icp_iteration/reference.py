import torch
import torch.nn as nn


class Model(nn.Module):
    """The data half of one point-to-point ICP iteration (Besl and McKay 1992) before its 3x3
    SVD (Kabsch): transform the source cloud by the current pose (R0, t0), find each source
    point's nearest target point by brute force (squared Euclidean distance, the first index
    on a tie), then the centroids of the transformed source and of the matched targets and
    their 3x3 cross-covariance
      cov[i, j] = sum_p (src'_p[i] - cs[i]) (dst_corr(p)[j] - cd[j]).
    Returns (corr [P] int32, cent [2, 3] (cs, cd), cov [3, 3])."""

    def __init__(self):
        super().__init__()

    def forward(self, src, dst, R0, t0):
        x = src[:, 0:1] * R0[:, 0] + src[:, 1:2] * R0[:, 1] + src[:, 2:3] * R0[:, 2] + t0  # [P, 3]
        d = x[:, None, :] - dst[None, :, :]
        dist = (d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1]) + d[..., 2] * d[..., 2]  # [P, Q]
        corr = torch.argmin(dist, dim=1)
        q = dst[corr]
        cs = x.mean(dim=0)
        cd = q.mean(dim=0)
        cov = (x - cs).t() @ (q - cd)
        return corr.to(torch.int32), torch.stack([cs, cd]), cov


P, Q = 1024, 1024


def get_inputs():
    return [
        torch.rand(P, 3) * 20 - 10,
        torch.rand(Q, 3) * 20 - 10,
        torch.rand(3, 3) * 2 - 1,
        torch.rand(3) * 2 - 1,
    ]


def get_init_inputs():
    return []
