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
    """The int8 SSDLite box / class predictors on one feature map, as TFLite's integer
    kernels run them (intermediates held in int64):
      h   = requant(b_dw + depthwise3x3(x - zp_x, w_dw, pad 1 with zp_x)) clamped to ReLU6
      box = requant(b_box + conv1x1(h - zp_h, w_box))         linear, [-128, 127]
      cls = requant(b_cls + conv1x1(h - zp_h, w_cls))         linear, [-128, 127]
    with requant(acc) = RDivPOT(SRDHM(acc, M0), shift) + zp_out (docs/task-format.md)."""

    def __init__(self, zp_x, zp_h, act_max, m_dw, s_dw, zp_box, m_box, s_box, zp_cls, m_cls, s_cls):
        super().__init__()
        self.zp_x, self.zp_h, self.act_max, self.m_dw, self.s_dw = zp_x, zp_h, act_max, m_dw, s_dw
        self.zp_box, self.m_box, self.s_box = zp_box, m_box, s_box
        self.zp_cls, self.m_cls, self.s_cls = zp_cls, m_cls, s_cls

    def forward(self, x, w_dw, b_dw, w_box, b_box, w_cls, b_cls):
        # Integer convolutions exactly in float64 (every partial sum is far below 2^53).
        d, i64 = torch.float64, torch.int64
        xi = x.to(i64)
        acc = F.conv2d(F.pad((xi - self.zp_x).to(d), (1, 1, 1, 1)), w_dw.to(d), groups=w_dw.shape[0]).to(i64)
        h = requant(acc + b_dw.to(i64).view(1, -1, 1, 1), self.m_dw, self.s_dw, self.zp_h, self.zp_h, self.act_max)
        hd = (h - self.zp_h).to(d)
        acc = F.conv2d(hd, w_box.to(d)).to(i64) + b_box.to(i64).view(1, -1, 1, 1)
        box = requant(acc, self.m_box, self.s_box, self.zp_box, -128, 127)
        acc = F.conv2d(hd, w_cls.to(d)).to(i64) + b_cls.to(i64).view(1, -1, 1, 1)
        cls = requant(acc, self.m_cls, self.s_cls, self.zp_cls, -128, 127)
        return box.to(torch.int8), cls.to(torch.int8)


C, A, NC, H, W = 576, 3, 91, 19, 19


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (C, 1, 3, 3), dtype=torch.int8),
        torch.randint(-30000, 50001, (C,), dtype=torch.int32),
        torch.randint(-127, 128, (4 * A, C, 1, 1), dtype=torch.int8),
        torch.randint(-30000, 30001, (4 * A,), dtype=torch.int32),
        torch.randint(-127, 128, (A * NC, C, 1, 1), dtype=torch.int8),
        torch.randint(-30000, 30001, (A * NC,), dtype=torch.int32),
    ]


def get_init_inputs():
    # zp_x, zp_h, act_max (ReLU6 at scale 1/40), dw M0 / shift, zp_box, box M0 / shift,
    # zp_cls, cls M0 / shift.
    return [-128, -128, 112, 1675037245, 8, 3, 1181116006, 11, -20, 1181116006, 11]
