import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Decode attention over an int8 KV cache with per-token (and head) scales and zero points:
      K = (k_q - k_zp) * k_scale, V = (v_q - v_zp) * v_scale        dequantized per row
      o[h] = softmax(q[h] K[g]^T / sqrt(Dh)) V[g],  g = h // (HQ // HKV)
    """

    def __init__(self):
        super().__init__()

    def forward(self, q, k_q, k_scale, k_zp, v_q, v_scale, v_zp):
        hq, dh = q.shape
        hkv = k_q.shape[0]
        K = (k_q.float() - k_zp.float()[..., None]) * k_scale[..., None]  # [HKV, S, Dh]
        V = (v_q.float() - v_zp.float()[..., None]) * v_scale[..., None]
        K = K.repeat_interleave(hq // hkv, dim=0)
        V = V.repeat_interleave(hq // hkv, dim=0)
        probs = (torch.einsum("hd,hsd->hs", q, K) / math.sqrt(dh)).softmax(dim=-1)
        return torch.einsum("hs,hsd->hd", probs, V)


HQ, HKV, S, Dh = 32, 4, 512, 64


def get_inputs():
    return [
        torch.rand(HQ, Dh) * 4 - 2,
        torch.randint(-127, 128, (HKV, S, Dh), dtype=torch.int8),
        torch.rand(HKV, S) * 0.02 + 0.01,
        torch.randint(-8, 9, (HKV, S), dtype=torch.int8),
        torch.randint(-127, 128, (HKV, S, Dh), dtype=torch.int8),
        torch.rand(HKV, S) * 0.01 + 0.005,
        torch.randint(-8, 9, (HKV, S), dtype=torch.int8),
    ]


def get_init_inputs():
    return []
