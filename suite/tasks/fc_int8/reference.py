import torch
import torch.nn as nn

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b: int) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rounding_divide_by_pot(x: torch.Tensor, e: int) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors (arithmetic shift)."""
    mask = (1 << e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = (mask >> 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


class Model(nn.Module):
    """An int8 fully connected layer with TFLite fixed-point requantization:
    acc = bias + (input - zp_in) @ weight.T in int32, then
    output = clamp(zp_out + RDivPOT(SRDHM(acc, multiplier), shift), -128, 127) as int8."""

    def __init__(self, zp_in: int, zp_out: int, multiplier: int, shift: int):
        super().__init__()
        self.zp_in, self.zp_out, self.multiplier, self.shift = zp_in, zp_out, multiplier, shift

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        x = input.to(torch.int64) - self.zp_in
        # exact in float64 (no integer matmul on CUDA): |x| <= 128 + |zp_in| <= 255, |weight| <= 127,
        # K <= 317 (task.json), so every partial sum is an integer below 255 * 127 * 317 < 2^24 < 2^53
        acc = torch.matmul(x.to(torch.float64), weight.to(torch.float64).t()).to(torch.int64) + bias.to(torch.int64)
        scaled = rounding_divide_by_pot(srdhm(acc, self.multiplier), self.shift)
        return torch.clamp(scaled + self.zp_out, -128, 127).to(torch.int8)


B, N, K = 1, 144, 250


def get_inputs():
    return [
        torch.randint(-128, 128, (B, K), dtype=torch.int8),
        torch.randint(-127, 128, (N, K), dtype=torch.int8),
        torch.randint(-20000, 20001, (N,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [-3, 5, 1518500250, 10]  # zp_in, zp_out, multiplier M0 (~0.7071 * 2^31), shift
