import math

import torch
import torch.nn as nn


class Model(nn.Module):
    """Spectral-features + small dense classifier for a vibration window (Edge Impulse's
    "Spectral Analysis" (FFT) processing block feeding its default 20-10 dense network):
      xc = x - mean(x) per axis; rms = sqrt(mean(xc^2))
      P[c, k] = |sum_n hann[n] xc[c, n] e^{-2 pi i k n / L}|^2 / L, bins k = 1 .. L/2
      band[c, b] = mean of P over the S = L / (2B) bins of band b; feat = log10(band + 1e-6)
      f = [rms, feat] per axis ([C, B + 1]), flattened axis-major
      h1 = relu(W1 f + b1), h2 = relu(W2 h1 + b2), probs = softmax(W3 h2 + b3)
    x [C, L]; returns (f [C, B + 1], probs [1, K])."""

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w2, b2, w3, b3):
        C, L = x.shape
        B = w1.shape[1] // C - 1
        S = L // (2 * B)
        xc = x - x.mean(1, keepdim=True)
        rms = torch.sqrt((xc * xc).mean(1))
        t = torch.arange(L, dtype=torch.float32, device=x.device)
        hann = 0.5 - 0.5 * torch.cos(t * (2.0 * math.pi / (L - 1)))
        kn = (torch.arange(1, L // 2 + 1, device=x.device)[:, None] * torch.arange(L, device=x.device)[None, :]) % L
        ang = kn.to(torch.float32) * (2.0 * math.pi / L)
        xw = xc * hann
        re = xw @ torch.cos(ang).T
        im = xw @ (-torch.sin(ang)).T
        p = (re * re + im * im) / L
        band = p.reshape(C, B, S).mean(2)
        feat = torch.log10(band + 1e-6)
        f = torch.cat([rms[:, None], feat], 1)
        h1 = torch.relu(f.reshape(-1) @ w1.T + b1)
        h2 = torch.relu(h1 @ w2.T + b2)
        logits = h2 @ w3.T + b3
        return f, torch.softmax(logits, 0)[None]


C, L, B, H1, H2, K = 3, 128, 16, 20, 10, 4


def get_inputs():
    F = C * (B + 1)
    return [torch.rand(C, L) * 4 - 2, torch.rand(H1, F) - 0.5, torch.rand(H1) - 0.5,
            torch.rand(H2, H1) - 0.5, torch.rand(H2) - 0.5, torch.rand(K, H2) * 2 - 1,
            torch.rand(K) - 0.5]


def get_init_inputs():
    return []
