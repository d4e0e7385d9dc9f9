import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """PointNet's input transform (STN3d, Qi et al. 2017), batch 1, BN folded:
      h = relu(conv1(x)), relu(conv2(.)), relu(conv3(.))   shared MLP 3 -> C1 -> C2 -> C3
      g = max over the points;  t = fc3(relu(fc2(relu(fc1(g)))))  (9 values)
      trans = t.view(3, 3) + I;  out = (x^T trans)^T       (PointNetfeat: bmm, transpose)
    Returns (out [1, 3, N], trans [1, 3, 3])."""

    def __init__(self):
        super().__init__()

    def forward(self, x, w1, b1, w2, b2, w3, b3, v1, c1, v2, c2, v3, c3):
        h = torch.relu(F.conv1d(x, w1, b1))
        h = torch.relu(F.conv1d(h, w2, b2))
        h = torch.relu(F.conv1d(h, w3, b3))
        g = h.max(dim=2).values
        f = torch.relu(F.linear(g, v1, c1))
        f = torch.relu(F.linear(f, v2, c2))
        t = F.linear(f, v3, c3)
        trans = t.view(-1, 3, 3) + torch.eye(3, dtype=x.dtype, device=x.device).view(1, 3, 3)
        out = torch.bmm(x.transpose(2, 1), trans).transpose(2, 1).contiguous()
        return out, trans


N, C1, C2, C3, F1, F2 = 1024, 64, 128, 1024, 512, 256


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, 3, N), -1.0, 1.0),
        _uniform((C1, 3, 1), -0.5, 0.5), _uniform((C1,), -0.2, 0.2),
        _uniform((C2, C1, 1), -0.2, 0.2), _uniform((C2,), -0.2, 0.2),
        _uniform((C3, C2, 1), -0.1, 0.1), _uniform((C3,), -0.2, 0.1),
        _uniform((F1, C3), -0.05, 0.05), _uniform((F1,), -0.2, 0.2),
        _uniform((F2, F1), -0.08, 0.08), _uniform((F2,), -0.2, 0.2),
        _uniform((9, F2), -0.05, 0.05), _uniform((9,), -0.1, 0.1),
    ]


def get_init_inputs():
    return []
