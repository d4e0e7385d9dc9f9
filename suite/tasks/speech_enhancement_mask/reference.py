import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Mask-based speech enhancement on STFT frames (NSNet / RNNoise style, with a 2-layer FC
    mask estimator in place of the recurrent layers): the log-compressed magnitude of each
    bin, FC + ReLU, FC + sigmoid gives a real gain per bin, applied to the complex spectrum."""

    def __init__(self):
        super().__init__()

    def forward(self, re, im, w1, b1, w2, b2):
        mag = torch.sqrt(re * re + im * im)
        feat = torch.log1p(mag)
        hidden = F.relu(F.linear(feat, w1, b1))
        mask = torch.sigmoid(F.linear(hidden, w2, b2))
        return re * mask, im * mask


T, F_, Hd = 100, 161, 256


def get_inputs():
    return [
        torch.rand(T, F_) * 2 - 1,
        torch.rand(T, F_) * 2 - 1,
        torch.rand(Hd, F_) * 0.3 - 0.15,
        torch.rand(Hd) - 0.5,
        torch.rand(F_, Hd) * 0.4 - 0.2,
        torch.rand(F_) * 4 - 2,
    ]


def get_init_inputs():
    return []
