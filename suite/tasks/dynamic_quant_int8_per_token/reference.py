import torch
import torch.nn as nn


class Model(nn.Module):
    """Dynamic per-token symmetric int8 quantization (SmoothQuant-style W8A8 activations, as in
    vLLM's dynamic_scaled_int8_quant): absmax per row, scale = absmax / 127,
    q = round_half_even(x * (127 / absmax)) clamped to [-127, 127]. Returns (q, scale)."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        absmax = x.abs().amax(dim=-1)
        c127 = torch.tensor(127.0, dtype=torch.float32)
        inv = torch.where(absmax > 0, c127 / absmax, torch.zeros_like(absmax))
        q = torch.clamp(torch.round(x * inv[:, None]), -127, 127).to(torch.int8)
        return q, absmax / c127


M, K = 128, 2048


def get_inputs():
    return [torch.rand(M, K) * 8 - 4]


def get_init_inputs():
    return []
