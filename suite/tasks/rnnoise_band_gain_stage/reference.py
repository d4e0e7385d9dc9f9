import torch
import torch.nn as nn
import torch.nn.functional as F

# rnnoise denoise.c: band edges in units of 4 bins (FRAME_SIZE_SHIFT 2) of the 481-bin spectrum
EBAND5MS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 34, 40, 48, 60, 78, 100]
NB_BANDS, FREQ_SIZE = 22, 481


def band_tables():
    """The triangular band weights of compute_band_energy (wb [481, 22]) and of
    interp_band_gain (wi [22, 481]); frac = (float)j / (float)band_size as in C."""
    wb = torch.zeros(FREQ_SIZE, NB_BANDS)
    wi = torch.zeros(NB_BANDS, FREQ_SIZE)
    for i in range(NB_BANDS - 1):
        size = (EBAND5MS[i + 1] - EBAND5MS[i]) << 2
        for j in range(size):
            frac = torch.tensor(float(j)) / torch.tensor(float(size))
            k = (EBAND5MS[i] << 2) + j
            wb[k, i] += 1 - frac
            wb[k, i + 1] += frac
            wi[i, k] = 1 - frac
            wi[i + 1, k] = frac
    return wb, wi


class Model(nn.Module):
    """The band stage of RNNoise after its denoise GRU, for T consecutive 10 ms frames
    (rnnoise_process_frame: compute_rnn's denoise_output, pitch_filter, the gain smoothing
    with lastg, interp_band_gain and the gain applied to the spectrum):
      g    = sigmoid(state W_out^T + b_out)                        [T, 22] band gains
      Ex, Ep, Exp = band energies of X, P and their correlation (Exp / sqrt(.001 + Ex Ep))
      r    = 1 if Exp > g else Exp^2 (1 - g^2) / (.001 + g^2 (1 - Exp^2));
      r    = sqrt(clamp(r, 0, 1)) * sqrt(Ex / (1e-8 + Ep))
      X1   = X + interp(r) P;  X2 = X1 * interp(sqrt(Ex / (1e-8 + band_energy(X1))))
      gs_t = max(g_t, 0.6 gs_{t-1}) (gs_{-1} = lastg);  Y = X2 * interp(gs)
    Returns (Y_re, Y_im, the new lastg)."""

    def __init__(self, alpha: float = 0.6):
        super().__init__()
        self.alpha = alpha
        wb, wi = band_tables()
        scale = torch.ones(NB_BANDS)
        scale[0] = scale[-1] = 2.0
        self.register_buffer("wb", wb, persistent=False)      # buffers: .to(device) moves them
        self.register_buffer("wi", wi, persistent=False)
        self.register_buffer("scale", scale, persistent=False)

    def band(self, v):
        return torch.matmul(v, self.wb) * self.scale

    def forward(self, X_re, X_im, P_re, P_im, state, W_out, b_out, lastg):
        g = torch.sigmoid(F.linear(state, W_out, b_out))
        Ex = self.band(X_re * X_re + X_im * X_im)
        Ep = self.band(P_re * P_re + P_im * P_im)
        Exp = self.band(X_re * P_re + X_im * P_im) / torch.sqrt(0.001 + Ex * Ep)
        r = torch.where(Exp > g, torch.ones_like(g),
                        Exp * Exp * (1 - g * g) / (0.001 + g * g * (1 - Exp * Exp)))
        r = torch.sqrt(r.clamp(0.0, 1.0)) * torch.sqrt(Ex / (1e-8 + Ep))
        rf = torch.matmul(r, self.wi)
        X1_re, X1_im = X_re + rf * P_re, X_im + rf * P_im
        newE = self.band(X1_re * X1_re + X1_im * X1_im)
        normf = torch.matmul(torch.sqrt(Ex / (1e-8 + newE)), self.wi)
        X2_re, X2_im = X1_re * normf, X1_im * normf
        gs, prev = [], lastg
        for t in range(g.shape[0]):
            prev = torch.maximum(g[t], self.alpha * prev)
            gs.append(prev)
        gf = torch.matmul(torch.stack(gs), self.wi)
        return X2_re * gf, X2_im * gf, prev


T, S = 100, 96


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, FREQ_SIZE), -1.0, 1.0), _uniform((T, FREQ_SIZE), -1.0, 1.0),
        _uniform((T, FREQ_SIZE), -1.0, 1.0), _uniform((T, FREQ_SIZE), -1.0, 1.0),
        _uniform((T, S), 0.0, 1.0), _uniform((NB_BANDS, S), -0.4, 0.4), _uniform((NB_BANDS,), -1.0, 1.0),
        _uniform((NB_BANDS,), 0.0, 1.0),
    ]


def get_init_inputs():
    return [0.6]
