import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """SimpleBaseline head, last stage, batch norm folded into the deconv's bias:
      h = ReLU(conv_transpose2d(x, w_d, b_d, stride 2, padding 1))   # 4x4, CI -> CO
      y = conv1x1(h, w_f) + b_f                                      # CO -> K heatmaps
    """

    def __init__(self):
        super().__init__()

    def forward(self, x, w_d, b_d, w_f, b_f):
        h = F.relu(F.conv_transpose2d(x, w_d, b_d, stride=2, padding=1))
        return F.conv2d(h, w_f, b_f)


CI, CO, K, H, W = 256, 256, 17, 16, 12


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), 0.0, 1.0),
        _uniform((CI, CO, 4, 4), -0.15, 0.15),
        _uniform((CO,), -0.5, 0.5),
        _uniform((K, CO, 1, 1), -0.2, 0.2),
        _uniform((K,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
