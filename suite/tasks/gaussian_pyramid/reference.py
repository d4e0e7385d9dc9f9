import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A 3-level Gaussian pyramid (OpenCV pyrDown per level): reflect-pad by 2
    (BORDER_REFLECT_101), separable 5-tap [1, 4, 6, 4, 1] / 16 blur along x then y, keep
    every second pixel. Returns the three levels."""

    def __init__(self, taps: list):
        super().__init__()
        self.taps = taps

    def pyr_down(self, x: torch.Tensor) -> torch.Tensor:
        k = torch.tensor(self.taps, dtype=x.dtype, device=x.device) / sum(self.taps)
        xp = F.pad(x[None, None], (2, 2, 2, 2), mode="reflect")
        bx = F.conv2d(xp, k.view(1, 1, 1, 5), stride=(1, 2))
        return F.conv2d(bx, k.view(1, 1, 5, 1), stride=(2, 1))[0, 0]

    def forward(self, img: torch.Tensor):
        level1 = self.pyr_down(img)
        level2 = self.pyr_down(level1)
        level3 = self.pyr_down(level2)
        return level1, level2, level3


H, W = 480, 640


def get_inputs():
    return [torch.rand(H, W)]


def get_init_inputs():
    return [[1.0, 4.0, 6.0, 4.0, 1.0]]
