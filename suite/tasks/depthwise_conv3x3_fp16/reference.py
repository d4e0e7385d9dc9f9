import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A depthwise 3x3 convolution with bias (groups = channels), stride 1, zero padding 1,
    NCHW at batch 1."""

    def __init__(self, stride: int = 1, padding: int = 1):
        super().__init__()
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        input, weight, bias = input.float(), weight.float(), bias.float()
        return F.conv2d(input, weight, bias, stride=self.stride, padding=self.padding, groups=input.shape[1]).half()


C, H, W = 32, 56, 56


def get_inputs():
    return [t.half() for t in [
        torch.rand(1, C, H, W) * 2 - 1,
        torch.rand(C, 1, 3, 3) - 0.5,
        torch.rand(C) - 0.5,
    ]]


def get_init_inputs():
    return [1, 1]
