import torch
import torch.nn as nn

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors (b an int or a
    tensor broadcast against a)."""
    b = torch.as_tensor(b, dtype=torch.int64)
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rounding_divide_by_pot(x: torch.Tensor, e) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors (arithmetic shift); e an int or
    a tensor broadcast against x."""
    e = torch.as_tensor(e, dtype=torch.int64)
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


def mbqm(x: torch.Tensor, multiplier: int, shift: int) -> torch.Tensor:
    """TFLite's MultiplyByQuantizedMultiplier with a signed exponent: a left shift by
    max(shift, 0), SRDHM by the Q31 multiplier, a rounding right shift by max(-shift, 0)."""
    left, right = max(shift, 0), max(-shift, 0)
    return rounding_divide_by_pot(srdhm(x * (1 << left), multiplier), right)


class Model(nn.Module):
    """TFLite's int8 MUL (reference integer kernel) with b broadcast over the pixels, NHWC:
    output = clamp(MultiplyByQuantizedMultiplier((a - zp_a) * (b - zp_b), M, shift) + zp_out, -128, 127)."""

    def __init__(self, zp_a: int, zp_b: int, zp_out: int, multiplier: int, shift: int):
        super().__init__()
        self.zp_a, self.zp_b, self.zp_out, self.multiplier, self.shift = zp_a, zp_b, zp_out, multiplier, shift

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        prod = (a.to(torch.int64) - self.zp_a) * (b.to(torch.int64) - self.zp_b)
        out = mbqm(prod, self.multiplier, self.shift) + self.zp_out
        return torch.clamp(out, -128, 127).to(torch.int8)


H, W, C = 28, 28, 120


def get_inputs():
    return [
        torch.randint(-128, 128, (1, H, W, C), dtype=torch.int8),
        torch.randint(-128, 128, (1, 1, 1, C), dtype=torch.int8),
    ]


def get_init_inputs():
    # zp_a, zp_b, zp_out, M (0.0041556 = 1142278536 / 2^31 * 2^-7), shift
    return [-10, -128, -12, 1142278536, -7]
