import torch
import torch.nn as nn
import torch.nn.functional as F


def gln(y, gamma, beta, eps):
    """asteroid GlobLN: mean and biased variance over channels and time, per-channel affine."""
    mean = y.mean(dim=(1, 2), keepdim=True)
    var = ((y - mean) ** 2).mean(dim=(1, 2), keepdim=True)
    return gamma.view(1, -1, 1) * (y - mean) / torch.sqrt(var + eps) + beta.view(1, -1, 1)


class Model(nn.Module):
    """asteroid TDConvNet (Conv-TasNet masker), one repeat of X blocks, non-causal, batch 1:
      o = bottleneck(gLN(w));  per block i (dilation 2^i):
        g2 = gLN(PReLU(dconv(gLN(PReLU(conv1x1(o))))));  o += res_conv(g2);  s += skip_conv(g2)
      masks = sigmoid(conv1x1(PReLU(s))) viewed as [1, n_src, N, T]
    """

    def __init__(self, n_blocks: int = 4, n_src: int = 2, eps: float = 1e-8):
        super().__init__()
        self.n_blocks, self.n_src, self.eps = n_blocks, n_src, eps

    def forward(self, w, gln0_w, gln0_b, bn_w, bn_b, w1, b1, a1, gamma1, beta1, dw_w, dw_b, a2,
                gamma2, beta2, res_w, res_b, skip_w, skip_b, a_m, mask_w, mask_b):
        N, T = w.shape[1], w.shape[2]
        o = F.conv1d(gln(w, gln0_w, gln0_b, self.eps), bn_w, bn_b)
        s = torch.zeros(())
        for i in range(self.n_blocks):
            d = 2 ** i
            h = F.prelu(F.conv1d(o, w1[i], b1[i]), a1[i:i + 1])
            h = gln(h, gamma1[i], beta1[i], self.eps)
            h = F.conv1d(h, dw_w[i], dw_b[i], padding=d, dilation=d, groups=dw_w.shape[1])
            h = gln(F.prelu(h, a2[i:i + 1]), gamma2[i], beta2[i], self.eps)
            o = o + F.conv1d(h, res_w[i], res_b[i])
            s = s + F.conv1d(h, skip_w[i], skip_b[i])
        score = F.conv1d(F.prelu(s, a_m), mask_w, mask_b)
        return torch.sigmoid(score.view(1, self.n_src, N, T))


N, B, H, SC, T = 512, 128, 512, 128, 199


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, N, T), 0.0, 2.0), _uniform((N,), 0.5, 1.5), _uniform((N,), -0.5, 0.5),
        _uniform((B, N, 1), -0.1, 0.1), _uniform((B,), -0.2, 0.2),
        _uniform((4, H, B, 1), -0.15, 0.15), _uniform((4, H), -0.3, 0.5), _uniform((4,), 0.05, 0.4),
        _uniform((4, H), 0.5, 1.5), _uniform((4, H), -0.5, 0.5),
        _uniform((4, H, 1, 3), -0.8, 0.8), _uniform((4, H), -0.3, 0.5), _uniform((4,), 0.05, 0.4),
        _uniform((4, H), 0.5, 1.5), _uniform((4, H), -0.5, 0.5),
        _uniform((4, B, H, 1), -0.06, 0.06), _uniform((4, B), -0.1, 0.1),
        _uniform((4, SC, H, 1), -0.06, 0.06), _uniform((4, SC), -0.1, 0.1),
        _uniform((1,), 0.05, 0.4), _uniform((2 * N, SC, 1), -0.12, 0.12), _uniform((2 * N,), -1.0, 1.0),
    ]


def get_init_inputs():
    return [4, 2, 1e-8]
