import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """whisper.audio.log_mel_spectrogram(audio, n_mels, padding) for a [1, S] waveform, with
    the window and the mel filters as inputs (N_FFT 400, HOP_LENGTH 160)."""

    def __init__(self, n_fft: int = 400, hop: int = 160, padding: int = 16000):
        super().__init__()
        self.n_fft, self.hop, self.padding = n_fft, hop, padding

    def forward(self, audio, window, filters):
        audio = F.pad(audio, (0, self.padding))
        stft = torch.stft(audio, self.n_fft, self.hop, window=window, return_complex=True)
        magnitudes = stft[..., :-1].abs() ** 2
        mel_spec = filters @ magnitudes
        log_spec = torch.clamp(mel_spec, min=1e-10).log10()
        log_spec = torch.maximum(log_spec, log_spec.max() - 8.0)
        return (log_spec + 4.0) / 4.0


S, M = 80000, 80


def get_inputs():
    return [torch.rand(1, S) * 2 - 1, torch.hann_window(400), torch.rand(M, 201) * 0.02]


def get_init_inputs():
    return [400, 160, 16000]
