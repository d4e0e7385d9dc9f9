import torch
import torch.nn as nn
import torch.nn.functional as F


def dequant(packed, scales, group):
    p = packed.to(torch.int32)
    q = torch.stack([p & 15, p >> 4], dim=-1).reshape(p.shape[0], -1)  # low nibble first
    return (q - 8).to(torch.float32) * scales.repeat_interleave(group, dim=1)


class Model(nn.Module):
    """LLaMA post-attention half-layer at decode with 4-bit group-quantized weights:
      h = RMSNorm(x) * norm_w
      y = x + Wd (silu(Wg h) * (Wu h)),  W = (nibble - 8) * scale of its group of 32
    """

    def __init__(self, group: int = 32, eps: float = 1e-5):
        super().__init__()
        self.group, self.eps = group, eps

    def forward(self, x, norm_w, gate_packed, gate_scales, up_packed, up_scales, down_packed, down_scales):
        h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * norm_w
        g = dequant(gate_packed, gate_scales, self.group) @ h
        u = dequant(up_packed, up_scales, self.group) @ h
        return x + dequant(down_packed, down_scales, self.group) @ (F.silu(g) * u)


D, Fd = 2048, 5632


def get_inputs():
    return [
        torch.rand(D) * 5.0 - 2.0,
        torch.rand(D) + 0.5,
        torch.randint(0, 256, (Fd, D // 2), dtype=torch.uint8),
        torch.rand(Fd, D // 32) * 0.005 + 0.003,
        torch.randint(0, 256, (Fd, D // 2), dtype=torch.uint8),
        torch.rand(Fd, D // 32) * 0.005 + 0.003,
        torch.randint(0, 256, (D, Fd // 2), dtype=torch.uint8),
        torch.rand(D, Fd // 32) * 0.004 + 0.001,
    ]


def get_init_inputs():
    return [32, 1e-5]
