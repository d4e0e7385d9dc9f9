import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Leaky ReLU, elementwise: output = input if input > 0 else slope * input (Darknet, slope 0.1)."""

    def __init__(self, negative_slope: float = 0.1):
        super().__init__()
        self.negative_slope = negative_slope

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        input = input.float()
        return F.leaky_relu(input, self.negative_slope).half()


C, H, W = 32, 208, 208


def get_inputs():
    return [t.half() for t in [torch.rand(1, C, H, W) * 8 - 4]]


def get_init_inputs():
    return [0.1]
