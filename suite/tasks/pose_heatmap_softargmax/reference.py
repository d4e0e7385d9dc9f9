import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A keypoint heatmap head with soft-argmax decoding (integral pose regression):
      h  = ReLU(conv3x3(feat, w1, pad 1) + b1)              C -> C2
      hm = conv1x1(h, w2) + b2                              C2 -> K heatmaps [1, K, H, W]
      p  = softmax of hm[k] over the H*W positions
      coords[k] = (sum p * col, sum p * row)                [1, K, 2], in heatmap pixels
    returns (hm, coords)."""

    def __init__(self):
        super().__init__()

    def forward(self, feat, w1, b1, w2, b2):
        h = F.relu(F.conv2d(feat, w1, b1, padding=1))
        hm = F.conv2d(h, w2, b2)
        n, k, hh, ww = hm.shape
        p = torch.softmax(hm.reshape(n, k, hh * ww), dim=-1).reshape(n, k, hh, ww)
        cols = torch.arange(ww, dtype=hm.dtype, device=hm.device).view(1, 1, 1, ww)
        rows = torch.arange(hh, dtype=hm.dtype, device=hm.device).view(1, 1, hh, 1)
        coords = torch.stack([(p * cols).sum(dim=(2, 3)), (p * rows).sum(dim=(2, 3))], dim=-1)
        return hm, coords


C, C2, K, H, W = 32, 32, 17, 64, 48


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), 0.0, 1.0),
        _uniform((C2, C, 3, 3), -0.06, 0.06), _uniform((C2,), -0.3, 0.3),
        _uniform((K, C2, 1, 1), -3.0, 3.0), _uniform((K,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
