import torch
import torch.nn as nn
import torch.nn.functional as F

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

# The 13 depthwise-separable blocks of MobileNetV1: (input channels, output channels, stride),
# channels in units of NF (8 at width 0.25). Blocks 7-11 are identical: their tensors are
# stacked along a leading dim of 5.
BLOCKS = [(1, 2, 1), (2, 4, 2), (4, 4, 1), (4, 8, 2), (8, 8, 1), (8, 16, 2)] + [(16, 16, 1)] * 5 + [(16, 32, 2), (32, 32, 1)]
GROUPS = ["1", "2", "3", "4", "5", "6", "7_11", "12", "13"]
# Per group: (dw bias range, dw shift range, pw bias range, pw shift range).
QPARAMS = {
    "1": ((-3000, 9000), (7, 8), (-6000, 12000), (7, 8)),
    "2": ((-3000, 9000), (6, 7), (-8000, 16000), (7, 8)),
    "3": ((-3000, 9000), (6, 7), (-8000, 16000), (7, 8)),
    "4": ((-3000, 9000), (6, 7), (-10000, 20000), (7, 8)),
    "5": ((-3000, 9000), (6, 7), (-10000, 20000), (7, 8)),
    "6": ((-3000, 9000), (6, 7), (-15000, 30000), (8, 9)),
    "7_11": ((-3000, 9000), (6, 7), (-20000, 40000), (8, 9)),
    "12": ((-3000, 9000), (6, 7), (-20000, 40000), (8, 9)),
    "13": ((-3000, 9000), (6, 7), (-30000, 60000), (8, 9)),
}


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


def same_pads(x, stride):
    """Keras/TFLite 'same' padding of a 3x3 conv (left, right, top, bottom)."""
    pads = []
    for n in (x.shape[-1], x.shape[-2]):
        out = (n + stride - 1) // stride
        total = max((out - 1) * stride + 3 - n, 0)
        pads += [total // 2, total - total // 2]
    return pads


def conv_q(a, zp_a, w, b, m, s, zp_out, stride, groups=1, pad=True):
    """TFLite int8 (depthwise) Conv2D, per-channel: 'same' padding with the input zero point,
    int32 accumulation (exact in float64), requantization, fused ReLU (clamp at zp_out)."""
    v = a.to(torch.int64) - zp_a
    if pad:
        v = F.pad(v, same_pads(a, stride))
    ch = lambda t: t.to(torch.int64).view(1, -1, 1, 1)
    acc = F.conv2d(v.to(torch.float64), w.to(torch.float64), stride=stride, groups=groups).to(torch.int64) + ch(b)
    return torch.clamp(rdivpot(srdhm(acc, ch(m)), ch(s)) + zp_out, zp_out, 127)


class Model(nn.Module):
    """The MLPerf Tiny Visual Wake Words model (MobileNetV1 0.25) as its int8 TFLite model runs
    it, per-channel weights: stem CONV_2D s2, 13 x (DEPTHWISE_CONV_2D, CONV_2D 1x1), every
    ReLU output at zero point -128 (its clamp), AVERAGE_POOL_2D over the final map,
    FULLY_CONNECTED. Returns (the last block's output, the logits), int8."""

    def __init__(self, zp_x, zp_y):
        super().__init__()
        self.zp_x, self.zp_y = zp_x, zp_y

    def forward(self, x, w0, b0, m0, s0, *rest):
        ws = list(rest)
        r = -128
        a = conv_q(x, self.zp_x, w0, b0, m0, s0, r, 2)
        blk = 0
        for g, name in enumerate(GROUPS):
            t = ws[8 * g: 8 * g + 8]
            for rep in range(5 if name == "7_11" else 1):
                dw_w, dw_b, dw_m, dw_s, pw_w, pw_b, pw_m, pw_s = [v[rep] for v in t] if name == "7_11" else t
                s = BLOCKS[blk][2]
                a = conv_q(a, r, dw_w, dw_b, dw_m, dw_s, r, s, groups=a.shape[1])
                a = conv_q(a, r, pw_w, pw_b, pw_m, pw_s, r, 1, pad=False)
                blk += 1
        fc_w, fc_b, fc_m, fc_s = ws[-4:]
        # AVERAGE_POOL_2D over the whole map: rounded half away from zero, same scale in and out.
        total = a.to(torch.int64).sum(dim=(2, 3))
        cnt = a.shape[2] * a.shape[3]
        q = torch.div(total.abs() + cnt // 2, cnt, rounding_mode="floor")
        p = torch.where(total >= 0, q, -q)
        acc = torch.matmul((p - r).to(torch.float64), fc_w.to(torch.float64).t()).to(torch.int64) + fc_b.to(torch.int64)
        logits = torch.clamp(rdivpot(srdhm(acc, fc_m.to(torch.int64)), fc_s.to(torch.int64)) + self.zp_y, -128, 127)
        return a.to(torch.int8), logits.to(torch.int8)


C0, NF, K, H, W = 3, 8, 2, 96, 96


def _ch(mult):
    return "NF" if mult == 1 else "%d*NF" % mult


def input_specs():
    """(name, dtype, shape, range) of every input, in forward() order, shapes as task.json
    writes them."""
    M = (1073741824, 2147483647)
    out = [("x", "int8", [1, "C0", "H", "W"], (-128, 127)),
           ("w0", "int8", ["NF", "C0", 3, 3], (-127, 127)), ("b0", "int32", ["NF"], (-2000, 10000)),
           ("m0", "int32", ["NF"], M), ("s0", "int32", ["NF"], (8, 9))]
    for name in GROUPS:
        ci, co, _ = BLOCKS[6] if name == "7_11" else BLOCKS[int(name) - 1]
        lead = [5] if name == "7_11" else []
        dwb, dws, pwb, pws = QPARAMS[name]
        out += [
            ("dw%s_w" % name, "int8", lead + [_ch(ci), 1, 3, 3], (-127, 127)),
            ("dw%s_b" % name, "int32", lead + [_ch(ci)], dwb),
            ("dw%s_m" % name, "int32", lead + [_ch(ci)], M),
            ("dw%s_s" % name, "int32", lead + [_ch(ci)], dws),
            ("pw%s_w" % name, "int8", lead + [_ch(co), _ch(ci), 1, 1], (-127, 127)),
            ("pw%s_b" % name, "int32", lead + [_ch(co)], pwb),
            ("pw%s_m" % name, "int32", lead + [_ch(co)], M),
            ("pw%s_s" % name, "int32", lead + [_ch(co)], pws),
        ]
    out += [("fc_w", "int8", ["K", "32*NF"], (-127, 127)), ("fc_b", "int32", ["K"], (-20000, 20000)),
            ("fc_m", "int32", ["K"], M), ("fc_s", "int32", ["K"], (10, 11))]
    return out


def get_inputs():
    dims = {"NF": NF, "C0": C0, "K": K, "H": H, "W": W}
    types = {"int8": torch.int8, "int32": torch.int32}
    inputs = []
    for _, dt, shape, (lo, hi) in input_specs():
        sh = tuple(d if isinstance(d, int) else eval(d, {}, dims) for d in shape)
        inputs.append(torch.randint(lo, hi + 1, sh, dtype=types[dt]))
    return inputs


def get_init_inputs():
    return [-128, 3]
