import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """LLaMA self-attention core at prefill (HF LlamaAttention, eager): grouped-query heads,
    causal mask over the prompt.
      K, V = repeat_kv(k), repeat_kv(v)          each KV head serves HQ / HKV query heads
      P = softmax(q K^T / sqrt(Dh) + causal mask)
      o = (P V).transpose(0, 1)                  [T, HQ, Dh]
    """

    def __init__(self):
        super().__init__()

    def forward(self, q, k, v):
        hq, t, dh = q.shape
        hkv = k.shape[0]
        keys = k.repeat_interleave(hq // hkv, dim=0)  # [HQ, T, Dh]
        vals = v.repeat_interleave(hq // hkv, dim=0)
        scores = torch.matmul(q, keys.transpose(-1, -2)) / math.sqrt(dh)
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=q.device), diagonal=1)
        probs = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)
        return torch.matmul(probs, vals).transpose(0, 1).contiguous()


HQ, HKV, T, Dh = 32, 4, 128, 64


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((HQ, T, Dh), -2.0, 2.0),
        _uniform((HKV, T, Dh), -2.0, 2.0),
        _uniform((HKV, T, Dh), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
