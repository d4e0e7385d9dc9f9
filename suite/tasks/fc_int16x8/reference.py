import torch
import torch.nn as nn


class Model(nn.Module):
    """TFLite's FULLY_CONNECTED in 16x8 mode: int16 input (zero point 0), int8 weight, int32
    bias, 64-bit accumulation, then TFLite's 64-bit MultiplyByQuantizedMultiplier:
    M16 = (M0 + 2^15) >> 16 (M0 reduced to 16 bits), t = 15 - shift,
    output = clamp((acc * M16 + 2^(t-1)) >> t, -32768, 32767) as int16."""

    def __init__(self, multiplier: int, shift: int):
        super().__init__()
        self.m16 = (multiplier + (1 << 15)) >> 16 if multiplier < 0x7FFF0000 else 0x7FFF
        self.total_shift = 15 - shift

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        # exact in float64 (no integer matmul on CUDA): |input| <= 2^15, |weight| <= 127, K <= 1024
        # (task.json), so every partial sum is an integer below 2^15 * 2^7 * 2^10 = 2^32 < 2^53
        acc = (input.to(torch.float64) @ weight.to(torch.float64).t()).to(torch.int64) + bias.to(torch.int64)
        t = self.total_shift
        scaled = torch.bitwise_right_shift(acc * self.m16 + (1 << (t - 1)), t)
        return torch.clamp(scaled, -32768, 32767).to(torch.int16)


B, N, K = 100, 144, 250


def get_inputs():
    return [
        torch.randint(-32768, 32768, (B, K), dtype=torch.int16),
        torch.randint(-127, 128, (N, K), dtype=torch.int8),
        torch.randint(-1000000, 1000001, (N,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [1518500250, -11]  # Q31 multiplier M0 (0.7071 * 2^31), shift (signed exponent)
