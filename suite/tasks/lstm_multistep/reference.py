import torch
import torch.nn as nn


class Model(nn.Module):
    """A two-layer nn.LSTM over a whole sequence, batch 1 (torch.lstm, the op nn.LSTM runs):
    per layer and step t, with gates stacked (i, f, g, o) along the rows of w_ih, w_hh:
      gates = w_ih x_t + b_ih + w_hh h_{t-1} + b_hh
      c_t = sigmoid(f) c_{t-1} + sigmoid(i) tanh(g),  h_t = sigmoid(o) tanh(c_t)
    layer 1 reads x, layer 2 reads layer 1's h; returns layer 2's h for every step [T, 1, H]."""

    def __init__(self, num_layers: int = 2):
        super().__init__()
        self.num_layers = num_layers

    def forward(self, x, h0, c0, w_ih0, w_hh0, b_ih0, b_hh0, w_ih1, w_hh1, b_ih1, b_hh1):
        params = [w_ih0, w_hh0, b_ih0, b_hh0, w_ih1, w_hh1, b_ih1, b_hh1]
        y, _, _ = torch.lstm(x, (h0, c0), params, True, self.num_layers, 0.0, False, False, False)
        return y


T, I, H = 49, 10, 64


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, 1, I), -2.0, 2.0),
        _uniform((2, 1, H), -1.0, 1.0),
        _uniform((2, 1, H), -1.0, 1.0),
        _uniform((4 * H, I), -0.4, 0.4),
        _uniform((4 * H, H), -0.2, 0.2),
        _uniform((4 * H,), -0.3, 0.3),
        _uniform((4 * H,), -0.3, 0.3),
        _uniform((4 * H, H), -0.3, 0.3),
        _uniform((4 * H, H), -0.2, 0.2),
        _uniform((4 * H,), -0.3, 0.3),
        _uniform((4 * H,), -0.3, 0.3),
    ]


def get_init_inputs():
    return [2]
