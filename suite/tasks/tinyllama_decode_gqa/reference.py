import math

import torch
import torch.nn as nn


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class Model(nn.Module):
    """LLaMA/TinyLlama self-attention core at one decode step (HF LlamaAttention):
      q_r = q*cos + rotate_half(q)*sin, k_r = k*cos + rotate_half(k)*sin
      K = cat(k_cache, k_r), V = cat(v_cache, v)          # T+1 positions
      o[h] = softmax(q_r[h] K[g]^T / sqrt(D)) V[g],  g = h // (HQ // HKV)
    """

    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, k_cache, v_cache, cos, sin):
        hq, d = q.shape
        hkv = k.shape[0]
        q_r = q * cos + rotate_half(q) * sin
        k_r = k * cos + rotate_half(k) * sin
        keys = torch.cat((k_cache, k_r.unsqueeze(1)), dim=1)  # [HKV, T+1, D]
        vals = torch.cat((v_cache, v.unsqueeze(1)), dim=1)
        keys = keys.repeat_interleave(hq // hkv, dim=0)  # [HQ, T+1, D]
        vals = vals.repeat_interleave(hq // hkv, dim=0)
        scores = torch.einsum("hd,htd->ht", q_r, keys) / math.sqrt(d)
        probs = scores.softmax(dim=-1)
        return torch.einsum("ht,htd->hd", probs, vals)


HQ, HKV, T, D = 32, 4, 511, 64


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((HQ, D), -2.0, 2.0),
        _uniform((HKV, D), -2.0, 2.0),
        _uniform((HKV, D), -1.0, 1.0),
        _uniform((HKV, T, D), -2.0, 2.0),
        _uniform((HKV, T, D), -1.0, 1.0),
        _uniform((D,), -1.0, 1.0),
        _uniform((D,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
