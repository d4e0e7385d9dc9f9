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
    """An int8 depthwise 3x3 convolution (groups = channels), stride 1, padding 1 with the input
    zero point, as TFLite's integer DepthwiseConv with per-tensor quantization:
    acc = bias + sum over the 3x3 taps of (input_padded - zp_in) * weight in int32, then
    output = clamp(zp_out + RDivPOT(SRDHM(acc, multiplier), shift), -128, 127) as int8."""

    def __init__(self, stride: int, padding: int, zp_in: int, zp_out: int, multiplier: int, shift: int):
        super().__init__()
        self.stride, self.padding = stride, padding
        self.zp_in, self.zp_out, self.multiplier, self.shift = zp_in, zp_out, multiplier, shift

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        _, C, H, W = input.shape
        p, s = self.padding, self.stride
        xp = F.pad(input.to(torch.int64), (p, p, p, p), value=self.zp_in) - self.zp_in
        w = weight.to(torch.int64)
        Ho, Wo = (H + 2 * p - 3) // s + 1, (W + 2 * p - 3) // s + 1
        acc = bias.to(torch.int64).view(1, C, 1, 1).expand(1, C, Ho, Wo).clone()
        for ky in range(3):
            for kx in range(3):
                tap = xp[:, :, ky:ky + s * (Ho - 1) + 1:s, kx:kx + s * (Wo - 1) + 1:s]
                acc += tap * w[:, 0, ky, kx].view(1, C, 1, 1)
        scaled = rounding_divide_by_pot(srdhm(acc, self.multiplier), self.shift)
        return torch.clamp(scaled + self.zp_out, -128, 127).to(torch.int8)


C, H, W = 144, 56, 56


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (C, 1, 3, 3), dtype=torch.int8),
        torch.randint(-8000, 8001, (C,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [1, 1, -5, 2, 1288490189, 8]  # stride, padding, zp_in, zp_out, M0 (~0.6 * 2^31), shift
