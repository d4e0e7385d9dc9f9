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
    """TFLite's int8 LEAKY_RELU (reference integer kernel), NHWC: v = input - zp_in; the
    non-negative v are rescaled by the identity multiplier, the negative ones by the alpha
    multiplier (MultiplyByQuantizedMultiplier, signed exponents), then + zp_out, saturated."""

    def __init__(self, zp_in: int, zp_out: int, m_identity: int, shift_identity: int, m_alpha: int, shift_alpha: int):
        super().__init__()
        self.zp_in, self.zp_out = zp_in, zp_out
        self.m_identity, self.shift_identity = m_identity, shift_identity
        self.m_alpha, self.shift_alpha = m_alpha, shift_alpha

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        v = input.to(torch.int64) - self.zp_in
        pos = mbqm(v, self.m_identity, self.shift_identity)
        neg = mbqm(v, self.m_alpha, self.shift_alpha)
        out = torch.where(v >= 0, pos, neg) + self.zp_out
        return torch.clamp(out, -128, 127).to(torch.int8)


H, W, C = 104, 104, 64


def get_inputs():
    return [torch.randint(-128, 128, (1, H, W, C), dtype=torch.int8)]


def get_init_inputs():
    # zp_in, zp_out, identity multiplier (1.9493 = 2093063984 / 2^31 * 2^1), its shift,
    # alpha multiplier (0.19493 = 1674451188 / 2^31 * 2^-2), its shift: scales in 0.1, out 0.0513
    return [10, -101, 2093063984, 1, 1674451188, -2]
