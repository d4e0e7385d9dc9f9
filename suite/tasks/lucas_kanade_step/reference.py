import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One dense Lucas-Kanade step: central-difference gradients of frame1 (replicate
    borders), the temporal difference frame2 - frame1, the structure-tensor products summed
    over each pixel's 5x5 window (zero padding), and the 2x2 solve
    [Sxx Sxy; Sxy Syy] [u v]^T = -[Sxt Syt]^T with the determinant floored at eps."""

    def __init__(self, window: int, eps: float):
        super().__init__()
        self.window, self.eps = window, eps

    def forward(self, frame1: torch.Tensor, frame2: torch.Tensor) -> torch.Tensor:
        p = F.pad(frame1[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        ix = (p[1:-1, 2:] - p[1:-1, :-2]) * 0.5
        iy = (p[2:, 1:-1] - p[:-2, 1:-1]) * 0.5
        it = frame2 - frame1
        prods = torch.stack([ix * ix, ix * iy, iy * iy, ix * it, iy * it])[None]
        ones = torch.ones(5, 1, self.window, self.window, dtype=frame1.dtype, device=frame1.device)
        sxx, sxy, syy, sxt, syt = F.conv2d(prods, ones, padding=self.window // 2, groups=5)[0]
        det = torch.clamp(sxx * syy - sxy * sxy, min=self.eps)
        u = (sxy * syt - syy * sxt) / det
        v = (sxy * sxt - sxx * syt) / det
        return torch.stack([u, v])


H, W = 240, 320


def get_inputs():
    return [torch.rand(H, W), torch.rand(H, W)]


def get_init_inputs():
    return [5, 0.5]  # window, eps
