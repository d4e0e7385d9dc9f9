import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One MobileBERT layer (HF MobileBertLayer, mobilebert-uncased config), batch 1, no mask:
      NoNorm(z) = z * nw + nb
      li = NoNorm(dense_bin(x)); sa = NoNorm(dense_batt(x))      (bottleneck, shared q/k input)
      q, k, v = dense_q(sa), dense_k(sa), dense_v(x)              4 heads of B/4
      a = NoNorm(dense_ao(attention(q, k, v)) + li)
      3 x: a = NoNorm(dense_o(relu(dense_i(a))) + a)              (ffn)
      o = NoNorm(dense_out(relu(dense_int(a))) + a)               (intermediate + output)
      y = NoNorm(dense_obn(o) + x)                                (output bottleneck)
    """

    def __init__(self, num_heads: int = 4, num_ffn: int = 4):
        super().__init__()
        self.num_heads, self.num_ffn = num_heads, num_ffn

    def forward(self, x, bin_W, bin_b, bin_nw, bin_nb, batt_W, batt_b, batt_nw, batt_nb, q_W, q_b, k_W, k_b,
                v_W, v_b, ao_W, ao_b, ao_nw, ao_nb, ffn_Wi, ffn_bi, ffn_Wo, ffn_bo, ffn_nw, ffn_nb, int_W, int_b,
                out_W, out_b, out_nw, out_nb, obn_W, obn_b, obn_nw, obn_nb):
        T = x.shape[0]
        B = bin_W.shape[0]
        H = self.num_heads
        Dh = B // H
        li = F.linear(x, bin_W, bin_b) * bin_nw + bin_nb
        sa = F.linear(x, batt_W, batt_b) * batt_nw + batt_nb
        q = F.linear(sa, q_W, q_b).view(T, H, Dh).transpose(0, 1)
        k = F.linear(sa, k_W, k_b).view(T, H, Dh).transpose(0, 1)
        v = F.linear(x, v_W, v_b).view(T, H, Dh).transpose(0, 1)
        probs = (torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(Dh)).softmax(dim=-1)
        ctx = torch.matmul(probs, v).transpose(0, 1).reshape(T, B)
        a = (F.linear(ctx, ao_W, ao_b) + li) * ao_nw + ao_nb
        for i in range(self.num_ffn - 1):
            f = F.linear(F.relu(F.linear(a, ffn_Wi[i], ffn_bi[i])), ffn_Wo[i], ffn_bo[i])
            a = (f + a) * ffn_nw[i] + ffn_nb[i]
        o = (F.linear(F.relu(F.linear(a, int_W, int_b)), out_W, out_b) + a) * out_nw + out_nb
        return (F.linear(o, obn_W, obn_b) + x) * obn_nw + obn_nb


T, D, B, Fd = 128, 512, 128, 512


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def _dense(o, i, c):
    return [_uniform((o, i), -c, c), _uniform((o,), -0.2, 0.2)]


def _nonorm(n):
    return [_uniform((n,), 0.6, 1.2), _uniform((n,), -0.3, 0.3)]


def get_inputs():
    return ([_uniform((T, D), -1.5, 1.5)]
            + _dense(B, D, 0.09) + _nonorm(B)
            + _dense(B, D, 0.09) + _nonorm(B)
            + _dense(B, B, 0.18) + _dense(B, B, 0.18) + _dense(B, D, 0.1)
            + _dense(B, B, 0.15) + _nonorm(B)
            + [_uniform((3, Fd, B), -0.15, 0.15), _uniform((3, Fd), -0.2, 0.2),
               _uniform((3, B, Fd), -0.075, 0.075), _uniform((3, B), -0.2, 0.2),
               _uniform((3, B), 0.6, 1.2), _uniform((3, B), -0.3, 0.3)]
            + _dense(Fd, B, 0.15)
            + _dense(B, Fd, 0.075) + _nonorm(B)
            + _dense(D, B, 0.1) + _nonorm(D))


def get_init_inputs():
    return [4, 4]
