import torch
import torch.nn as nn
import torch.nn.functional as F

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def srdhm(a: torch.Tensor, b) -> torch.Tensor:
    """SaturatingRoundingDoublingHighMul of int32 values held in int64 tensors."""
    ab = a * b
    nudge = torch.where(ab >= 0, torch.full_like(ab, 2**30), torch.full_like(ab, 1 - 2**30))
    q = torch.div(ab + nudge, 2**31, rounding_mode="trunc")
    overflow = (a == b) & (a == INT32_MIN)
    return torch.where(overflow, torch.full_like(q, INT32_MAX), q)


def rdivpot(x: torch.Tensor, e) -> torch.Tensor:
    """RoundingDivideByPOT of int32 values held in int64 tensors by 2^e."""
    e = torch.as_tensor(e, dtype=torch.int64)
    mask = torch.bitwise_left_shift(torch.ones_like(e), e) - 1
    rem = torch.bitwise_and(x, mask)
    threshold = torch.bitwise_right_shift(mask, 1) + (x < 0).to(torch.int64)
    return torch.bitwise_right_shift(x, e) + (rem > threshold).to(torch.int64)


def same_pads(x, k, stride):
    """Keras/TFLite 'same' padding (left, right, top, bottom)."""
    pads = []
    for n in (x.shape[-1], x.shape[-2]):
        out = (n + stride - 1) // stride
        total = max((out - 1) * stride + k - n, 0)
        pads += [total // 2, total - total // 2]
    return pads


def conv_q(a, zp_a, w, b, m, s, zp_out, lo, stride):
    """TFLite int8 Conv2D, per-channel: 'same' padding with the input zero point, int32
    accumulation (exact in float64), requantization, clamp to [lo, 127]."""
    k = w.shape[-1]
    v = F.pad(a.to(torch.int64) - zp_a, same_pads(a, k, stride)).to(torch.float64)
    ch = lambda t: t.to(torch.int64).view(1, -1, 1, 1)
    acc = F.conv2d(v, w.to(torch.float64), stride=stride).to(torch.int64) + ch(b)
    return torch.clamp(rdivpot(srdhm(acc, ch(m)), ch(s)) + zp_out, lo, 127)


def add_q(a, zp_a, b, zp_b, zp_out):
    """TFLite int8 ADD with a fused ReLU (clamp at zp_out), the rescaling constants of task
    add_int8: left shift 20, M_a = 2^30 / shift 0, M_b = 1775192614 / 1, M_out = 1250935672 / 19."""
    sa = rdivpot(srdhm((a - zp_a) * (1 << 20), 1073741824), 0)
    sb = rdivpot(srdhm((b - zp_b) * (1 << 20), 1775192614), 1)
    return torch.clamp(rdivpot(srdhm(sa + sb, 1250935672), 19) + zp_out, zp_out, 127)


class Model(nn.Module):
    """MLPerf Tiny ResNet-8 as its int8 TFLite model runs it (per-channel conv weights):
      a0 = conv(x)                        h1 = conv(a0)           c12 = conv(h1) (linear)
      a1 = ADD(a0, c12)                   (ReLU: every ReLU output has zero point -128)
      h2 = conv_s2(a1)   c22 = conv(h2)   s2 = conv1x1_s2(a1)     a2 = ADD(s2, c22)
      h3 = conv_s2(a2)   c32 = conv(h3)   s3 = conv1x1_s2(a2)     a3 = ADD(s3, c32)
      p = AVERAGE_POOL(a3) over the whole map,   logits = FULLY_CONNECTED(p)
    returns (a3, logits), int8."""

    def __init__(self, zp_x, zp_c12, zp_c22, zp_s2, zp_c32, zp_s3, zp_y):
        super().__init__()
        self.zp_x, self.zp_c12, self.zp_c22, self.zp_s2 = zp_x, zp_c12, zp_c22, zp_s2
        self.zp_c32, self.zp_s3, self.zp_y = zp_c32, zp_s3, zp_y

    def forward(self, x, w0, b0, m0, s0, w11, b11, m11, s11, w12, b12, m12, s12,
                w21, b21, m21, s21, w22, b22, m22, s22, ws2, bs2, ms2, ss2,
                w31, b31, m31, s31, w32, b32, m32, s32, ws3, bs3, ms3, ss3,
                w_fc, b_fc, m_fc, s_fc):
        r = -128  # the zero point of every ReLU output (and its lower clamp)
        a0 = conv_q(x, self.zp_x, w0, b0, m0, s0, r, r, 1)
        h1 = conv_q(a0, r, w11, b11, m11, s11, r, r, 1)
        c12 = conv_q(h1, r, w12, b12, m12, s12, self.zp_c12, -128, 1)
        a1 = add_q(a0, r, c12, self.zp_c12, r)
        h2 = conv_q(a1, r, w21, b21, m21, s21, r, r, 2)
        c22 = conv_q(h2, r, w22, b22, m22, s22, self.zp_c22, -128, 1)
        sc2 = conv_q(a1, r, ws2, bs2, ms2, ss2, self.zp_s2, -128, 2)
        a2 = add_q(sc2, self.zp_s2, c22, self.zp_c22, r)
        h3 = conv_q(a2, r, w31, b31, m31, s31, r, r, 2)
        c32 = conv_q(h3, r, w32, b32, m32, s32, self.zp_c32, -128, 1)
        sc3 = conv_q(a2, r, ws3, bs3, ms3, ss3, self.zp_s3, -128, 2)
        a3 = add_q(sc3, self.zp_s3, c32, self.zp_c32, r)
        # AVERAGE_POOL_2D int8 over the whole map: rounded half away from zero, same scale.
        total = a3.sum(dim=(2, 3))
        cnt = a3.shape[2] * a3.shape[3]
        q = torch.div(total.abs() + cnt // 2, cnt, rounding_mode="floor")
        p = torch.where(total >= 0, q, -q)
        acc = torch.matmul((p - r).to(torch.float64), w_fc.to(torch.float64).t()).to(torch.int64)
        acc = acc + b_fc.to(torch.int64)
        logits = torch.clamp(rdivpot(srdhm(acc, m_fc.to(torch.int64)), s_fc.to(torch.int64)) + self.zp_y, -128, 127)
        return a3.to(torch.int8), logits.to(torch.int8)


C0, NF, K, H, W = 3, 16, 10, 32, 32
# (output channels, input channels, kernel, bias range, shift range) of each conv and the FC
LAYERS = [
    ("0", "NF", "C0", 3, (0, 12000), (8, 9)),
    ("11", "NF", "NF", 3, (-8000, 8000), (8, 9)),
    ("12", "NF", "NF", 3, (-8000, 8000), (9, 10)),
    ("21", "2NF", "NF", 3, (-8000, 8000), (8, 9)),
    ("22", "2NF", "2NF", 3, (-8000, 8000), (9, 10)),
    ("s2", "2NF", "NF", 1, (-4000, 4000), (8, 9)),
    ("31", "4NF", "2NF", 3, (-4000, 8000), (8, 9)),
    ("32", "4NF", "4NF", 3, (-8000, 8000), (9, 10)),
    ("s3", "4NF", "2NF", 1, (-4000, 4000), (7, 8)),
    ("fc", "K", "4NF", 0, (-4000, 4000), (8, 9)),
]


def _ri(lo, hi, shape, dtype):
    return torch.randint(lo, hi + 1, shape, dtype=dtype)


def get_inputs():
    dims = {"C0": C0, "NF": NF, "2NF": 2 * NF, "4NF": 4 * NF, "K": K}
    out = [_ri(-128, 127, (1, C0, H, W), torch.int8)]
    for _, o, i, k, (blo, bhi), (slo, shi) in LAYERS:
        o, i = dims[o], dims[i]
        out += [_ri(-127, 127, (o, i, k, k) if k else (o, i), torch.int8), _ri(blo, bhi, (o,), torch.int32),
                _ri(2**30, 2**31 - 1, (o,), torch.int32), _ri(slo, shi, (o,), torch.int32)]
    return out


def get_init_inputs():
    return [-128, 6, -5, 3, -7, 2, 4]
