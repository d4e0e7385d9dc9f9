import torch
import torch.nn as nn


class Model(nn.Module):
    """A one-layer bidirectional nn.GRU over a whole sequence, batch 1 (torch.gru, the op nn.GRU
    runs): per direction and step, with gates stacked (r, z, n) along the rows of w_ih, w_hh:
      r = sigmoid(W_ir x_t + b_ir + W_hr h + b_hr),  z = sigmoid(W_iz x_t + b_iz + W_hz h + b_hz)
      n = tanh(W_in x_t + b_in + r * (W_hn h + b_hn)),  h <- (1 - z) * n + z * h
    the forward direction runs t = 0..T-1 from h0[0], the backward one t = T-1..0 from h0[1];
    returns [T, 1, 2H]: forward h_t then backward h_t per step."""

    def __init__(self):
        super().__init__()

    def forward(self, x, h0, w_ih_f, w_hh_f, b_ih_f, b_hh_f, w_ih_b, w_hh_b, b_ih_b, b_hh_b):
        params = [w_ih_f, w_hh_f, b_ih_f, b_hh_f, w_ih_b, w_hh_b, b_ih_b, b_hh_b]
        y, _ = torch.gru(x, h0, params, True, 1, 0.0, False, True, False)
        return y


T, I, H = 32, 64, 64


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, 1, I), -2.0, 2.0),
        _uniform((2, 1, H), -1.0, 1.0),
        _uniform((3 * H, I), -0.15, 0.15),
        _uniform((3 * H, H), -0.25, 0.25),
        _uniform((3 * H,), -0.3, 0.3),
        _uniform((3 * H,), -0.3, 0.3),
        _uniform((3 * H, I), -0.15, 0.15),
        _uniform((3 * H, H), -0.25, 0.25),
        _uniform((3 * H,), -0.3, 0.3),
        _uniform((3 * H,), -0.3, 0.3),
    ]


def get_init_inputs():
    return []
