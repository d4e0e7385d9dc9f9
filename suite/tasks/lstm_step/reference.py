import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One step of an LSTM cell (torch.nn.LSTMCell semantics, gate order i, f, g, o):
      gates = x W_ih^T + b_ih + h W_hh^T + b_hh
      c_new = sigmoid(f) * c + sigmoid(i) * tanh(g)
      h_new = sigmoid(o) * tanh(c_new)
    Returns (h_new, c_new)."""

    def __init__(self):
        super().__init__()

    def forward(self, x, h, c, W_ih, W_hh, b_ih, b_hh):
        gates = F.linear(x, W_ih, b_ih) + F.linear(h, W_hh, b_hh)
        i, f, g, o = gates.chunk(4, dim=1)
        c_new = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h_new = torch.sigmoid(o) * torch.tanh(c_new)
        return h_new, c_new


I, H = 40, 128


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, I), -1.0, 1.0),
        _uniform((1, H), -1.0, 1.0),
        _uniform((1, H), -2.0, 2.0),
        _uniform((4 * H, I), -0.3, 0.3),
        _uniform((4 * H, H), -0.3, 0.3),
        _uniform((4 * H,), -0.5, 0.5),
        _uniform((4 * H,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
