import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MLPerf Tiny KWS end to end: the MFCC front end of its get_dataset.py (tf.signal) and the
    DS-CNN (batch norm folded) on the 1 x T x 10 feature map:
      frames (480, hop 320) * window -> |rfft(., 512)| -> @ mel_w -> log(. + 1e-6)
      -> mfcc = sqrt(2/M) DCT-II(logmel)[:, :10]  (tf.signal.mfccs_from_log_mel_spectrograms)
      -> conv 10x4 s2 'same' + ReLU -> 4 x (dw 3x3 + ReLU, 1x1 + ReLU) -> mean -> linear
    """

    def __init__(self, frame: int = 480, hop: int = 320, n_fft: int = 512, n_mfcc: int = 10):
        super().__init__()
        self.frame, self.hop, self.n_fft, self.n_mfcc = frame, hop, n_fft, n_mfcc

    def forward(self, wav, window, mel_w, w1, b1, dw_w, dw_b, pw_w, pw_b, fc_w, fc_b):
        M = mel_w.shape[1]
        frames = wav.unfold(-1, self.frame, self.hop)                     # [1, T, 480]
        mag = torch.fft.rfft(frames * window, n=self.n_fft).abs()         # [1, T, 257]
        logmel = torch.log(torch.matmul(mag, mel_w) + 1e-6)               # [1, T, M]
        m = torch.arange(M, dtype=torch.float64, device=wav.device)
        k = torch.arange(self.n_mfcc, dtype=torch.float64, device=wav.device)[:, None]
        dct = torch.cos(math.pi * k * (2 * m + 1) / (2 * M)).float()      # [10, M]
        mfcc = torch.matmul(logmel, dct.T) * math.sqrt(2.0 / M)           # [1, T, 10]
        x = F.pad(mfcc.unsqueeze(1), (1, 1, 4, 5))                        # 'same' for 10x4 s2
        a = F.relu(F.conv2d(x, w1, b1, stride=2))
        for i in range(dw_w.shape[0]):
            a = F.relu(F.conv2d(a, dw_w[i], dw_b[i], padding=1, groups=dw_w.shape[1]))
            a = F.relu(F.conv2d(a, pw_w[i], pw_b[i]))
        return F.linear(a.mean(dim=(2, 3)), fc_w, fc_b)


T, M, C, N = 49, 40, 64, 12


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, 320 * T + 160), -1.0, 1.0),
        torch.hann_window(480),
        _uniform((257, M), 0.0, 0.02),
        _uniform((C, 1, 10, 4), -0.1, 0.1), _uniform((C,), -1.0, 1.0),
        _uniform((4, C, 1, 3, 3), -0.3, 0.5), _uniform((4, C), -0.5, 0.5),
        _uniform((4, C, C, 1, 1), -0.2, 0.2), _uniform((4, C), -0.3, 0.5),
        _uniform((N, C), -0.5, 0.5), _uniform((N,), -0.5, 0.5),
    ]


def get_init_inputs():
    return [480, 320, 512, 10]
