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
    """The int8 classifier head of a quantized MobileNet, as TFLite runs it:
    pooled = TFLite's integer global AveragePool of input [1, C, H, W] (the int32 sum over H, W
    divided by count = H * W, rounded half away from zero with C-style truncating division,
    clamped to int8; same scale and zero point as the input), flattened to [1, C]; then
    acc = bias + (pooled - zp_in) @ weight.T in int32 and
    output = clamp(zp_out + RDivPOT(SRDHM(acc, multiplier), shift), -128, 127) as int8."""

    def __init__(self, zp_in: int, zp_out: int, multiplier: int, shift: int):
        super().__init__()
        self.zp_in, self.zp_out, self.multiplier, self.shift = zp_in, zp_out, multiplier, shift

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        _, _, h, w = input.shape
        count = h * w
        total = input.to(torch.int64).sum(dim=(2, 3))
        up = torch.div(total + count // 2, count, rounding_mode="trunc")
        down = torch.div(total - count // 2, count, rounding_mode="trunc")
        pooled = torch.clamp(torch.where(total >= 0, up, down), -128, 127)
        # exact in float64 (no integer matmul on CUDA): |pooled - zp_in| <= 128 + |zp_in| <= 255,
        # |weight| <= 127, C <= 1280 (task.json): every partial sum is an integer below 2^26 < 2^53
        xz = (pooled - self.zp_in).to(torch.float64)
        acc = torch.matmul(xz, weight.to(torch.float64).t()).to(torch.int64) + bias.to(torch.int64)
        scaled = rounding_divide_by_pot(srdhm(acc, self.multiplier), self.shift)
        return torch.clamp(scaled + self.zp_out, -128, 127).to(torch.int8)


C, H, W, N = 1280, 7, 7, 1000


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (N, C), dtype=torch.int8),
        torch.randint(-20000, 20001, (N,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [-3, 5, 1518500250, 9]  # zp_in, zp_out, multiplier M0 (~0.7071 * 2^31), shift
