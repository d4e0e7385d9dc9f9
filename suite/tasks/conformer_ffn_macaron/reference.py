import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The macaron half-step feed-forward module of an ESPnet Conformer encoder layer
    (inference, batch 1, x as [T, D]):
      h = LayerNorm(x)                      (affine, eps 1e-12 as ESPnet's LayerNorm)
      y = x + 0.5 * (Swish(h W1^T + b1) W2^T + b2)
    """

    def __init__(self, eps: float = 1e-12, ff_scale: float = 0.5):
        super().__init__()
        self.eps, self.ff_scale = eps, ff_scale

    def forward(self, x, ln_w, ln_b, W1, b1, W2, b2):
        h = F.layer_norm(x, (x.shape[-1],), ln_w, ln_b, self.eps)
        f = F.linear(h, W1, b1)
        f = f * torch.sigmoid(f)
        return x + self.ff_scale * F.linear(f, W2, b2)


T, D, FF = 250, 144, 576


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, D), -2.0, 2.0),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
        _uniform((FF, D), -0.15, 0.15),
        _uniform((FF,), -0.5, 0.3),
        _uniform((D, FF), -0.08, 0.08),
        _uniform((D,), -0.2, 0.2),
    ]


def get_init_inputs():
    return [1e-12, 0.5]
