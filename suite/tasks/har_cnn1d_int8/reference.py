import torch
import torch.nn as nn
import torch.nn.functional as F

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    return torch.where((a == b) & (a == INT32_MIN), torch.full_like(q, INT32_MAX), q)


def rdivpot(x: torch.Tensor, e: torch.Tensor) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors by 2^e."""
    e = torch.as_tensor(e, dtype=torch.int64)
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


class Model(nn.Module):
    """The int8 UCI-HAR 1-D CNN as TFLite's integer kernels run it (docs/task-format.md):
      a1 = clamp(zp_a + RDivPOT(SRDHM(b1 + conv1d(x - zp_x, w1), m1[f]), s1[f]), zp_a, 127)
      a2 = likewise from a1 - zp_a with w2, b2, m2, s2        (per-channel)
      p  = max_pool1d(a2, 2)
      h  = clamp(zp_a + RDivPOT(SRDHM(b3 + (flatten(p) - zp_a) w3^T, M3), S3), zp_a, 127)
      logits = clamp(zp_out + RDivPOT(SRDHM(b4 + (h - zp_a) w4^T, M4), S4), -128, 127)"""

    def __init__(self, zp_x=-3, zp_a=-128, zp_out=5, M3=1610612736, S3=12, M4=1395864371, S4=9):
        super().__init__()
        self.zp_x, self.zp_a, self.zp_out = zp_x, zp_a, zp_out
        self.M3, self.S3, self.M4, self.S4 = M3, S3, M4, S4

    def forward(self, x, w1, b1, m1, s1, w2, b2, m2, s2, w3, b3, w4, b4):
        i64, f64 = torch.int64, torch.float64  # integer sums exactly in float64 (all < 2^53)
        ch = lambda v: v.to(i64).view(1, -1, 1)
        acc1 = F.conv1d((x.to(i64) - self.zp_x).to(f64), w1.to(f64)).to(i64) + ch(b1)
        a1 = torch.clamp(self.zp_a + rdivpot(srdhm(acc1, ch(m1)), ch(s1)), self.zp_a, 127)
        acc2 = F.conv1d((a1 - self.zp_a).to(f64), w2.to(f64)).to(i64) + ch(b2)
        a2 = torch.clamp(self.zp_a + rdivpot(srdhm(acc2, ch(m2)), ch(s2)), self.zp_a, 127)
        p = F.max_pool1d(a2.to(f64), 2).to(i64)
        acc3 = F.linear((p.flatten(1) - self.zp_a).to(f64), w3.to(f64)).to(i64) + b3.to(i64)
        h = torch.clamp(self.zp_a + rdivpot(srdhm(acc3, torch.tensor(self.M3)), self.S3), self.zp_a, 127)
        acc4 = F.linear((h - self.zp_a).to(f64), w4.to(f64)).to(i64) + b4.to(i64)
        out = torch.clamp(self.zp_out + rdivpot(srdhm(acc4, torch.tensor(self.M4)), self.S4), -128, 127)
        return out.to(torch.int8)


C, L, FL, U, N = 9, 128, 64, 100, 6


def get_inputs():
    lp = (L - 4) // 2
    ri = lambda lo, hi, shape, dt: torch.randint(lo, hi + 1, shape, dtype=dt)
    return [
        ri(-128, 127, (1, C, L), torch.int8),
        ri(-127, 127, (FL, C, 3), torch.int8),
        ri(-10000, 10000, (FL,), torch.int32),
        ri(2**30, 2**31 - 1, (FL,), torch.int32),
        ri(8, 9, (FL,), torch.int32),
        ri(-127, 127, (FL, FL, 3), torch.int8),
        ri(-20000, 20000, (FL,), torch.int32),
        ri(2**30, 2**31 - 1, (FL,), torch.int32),
        ri(9, 10, (FL,), torch.int32),
        ri(-127, 127, (U, FL * lp), torch.int8),
        ri(-50000, 50000, (U,), torch.int32),
        ri(-127, 127, (N, U), torch.int8),
        ri(-20000, 20000, (N,), torch.int32),
    ]


def get_init_inputs():
    return [-3, -128, 5, 1610612736, 12, 1395864371, 9]
