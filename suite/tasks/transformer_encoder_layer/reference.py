import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A post-LN (BERT-style) transformer encoder layer, batch 1, no mask, no dropout:
      q, k, v = split(x Wqkv^T + bqkv)            heads of head_dim
      ctx = concat_h softmax(q_h k_h^T / sqrt(head_dim)) v_h
      h1 = LayerNorm(ctx Wo^T + bo + x)            ln1 (weight, bias)
      y  = LayerNorm(gelu_tanh(h1 W1^T + b1) W2^T + b2 + h1)   ln2 (weight, bias)
    The number of heads is D / head_dim."""

    def __init__(self, head_dim: int = 32, eps: float = 1e-12):
        super().__init__()
        self.head_dim, self.eps = head_dim, eps

    def forward(self, x, Wqkv, bqkv, Wo, bo, ln1_w, ln1_b, W1, b1, W2, b2, ln2_w, ln2_b):
        T, D = x.shape
        H, Dh = D // self.head_dim, self.head_dim
        q, k, v = F.linear(x, Wqkv, bqkv).split(D, dim=-1)
        q, k, v = (z.view(T, H, Dh).transpose(0, 1) for z in (q, k, v))  # [H, T, Dh]
        scores = torch.matmul(q, k.transpose(-1, -2)) * (1.0 / math.sqrt(Dh))
        ctx = torch.matmul(torch.softmax(scores, dim=-1), v).transpose(0, 1).reshape(T, D)
        h1 = F.layer_norm(F.linear(ctx, Wo, bo) + x, (D,), ln1_w, ln1_b, self.eps)
        f = F.gelu(F.linear(h1, W1, b1), approximate="tanh")
        return F.layer_norm(F.linear(f, W2, b2) + h1, (D,), ln2_w, ln2_b, self.eps)


T, D = 64, 128


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, D), -2.0, 2.0),
        _uniform((3 * D, D), -0.18, 0.18),
        _uniform((3 * D,), -0.2, 0.2),
        _uniform((D, D), -0.1, 0.1),
        _uniform((D,), -0.1, 0.1),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
        _uniform((4 * D, D), -0.15, 0.15),
        _uniform((4 * D,), -1.0, 0.5),
        _uniform((D, 4 * D), -0.08, 0.08),
        _uniform((D,), -0.1, 0.1),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
    ]


def get_init_inputs():
    return [32, 1e-12]
