import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """MobileNetV3 bneck (torchvision InvertedResidual), 5x5 stride 2, SE, h-swish, BN folded:
      h1 = hswish(conv1x1(x, w_exp) + b_exp)                             # C -> E, H x W
      h2 = hswish(depthwise5x5(h1, w_dw, pad 2, stride 2) + b_dw)        # E, Ho x Wo
      g  = hardsigmoid(conv1x1(relu(conv1x1(mean_hw(h2), w_fc1) + b_fc1), w_fc2) + b_fc2)
      y  = conv1x1(h2 * g, w_proj) + b_proj                              # E -> K, no residual
    """

    def __init__(self, k: int = 5, stride: int = 2):
        super().__init__()
        self.k, self.stride = k, stride

    def forward(self, x, w_exp, b_exp, w_dw, b_dw, w_fc1, b_fc1, w_fc2, b_fc2, w_proj, b_proj):
        h1 = F.hardswish(F.conv2d(x, w_exp, b_exp))
        h2 = F.hardswish(F.conv2d(h1, w_dw, b_dw, stride=self.stride, padding=self.k // 2, groups=w_dw.shape[0]))
        s = F.adaptive_avg_pool2d(h2, 1)
        s = F.relu(F.conv2d(s, w_fc1, b_fc1))
        g = F.hardsigmoid(F.conv2d(s, w_fc2, b_fc2))
        return F.conv2d(h2 * g, w_proj, b_proj)


C, E, R, K, H, W = 24, 96, 24, 40, 56, 56


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), -1.0, 1.0),
        _uniform((E, C, 1, 1), -0.3, 0.3),
        _uniform((E,), -1.0, 1.5),
        _uniform((E, 1, 5, 5), -0.2, 0.25),
        _uniform((E,), -1.0, 1.0),
        _uniform((R, E, 1, 1), -0.15, 0.15),
        _uniform((R,), -0.5, 0.5),
        _uniform((E, R, 1, 1), -0.2, 0.2),
        _uniform((E,), -3.0, 3.0),
        _uniform((K, E, 1, 1), -0.1, 0.1),
        _uniform((K,), -0.1, 0.1),
    ]


def get_init_inputs():
    return [5, 2]
