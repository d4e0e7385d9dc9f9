import torch
import torch.nn as nn


class Model(nn.Module):
    """5x5 bilateral filter of an image [H, W] with replicate borders:
    out[p] = sum_q w(p, q) img[q] / sum_q w(p, q),
    w = exp(-|q - p|^2 / (2 sigma_s^2) - (img[q] - img[p])^2 / (2 sigma_r^2))."""

    def __init__(self, size: int, sigma_space: float, sigma_color: float):
        super().__init__()
        self.size, self.sigma_space, self.sigma_color = size, sigma_space, sigma_color

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        h, w = img.shape
        k = self.size // 2
        rows = torch.clamp(torch.arange(-k, h + k), 0, h - 1)
        cols = torch.clamp(torch.arange(-k, w + k), 0, w - 1)
        p = img[rows][:, cols]
        cs = 1.0 / (2.0 * self.sigma_space ** 2)
        cr = 1.0 / (2.0 * self.sigma_color ** 2)
        num = torch.zeros_like(img)
        den = torch.zeros_like(img)
        for dy in range(-k, k + 1):
            for dx in range(-k, k + 1):
                q = p[k + dy:k + dy + h, k + dx:k + dx + w]
                d = q - img
                wt = torch.exp(-(dx * dx + dy * dy) * cs - d * d * cr)
                num = num + wt * q
                den = den + wt
        return num / den


H, W = 480, 640


def get_inputs():
    return [torch.rand(H, W)]


def get_init_inputs():
    return [5, 2.0, 0.1]
