import torch
import torch.nn as nn


class Model(nn.Module):
    """C = A @ B: the projection of a linear layer at batch (tokens) M."""

    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        # float16 in and out. PyTorch's CPU half kernels compute in float (opmath) and round the
        # result to half once; Debian's torch 1.13 lacks most of them, so that is written out here.
        A, B = A.float(), B.float()
        return torch.matmul(A, B).half()


M, N, K = 16, 512, 512


def get_inputs():
    return [t.half() for t in [torch.rand(M, K) * 2 - 1, (torch.rand(K, N) * 2 - 1) / 16]]


def get_init_inputs():
    return []
