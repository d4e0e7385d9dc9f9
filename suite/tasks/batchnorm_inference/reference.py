import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Batch normalization in inference mode (running statistics), NCHW at batch 1."""

    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(
        self,
        input: torch.Tensor,
        running_mean: torch.Tensor,
        running_var: torch.Tensor,
        weight: torch.Tensor,
        bias: torch.Tensor,
    ) -> torch.Tensor:
        return F.batch_norm(input, running_mean, running_var, weight, bias, training=False, eps=self.eps)


C, H, W = 256, 28, 28


def get_inputs():
    return [
        torch.rand(1, C, H, W) * 4 - 2,
        torch.rand(C) - 0.5,
        torch.rand(C) * 1.5 + 0.5,
        torch.rand(C) + 0.5,
        torch.rand(C) - 0.5,
    ]


def get_init_inputs():
    return [1e-5]
