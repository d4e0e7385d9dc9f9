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
    """One LLaMA decoder layer (HF LlamaDecoderLayer) at one decode step, batch 1:
      h = RMSNorm(x); q, k, v = Wq h, Wk h, Wv h; RoPE on q and k
      the new k (rotated) and v are appended to the cache (and returned: the cache write)
      o = GQA softmax attention over the T + 1 positions; x1 = x + Wo o
      y = x1 + Wd (silu(Wg RMSNorm(x1)) * Wu RMSNorm(x1))
    """

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x, attn_norm_w, Wq, Wk, Wv, cos, sin, k_cache, v_cache, Wo, mlp_norm_w, Wg, Wu, Wd):
        hkv, _, dh = k_cache.shape
        hq = Wq.shape[0] // dh
        h = rms_norm(x, attn_norm_w, self.eps)
        q = F.linear(h, Wq).view(hq, dh)
        k = F.linear(h, Wk).view(hkv, dh)
        v = F.linear(h, Wv).view(hkv, dh)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        keys = torch.cat((k_cache, k.unsqueeze(1)), dim=1).repeat_interleave(hq // hkv, dim=0)  # [HQ, T+1, Dh]
        vals = torch.cat((v_cache, v.unsqueeze(1)), dim=1).repeat_interleave(hq // hkv, dim=0)
        probs = (torch.einsum("hd,htd->ht", q, keys) / math.sqrt(dh)).softmax(dim=-1)
        o = torch.einsum("ht,htd->hd", probs, vals).reshape(hq * dh)
        x1 = x + F.linear(o, Wo)
        h2 = rms_norm(x1, mlp_norm_w, self.eps)
        y = x1 + F.linear(F.silu(F.linear(h2, Wg)) * F.linear(h2, Wu), Wd)
        return y, k, v


D, HQ, HKV, Dh, Fd, T = 576, 9, 3, 64, 1536, 255


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((D,), -2.0, 3.0),
        _uniform((D,), 0.5, 1.5),
        _uniform((HQ * Dh, D), -0.05, 0.05),
        _uniform((HKV * Dh, D), -0.05, 0.05),
        _uniform((HKV * Dh, D), -0.05, 0.05),
        _uniform((Dh,), -1.0, 1.0),
        _uniform((Dh,), -1.0, 1.0),
        _uniform((HKV, T, Dh), -2.0, 2.0),
        _uniform((HKV, T, Dh), -1.0, 1.0),
        _uniform((D, HQ * Dh), -0.05, 0.05),
        _uniform((D,), 0.5, 1.5),
        _uniform((Fd, D), -0.05, 0.05),
        _uniform((Fd, D), -0.05, 0.05),
        _uniform((D, Fd), -0.025, 0.025),
    ]


def get_init_inputs():
    return [1e-5]
