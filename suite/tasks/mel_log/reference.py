import torch
import torch.nn as nn


class Model(nn.Module):
    """Log-mel features: logmel = log(power @ mel_fb + eps), the projection of each frame of a
    power spectrogram [T, F] onto M mel filters [F, M], then a floored natural log (the
    front end of Whisper and of keyword-spotting models)."""

    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, power: torch.Tensor, mel_fb: torch.Tensor) -> torch.Tensor:
        return torch.log(torch.matmul(power, mel_fb) + self.eps)


T, F, M = 100, 201, 80


def get_inputs():
    return [torch.rand(T, F), torch.rand(F, M) * 0.05]


def get_init_inputs():
    return [1e-6]
