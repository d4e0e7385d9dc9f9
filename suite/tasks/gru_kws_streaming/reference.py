import torch
import torch.nn as nn


class Model(nn.Module):
    """A streaming GRU keyword spotter over one chunk of feature frames, batch 1:
    torch.gru (one layer, gates r, z, n) from the carried state h0, then per frame
    probs[t] = softmax(fc_w h_t + fc_b); returns (probs [T, 1, C], h_n [1, 1, H])."""

    def __init__(self):
        super().__init__()

    def forward(self, x, h0, w_ih, w_hh, b_ih, b_hh, fc_w, fc_b):
        y, h_n = torch.gru(x, h0, [w_ih, w_hh, b_ih, b_hh], True, 1, 0.0, False, False, False)
        logits = torch.nn.functional.linear(y, fc_w, fc_b)
        return torch.softmax(logits, dim=-1), h_n


T, I, H, C = 49, 10, 128, 12


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((T, 1, I), -2.0, 2.0),
        _uniform((1, 1, H), -1.0, 1.0),
        _uniform((3 * H, I), -0.3, 0.3),
        _uniform((3 * H, H), -0.2, 0.2),
        _uniform((3 * H,), -0.3, 0.3),
        _uniform((3 * H,), -0.3, 0.3),
        _uniform((C, H), -0.5, 0.5),
        _uniform((C,), -1.0, 1.0),
    ]


def get_init_inputs():
    return []
