import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rms_norm(x, w, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


class Model(nn.Module):
    """One LLaMA decoder layer (HF LlamaDecoderLayer) over a prompt of T tokens, batch 1:
      h = RMSNorm(x); q, k, v = h Wq^T, h Wk^T, h Wv^T; RoPE on q and k (per position)
      the rotated k and the v fill the KV cache (returned)
      o = causal GQA softmax attention; x1 = x + o Wo^T
      y = x1 + (silu(RMSNorm(x1) Wg^T) * RMSNorm(x1) Wu^T) Wd^T
    """

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x, attn_norm_w, Wq, Wk, Wv, cos, sin, Wo, mlp_norm_w, Wg, Wu, Wd):
        T = x.shape[0]
        dh = cos.shape[1]
        hq, hkv = Wq.shape[0] // dh, Wk.shape[0] // dh
        h = rms_norm(x, attn_norm_w, self.eps)
        q = F.linear(h, Wq).view(T, hq, dh).transpose(0, 1)  # [HQ, T, Dh]
        k = F.linear(h, Wk).view(T, hkv, dh).transpose(0, 1)
        v = F.linear(h, Wv).view(T, hkv, dh).transpose(0, 1)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        keys = k.repeat_interleave(hq // hkv, dim=0)
        vals = v.repeat_interleave(hq // hkv, dim=0)
        scores = torch.matmul(q, keys.transpose(-1, -2)) / math.sqrt(dh)
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=1)
        probs = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)
        o = torch.matmul(probs, vals).transpose(0, 1).reshape(T, hq * dh)
        x1 = x + F.linear(o, Wo)
        h2 = rms_norm(x1, mlp_norm_w, self.eps)
        y = x1 + F.linear(F.silu(F.linear(h2, Wg)) * F.linear(h2, Wu), Wd)
        return y, k.contiguous(), v.contiguous()


T, D, HQ, HKV, Dh, Fd = 32, 576, 9, 3, 64, 1536


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, D), -2.0, 3.0),
        _uniform((D,), 0.5, 1.5),
        _uniform((HQ * Dh, D), -0.05, 0.05),
        _uniform((HKV * Dh, D), -0.05, 0.05),
        _uniform((HKV * Dh, D), -0.05, 0.05),
        _uniform((T, Dh), -1.0, 1.0),
        _uniform((T, Dh), -1.0, 1.0),
        _uniform((D, HQ * Dh), -0.05, 0.05),
        _uniform((D,), 0.5, 1.5),
        _uniform((Fd, D), -0.05, 0.05),
        _uniform((Fd, D), -0.05, 0.05),
        _uniform((D, Fd), -0.025, 0.025),
    ]


def get_init_inputs():
    return [1e-5]
