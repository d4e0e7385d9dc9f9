import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The tail of the PointNet classifier (Qi et al. 2017), batch 1, BN folded, dropout off:
      h = relu(conv1d(x, w5, b5))            [1, C, N]  (feat.conv3 + bn3: 128 -> 1024)
      g = max over the points of h           [1, C]     (the global feature)
      f1 = relu(fc1(g)), f2 = relu(fc2(f1))  (fc + bn + ReLU)
      out = log_softmax(fc3(f2))             [1, K]"""

    def __init__(self):
        super().__init__()

    def forward(self, x, w5, b5, w_fc1, b_fc1, w_fc2, b_fc2, w_fc3, b_fc3):
        h = torch.relu(F.conv1d(x, w5, b5))
        g = h.max(dim=2).values
        f = torch.relu(F.linear(g, w_fc1, b_fc1))
        f = torch.relu(F.linear(f, w_fc2, b_fc2))
        return F.log_softmax(F.linear(f, w_fc3, b_fc3), dim=1)


N, CIN, C, F1, F2, K = 1024, 128, 1024, 512, 256, 40


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CIN, N), 0.0, 1.0),
        _uniform((C, CIN, 1), -0.15, 0.15), _uniform((C,), -0.3, 0.1),
        _uniform((F1, C), -0.05, 0.05), _uniform((F1,), -0.2, 0.2),
        _uniform((F2, F1), -0.08, 0.08), _uniform((F2,), -0.2, 0.2),
        _uniform((K, F2), -0.3, 0.3), _uniform((K,), -0.2, 0.2),
    ]


def get_init_inputs():
    return []
