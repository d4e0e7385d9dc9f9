import torch
import torch.nn as nn


class Model(nn.Module):
    """Segmentation label map: the class of the largest logit at every pixel, as int32."""

    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        return torch.argmax(logits, dim=1).to(torch.int32)


C, H, W = 21, 520, 520


def get_inputs():
    return [torch.rand(1, C, H, W) * 16 - 8]


def get_init_inputs():
    return []
