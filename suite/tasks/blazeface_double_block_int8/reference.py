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


def requant(acc: torch.Tensor, m0: int, shift: int, zp: int, lo: int, hi: int) -> torch.Tensor:
    return torch.clamp(rounding_divide_by_pot(srdhm(acc, m0), shift) + zp, lo, hi)


class Model(nn.Module):
    """The int8 double BlazeBlock (stride 1) as TFLite's integer kernels run it; every
    intermediate is an int8 tensor held in int64 here:
      d1 = requant(b_dw1 + depthwise5x5(x - zp_x, w_dw1, pad 2 with zp_x))        linear
      p1 = requant(b_p1 + conv1x1(d1 - zp_d1, w_p1)) clamped to [zp_p1, 127]     ReLU
      d2 = requant(b_dw2 + depthwise5x5(p1 - zp_p1, w_dw2, pad 2 with zp_p1))     linear
      p2 = requant(b_p2 + conv1x1(d2 - zp_d2, w_p2))                              linear
      y  = TFLite ADD(x, p2) with the fused ReLU: clamp [zp_y, 127]
    with requant(acc) = RDivPOT(SRDHM(acc, M0), shift) + zp_out (docs/task-format.md)."""

    def __init__(self, zp_x, zp_d1, m_d1, s_d1, zp_p1, m_p1, s_p1, zp_d2, m_d2, s_d2, zp_p2, m_p2, s_p2,
                 left_shift, m_a, s_a, m_b, s_b, m_out, s_out, zp_y):
        super().__init__()
        self.zp_x, self.zp_d1, self.m_d1, self.s_d1 = zp_x, zp_d1, m_d1, s_d1
        self.zp_p1, self.m_p1, self.s_p1 = zp_p1, m_p1, s_p1
        self.zp_d2, self.m_d2, self.s_d2 = zp_d2, m_d2, s_d2
        self.zp_p2, self.m_p2, self.s_p2 = zp_p2, m_p2, s_p2
        self.left_shift, self.m_a, self.s_a, self.m_b, self.s_b = left_shift, m_a, s_a, m_b, s_b
        self.m_out, self.s_out, self.zp_y = m_out, s_out, zp_y

    def forward(self, x, w_dw1, b_dw1, w_p1, b_p1, w_dw2, b_dw2, w_p2, b_p2) -> torch.Tensor:
        # Integer convolutions exactly in float64 (every partial sum is far below 2^53).
        d = torch.float64
        i64 = torch.int64
        xi = x.to(i64)
        c, m = w_dw1.shape[0], w_dw2.shape[0]
        acc = F.conv2d(F.pad((xi - self.zp_x).to(d), (2, 2, 2, 2)), w_dw1.to(d), groups=c).to(i64)
        d1 = requant(acc + b_dw1.to(i64).view(1, -1, 1, 1), self.m_d1, self.s_d1, self.zp_d1, -128, 127)
        acc = F.conv2d((d1 - self.zp_d1).to(d), w_p1.to(d)).to(i64) + b_p1.to(i64).view(1, -1, 1, 1)
        p1 = requant(acc, self.m_p1, self.s_p1, self.zp_p1, self.zp_p1, 127)
        acc = F.conv2d(F.pad((p1 - self.zp_p1).to(d), (2, 2, 2, 2)), w_dw2.to(d), groups=m).to(i64)
        d2 = requant(acc + b_dw2.to(i64).view(1, -1, 1, 1), self.m_d2, self.s_d2, self.zp_d2, -128, 127)
        acc = F.conv2d((d2 - self.zp_d2).to(d), w_p2.to(d)).to(i64) + b_p2.to(i64).view(1, -1, 1, 1)
        p2 = requant(acc, self.m_p2, self.s_p2, self.zp_p2, -128, 127)
        sa = rounding_divide_by_pot(srdhm((xi - self.zp_x) * (1 << self.left_shift), self.m_a), self.s_a)
        sb = rounding_divide_by_pot(srdhm((p2 - self.zp_p2) * (1 << self.left_shift), self.m_b), self.s_b)
        y = requant(sa + sb, self.m_out, self.s_out, self.zp_y, self.zp_y, 127)
        return y.to(torch.int8)


C, M, H, W = 96, 24, 16, 16


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (C, 1, 5, 5), dtype=torch.int8),
        torch.randint(-20000, 20001, (C,), dtype=torch.int32),
        torch.randint(-127, 128, (M, C, 1, 1), dtype=torch.int8),
        torch.randint(-10000, 50001, (M,), dtype=torch.int32),
        torch.randint(-127, 128, (M, 1, 5, 5), dtype=torch.int8),
        torch.randint(-20000, 20001, (M,), dtype=torch.int32),
        torch.randint(-127, 128, (C, M, 1, 1), dtype=torch.int8),
        torch.randint(-20000, 20001, (C,), dtype=torch.int32),
    ]


def get_init_inputs():
    # zp_x, d1 (zp, M0, shift), p1 (zp, M0, shift), d2 (zp, M0, shift), p2 (zp, M0, shift),
    # ADD left_shift, M_a / shift_a, M_b / shift_b, M_out / shift_out, zp_y.
    return [-128, 2, 1610612736, 10, -128, 1181116006, 8, -3, 1717986918, 9, 5, 1546188226, 8,
            20, 1073741824, 0, 1775192614, 1, 1250935672, 19, -128]
