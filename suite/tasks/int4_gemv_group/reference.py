import torch
import torch.nn as nn


class Model(nn.Module):
    """y = W x with W stored as 4-bit weights, two per byte (element 2j in the low nibble of
    byte j, element 2j + 1 in the high nibble), zero point 8, one float scale per group of 32
    consecutive input features of a row: W[n, k] = (q[n, k] - 8) * scales[n, k // 32]."""

    def __init__(self, group: int):
        super().__init__()
        self.group = group

    def forward(self, packed: torch.Tensor, scales: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        p = packed.to(torch.int32)
        q = torch.stack([p & 15, p >> 4], dim=-1).reshape(p.shape[0], -1)  # [N, K]
        w = (q - 8).to(torch.float32) * scales.repeat_interleave(self.group, dim=1)
        return w @ x


N, K = 2048, 2048


def get_inputs():
    return [
        torch.randint(0, 256, (N, K // 2), dtype=torch.uint8),
        torch.rand(N, K // 32) * 0.03 + 0.005,
        torch.rand(K) * 2 - 1,
    ]


def get_init_inputs():
    return [32]  # group size
