import torch
import torch.nn as nn


class Model(nn.Module):
    """One step of a GRU cell (nn.GRUCell semantics, gates stacked as r, z, n):
      r = sigmoid(W_ir x + b_ir + W_hr h + b_hr)
      z = sigmoid(W_iz x + b_iz + W_hz h + b_hz)
      n = tanh(W_in x + b_in + r * (W_hn h + b_hn))
      h_new = (1 - z) * n + z * h
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, h, w_ih, w_hh, b_ih, b_hh):
        return torch.gru_cell(x, h, w_ih, w_hh, b_ih, b_hh)


I, H = 40, 128


def get_inputs():
    return [
        torch.rand(1, I) * 2 - 1,
        torch.rand(1, H) * 2 - 1,
        (torch.rand(3 * H, I) * 2 - 1) * 0.1,
        (torch.rand(3 * H, H) * 2 - 1) * 0.1,
        torch.rand(3 * H) - 0.5,
        torch.rand(3 * H) - 0.5,
    ]


def get_init_inputs():
    return []
