import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Log-mel features and their delta features, the static + delta front end of keyword
    spotting: logmel = log(power @ mel_fb + eps) for a power spectrogram [T, F] and M mel
    filters [F, M], then delta = the first-order regression over +-2 frames along time with
    replicate (edge-clamp) padding, as torchaudio.functional.compute_deltas(win_length=5):
    delta[t] = sum_{n=1..2} n * (logmel[t+n] - logmel[t-n]) / (2 * (1 + 4))."""

    def __init__(self, eps: float = 1e-6, win_length: int = 5):
        super().__init__()
        self.eps = eps
        self.n = (win_length - 1) // 2

    def forward(self, power: torch.Tensor, mel_fb: torch.Tensor):
        logmel = torch.log(torch.matmul(power, mel_fb) + self.eps)
        # compute_deltas on the [M, T] layout (time last), as torchaudio does it.
        n = self.n
        denom = n * (n + 1) * (2 * n + 1) / 3
        spec = logmel.t().unsqueeze(0)  # [1, M, T]
        spec = F.pad(spec, (n, n), mode="replicate")
        kernel = torch.arange(-n, n + 1, 1, dtype=spec.dtype, device=spec.device).repeat(spec.shape[1], 1, 1)
        delta = F.conv1d(spec, kernel, groups=spec.shape[1]) / denom
        return logmel, delta.squeeze(0).t().contiguous()


T, F_, M = 101, 257, 40


def get_inputs():
    return [torch.rand(T, F_), torch.rand(F_, M) * 0.05]


def get_init_inputs():
    return [1e-6, 5]
