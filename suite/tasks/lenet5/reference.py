import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """LeNet-5 in its modern form (ReLU, 2x2 max pooling), the whole network:
      a = maxpool2(ReLU(conv5x5(x, w1) + b1))            1 -> C1 channels, valid conv
      a = maxpool2(ReLU(conv5x5(a, w2) + b2))            C1 -> C2 channels, valid conv
      a = ReLU(linear(flatten(a), w3, b3))               C2 * P2 * Q2 -> F1
      a = ReLU(linear(a, w4, b4))                        F1 -> F2
      y = linear(a, w5, b5)                              F2 -> K logits
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w2, b2, w3, b3, w4, b4, w5, b5):
        a = F.max_pool2d(F.relu(F.conv2d(x, w1, b1)), 2)
        a = F.max_pool2d(F.relu(F.conv2d(a, w2, b2)), 2)
        a = a.reshape(a.shape[0], -1)
        a = F.relu(F.linear(a, w3, b3))
        a = F.relu(F.linear(a, w4, b4))
        return F.linear(a, w5, b5)


B, H, W, C1, C2, F1, F2, K = 1, 32, 32, 6, 16, 120, 84, 10


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    P2, Q2 = ((H - 4) // 2 - 4) // 2, ((W - 4) // 2 - 4) // 2
    return [
        _uniform((B, 1, H, W), 0.0, 1.0),
        _uniform((C1, 1, 5, 5), -0.25, 0.35), _uniform((C1,), -0.5, 0.5),
        _uniform((C2, C1, 5, 5), -0.12, 0.12), _uniform((C2,), -0.3, 0.5),
        _uniform((F1, C2 * P2 * Q2), -0.08, 0.08), _uniform((F1,), -0.3, 0.5),
        _uniform((F2, F1), -0.15, 0.15), _uniform((F2,), -0.3, 0.5),
        _uniform((K, F2), -0.2, 0.2), _uniform((K,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
