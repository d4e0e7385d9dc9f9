import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """YOLOv4-tiny CSP block (Darknet cfg), batch norm folded, leaky = LeakyReLU(0.1):
      t0 = leaky(conv3x3(x, w0) + b0)                  # [convolutional] size=3
      t1 = leaky(conv3x3(t0[:, C/2:], w1) + b1)        # [route] groups=2 group_id=1, conv
      t2 = leaky(conv3x3(t1, w2) + b2)                 # conv
      t3 = leaky(conv1x1(cat[t2, t1], w3) + b3)        # [route] -1,-2, conv size=1
      y  = maxpool2x2_s2(cat[t0, t3])                  # [route] -6,-1, [maxpool] 2/2
    """

    def __init__(self, slope: float = 0.1):
        super().__init__()
        self.slope = slope

    def forward(self, x, w0, b0, w1, b1, w2, b2, w3, b3):
        t0 = F.leaky_relu(F.conv2d(x, w0, b0, padding=1), self.slope)
        c = t0.shape[1]
        t1 = F.leaky_relu(F.conv2d(t0[:, c // 2:], w1, b1, padding=1), self.slope)
        t2 = F.leaky_relu(F.conv2d(t1, w2, b2, padding=1), self.slope)
        t3 = F.leaky_relu(F.conv2d(torch.cat([t2, t1], 1), w3, b3), self.slope)
        return F.max_pool2d(torch.cat([t0, t3], 1), 2, 2)


CI, C, H, W = 64, 64, 72, 72


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, CI, H, W), -1.0, 1.0),
        _uniform((C, CI, 3, 3), -0.1, 0.1),
        _uniform((C,), -0.5, 0.5),
        _uniform((C // 2, C // 2, 3, 3), -0.1, 0.1),
        _uniform((C // 2,), -0.5, 0.5),
        _uniform((C // 2, C // 2, 3, 3), -0.1, 0.1),
        _uniform((C // 2,), -0.5, 0.5),
        _uniform((C, C, 1, 1), -0.2, 0.2),
        _uniform((C,), -0.5, 0.5),
    ]


def get_init_inputs():
    return [0.1]
