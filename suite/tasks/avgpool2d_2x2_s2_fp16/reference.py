import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """2x2 average pooling, stride 2, no padding (floor semantics), NCHW at batch 1."""

    def __init__(self, kernel_size: int = 2, stride: int = 2):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        input = input.float()
        return F.avg_pool2d(input, self.kernel_size, stride=self.stride).half()


C, H, W = 128, 56, 56


def get_inputs():
    return [t.half() for t in [torch.rand(1, C, H, W) * 2 - 1]]


def get_init_inputs():
    return [2, 2]
