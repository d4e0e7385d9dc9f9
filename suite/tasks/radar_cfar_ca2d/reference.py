import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """2-D cell-averaging CFAR on a range-Doppler power map P [D, R]:
      noise[d, r] = (sum of the (2(G+T)+1)^2 window - sum of the (2G+1)^2 guard window)
                    / number of training cells
      snr = P / noise
    Doppler indices wrap modulo D; range cells outside [0, R) are left out (not counted)."""

    def __init__(self, guard: int = 2, train: int = 4):
        super().__init__()
        self.n_guard, self.n_train = guard, train

    def window_sum(self, p, half):
        D, R = p.shape
        offs = torch.arange(-half, half + 1, device=p.device)
        rows = (torch.arange(D, device=p.device)[:, None] + offs[None, :]) % D          # [D, 2h+1]
        dop = p[rows].sum(1)                                           # [D, R], Doppler sum
        padded = F.pad(dop, (half, half))                              # zeros outside range
        return padded.unfold(1, 2 * half + 1, 1).sum(-1)               # [D, R]

    def window_count(self, R, half, device):
        r = torch.arange(R, device=device)
        lo = torch.clamp(r - half, min=0)
        hi = torch.clamp(r + half, max=R - 1)
        return ((hi - lo + 1) * (2 * half + 1)).to(torch.float32)     # [R]

    def forward(self, power):
        D, R = power.shape
        outer, inner = self.n_guard + self.n_train, self.n_guard
        total = self.window_sum(power, outer) - self.window_sum(power, inner)
        count = self.window_count(R, outer, power.device) - self.window_count(R, inner, power.device)
        return power / (total / count)


D, R = 64, 256


def get_inputs():
    return [torch.rand(D, R)]


def get_init_inputs():
    return [2, 4]
