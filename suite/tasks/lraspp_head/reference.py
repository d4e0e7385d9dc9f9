import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """torchvision LRASPPHead, batch norm of cbr folded:
      c = ReLU(conv1x1(high, w_cbr) + b_cbr)
      s = sigmoid(conv1x1(adaptive_avg_pool2d(high, 1), w_scale))
      u = F.interpolate(c * s, size=low.shape[-2:], mode="bilinear", align_corners=False)
      y = conv1x1(low, w_low) + b_low + conv1x1(u, w_high) + b_high
    """

    def __init__(self):
        super().__init__()

    def forward(self, low, high, w_cbr, b_cbr, w_scale, w_low, b_low, w_high, b_high):
        c = F.relu(F.conv2d(high, w_cbr, b_cbr))
        s = torch.sigmoid(F.conv2d(F.adaptive_avg_pool2d(high, 1), w_scale))
        u = F.interpolate(c * s, size=low.shape[-2:], mode="bilinear", align_corners=False)
        return F.conv2d(low, w_low, b_low) + F.conv2d(u, w_high, b_high)


CL, CHI, CI, NC, H, W = 40, 960, 128, 21, 65, 65
HH, WH = (H + 1) // 2, (W + 1) // 2


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CL, H, W), -1.0, 1.0),
        _uniform((1, CHI, HH, WH), 0.0, 1.0),
        _uniform((CI, CHI, 1, 1), -0.15, 0.15),
        _uniform((CI,), -0.5, 0.5),
        _uniform((CI, CHI, 1, 1), -0.15, 0.15),
        _uniform((NC, CL, 1, 1), -0.3, 0.3),
        _uniform((NC,), -0.5, 0.5),
        _uniform((NC, CI, 1, 1), -0.2, 0.2),
        _uniform((NC,), -0.5, 0.5),
    ]


def get_init_inputs():
    return []
