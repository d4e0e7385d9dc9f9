import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Hard-swish, elementwise: output = input * relu6(input + 3) / 6 (MobileNetV3)."""

    def __init__(self):
        super().__init__()

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        input = input.float()
        return F.hardswish(input).half()


C, H, W = 240, 28, 28


def get_inputs():
    return [t.half() for t in [torch.rand(1, C, H, W) * 10 - 5]]


def get_init_inputs():
    return []
