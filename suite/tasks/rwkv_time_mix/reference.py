import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The time-mixing half of an RWKV-4 block (Peng et al. 2023) over a chunk of T tokens,
    batch 1, from a carried state (the previous token's normalized input and the WKV
    numerator / denominator per channel), weights [out, in] as nn.Linear:
      xx = LayerNorm(x) (ln_w, ln_b, eps 1e-5);  xs_t = xx_{t-1} (xs_0 = prev_x)
      k = Wk (xx mk + xs (1 - mk)),  v = Wv (xx mv + xs (1 - mv)),  r = Wr (xx mr + xs (1 - mr))
      per channel: e = exp(-exp(decay)), per token t:
        wkv_t = (a + exp(first + k_t) v_t) / (b + exp(first + k_t))
        a <- e a + exp(k_t) v_t,  b <- e b + exp(k_t)             (from state0 = (a, b))
      out = x + Wo (sigmoid(r) * wkv)
    Returns out [1, T, C]."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x, prev_x, state0, ln_w, ln_b, mix_k, mix_v, mix_r, w_k, w_v, w_r, w_o, decay, first):
        x0 = x[0]
        T = x0.shape[0]
        xx = F.layer_norm(x0, (x0.shape[1],), ln_w, ln_b, self.eps)
        xs = torch.cat([prev_x, xx[:-1]], dim=0)
        k = (xx * mix_k + xs * (1 - mix_k)) @ w_k.t()
        v = (xx * mix_v + xs * (1 - mix_v)) @ w_v.t()
        r = (xx * mix_r + xs * (1 - mix_r)) @ w_r.t()
        e = torch.exp(-torch.exp(decay))
        a, b = state0[0].clone(), state0[1].clone()
        wkv = []
        for t in range(T):
            ek = torch.exp(k[t])
            eu = torch.exp(first + k[t])
            wkv.append((a + eu * v[t]) / (b + eu))
            a = e * a + ek * v[t]
            b = e * b + ek
        y = torch.sigmoid(r) * torch.stack(wkv)
        return (x0 + y @ w_o.t()).unsqueeze(0)


T, C = 64, 768


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, T, C), -2.0, 2.0),
        _uniform((1, C), -1.5, 1.5),
        _uniform((2, C), 0.5, 3.0),
        _uniform((C,), 0.5, 1.5),
        _uniform((C,), -0.2, 0.2),
        _uniform((C,), 0.0, 1.0),
        _uniform((C,), 0.0, 1.0),
        _uniform((C,), 0.0, 1.0),
        _uniform((C, C), -0.06, 0.06),
        _uniform((C, C), -0.06, 0.06),
        _uniform((C, C), -0.06, 0.06),
        _uniform((C, C), -0.06, 0.06),
        _uniform((C,), -3.0, 1.0),
        _uniform((C,), -1.0, 1.0),
    ]


def get_init_inputs():
    return [1e-5]
