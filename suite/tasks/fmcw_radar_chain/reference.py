import math

import torch
import torch.nn as nn


def _hann(n, device):
    """symmetric Hann window of n points (n >= 2)."""
    t = torch.arange(n, dtype=torch.float32, device=device)
    return 0.5 - 0.5 * torch.cos(t * (2.0 * math.pi / (n - 1)))


def _twiddle(k, n, device):
    """exp(-2 pi i (kk * nn mod n) / n) for kk < k, nn < n: (re [k, n], im [k, n])."""
    kn = (torch.arange(k, device=device)[:, None] * torch.arange(n, device=device)[None, :]) % n
    ang = kn.to(torch.float32) * (2.0 * math.pi / n)
    return torch.cos(ang), -torch.sin(ang)


class Model(nn.Module):
    """The FMCW radar processing chain of TI's mmWave SDK out-of-box demo on complex ADC data
    adc [A, C, N, 2] (int16 I/Q; A virtual antennas, C chirps of N samples), scaled by 2^-15:
      range FFT:   R[a, c, k] = sum_n hann_N[n] x[a, c, n] e^{-2 pi i k n / N}
      Doppler FFT: D[a, d, k] = sum_c hann_C[c] R[a, c, k] e^{-2 pi i d c / C}
      det[d, k]  = sum_a |D[a, d, k]|^2                     (non-coherent integration)
      CA-CFAR along range, cyclic: noise = mean of det[d, (k +- (G+1 .. G+T)) mod N],
      snr = det / noise (guard G = 4, window T = 8 per side)
      angle FFT: Y[q, d, k] = sum_a D[a, d, k] e^{-2 pi i q a / Q} (zero-padded to Q = 64)
      az[q, k]   = sum_d |Y[q, d, k]|^2                     (range-azimuth heatmap)
    Returns (det [C, N], snr [C, N], az [Q, N]) float32. DFTs computed directly."""

    def __init__(self, guard: int = 4, train: int = 8, angle_bins: int = 64):
        super().__init__()
        self.angle_bins = angle_bins
        self.guard = guard
        self.n_train = train

    def forward(self, adc):
        x = adc.to(torch.float32) * (1.0 / 32768.0)
        A, C, N = x.shape[0], x.shape[1], x.shape[2]
        Q = self.angle_bins
        xr = x[..., 0] * _hann(N, x.device)
        xi = x[..., 1] * _hann(N, x.device)
        cr, ci = _twiddle(N, N, x.device)             # [k, n]
        rr = xr @ cr.T - xi @ ci.T                     # [A, C, K]
        ri = xr @ ci.T + xi @ cr.T
        wc = _hann(C, x.device)[:, None]
        rr, ri = rr * wc, ri * wc
        dr_, di_ = _twiddle(C, C, x.device)           # [d, c]
        dr = dr_ @ rr - di_ @ ri                       # [A, D, K]
        di = dr_ @ ri + di_ @ rr
        det = (dr * dr + di * di).sum(0)               # [D, K]
        G, T = self.guard, self.n_train
        offs = [o for o in range(G + 1, G + T + 1)] + [-o for o in range(G + 1, G + T + 1)]
        noise = sum(torch.roll(det, shifts=-o, dims=1) for o in offs) * (1.0 / (2 * T))
        snr = det / noise
        qr, qi = _twiddle(Q, Q, x.device)             # [q, a'] (a' < Q; only a < A used)
        qr, qi = qr[:, :A], qi[:, :A]
        yr = torch.einsum("qa,adk->qdk", qr, dr) - torch.einsum("qa,adk->qdk", qi, di)
        yi = torch.einsum("qa,adk->qdk", qr, di) + torch.einsum("qa,adk->qdk", qi, dr)
        az = (yr * yr + yi * yi).sum(1)                # [Q, K]
        return det, snr, az


A, C, N = 8, 64, 256


def get_inputs():
    return [torch.randint(-2048, 2048, (A, C, N, 2), dtype=torch.int16)]


def get_init_inputs():
    return [4, 8, 64]
