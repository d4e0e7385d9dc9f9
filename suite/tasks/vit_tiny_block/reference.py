import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A pre-LN ViT block (timm Block), batch 1, no mask, no dropout:
      q, k, v = split(LN1(x) Wqkv^T + bqkv)                heads of head_dim
      x1 = x + (concat_h softmax(q_h k_h^T / sqrt(head_dim)) v_h) Wo^T + bo
      y  = x1 + GELU(LN2(x1) W1^T + b1) W2^T + b2           GELU with erf
    The number of heads is D / head_dim."""

    def __init__(self, head_dim: int = 64, eps: float = 1e-6):
        super().__init__()
        self.head_dim, self.eps = head_dim, eps

    def forward(self, x, ln1_w, ln1_b, Wqkv, bqkv, Wo, bo, ln2_w, ln2_b, W1, b1, W2, b2):
        T, D = x.shape
        H, Dh = D // self.head_dim, self.head_dim
        h = F.layer_norm(x, (D,), ln1_w, ln1_b, self.eps)
        q, k, v = F.linear(h, Wqkv, bqkv).split(D, dim=-1)
        q, k, v = (z.view(T, H, Dh).transpose(0, 1) for z in (q, k, v))  # [H, T, Dh]
        scores = torch.matmul(q, k.transpose(-1, -2)) * (1.0 / math.sqrt(Dh))
        ctx = torch.matmul(torch.softmax(scores, dim=-1), v).transpose(0, 1).reshape(T, D)
        x1 = x + F.linear(ctx, Wo, bo)
        f = F.gelu(F.linear(F.layer_norm(x1, (D,), ln2_w, ln2_b, self.eps), W1, b1))
        return x1 + F.linear(f, W2, b2)


T, D = 197, 192


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, D), -2.0, 2.0),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
        _uniform((3 * D, D), -0.12, 0.12),
        _uniform((3 * D,), -0.2, 0.2),
        _uniform((D, D), -0.1, 0.1),
        _uniform((D,), -0.1, 0.1),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
        _uniform((4 * D, D), -0.12, 0.12),
        _uniform((4 * D,), -1.0, 0.5),
        _uniform((D, 4 * D), -0.06, 0.06),
        _uniform((D,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [64, 1e-6]
