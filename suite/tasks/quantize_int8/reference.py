import torch
import torch.nn as nn


class Model(nn.Module):
    """float32 per-tensor quantization to int8 (TFLite QUANTIZE with torch.quantize_per_tensor
    semantics): output = clamp(round_half_even(input * inv_scale) + zero_point, -128, 127) with
    inv_scale = float32(1 / scale), the product a float32 multiplication and the rounding
    torch.round (ties to even). This is exactly torch.quantize_per_tensor(input, scale,
    zero_point, torch.qint8).int_repr(), which multiplies by the float32 reciprocal too."""

    def __init__(self, scale: float, zero_point: int):
        super().__init__()
        self.scale, self.zero_point = scale, zero_point

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        one = torch.tensor(1.0, dtype=torch.float32)
        inv_scale = one / torch.tensor(self.scale, dtype=torch.float32)  # float32(1 / 0.05) = 20
        q = torch.round(input * inv_scale).to(torch.int32) + self.zero_point
        return torch.clamp(q, -128, 127).to(torch.int8)


C, H, W = 3, 224, 224


def get_inputs():
    return [torch.rand(1, C, H, W) * 13.2 - 6.8]


def get_init_inputs():
    return [0.05, 3]  # scale, zero point
