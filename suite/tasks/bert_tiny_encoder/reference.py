import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """BERT-tiny (HF BertModel), batch 1, no attention mask, inference:
      h = LN(word_emb[ids] + pos_emb[:T] + type_emb[token_type])
      2 x post-LN layer: a = LN1(attention(h) Wo^T + bo + h); h = LN2(GELU(a W1^T + b1) W2^T + b2 + a)
      pooled = tanh(h[0] pool_W^T + pool_b)
    """

    def __init__(self, head_dim: int = 64, num_layers: int = 2, eps: float = 1e-12):
        super().__init__()
        self.head_dim, self.num_layers, self.eps = head_dim, num_layers, eps

    def forward(self, ids, token_type, word_emb, pos_emb, type_emb, emb_ln_w, emb_ln_b, Wqkv, bqkv, Wo, bo, ln1_w,
                ln1_b, W1, b1, W2, b2, ln2_w, ln2_b, pool_W, pool_b):
        T = ids.shape[0]
        D = word_emb.shape[1]
        H, Dh = D // self.head_dim, self.head_dim
        e = F.embedding(ids.long(), word_emb) + pos_emb[:T] + F.embedding(token_type.long(), type_emb)
        h = F.layer_norm(e, (D,), emb_ln_w, emb_ln_b, self.eps)
        for l in range(self.num_layers):
            q, k, v = F.linear(h, Wqkv[l], bqkv[l]).split(D, dim=-1)
            q, k, v = (z.view(T, H, Dh).transpose(0, 1) for z in (q, k, v))
            probs = (torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(Dh)).softmax(dim=-1)
            ctx = torch.matmul(probs, v).transpose(0, 1).reshape(T, D)
            a = F.layer_norm(F.linear(ctx, Wo[l], bo[l]) + h, (D,), ln1_w[l], ln1_b[l], self.eps)
            f = F.linear(F.gelu(F.linear(a, W1[l], b1[l])), W2[l], b2[l])
            h = F.layer_norm(f + a, (D,), ln2_w[l], ln2_b[l], self.eps)
        pooled = torch.tanh(F.linear(h[0], pool_W, pool_b))
        return h, pooled


T, V, P, D, Fd = 128, 30522, 512, 128, 512


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        torch.randint(0, V, (T,), dtype=torch.int32),
        torch.randint(0, 2, (T,), dtype=torch.int32),
        _uniform((V, D), -1.0, 1.0),
        _uniform((P, D), -0.5, 0.5),
        _uniform((2, D), -0.5, 0.5),
        _uniform((D,), 0.5, 1.5), _uniform((D,), -0.5, 0.5),
        _uniform((2, 3 * D, D), -0.15, 0.15), _uniform((2, 3 * D), -0.2, 0.2),
        _uniform((2, D, D), -0.1, 0.1), _uniform((2, D), -0.1, 0.1),
        _uniform((2, D), 0.5, 1.5), _uniform((2, D), -0.5, 0.5),
        _uniform((2, Fd, D), -0.15, 0.15), _uniform((2, Fd), -0.5, 0.3),
        _uniform((2, D, Fd), -0.1, 0.1), _uniform((2, D), -0.1, 0.1),
        _uniform((2, D), 0.5, 1.5), _uniform((2, D), -0.5, 0.5),
        _uniform((D, D), -0.15, 0.15), _uniform((D,), -0.2, 0.2),
    ]


def get_init_inputs():
    return [64, 2, 1e-12]
