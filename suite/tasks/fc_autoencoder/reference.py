import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MLPerf Tiny anomaly-detection autoencoder (DCASE 2020 Task 2 baseline), batch norm
    folded: D -> HD -> HD -> HD -> HD -> Z -> HD -> HD -> HD -> HD -> D, ReLU after every
    dense layer but the last. The 3 hidden HD -> HD layers of the encoder (w_enc, b_enc) and
    of the decoder (w_dec, b_dec) are stacked along dim 0."""

    def __init__(self):
        super().__init__()

    def forward(self, x, w_in, b_in, w_enc, b_enc, w_z, b_z, w_dec_in, b_dec_in, w_dec, b_dec,
                w_out, b_out):
        a = F.relu(F.linear(x, w_in, b_in))
        for i in range(3):
            a = F.relu(F.linear(a, w_enc[i], b_enc[i]))
        a = F.relu(F.linear(a, w_z, b_z))
        a = F.relu(F.linear(a, w_dec_in, b_dec_in))
        for i in range(3):
            a = F.relu(F.linear(a, w_dec[i], b_dec[i]))
        return F.linear(a, w_out, b_out)


B, D, HD, Z = 8, 640, 128, 8


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((B, D), -1.0, 1.0),
        _uniform((HD, D), -0.06, 0.06), _uniform((HD,), -0.3, 0.5),
        _uniform((3, HD, HD), -0.15, 0.15), _uniform((3, HD), -0.3, 0.5),
        _uniform((Z, HD), -0.15, 0.15), _uniform((Z,), -0.3, 0.5),
        _uniform((HD, Z), -0.5, 0.5), _uniform((HD,), -0.3, 0.5),
        _uniform((3, HD, HD), -0.15, 0.15), _uniform((3, HD), -0.3, 0.5),
        _uniform((D, HD), -0.15, 0.15), _uniform((D,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
