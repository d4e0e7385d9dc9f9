import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """out = x W^T + b: a linear layer with bias over T tokens, W in
    torch.nn.functional.linear layout [N, K]."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, W: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        x, W, b = x.float(), W.float(), b.float()
        return F.linear(x, W, b).half()


T, N, K = 16, 384, 384


def get_inputs():
    return [t.half() for t in [torch.rand(T, K) * 2 - 1, (torch.rand(N, K) * 2 - 1) / 16, torch.rand(N) * 2 - 1]]


def get_init_inputs():
    return []
