import torch
import torch.nn as nn


def _gru_rnnoise(x, h, w, u, bias):
    """RNNoise's GRU (Keras reset_after=False, one bias, gates stacked z, r, n; the reset gate
    scales h before the recurrent product; ReLU candidate):
      z = sigmoid(W_z x + U_z h + b_z),  r = sigmoid(W_r x + U_r h + b_r)
      n = relu(W_n x + U_n (r * h) + b_n),  h_new = z * h + (1 - z) * n"""
    H = h.shape[-1]
    gx = torch.nn.functional.linear(x, w, bias)
    z = torch.sigmoid(gx[:, :H] + torch.nn.functional.linear(h, u[:H]))
    r = torch.sigmoid(gx[:, H:2 * H] + torch.nn.functional.linear(h, u[H:2 * H]))
    n = torch.relu(gx[:, 2 * H:] + torch.nn.functional.linear(r * h, u[2 * H:]))
    return z * h + (1.0 - z) * n


class Model(nn.Module):
    """One 10 ms frame of the RNNoise denoiser network (Valin 2018), batch 1:
      d = tanh(w_in f + b_in)                          (input_dense)
      v = GRU_vad(d, h_vad)                            (vad_gru)
      s = GRU_noise([d, v, f], h_noise)                (noise_gru)
      g = GRU_denoise([v, s, f], h_den)                (denoise_gru)
      gains = sigmoid(w_out g + b_out)                 (denoise_output: per-band gains)
    returns (gains [1, B], v, s, g): the gains and the three new GRU states."""

    def __init__(self):
        super().__init__()

    def forward(self, feat, h_vad, h_noise, h_den, w_in, b_in, vad_w, vad_u, vad_b,
                noise_w, noise_u, noise_b, den_w, den_u, den_b, w_out, b_out):
        d = torch.tanh(torch.nn.functional.linear(feat, w_in, b_in))
        v = _gru_rnnoise(d, h_vad, vad_w, vad_u, vad_b)
        s = _gru_rnnoise(torch.cat([d, v, feat], dim=1), h_noise, noise_w, noise_u, noise_b)
        g = _gru_rnnoise(torch.cat([v, s, feat], dim=1), h_den, den_w, den_u, den_b)
        gains = torch.sigmoid(torch.nn.functional.linear(g, w_out, b_out))
        return gains, v, s, g


F, D, V, N, S, B = 42, 24, 24, 48, 96, 22


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, F), -2.0, 2.0),
        _uniform((1, V), 0.0, 1.0),
        _uniform((1, N), 0.0, 1.0),
        _uniform((1, S), 0.0, 1.0),
        _uniform((D, F), -0.3, 0.3),
        _uniform((D,), -0.5, 0.5),
        _uniform((3 * V, D), -0.4, 0.4),
        _uniform((3 * V, V), -0.4, 0.4),
        _uniform((3 * V,), -0.5, 0.5),
        _uniform((3 * N, D + V + F), -0.2, 0.2),
        _uniform((3 * N, N), -0.3, 0.3),
        _uniform((3 * N,), -0.5, 0.5),
        _uniform((3 * S, V + N + F), -0.2, 0.2),
        _uniform((3 * S, S), -0.2, 0.2),
        _uniform((3 * S,), -0.5, 0.5),
        _uniform((B, S), -0.3, 0.3),
        _uniform((B,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
