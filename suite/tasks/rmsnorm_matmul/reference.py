import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """y = linear(rmsnorm(x) * weight, W): a LLaMA pre-norm (LlamaRMSNorm, float32) followed
    by a projection without bias, W in torch.nn.functional.linear layout [N, D]."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, W: torch.Tensor) -> torch.Tensor:
        normed = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps) * weight
        return F.linear(normed, W)


T, N, D = 4, 1536, 576


def get_inputs():
    return [torch.rand(T, D) * 5 - 2, torch.rand(D) + 0.5, torch.rand(N, D) * 0.2 - 0.1]


def get_init_inputs():
    return [1e-5]
