import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """hardswish(conv3x3(input) + bias), stride 1, zero padding 1: a MobileNetV3 Conv-BN-hard-swish
    layer with batch norm folded into the weights and the bias (NCHW, batch 1)."""

    def __init__(self, stride: int = 1, padding: int = 1):
        super().__init__()
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        # float16 in and out, two half operators as PyTorch runs them: F.conv2d (float accumulation,
        # its result rounded to half), then the hard-swish (computed in float, rounded to half).
        # Debian's torch 1.13 lacks most CPU half kernels, so the float computation is written out.
        h = F.conv2d(input.float(), weight.float(), bias.float(), stride=self.stride, padding=self.padding).half()
        return F.hardswish(h.float()).half()


CI, CO, H, W = 16, 16, 56, 56


def get_inputs():
    return [t.half() for t in [
        torch.rand(1, CI, H, W) * 2 - 1,
        torch.rand(CO, CI, 3, 3) - 0.5,
        torch.rand(CO) * 2 - 1,
    ]]


def get_init_inputs():
    return [1, 1]
