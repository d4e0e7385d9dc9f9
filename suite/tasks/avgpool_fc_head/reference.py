import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Classifier head: global average pool, flatten, linear (MobileNet / ResNet):
    logits = linear(flatten(adaptive_avg_pool2d(x, 1)), weight, bias)."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        pooled = torch.flatten(F.adaptive_avg_pool2d(x, 1), 1)
        return F.linear(pooled, weight, bias)


C, H, W, K = 64, 8, 8, 10


def get_inputs():
    return [
        torch.rand(1, C, H, W) * 2,
        (torch.rand(K, C) - 0.5) * 0.2,
        torch.rand(K) - 0.5,
    ]


def get_init_inputs():
    return []
