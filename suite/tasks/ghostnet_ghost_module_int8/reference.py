import torch
import torch.nn as nn
import torch.nn.functional as F

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rounding_divide_by_pot(x: torch.Tensor, e: torch.Tensor) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors by 2^e (e a tensor)."""
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


def requant(acc, m0, shift, zp, lo, hi):
    """Per-channel requantization: m0, shift [1, M, 1, 1] int64."""
    return torch.clamp(rounding_divide_by_pot(srdhm(acc, m0), shift) + zp, lo, hi)


class Model(nn.Module):
    """The int8 GhostNet Ghost module as TFLite's integer kernels run it, per-channel weights:
      p = requant_m(b_p + conv1x1(x - zp_x, w_p)) clamped to ReLU [zp_p, 127]
      g = requant_m(b_c + depthwise3x3(p - zp_p, w_c, pad 1 with zp_p)) clamped to [zp_p, 127]
      y = cat[p, g]
    with requant_m(acc) = RDivPOT(SRDHM(acc, M[m]), s[m]) + zp_p (docs/task-format.md)."""

    def __init__(self, zp_x, zp_p):
        super().__init__()
        self.zp_x, self.zp_p = zp_x, zp_p

    def forward(self, x, w_p, b_p, m_p, s_p, w_c, b_c, m_c, s_c):
        # Integer convolutions exactly in float64 (every partial sum is far below 2^53).
        d = torch.float64
        ch = lambda v: v.to(torch.int64).view(1, -1, 1, 1)
        acc1 = F.conv2d((x.to(torch.int64) - self.zp_x).to(d), w_p.to(d)).to(torch.int64) + ch(b_p)
        p = requant(acc1, ch(m_p), ch(s_p), self.zp_p, self.zp_p, 127)
        pp = F.pad(p - self.zp_p, (1, 1, 1, 1))  # padding with zp_p: zero after the offset
        acc2 = F.conv2d(pp.to(d), w_c.to(d), groups=w_c.shape[0]).to(torch.int64) + ch(b_c)
        g = requant(acc2, ch(m_c), ch(s_c), self.zp_p, self.zp_p, 127)
        return torch.cat([p, g], 1).to(torch.int8)


C, M, H, W = 16, 24, 112, 112


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (M, C, 1, 1), dtype=torch.int8),
        torch.randint(-20000, 20001, (M,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (M,), dtype=torch.int32),
        torch.randint(7, 10, (M,), dtype=torch.int32),
        torch.randint(-127, 128, (M, 1, 3, 3), dtype=torch.int8),
        torch.randint(-20000, 20001, (M,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (M,), dtype=torch.int32),
        torch.randint(7, 10, (M,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [3, -128]
