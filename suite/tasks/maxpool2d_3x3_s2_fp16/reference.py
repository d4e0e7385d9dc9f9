import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """3x3 max pooling, stride 2, padding 1 (padding counts as -inf), NCHW at batch 1."""

    def __init__(self, kernel_size: int = 3, stride: int = 2, padding: int = 1):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        input = input.float()
        return F.max_pool2d(input, self.kernel_size, stride=self.stride, padding=self.padding).half()


C, H, W = 64, 112, 112


def get_inputs():
    return [t.half() for t in [torch.rand(1, C, H, W) * 2 - 1]]


def get_init_inputs():
    return [3, 2, 1]
