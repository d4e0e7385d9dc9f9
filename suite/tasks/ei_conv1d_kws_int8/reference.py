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


def _conv_same(v, w):
    """'same' 1-D convolution of v [T, Cin] (already minus its zero point, int64) with w
    [F, 3, Cin]: out[t, f] = sum_{k, c} v[t + k - 1, c] w[f, k, c], v = 0 outside [0, T)."""
    f64 = torch.float64  # integer sums exactly in float64 (all < 2^53)
    x = v.t()[None].to(f64)                      # [1, Cin, T]
    wt = w.permute(0, 2, 1).to(f64)              # [F, Cin, 3]
    return F.conv1d(x, wt, padding=1)[0].t().to(torch.int64)   # [T, F]


def _pool_same(a):
    """MaxPool1D(2, strides 2, padding 'same') over time of a [T, F]: out[t] = max(a[2t],
    a[2t + 1]) where 2t + 1 < T (the last window of an odd T holds one sample)."""
    T = a.shape[0]
    if T % 2:
        a = torch.cat([a, a[-1:]], 0)
    return torch.maximum(a[0::2], a[1::2])


class Model(nn.Module):
    """Edge Impulse's default 1-D convolutional classifier for audio/MFE/MFCC features, int8 as
    TFLite Micro runs it (NWC layout, docs/task-format.md requantization):
      a1 = clamp(zp_a + RDivPOT(SRDHM(b1 + conv_same(x - zp_x, w1), m1[f]), s1[f]), zp_a, 127)
      p1 = maxpool_same(a1, 2)
      a2 = likewise from p1 - zp_a with w2, b2, m2, s2; p2 = maxpool_same(a2, 2)
      logits = clamp(zp_out + RDivPOT(SRDHM(b3 + flatten(p2 - zp_a) w3^T, M3), S3), -128, 127)
    x [1, T, C] int8 (T frames of C coefficients), flatten time-major ([T2, F2] row-major)."""

    def __init__(self, zp_x=-7, zp_a=-128, zp_out=3, M3=1518500250, S3=11):
        super().__init__()
        self.zp_x, self.zp_a, self.zp_out, self.M3, self.S3 = zp_x, zp_a, zp_out, M3, S3

    def forward(self, x, w1, b1, m1, s1, w2, b2, m2, s2, w3, b3):
        i64 = torch.int64
        row = lambda v: v.to(i64)[None, :]
        acc1 = _conv_same(x[0].to(i64) - self.zp_x, w1) + row(b1)
        a1 = torch.clamp(self.zp_a + rdivpot(srdhm(acc1, row(m1)), row(s1)), self.zp_a, 127)
        p1 = _pool_same(a1)
        acc2 = _conv_same(p1 - self.zp_a, w2) + row(b2)
        a2 = torch.clamp(self.zp_a + rdivpot(srdhm(acc2, row(m2)), row(s2)), self.zp_a, 127)
        p2 = _pool_same(a2)
        flat = (p2 - self.zp_a).reshape(-1)
        acc3 = (w3.to(torch.float64) @ flat.to(torch.float64)).to(i64) + b3.to(i64)
        out = torch.clamp(self.zp_out + rdivpot(srdhm(acc3, torch.tensor(self.M3)), self.S3), -128, 127)
        return out[None].to(torch.int8)


T, C, F1, F2, K = 49, 13, 8, 16, 4


def get_inputs():
    T2 = (T + 3) // 4
    ri = lambda lo, hi, shape, dt: torch.randint(lo, hi + 1, shape, dtype=dt)
    return [
        ri(-128, 127, (1, T, C), torch.int8),
        ri(-127, 127, (F1, 3, C), torch.int8),
        ri(-20000, 20000, (F1,), torch.int32),
        ri(2**30, 2**31 - 1, (F1,), torch.int32),
        ri(8, 9, (F1,), torch.int32),
        ri(-127, 127, (F2, 3, F1), torch.int8),
        ri(-20000, 20000, (F2,), torch.int32),
        ri(2**30, 2**31 - 1, (F2,), torch.int32),
        ri(8, 9, (F2,), torch.int32),
        ri(-127, 127, (K, T2 * F2), torch.int8),
        ri(-50000, 50000, (K,), torch.int32),
    ]


def get_init_inputs():
    return [-7, -128, 3, 1518500250, 11]
