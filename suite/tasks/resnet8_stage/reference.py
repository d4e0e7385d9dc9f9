import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A residual stack of MLPerf Tiny's ResNet-8 with stride-2 downsampling, batch norm folded
    into the conv weights and biases:
      h = ReLU(conv3x3(x, w1, stride 2, pad 1) + b1)                 # C -> K, H -> ceil(H/2)
      y = ReLU(conv3x3(h, w2, pad 1) + b2 + conv1x1(x, ws, stride 2) + bs)
    """

    def __init__(self, stride: int = 2):
        super().__init__()
        self.stride = stride

    def forward(
        self,
        x: torch.Tensor,
        w1: torch.Tensor,
        b1: torch.Tensor,
        w2: torch.Tensor,
        b2: torch.Tensor,
        ws: torch.Tensor,
        bs: torch.Tensor,
    ) -> torch.Tensor:
        h = torch.relu(F.conv2d(x, w1, b1, stride=self.stride, padding=1))
        main = F.conv2d(h, w2, b2, stride=1, padding=1)
        shortcut = F.conv2d(x, ws, bs, stride=self.stride)
        return torch.relu(main + shortcut)


C, K, H, W = 16, 32, 32, 32


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((1, C, H, W), 0.0, 1.0),
        _uniform((K, C, 3, 3), -0.25, 0.25),
        _uniform((K,), -0.5, 0.5),
        _uniform((K, K, 3, 3), -0.2, 0.2),
        _uniform((K,), -0.5, 0.5),
        _uniform((K, C, 1, 1), -0.5, 0.5),
        _uniform((K,), -0.5, 0.5),
    ]


def get_init_inputs():
    return [2]
