import torch
import torch.nn as nn


class Model(nn.Module):
    """W8A8 linear with dynamic per-token activation quantization (vLLM int8 w8a8):
      absmax = max |x| per token; inv = 127 / absmax (0 for an all-zero token)
      xq = clamp(round_half_even(x * inv), -127, 127)              int8
      y = (float(xq @ Wq^T) * (absmax / 127)) * w_scale + bias     int32 accumulation
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, Wq, w_scale, bias):
        absmax = x.abs().amax(dim=-1, keepdim=True)
        inv = torch.where(absmax > 0, 127.0 / absmax, torch.zeros_like(absmax))
        xq = torch.clamp(torch.round(x * inv), -127, 127).to(torch.int64)
        # exact in float64 (|acc| <= 127 * 128 * K < 2^53; no integer matmul on CUDA)
        acc = (xq.to(torch.float64) @ Wq.to(torch.float64).t()).to(torch.int64)
        return (acc.to(torch.float32) * (absmax / 127.0)) * w_scale + bias


T, N, K = 16, 1152, 896


def get_inputs():
    return [
        torch.rand(T, K) * 8.0 - 4.0,
        torch.randint(-127, 128, (N, K), dtype=torch.int8),
        torch.rand(N) * 0.0004 + 0.0002,
        torch.rand(N) - 0.5,
    ]


def get_init_inputs():
    return []
