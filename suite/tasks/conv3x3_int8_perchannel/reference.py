import torch
import torch.nn as nn
import torch.nn.functional as F

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


class Model(nn.Module):
    """TFLite's int8 CONV_2D with per-channel quantization, 3x3, stride 1, SAME padding with the
    input zero point, NHWC, no fused activation:
    acc = bias + sum (input_padded - zp_in) * weight in int32 (weight OHWI), then
    output = clamp(zp_out + RDivPOT(SRDHM(acc, multiplier[co]), shift[co]), -128, 127)."""

    def __init__(self, stride: int, padding: int, zp_in: int, zp_out: int):
        super().__init__()
        self.stride, self.padding, self.zp_in, self.zp_out = stride, padding, zp_in, zp_out

    def forward(self, input, weight, bias, multiplier, shift):
        p, s = self.padding, self.stride
        x = input.to(torch.int64).permute(0, 3, 1, 2)  # NCHW
        xp = F.pad(x, (p, p, p, p), value=self.zp_in) - self.zp_in
        w = weight.to(torch.int64)  # [CO, 3, 3, CI]
        _, CI, Hp, Wp = xp.shape
        Ho, Wo = (Hp - 3) // s + 1, (Wp - 3) // s + 1
        acc = bias.to(torch.int64).view(-1, 1, 1).expand(-1, Ho, Wo).clone()
        for ky in range(3):
            for kx in range(3):
                tap = xp[0, :, ky:ky + s * (Ho - 1) + 1:s, kx:kx + s * (Wo - 1) + 1:s].reshape(CI, -1)
                # exact in float64 (no integer matmul on CUDA): |tap| <= 128 + |zp_in| <= 256,
                # |w| <= 127, CI <= 64 (task.json): partial sums are integers below 2^22 < 2^53
                acc += (w[:, ky, kx, :].to(torch.float64) @ tap.to(torch.float64)).to(torch.int64).view(-1, Ho, Wo)
        m = multiplier.to(torch.int64).view(-1, 1, 1)
        e = shift.to(torch.int64).view(-1, 1, 1)
        out = rounding_divide_by_pot(srdhm(acc, m), e) + self.zp_out
        out = torch.clamp(out, -128, 127)
        return out.permute(1, 2, 0).unsqueeze(0).to(torch.int8)  # NHWC


H, W, CI, CO = 32, 32, 16, 16


def get_inputs():
    return [
        torch.randint(-128, 128, (1, H, W, CI), dtype=torch.int8),
        torch.randint(-127, 128, (CO, 3, 3, CI), dtype=torch.int8),
        torch.randint(-20000, 20001, (CO,), dtype=torch.int32),
        torch.randint(2**30, 2**31, (CO,), dtype=torch.int64).to(torch.int32),
        torch.randint(10, 13, (CO,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [1, 1, -128, 5]  # stride, padding, zp_in, zp_out
