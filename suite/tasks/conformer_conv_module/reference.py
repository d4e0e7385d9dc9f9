import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The Conformer convolution module (inference, batch norm folded into the depthwise conv):
    LayerNorm -> pointwise conv (D -> 2D) -> GLU -> depthwise conv1d (k 15, same padding)
    -> SiLU -> pointwise conv (D -> D) -> residual add. x is [1, T, D], time-major."""

    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, x, ln_w, ln_b, pw1_w, pw1_b, dw_w, dw_b, pw2_w, pw2_b):
        h = F.layer_norm(x, (x.shape[-1],), ln_w, ln_b, self.eps)
        h = h.transpose(1, 2)  # [1, D, T]
        h = F.glu(F.conv1d(h, pw1_w, pw1_b), dim=1)
        h = F.silu(F.conv1d(h, dw_w, dw_b, padding=dw_w.shape[-1] // 2, groups=h.shape[1]))
        h = F.conv1d(h, pw2_w, pw2_b)
        return x + h.transpose(1, 2)


T, D = 100, 144


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, T, D), -1.0, 1.0),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.2, 0.2),
        _uniform((2 * D, D, 1), -0.15, 0.15),
        _uniform((2 * D,), -0.5, 0.5),
        _uniform((D, 1, 15), -0.3, 0.3),
        _uniform((D,), -1.0, 1.0),
        _uniform((D, D, 1), -0.1, 0.1),
        _uniform((D,), -0.2, 0.2),
    ]


def get_init_inputs():
    return [1e-5]  # the LayerNorm epsilon
