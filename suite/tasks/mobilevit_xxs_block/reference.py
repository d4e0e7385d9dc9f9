import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A MobileViT block (timm MobileVitBlock), batch 1, BN folded into the conv biases:
      local:  l = silu(conv3x3(x) + b); t = conv1x1(l)
      unfold: [Dt, H, W] -> [4, N, Dt]  (2x2 patches; sequence = position inside the patch)
      global: 2 pre-LN transformer layers (MHSA with 4 heads, MLP with SiLU), final LayerNorm
      fold:   back to [Dt, H, W]
      fuse:   y = silu(conv3x3(cat(x, silu(conv1x1(t) + b))) + b)
    """

    def __init__(self, num_heads: int = 4, depth: int = 2, patch: int = 2, eps: float = 1e-5):
        super().__init__()
        self.num_heads, self.depth, self.patch, self.eps = num_heads, depth, patch, eps

    def forward(self, x, w_kxk, b_kxk, w_1x1, ln1_w, ln1_b, Wqkv, bqkv, Wproj, bproj, ln2_w, ln2_b, W1, b1, W2,
                b2, norm_w, norm_b, w_proj, b_proj, w_fuse, b_fuse):
        C, H, W = x.shape
        Dt = w_1x1.shape[0]
        ph = pw = self.patch
        nh, nw = H // ph, W // pw
        N, P = nh * nw, ph * pw
        heads = self.num_heads
        hd = Dt // heads
        xb = x.unsqueeze(0)
        l = F.silu(F.conv2d(xb, w_kxk, b_kxk, padding=1))
        t = F.conv2d(l, w_1x1[:, :, None, None])
        # unfold, as timm: [1, Dt, H, W] -> [P, N, Dt]
        t = t.reshape(Dt * nh, ph, nw, pw).transpose(1, 2)
        t = t.reshape(1, Dt, N, P).transpose(1, 3).reshape(P, N, Dt)
        for i in range(self.depth):
            h = F.layer_norm(t, (Dt,), ln1_w[i], ln1_b[i], self.eps)
            q, k, v = F.linear(h, Wqkv[i], bqkv[i]).split(Dt, dim=-1)
            q, k, v = (z.reshape(P, N, heads, hd).transpose(1, 2) for z in (q, k, v))  # [P, heads, N, hd]
            probs = (torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(hd)).softmax(dim=-1)
            ctx = torch.matmul(probs, v).transpose(1, 2).reshape(P, N, Dt)
            t = t + F.linear(ctx, Wproj[i], bproj[i])
            h = F.layer_norm(t, (Dt,), ln2_w[i], ln2_b[i], self.eps)
            t = t + F.linear(F.silu(F.linear(h, W1[i], b1[i])), W2[i], b2[i])
        t = F.layer_norm(t, (Dt,), norm_w, norm_b, self.eps)
        # fold, as timm: [P, N, Dt] -> [1, Dt, H, W]
        t = t.contiguous().view(1, P, N, Dt)
        t = t.transpose(1, 3).reshape(Dt * nh, nw, ph, pw)
        t = t.transpose(1, 2).reshape(1, Dt, nh * ph, nw * pw)
        p = F.silu(F.conv2d(t, w_proj[:, :, None, None], b_proj))
        y = F.silu(F.conv2d(torch.cat((xb, p), dim=1), w_fuse, b_fuse, padding=1))
        return y[0]


C, Dt, Fd, NH, NW = 48, 64, 128, 16, 16


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((C, 2 * NH, 2 * NW), -1.5, 1.5),
        _uniform((C, C, 3, 3), -0.12, 0.12), _uniform((C,), -0.3, 0.3),
        _uniform((Dt, C), -0.3, 0.3),
        _uniform((2, Dt), 0.5, 1.5), _uniform((2, Dt), -0.5, 0.5),
        _uniform((2, 3 * Dt, Dt), -0.25, 0.25), _uniform((2, 3 * Dt), -0.2, 0.2),
        _uniform((2, Dt, Dt), -0.15, 0.15), _uniform((2, Dt), -0.1, 0.1),
        _uniform((2, Dt), 0.5, 1.5), _uniform((2, Dt), -0.5, 0.5),
        _uniform((2, Fd, Dt), -0.2, 0.2), _uniform((2, Fd), -0.5, 0.5),
        _uniform((2, Dt, Fd), -0.15, 0.15), _uniform((2, Dt), -0.1, 0.1),
        _uniform((Dt,), 0.5, 1.5), _uniform((Dt,), -0.5, 0.5),
        _uniform((C, Dt), -0.25, 0.25), _uniform((C,), -0.3, 0.3),
        _uniform((C, 2 * C, 3, 3), -0.08, 0.08), _uniform((C,), -0.3, 0.3),
    ]


def get_init_inputs():
    return [4, 2, 2, 1e-5]
