import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ReLU6, elementwise: output = min(max(input, 0), 6) (MobileNetV2)."""

    def __init__(self):
        super().__init__()

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        input = input.float()
        return F.relu6(input).half()


C, H, W = 96, 112, 112


def get_inputs():
    return [t.half() for t in [torch.rand(1, C, H, W) * 12 - 3]]


def get_init_inputs():
    return []
