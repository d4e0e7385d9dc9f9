import torch
import torch.nn as nn
import torch.nn.functional as F


def channel_shuffle(x: torch.Tensor, groups: int) -> torch.Tensor:
    """torchvision's ShuffleNetV2 channel shuffle."""
    n, c, h, w = x.shape
    x = x.view(n, groups, c // groups, h, w)
    x = torch.transpose(x, 1, 2).contiguous()
    return x.view(n, c, h, w)


class Model(nn.Module):
    """ShuffleNetV2 stride-1 unit (torchvision's InvertedResidual, stride 1), batch norm folded
    into the conv weights and biases:
      x1, x2 = x.chunk(2, dim=1)
      z = ReLU(conv1x1(depthwise3x3(ReLU(conv1x1(x2, w1) + b1), w_dw, pad 1) + b_dw, w2) + b2)
      y = channel_shuffle(cat(x1, z), 2)
    """

    def __init__(self, groups: int = 2):
        super().__init__()
        self.groups = groups

    def forward(
        self,
        x: torch.Tensor,
        w1: torch.Tensor,
        b1: torch.Tensor,
        w_dw: torch.Tensor,
        b_dw: torch.Tensor,
        w2: torch.Tensor,
        b2: torch.Tensor,
    ) -> torch.Tensor:
        x1, x2 = x.chunk(2, dim=1)
        h1 = F.relu(F.conv2d(x2, w1, b1))
        h2 = F.conv2d(h1, w_dw, b_dw, stride=1, padding=1, groups=w_dw.shape[0])
        z = F.relu(F.conv2d(h2, w2, b2))
        return channel_shuffle(torch.cat((x1, z), dim=1), self.groups)


B, H, W = 24, 28, 28


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, 2 * B, H, W), 0.0, 2.0),
        _uniform((B, B, 1, 1), -0.2, 0.2),
        _uniform((B,), -0.5, 0.5),
        _uniform((B, 1, 3, 3), -0.5, 0.5),
        _uniform((B,), -0.5, 0.5),
        _uniform((B, B, 1, 1), -0.3, 0.3),
        _uniform((B,), -0.3, 0.3),
    ]


def get_init_inputs():
    return [2]
