import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """wav2vec 2.0 feature encoder layer 0 (feat_extract_norm='group'):
      h = conv1d(x, w, stride 5)            1 -> C channels, kernel 10, no bias
      y = GELU(GroupNorm(h, C groups))      each channel normalized over time, affine, eps 1e-5
    """

    def __init__(self, stride: int = 5, eps: float = 1e-5):
        super().__init__()
        self.stride, self.eps = stride, eps

    def forward(self, x, w, gn_w, gn_b):
        h = F.conv1d(x, w, None, stride=self.stride)
        # F.group_norm(h, C, gn_w, gn_b, eps) written out (it refuses a single frame):
        # each channel is one group, normalized over time with the biased variance
        mean = h.mean(dim=-1, keepdim=True)
        var = ((h - mean) ** 2).mean(dim=-1, keepdim=True)
        h = (h - mean) / torch.sqrt(var + self.eps) * gn_w.view(1, -1, 1) + gn_b.view(1, -1, 1)
        return F.gelu(h)


C, T = 512, 3199


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, 1, 5 * T + 5), -1.0, 1.0),
        _uniform((C, 1, 10), -0.5, 0.5),
        _uniform((C,), 0.5, 2.0),
        _uniform((C,), -1.0, 1.0),
    ]


def get_init_inputs():
    return [5, 1e-5]
