import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """NV12 -> RGB with BT.601 full-range (JPEG) coefficients, clamped to [0, 255], chroma
    upsampled by nearest neighbour (one U, V pair per 2x2 luma block), then a 2x2 box
    downscale of the planar RGB image: rgb [3, H/2, W/2] float32."""

    def __init__(self, kr: float, kgu: float, kgv: float, kb: float):
        super().__init__()
        self.kr, self.kgu, self.kgv, self.kb = kr, kgu, kgv, kb

    def forward(self, y: torch.Tensor, uv: torch.Tensor) -> torch.Tensor:
        luma = y.to(torch.float32)
        u = uv[..., 0].to(torch.float32) - 128.0
        v = uv[..., 1].to(torch.float32) - 128.0
        u = u.repeat_interleave(2, dim=0).repeat_interleave(2, dim=1)
        v = v.repeat_interleave(2, dim=0).repeat_interleave(2, dim=1)
        r = luma + self.kr * v
        g = luma - self.kgu * u - self.kgv * v
        b = luma + self.kb * u
        rgb = torch.stack([r, g, b]).clamp(0.0, 255.0)
        return F.avg_pool2d(rgb.unsqueeze(0), 2).squeeze(0)


H2, W2 = 240, 320


def get_inputs():
    return [
        torch.randint(0, 256, (2 * H2, 2 * W2), dtype=torch.uint8),
        torch.randint(0, 256, (H2, W2, 2), dtype=torch.uint8),
    ]


def get_init_inputs():
    return [1.402, 0.344136, 0.714136, 1.772]  # BT.601 full range: R/V, G/U, G/V, B/U
