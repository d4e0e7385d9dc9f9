import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A weight-only int8 quantized linear layer for on-device LLM decoding (batch 1, one
    token): the int8 weight [N, K] is dequantized on the fly with one float scale per output
    channel, as gpt-fast's WeightOnlyInt8Linear does:
    y = F.linear(x, W.to(x.dtype)) * scale + bias."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, W: torch.Tensor, scale: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.linear(x, W.to(dtype=x.dtype)) * scale + bias


N, K = 1536, 576


def get_inputs():
    return [
        torch.rand(1, K) * 2 - 1,
        torch.randint(-127, 128, (N, K), dtype=torch.int8),
        torch.rand(N) * 0.008 + 0.002,
        torch.rand(N) - 0.5,
    ]


def get_init_inputs():
    return []
