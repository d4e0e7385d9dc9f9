import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_same(x, w, b, stride):
    """Keras/TFLite 'same' padding: pad_total = max((out - 1) * stride + k - in, 0) per axis,
    pad_total // 2 before and the rest after (so a 3x3 stride-2 conv pads an even input on
    the bottom/right only)."""
    k = w.shape[-1]
    pads = []
    for n in (x.shape[-1], x.shape[-2]):
        out = (n + stride - 1) // stride
        total = max((out - 1) * stride + k - n, 0)
        pads += [total // 2, total - total // 2]
    return F.conv2d(F.pad(x, pads), w, b, stride=stride)


class Model(nn.Module):
    """MLPerf Tiny ResNet-8 (image classification, CIFAR-10), the whole network, batch norm
    folded into the conv weights and biases:
      a0 = ReLU(conv3x3(x))                                   C0 -> F
      a1 = ReLU(a0 + conv3x3(ReLU(conv3x3(a0))))              F -> F       (identity shortcut)
      a2 = ReLU(conv1x1_s2(a1) + conv3x3(ReLU(conv3x3_s2(a1))))   F -> 2F, stride 2
      a3 = ReLU(conv1x1_s2(a2) + conv3x3(ReLU(conv3x3_s2(a2))))   2F -> 4F, stride 2
      logits = w_fc mean_hw(a3) + b_fc                        4F -> K
    every conv with 'same' padding; returns (a3, logits)."""

    def __init__(self):
        super().__init__()

    def forward(self, x, w0, b0, w11, b11, w12, b12, w21, b21, w22, b22, ws2, bs2,
                w31, b31, w32, b32, ws3, bs3, w_fc, b_fc):
        a0 = F.relu(conv_same(x, w0, b0, 1))
        a1 = F.relu(a0 + conv_same(F.relu(conv_same(a0, w11, b11, 1)), w12, b12, 1))
        a2 = F.relu(conv_same(a1, ws2, bs2, 2) + conv_same(F.relu(conv_same(a1, w21, b21, 2)), w22, b22, 1))
        a3 = F.relu(conv_same(a2, ws3, bs3, 2) + conv_same(F.relu(conv_same(a2, w31, b31, 2)), w32, b32, 1))
        logits = F.linear(a3.mean(dim=(2, 3)), w_fc, b_fc)
        return a3, logits


C0, NF, K, H, W = 3, 16, 10, 32, 32


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    F2, F4 = 2 * NF, 4 * NF
    return [
        _uniform((1, C0, H, W), 0.0, 1.0),
        _uniform((NF, C0, 3, 3), -0.3, 0.35), _uniform((NF,), -0.3, 0.3),
        _uniform((NF, NF, 3, 3), -0.12, 0.12), _uniform((NF,), -0.2, 0.2),
        _uniform((NF, NF, 3, 3), -0.12, 0.12), _uniform((NF,), -0.45, 0.1),
        _uniform((F2, NF, 3, 3), -0.12, 0.12), _uniform((F2,), -0.2, 0.2),
        _uniform((F2, F2, 3, 3), -0.08, 0.08), _uniform((F2,), -0.2, 0.2),
        _uniform((F2, NF, 1, 1), -0.3, 0.3), _uniform((F2,), -0.2, 0.2),
        _uniform((F4, F2, 3, 3), -0.08, 0.08), _uniform((F4,), -0.2, 0.2),
        _uniform((F4, F4, 3, 3), -0.06, 0.06), _uniform((F4,), -0.2, 0.2),
        _uniform((F4, F2, 1, 1), -0.25, 0.25), _uniform((F4,), -0.2, 0.2),
        _uniform((K, F4), -0.3, 0.3), _uniform((K,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
