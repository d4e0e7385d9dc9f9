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
    """One ESPnet Conformer encoder layer (macaron FFNs, relative-position MHSA, conv module,
    final LayerNorm), inference, batch 1, no mask, x as [T, D]:
      x = x + 0.5 * FFN_0(LN(x))
      x = x + MHSA_relpos(LN(x), pos_emb)
      x = x + ConvModule(LN(x))      pw1 (D -> 2D) -> GLU -> depthwise k 31 (BN folded) -> Swish -> pw2
      x = x + 0.5 * FFN_1(LN(x))
      y = LN(x)
    FFN(h) = Swish(h W1^T + b1) W2^T + b2; LayerNorm eps 1e-12 (ESPnet)."""

    def __init__(self, heads: int = 4, eps: float = 1e-12):
        super().__init__()
        self.heads, self.eps = heads, eps

    def ln(self, x, w, b):
        return F.layer_norm(x, (x.shape[-1],), w, b, self.eps)

    def forward(self, x, pos_emb, ff_ln_w, ff_ln_b, ff_W1, ff_b1, ff_W2, ff_b2,
                mha_ln_w, mha_ln_b, Wq, bq, Wk, bk, Wv, bv, Wo, bo, W_pos, pos_bias_u, pos_bias_v,
                conv_ln_w, conv_ln_b, pw1_w, pw1_b, dw_w, dw_b, pw2_w, pw2_b, final_ln_w, final_ln_b):
        T, D = x.shape
        H, dk = self.heads, D // self.heads

        def ffn(h, i):
            f = F.linear(h, ff_W1[i], ff_b1[i])
            return F.linear(f * torch.sigmoid(f), ff_W2[i], ff_b2[i])

        x = x + 0.5 * ffn(self.ln(x, ff_ln_w[0], ff_ln_b[0]), 0)
        # relative-position multi-head self-attention
        h = self.ln(x, mha_ln_w, mha_ln_b)
        q = F.linear(h, Wq, bq).view(1, T, H, dk)
        k = F.linear(h, Wk, bk).view(1, T, H, dk).transpose(1, 2)
        v = F.linear(h, Wv, bv).view(1, T, H, dk).transpose(1, 2)
        p = F.linear(pos_emb, W_pos).view(1, -1, H, dk).transpose(1, 2)
        ac = torch.matmul((q + pos_bias_u).transpose(1, 2), k.transpose(-2, -1))
        bd = rel_shift(torch.matmul((q + pos_bias_v).transpose(1, 2), p.transpose(-2, -1)))
        attn = torch.softmax((ac + bd) / math.sqrt(dk), dim=-1)
        ctx = torch.matmul(attn, v).transpose(1, 2).reshape(T, D)
        x = x + F.linear(ctx, Wo, bo)
        # convolution module (channels first, as ESPnet's ConvolutionModule)
        h = self.ln(x, conv_ln_w, conv_ln_b).t().unsqueeze(0)             # [1, D, T]
        h = F.glu(F.conv1d(h, pw1_w, pw1_b), dim=1)
        h = F.conv1d(h, dw_w, dw_b, padding=(dw_w.shape[-1] - 1) // 2, groups=D)
        h = F.conv1d(h * torch.sigmoid(h), pw2_w, pw2_b)
        x = x + h[0].t()
        x = x + 0.5 * ffn(self.ln(x, ff_ln_w[1], ff_ln_b[1]), 1)
        return self.ln(x, final_ln_w, final_ln_b)


T, D, FF = 100, 144, 576


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    dk = D // 4
    return [
        _uniform((T, D), -2.0, 2.0), _uniform((2 * T - 1, D), -1.0, 1.0),
        _uniform((2, D), 0.5, 1.5), _uniform((2, D), -0.5, 0.5),
        _uniform((2, FF, D), -0.15, 0.15), _uniform((2, FF), -0.5, 0.3),
        _uniform((2, D, FF), -0.08, 0.08), _uniform((2, D), -0.2, 0.2),
        _uniform((D,), 0.5, 1.5), _uniform((D,), -0.5, 0.5),
        _uniform((D, D), -0.15, 0.15), _uniform((D,), -0.2, 0.2),
        _uniform((D, D), -0.15, 0.15), _uniform((D,), -0.2, 0.2),
        _uniform((D, D), -0.15, 0.15), _uniform((D,), -0.2, 0.2),
        _uniform((D, D), -0.1, 0.1), _uniform((D,), -0.1, 0.1),
        _uniform((D, D), -0.15, 0.15), _uniform((4, dk), -0.5, 0.5), _uniform((4, dk), -0.5, 0.5),
        _uniform((D,), 0.5, 1.5), _uniform((D,), -0.5, 0.5),
        _uniform((2 * D, D, 1), -0.15, 0.15), _uniform((2 * D,), -0.5, 0.5),
        _uniform((D, 1, 31), -0.3, 0.3), _uniform((D,), -0.5, 0.5),
        _uniform((D, D, 1), -0.1, 0.1), _uniform((D,), -0.1, 0.1),
        _uniform((D,), 0.5, 1.5), _uniform((D,), -0.5, 0.5),
    ]


def get_init_inputs():
    return [4, 1e-12]
