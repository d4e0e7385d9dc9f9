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
    """Per-channel requantization: m0, shift [M] int32 vectors."""
    ch = lambda v: v.to(torch.int64).view(1, -1, 1, 1)
    return torch.clamp(rounding_divide_by_pot(srdhm(acc, ch(m0)), ch(shift)) + zp, lo, hi)


def _same_pad(n: int, k: int, s: int):
    """TensorFlow 'SAME' padding of one spatial dim: (before, after)."""
    out = (n + s - 1) // s
    total = max((out - 1) * s + k - n, 0)
    return total // 2, total - total // 2


class Model(nn.Module):
    """The int8 EfficientNet-Lite0 5x5 stride-2 MBConv as TFLite's integer kernels run it,
    per-channel weights (requant uses channel e's M0 and shift, docs/task-format.md):
      h1 = requant(b_expand + conv1x1(x - zp_x, w_expand)) clamped to ReLU6 [zp_h, 127]
      h2 = requant(b_dw + depthwise5x5_s2(same_pad(h1 - zp_h), w_dw)) clamped to ReLU6
      y  = requant(b_project + conv1x1(h2 - zp_h, w_project)) + zp_y clamped to [-128, 127]
    """

    def __init__(self, zp_x, zp_h, zp_y, k=5, stride=2):
        super().__init__()
        self.zp_x, self.zp_h, self.zp_y, self.k, self.stride = zp_x, zp_h, zp_y, k, stride

    def forward(self, x, w_expand, b_expand, m_expand, s_expand, w_dw, b_dw, m_dw, s_dw, w_project, b_project,
                m_project, s_project):
        # Integer convolutions exactly in float64 (every partial sum is far below 2^53).
        d = torch.float64
        ch = lambda v: v.to(torch.int64).view(1, -1, 1, 1)
        acc1 = F.conv2d((x.to(torch.int64) - self.zp_x).to(d), w_expand.to(d)).to(torch.int64) + ch(b_expand)
        h1 = requant(acc1, m_expand, s_expand, self.zp_h, self.zp_h, 127)
        pt, pb = _same_pad(h1.shape[2], self.k, self.stride)
        pl, pr = _same_pad(h1.shape[3], self.k, self.stride)
        h1p = F.pad(h1 - self.zp_h, (pl, pr, pt, pb))  # padding with zp_h: zero after the offset
        acc2 = F.conv2d(h1p.to(d), w_dw.to(d), stride=self.stride, groups=w_dw.shape[0]).to(torch.int64) + ch(b_dw)
        h2 = requant(acc2, m_dw, s_dw, self.zp_h, self.zp_h, 127)
        acc3 = F.conv2d((h2 - self.zp_h).to(d), w_project.to(d)).to(torch.int64) + ch(b_project)
        return requant(acc3, m_project, s_project, self.zp_y, -128, 127).to(torch.int8)


C, E, K, H, W = 24, 144, 40, 56, 56


def get_inputs():
    return [
        torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8),
        torch.randint(-127, 128, (E, C, 1, 1), dtype=torch.int8),
        torch.randint(-20000, 40001, (E,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (E,), dtype=torch.int32),
        torch.randint(7, 9, (E,), dtype=torch.int32),
        torch.randint(-127, 128, (E, 1, 5, 5), dtype=torch.int8),
        torch.randint(-20000, 40001, (E,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (E,), dtype=torch.int32),
        torch.randint(8, 10, (E,), dtype=torch.int32),
        torch.randint(-127, 128, (K, E, 1, 1), dtype=torch.int8),
        torch.randint(-40000, 40001, (K,), dtype=torch.int32),
        torch.randint(2**30, 2**31 - 1, (K,), dtype=torch.int32),
        torch.randint(10, 13, (K,), dtype=torch.int32),
    ]


def get_init_inputs():
    # zp_x, zp_h (ReLU6 at scale 6/255: [zp_h, 127]), zp_y, the depthwise kernel and stride.
    return [5, -128, 2, 5, 2]
