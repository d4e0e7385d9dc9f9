import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def gelu_new(v):
    return 0.5 * v * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (v + 0.044715 * v * v * v)))


class Model(nn.Module):
    """A GPT-2 block (HF GPT2Block) at prefill, batch 1, no dropout; weights [in, out]:
      q, k, v = split(LN1(x) W_attn + b_attn)                  heads of head_dim
      x1 = x + (concat_h softmax(q_h k_h^T / sqrt(head_dim) + causal mask) v_h) W_proj + b_proj
      y  = x1 + gelu_new(LN2(x1) W_fc + b_fc) W_mproj + b_mproj
    The number of heads is D / head_dim."""

    def __init__(self, head_dim: int = 64, eps: float = 1e-5):
        super().__init__()
        self.head_dim, self.eps = head_dim, eps

    def forward(self, x, ln1_w, ln1_b, W_attn, b_attn, W_proj, b_proj, ln2_w, ln2_b, W_fc, b_fc, W_mproj, b_mproj):
        T, D = x.shape
        H, Dh = D // self.head_dim, self.head_dim
        h = F.layer_norm(x, (D,), ln1_w, ln1_b, self.eps)
        q, k, v = (h @ W_attn + b_attn).split(D, dim=-1)
        q, k, v = (z.view(T, H, Dh).transpose(0, 1) for z in (q, k, v))  # [H, T, Dh]
        scores = torch.matmul(q, k.transpose(-1, -2)) * (1.0 / math.sqrt(Dh))
        mask = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        ctx = torch.matmul(torch.softmax(scores, dim=-1), v).transpose(0, 1).reshape(T, D)
        x1 = x + ctx @ W_proj + b_proj
        f = gelu_new(F.layer_norm(x1, (D,), ln2_w, ln2_b, self.eps) @ W_fc + b_fc)
        return x1 + f @ W_mproj + b_mproj


T, D = 16, 768


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, D), -2.0, 2.0),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
        _uniform((D, 3 * D), -0.08, 0.08),
        _uniform((3 * D,), -0.2, 0.2),
        _uniform((D, D), -0.08, 0.08),
        _uniform((D,), -0.1, 0.1),
        _uniform((D,), 0.5, 1.5),
        _uniform((D,), -0.5, 0.5),
        _uniform((D, 4 * D), -0.08, 0.08),
        _uniform((4 * D,), -1.0, 0.5),
        _uniform((4 * D, D), -0.04, 0.04),
        _uniform((D,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [64, 1e-5]
