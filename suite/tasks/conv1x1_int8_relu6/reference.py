import torch
import torch.nn as nn
import torch.nn.functional as F

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
    """An int8 1x1 convolution with TFLite fixed-point requantization and a fused ReLU6:
    acc = bias + conv1x1(input - zp_in, weight) in int32, then
    output = clamp(zp_out + RDivPOT(SRDHM(acc, multiplier), shift), act_min, act_max) as int8,
    where [act_min, act_max] is the real range [0, 6] in the output's quantized domain."""

    def __init__(self, zp_in: int, zp_out: int, multiplier: int, shift: int, act_min: int, act_max: int):
        super().__init__()
        self.zp_in, self.zp_out, self.multiplier, self.shift = zp_in, zp_out, multiplier, shift
        self.act_min, self.act_max = act_min, act_max

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        # The 1x1 conv is a channel contraction, done in float64 (no integer matmul on CUDA) and
        # exact: |input - zp_in| <= 128 + |zp_in| <= 256, |weight| <= 127, C_in <= 64 (task.json),
        # so every partial sum is an integer below 256 * 127 * 64 < 2^21 < 2^53.
        x = (input.to(torch.int64) - self.zp_in).to(torch.float64)  # [1, C_in, H, W]
        w = weight.to(torch.float64)[:, :, 0, 0]  # [C_out, C_in]
        acc = torch.einsum("oi,nihw->nohw", w, x).to(torch.int64) + bias.to(torch.int64)[None, :, None, None]
        scaled = rounding_divide_by_pot(srdhm(acc, self.multiplier), self.shift)
        return torch.clamp(scaled + self.zp_out, self.act_min, self.act_max).to(torch.int8)


C_in, C_out, H, W = 16, 32, 24, 24


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C_in, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (C_out, C_in, 1, 1), dtype=torch.int8),
        torch.randint(-20000, 20001, (C_out,), dtype=torch.int32),
    ]


def get_init_inputs():
    # zp_in, zp_out, multiplier M0 (0.75 * 2^31), shift, act_min, act_max (ReLU6 at scale 1/16)
    return [-128, -20, 1610612736, 9, -20, 76]
