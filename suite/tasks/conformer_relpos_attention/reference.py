import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def rel_shift(x):
    """ESPnet RelPositionMultiHeadedAttention.rel_shift: x [B, H, T, 2T - 1] -> [B, H, T, T]."""
    zero_pad = torch.zeros((*x.size()[:3], 1), device=x.device, dtype=x.dtype)
    x_padded = torch.cat([zero_pad, x], dim=-1)
    x_padded = x_padded.view(*x.size()[:2], x.size(3) + 1, x.size(2))
    return x_padded[:, :, 1:].view_as(x)[:, :, :, : x.size(-1) // 2 + 1]


class Model(nn.Module):
    """The attention weights of ESPnet's relative-position multi-head self-attention
    (batch 1, no mask) from the projected queries and keys:
      p  = linear_pos(pos_emb)                       (no bias)
      ac = (q + u) k^T,  bd = rel_shift((q + v) p^T) per head
      attn = softmax((ac + bd) / sqrt(d_k))
    The number of heads is pos_bias_u.shape[0]."""

    def __init__(self):
        super().__init__()

    def forward(self, q, k, pos_emb, W_pos, pos_bias_u, pos_bias_v):
        T = q.shape[0]
        H, dk = pos_bias_u.shape
        q = q.view(1, T, H, dk)
        k = k.view(1, T, H, dk).transpose(1, 2)                       # [1, H, T, dk]
        p = F.linear(pos_emb, W_pos).view(1, -1, H, dk).transpose(1, 2)  # [1, H, 2T-1, dk]
        q_u = (q + pos_bias_u).transpose(1, 2)
        q_v = (q + pos_bias_v).transpose(1, 2)
        matrix_ac = torch.matmul(q_u, k.transpose(-2, -1))
        matrix_bd = rel_shift(torch.matmul(q_v, p.transpose(-2, -1)))
        scores = (matrix_ac + matrix_bd) / math.sqrt(dk)
        return torch.softmax(scores, dim=-1)[0]


T, H, DK = 100, 4, 36


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    D = H * DK
    return [
        _uniform((T, D), -1.5, 1.5),
        _uniform((T, D), -1.5, 1.5),
        _uniform((2 * T - 1, D), -1.0, 1.0),
        _uniform((D, D), -0.15, 0.15),
        _uniform((H, DK), -0.5, 0.5),
        _uniform((H, DK), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
