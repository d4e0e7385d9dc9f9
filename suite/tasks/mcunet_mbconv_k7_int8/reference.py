import torch
import torch.nn as nn
import torch.nn.functional as F

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors (b a tensor or int)."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rounding_divide_by_pot(x: torch.Tensor, e) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors by 2^e (e a tensor or int)."""
    e = torch.as_tensor(e, dtype=torch.int64)
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


def requant(acc: torch.Tensor, m0, shift, zp: int, lo: int, hi: int) -> torch.Tensor:
    return torch.clamp(rounding_divide_by_pot(srdhm(acc, m0), shift) + zp, lo, hi)


def ch(v: torch.Tensor) -> torch.Tensor:
    """A per-channel [M] int32 vector as an int64 [1, M, 1, 1] tensor."""
    return v.to(torch.int64).view(1, -1, 1, 1)


class Model(nn.Module):
    """The int8 MCUNet 7x7 MBConv (stride 1, with the residual), as TFLite / TinyEngine integer
    kernels run it with per-channel weight quantization (requant_e uses channel e's M0 and
    shift); every intermediate is an int8 tensor held in int64 here:
      h1 = requant_e(b_expand + conv1x1(x - zp_x, w_expand)) clamped to ReLU6 [zp_h, act_max]
      h2 = requant_e(b_dw + depthwise7x7(h1 - zp_h, w_dw, pad 3 with zp_h)) clamped to ReLU6
      p  = requant(b_project + conv1x1(h2 - zp_h, w_project)) clamped to [-128, 127]
      y  = TFLite ADD(x, p): both rescaled to a common scale, summed, requantized
    with requant(acc) = RDivPOT(SRDHM(acc, M0), shift) + zp_out (docs/task-format.md)."""

    def __init__(self, zp_x, zp_h, act_max, zp_p, left_shift, m_a, s_a, m_b, s_b, m_out, s_out, zp_y, k=7):
        super().__init__()
        self.zp_x, self.zp_h, self.act_max, self.zp_p, self.k = zp_x, zp_h, act_max, zp_p, k
        self.left_shift, self.m_a, self.s_a, self.m_b, self.s_b = left_shift, m_a, s_a, m_b, s_b
        self.m_out, self.s_out, self.zp_y = m_out, s_out, zp_y

    def forward(self, x, w_expand, b_expand, m_expand, s_expand, w_dw, b_dw, m_dw, s_dw, w_project, b_project,
                m_project, s_project) -> torch.Tensor:
        # Integer convolutions exactly in float64 (every partial sum is far below 2^53).
        d = torch.float64
        xi = x.to(torch.int64)
        acc1 = F.conv2d((xi - self.zp_x).to(d), w_expand.to(d)).to(torch.int64) + b_expand.to(torch.int64).view(1, -1, 1, 1)
        h1 = requant(acc1, ch(m_expand), ch(s_expand), self.zp_h, self.zp_h, self.act_max)
        p_ = self.k // 2
        h1p = F.pad(h1 - self.zp_h, (p_, p_, p_, p_))  # padding with zp_h: zero after the offset
        acc2 = F.conv2d(h1p.to(d), w_dw.to(d), groups=w_dw.shape[0]).to(torch.int64) + b_dw.to(torch.int64).view(1, -1, 1, 1)
        h2 = requant(acc2, ch(m_dw), ch(s_dw), self.zp_h, self.zp_h, self.act_max)
        acc3 = F.conv2d((h2 - self.zp_h).to(d), w_project.to(d)).to(torch.int64) + b_project.to(torch.int64).view(1, -1, 1, 1)
        p = requant(acc3, ch(m_project), ch(s_project), self.zp_p, -128, 127)
        sa = rounding_divide_by_pot(srdhm((xi - self.zp_x) * (1 << self.left_shift), self.m_a), self.s_a)
        sb = rounding_divide_by_pot(srdhm((p - self.zp_p) * (1 << self.left_shift), self.m_b), self.s_b)
        y = requant(sa + sb, self.m_out, self.s_out, self.zp_y, -128, 127)
        return y.to(torch.int8)


C, E, H, W = 16, 96, 40, 40


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (E, C, 1, 1), dtype=torch.int8),
        torch.randint(-20000, 40001, (E,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (E,), dtype=torch.int32),
        torch.randint(7, 9, (E,), dtype=torch.int32),
        torch.randint(-127, 128, (E, 1, 7, 7), dtype=torch.int8),
        torch.randint(-20000, 40001, (E,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (E,), dtype=torch.int32),
        torch.randint(8, 11, (E,), dtype=torch.int32),
        torch.randint(-127, 128, (C, E, 1, 1), dtype=torch.int8),
        torch.randint(-40000, 40001, (C,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (C,), dtype=torch.int32),
        torch.randint(10, 13, (C,), dtype=torch.int32),
    ]


def get_init_inputs():
    # zp_x, zp_h, act_max (ReLU6 at scale 1/40: zp_h + 240), zp_p, ADD left_shift,
    # M_a / shift_a, M_b / shift_b, M_out / shift_out, zp_y, the depthwise kernel.
    return [3, -128, 112, -4, 20, 1073741824, 0, 1775192614, 1, 1250935672, 19, -3, 7]
