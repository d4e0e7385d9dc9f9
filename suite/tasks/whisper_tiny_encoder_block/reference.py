import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Whisper ResidualAttentionBlock of the audio encoder, batch 1, no mask:
      h = LN1(x);  q = h Wq^T + bq,  k = h Wk^T (no bias),  v = h Wv^T + bv
      x1 = x + concat_h(softmax(q_h k_h^T / sqrt(64)) v_h) Wo^T + bo
      y  = x1 + GELU(LN2(x1) W1^T + b1) W2^T + b2           GELU with erf
    (Whisper scales q and k by 64^-0.25 each; the product is the same.)"""

    def __init__(self, head_dim: int = 64, eps: float = 1e-5):
        super().__init__()
        self.head_dim, self.eps = head_dim, eps

    def forward(self, x, ln1_w, ln1_b, Wq, bq, Wk, Wv, bv, Wo, bo, ln2_w, ln2_b, W1, b1, W2, b2):
        T, D = x.shape
        H, Dh = D // self.head_dim, self.head_dim
        h = F.layer_norm(x, (D,), ln1_w, ln1_b, self.eps)
        q, k, v = F.linear(h, Wq, bq), F.linear(h, Wk), F.linear(h, Wv, bv)
        q, k, v = (z.view(T, H, Dh).transpose(0, 1) for z in (q, k, v))  # [H, T, Dh]
        w = torch.softmax(torch.matmul(q, k.transpose(-1, -2)) / (Dh ** 0.5), dim=-1)
        x1 = x + F.linear(torch.matmul(w, v).transpose(0, 1).reshape(T, D), Wo, bo)
        f = F.gelu(F.linear(F.layer_norm(x1, (D,), ln2_w, ln2_b, self.eps), W1, b1))
        return x1 + F.linear(f, W2, b2)


T, D = 100, 384


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, D), -2.0, 2.0),
        _uniform((D,), 0.5, 1.5), _uniform((D,), -0.5, 0.5),
        _uniform((D, D), -0.12, 0.12), _uniform((D,), -0.2, 0.2),
        _uniform((D, D), -0.12, 0.12),
        _uniform((D, D), -0.12, 0.12), _uniform((D,), -0.2, 0.2),
        _uniform((D, D), -0.1, 0.1), _uniform((D,), -0.1, 0.1),
        _uniform((D,), 0.5, 1.5), _uniform((D,), -0.5, 0.5),
        _uniform((4 * D, D), -0.12, 0.12), _uniform((4 * D,), -1.0, 0.5),
        _uniform((D, 4 * D), -0.06, 0.06), _uniform((D,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [64, 1e-5]
