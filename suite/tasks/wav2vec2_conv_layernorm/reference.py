import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """wav2vec 2.0 Wav2Vec2LayerNormConvLayer (feat_extract_norm='layer'):
      h = conv1d(x, w, b, stride 2)                       C -> C channels, kernel 3
      y = GELU(LayerNorm over the channels of each frame)  affine, eps 1e-5
    """

    def __init__(self, stride: int = 2, eps: float = 1e-5):
        super().__init__()
        self.stride, self.eps = stride, eps

    def forward(self, x, w, b, ln_w, ln_b):
        h = F.conv1d(x, w, b, stride=self.stride)
        h = F.layer_norm(h.transpose(-2, -1), (h.shape[1],), ln_w, ln_b, self.eps).transpose(-2, -1)
        return F.gelu(h)


C, T = 512, 199


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, 2 * T + 1), -1.0, 1.0),
        _uniform((C, C, 3), -0.05, 0.05),
        _uniform((C,), -0.2, 0.2),
        _uniform((C,), 0.5, 2.0),
        _uniform((C,), -1.0, 1.0),
    ]


def get_init_inputs():
    return [2, 1e-5]
