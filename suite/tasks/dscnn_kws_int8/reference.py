import torch
import torch.nn as nn
import torch.nn.functional as F

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a, b):
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rdivpot(x, e):
    """RoundingDivideByPOT of int32 values held in int64 tensors by 2^e (e a tensor)."""
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


def requant_relu(acc, m, s):
    ch = lambda t: t.to(torch.int64).view(1, -1, 1, 1)
    return torch.clamp(rdivpot(srdhm(acc, ch(m)), ch(s)) - 128, -128, 127)


class Model(nn.Module):
    """The MLPerf Tiny keyword-spotting DS-CNN as its int8 TFLite model runs it, per-channel
    weights, the whole network:
      a = CONV_2D(x, 10x4, stride 2, 'same')                1 -> C   (ReLU: zero point -128)
      4 x: d = DEPTHWISE_CONV_2D(a, 3x3, 'same'); a = CONV_2D(d, 1x1)      C -> C (ReLU)
      p = AVERAGE_POOL_2D(a) over the whole map; logits = FULLY_CONNECTED(p)
    'same' padding with the input zero point. Returns (the last block's output, the logits)."""

    def __init__(self, zp_x, zp_y):
        super().__init__()
        self.zp_x, self.zp_y = zp_x, zp_y

    def forward(self, x, w1, b1, m1, s1, dw_w, dw_b, dw_m, dw_s, pw_w, pw_b, pw_m, pw_s, fc_w, fc_b, fc_m, fc_s):
        d64 = torch.float64
        ch = lambda t: t.to(torch.int64).view(1, -1, 1, 1)
        H, W = x.shape[-2:]
        Ho, Wo = (H + 1) // 2, (W + 1) // 2
        # 'same' for a 10x4 stride-2 kernel: pad_total = (out - 1) * 2 + k - n, half before.
        pt, pl = ((Ho - 1) * 2 + 10 - H) // 2, ((Wo - 1) * 2 + 4 - W) // 2
        pb, pr = (Ho - 1) * 2 + 10 - H - pt, (Wo - 1) * 2 + 4 - W - pl
        v = F.pad(x.to(torch.int64) - self.zp_x, (pl, pr, pt, pb))
        acc = F.conv2d(v.to(d64), w1.to(d64), stride=2).to(torch.int64) + ch(b1)
        a = requant_relu(acc, m1, s1)
        for i in range(4):
            v = F.pad(a + 128, (1, 1, 1, 1))
            acc = F.conv2d(v.to(d64), dw_w[i].to(d64), groups=a.shape[1]).to(torch.int64) + ch(dw_b[i])
            dd = requant_relu(acc, dw_m[i], dw_s[i])
            acc = F.conv2d((dd + 128).to(d64), pw_w[i].to(d64)).to(torch.int64) + ch(pw_b[i])
            a = requant_relu(acc, pw_m[i], pw_s[i])
        # AVERAGE_POOL_2D over the whole map: rounded half away from zero, same scale in and out.
        total = a.sum(dim=(2, 3))
        cnt = a.shape[2] * a.shape[3]
        q = torch.div(total.abs() + cnt // 2, cnt, rounding_mode="floor")
        p = torch.where(total >= 0, q, -q)
        acc = torch.matmul((p + 128).to(d64), fc_w.to(d64).t()).to(torch.int64) + fc_b.to(torch.int64)
        logits = torch.clamp(rdivpot(srdhm(acc, fc_m.to(torch.int64)), fc_s.to(torch.int64)) + self.zp_y, -128, 127)
        return a.to(torch.int8), logits.to(torch.int8)


C, H, W, N = 64, 49, 10, 12
M = (1073741824, 2147483647)
# (name, dtype, shape, range) of every input, in forward() order, shapes as task.json writes them
SPECS = [
    ("x", "int8", [1, 1, "H", "W"], (-128, 127)),
    ("w1", "int8", ["C", 1, 10, 4], (-127, 127)), ("b1", "int32", ["C"], (-20000, 40000)),
    ("m1", "int32", ["C"], M), ("s1", "int32", ["C"], (9, 10)),
    ("dw_w", "int8", [4, "C", 1, 3, 3], (-127, 127)), ("dw_b", "int32", [4, "C"], (-3000, 9000)),
    ("dw_m", "int32", [4, "C"], M), ("dw_s", "int32", [4, "C"], (6, 7)),
    ("pw_w", "int8", [4, "C", "C", 1, 1], (-127, 127)), ("pw_b", "int32", [4, "C"], (-20000, 40000)),
    ("pw_m", "int32", [4, "C"], M), ("pw_s", "int32", [4, "C"], (8, 9)),
    ("fc_w", "int8", ["N", "C"], (-127, 127)), ("fc_b", "int32", ["N"], (-20000, 20000)),
    ("fc_m", "int32", ["N"], M), ("fc_s", "int32", ["N"], (9, 10)),
]


def get_inputs():
    dims = {"C": C, "H": H, "W": W, "N": N}
    types = {"int8": torch.int8, "int32": torch.int32}
    return [torch.randint(lo, hi + 1, tuple(d if isinstance(d, int) else dims[d] for d in sh), dtype=types[dt])
            for _, dt, sh, (lo, hi) in SPECS]


def get_init_inputs():
    return [83, -6]
