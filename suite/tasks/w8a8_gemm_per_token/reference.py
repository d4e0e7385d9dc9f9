import torch
import torch.nn as nn


class Model(nn.Module):
    """A W8A8 linear layer (SmoothQuant; vLLM's cutlass_scaled_mm without bias): the int8
    product accumulated exactly in int32, then out = (float(acc) * a_scale[m]) * w_scale[n]."""

    def __init__(self):
        super().__init__()

    def forward(self, A, a_scale, W, w_scale):
        # exact in float64 (no integer matmul on CUDA): |A|, |W| <= 127, K <= 2048 (task.json), so
        # every partial sum is an integer below 127 * 127 * 2048 < 2^25 < 2^53; |acc| < 2^31
        acc = (A.to(torch.float64) @ W.to(torch.float64).t()).to(torch.int64)
        return (acc.to(torch.float32) * a_scale[:, None]) * w_scale[None, :]


M, N, K = 64, 576, 576


def get_inputs():
    return [
        torch.randint(-127, 128, (M, K), dtype=torch.int8),
        torch.rand(M) * 0.049 + 0.001,
        torch.randint(-127, 128, (N, K), dtype=torch.int8),
        torch.rand(N) * 0.019 + 0.001,
    ]


def get_init_inputs():
    return []
