import torch
import torch.nn as nn
import torch.nn.functional as F


def gln(y, gamma, beta, eps):
    """Global layer norm (Conv-TasNet): mean and variance over channels and time."""
    mean = y.mean(dim=(1, 2), keepdim=True)
    var = ((y - mean) ** 2).mean(dim=(1, 2), keepdim=True)
    return gamma.view(1, -1, 1) * (y - mean) / torch.sqrt(var + eps) + beta.view(1, -1, 1)


class Model(nn.Module):
    """One Conv-TasNet TCN block (non-causal, gLN), batch 1:
      h1 = PReLU(conv1x1(x) + b1);  g1 = gLN(h1)
      h2 = PReLU(depthwise_conv1d(g1, k 3, dilation d, padding d) + dw_b);  g2 = gLN(h2)
      out = x + res_conv(g2);  skip = skip_conv(g2)
    """

    def __init__(self, dilation: int = 4, eps: float = 1e-8):
        super().__init__()
        self.dilation, self.eps = dilation, eps

    def forward(self, x, w1, b1, a1, gamma1, beta1, dw_w, dw_b, a2, gamma2, beta2,
                res_w, res_b, skip_w, skip_b):
        h1 = F.prelu(F.conv1d(x, w1, b1), a1)
        g1 = gln(h1, gamma1, beta1, self.eps)
        h2 = F.conv1d(g1, dw_w, dw_b, padding=self.dilation, dilation=self.dilation, groups=dw_w.shape[0])
        g2 = gln(F.prelu(h2, a2), gamma2, beta2, self.eps)
        return x + F.conv1d(g2, res_w, res_b), F.conv1d(g2, skip_w, skip_b)


B, H, SC, T = 128, 512, 128, 999


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, B, T), -1.0, 1.0),
        _uniform((H, B, 1), -0.15, 0.15), _uniform((H,), -0.3, 0.5), _uniform((1,), 0.05, 0.4),
        _uniform((H,), 0.5, 1.5), _uniform((H,), -0.5, 0.5),
        _uniform((H, 1, 3), -0.8, 0.8), _uniform((H,), -0.3, 0.5), _uniform((1,), 0.05, 0.4),
        _uniform((H,), 0.5, 1.5), _uniform((H,), -0.5, 0.5),
        _uniform((B, H, 1), -0.06, 0.06), _uniform((B,), -0.1, 0.1),
        _uniform((SC, H, 1), -0.06, 0.06), _uniform((SC,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [4, 1e-8]
