import torch
import torch.nn as nn


class Model(nn.Module):
    """Spectral-subtraction noise gate on a complex STFT (re, im [T, F]) with a per-bin noise
    power estimate noise [F]:
      P = re^2 + im^2
      gain = sqrt(max(P - alpha * noise, beta * P) / (P + eps))
      out = (re * gain, im * gain)
    alpha = 2 (over-subtraction), beta = 0.1 (spectral floor), eps = 1e-10."""

    def __init__(self, alpha: float = 2.0, beta: float = 0.1, eps: float = 1e-10):
        super().__init__()
        self.alpha, self.beta, self.eps = alpha, beta, eps

    def forward(self, re: torch.Tensor, im: torch.Tensor, noise: torch.Tensor):
        p = re * re + im * im
        clean = torch.maximum(p - self.alpha * noise, self.beta * p)
        gain = torch.sqrt(clean / (p + self.eps))
        return re * gain, im * gain


T, F = 98, 257


def get_inputs():
    return [torch.rand(T, F) * 2 - 1, torch.rand(T, F) * 2 - 1, torch.rand(F) * 0.3]


def get_init_inputs():
    return [2.0, 0.1, 1e-10]
