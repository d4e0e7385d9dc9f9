import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# The 13 depthwise-separable blocks of MobileNetV1: (input channels, output channels, stride),
# channels in units of NF (the stem's filters: 8 at width multiplier 0.25). Blocks 7-11 are
# identical and their weights are stacked along a leading dim of 5.
BLOCKS = [(1, 2, 1), (2, 4, 2), (4, 4, 1), (4, 8, 2), (8, 8, 1), (8, 16, 2)] + [(16, 16, 1)] * 5 + [(16, 32, 2), (32, 32, 1)]
GROUPS = ["1", "2", "3", "4", "5", "6", "7_11", "12", "13"]  # the weight tensors' names


def same_pad(x, k, stride):
    """Keras/TFLite 'same' padding: pad_total = max((out - 1) * stride + k - n, 0) per axis,
    pad_total // 2 before, the rest after."""
    pads = []
    for n in (x.shape[-1], x.shape[-2]):
        out = (n + stride - 1) // stride
        total = max((out - 1) * stride + k - n, 0)
        pads += [total // 2, total - total // 2]
    return F.pad(x, pads)


class Model(nn.Module):
    """MLPerf Tiny Visual Wake Words model: MobileNetV1 (width 0.25), the whole network, batch
    norm folded into the conv weights and biases:
      a = ReLU(conv3x3_s2(x) + b0)                                   C0 -> NF
      13 x: a = ReLU(pw1x1(ReLU(dw3x3_s(a) + b_dw)) + b_pw)         'same' padding
      logits = w_fc mean_hw(a) + b_fc
    returns (a after the last block, logits)."""

    def __init__(self):
        super().__init__()

    def forward(self, x, w0, b0, *rest):
        ws = list(rest)
        fc_w, fc_b = ws[-2], ws[-1]
        a = F.relu(F.conv2d(same_pad(x, 3, 2), w0, b0, stride=2))
        blk = 0
        for g in range(len(GROUPS)):
            dw_w, dw_b, pw_w, pw_b = ws[4 * g: 4 * g + 4]
            reps = 5 if GROUPS[g] == "7_11" else 1
            for r in range(reps):
                _, _, s = BLOCKS[blk]
                dww, dwb, pww, pwb = (dw_w[r], dw_b[r], pw_w[r], pw_b[r]) if reps > 1 else (dw_w, dw_b, pw_w, pw_b)
                a = F.relu(F.conv2d(same_pad(a, 3, s), dww, dwb, stride=s, groups=a.shape[1]))
                a = F.relu(F.conv2d(a, pww, pwb))
                blk += 1
        logits = F.linear(a.mean(dim=(2, 3)), fc_w, fc_b)
        return a, logits


C0, NF, K, H, W = 3, 8, 2, 96, 96


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def _ch(mult):
    return "NF" if mult == 1 else "%d*NF" % mult


def weight_ranges():
    """(name, shape, range) of every input after x, in forward() order, shapes as task.json
    writes them; the pointwise ranges follow He initialization for the nominal NF = 8
    (sqrt(6 / fan-in))."""
    out = [("w0", ["NF", "C0", 3, 3], (-0.5, 0.45)), ("b0", ["NF"], (-0.1, 0.1))]
    for name in GROUPS:
        ci, co, _ = BLOCKS[6] if name == "7_11" else BLOCKS[int(name) - 1]
        lead = [5] if name == "7_11" else []
        bound = round(math.sqrt(6.0 / (ci * 8)), 3)
        out += [
            ("dw%s_w" % name, lead + [_ch(ci), 1, 3, 3], (-0.75, 0.85)),
            ("dw%s_b" % name, lead + [_ch(ci)], (-0.1, 0.1)),
            ("pw%s_w" % name, lead + [_ch(co), _ch(ci), 1, 1], (-bound, bound)),
            ("pw%s_b" % name, lead + [_ch(co)], (-0.1, 0.1)),
        ]
    out += [("fc_w", ["K", "32*NF"], (-0.15, 0.15)), ("fc_b", ["K"], (-0.1, 0.1))]
    return out


def get_inputs():
    dims = {"NF": NF, "C0": C0, "K": K}
    inputs = [_uniform((1, C0, H, W), 0.0, 1.0)]
    for _, shape, (lo, hi) in weight_ranges():
        inputs.append(_uniform(tuple(d if isinstance(d, int) else eval(d, {}, dims) for d in shape), lo, hi))
    return inputs


def get_init_inputs():
    return []
