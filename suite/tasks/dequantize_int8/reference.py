import torch
import torch.nn as nn


class Model(nn.Module):
    """int8 per-tensor dequantization (TFLite DEQUANTIZE): output = (q - zero_point) * scale,
    the int32 difference converted to float32 and multiplied by the float32 scale."""

    def __init__(self, zero_point: int, scale: float):
        super().__init__()
        self.zero_point, self.scale = zero_point, scale

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        centered = (q.to(torch.int32) - self.zero_point).to(torch.float32)
        return centered * torch.tensor(self.scale, dtype=torch.float32)


C, H, W = 24, 56, 56


def get_inputs():
    return [torch.randint(-128, 128, (1, C, H, W), dtype=torch.int8)]


def get_init_inputs():
    return [-7, 0.0473]  # zero point, scale
