import torch
import torch.nn as nn


class Model(nn.Module):
    """Harris corners of a uint8 image [H, W] in integers: 3x3 Sobel gx, gy (replicate
    borders); 3x3 box sums sxx, syy, sxy of gx^2, gy^2, gx*gy (replicate borders); response
    R = 25 (sxx syy - sxy^2) - (sxx + syy)^2 (that is 25 x the Harris score with k = 0.04), in
    int64; a pixel is a corner (1) when R > threshold and R >= each of its 8 neighbours
    (neighbours outside the image ignored), else 0. uint8 mask."""

    def __init__(self, inv_k: int, threshold: int):
        super().__init__()
        self.inv_k, self.threshold = inv_k, threshold

    @staticmethod
    def replicate(img: torch.Tensor, k: int) -> torch.Tensor:
        h, w = img.shape
        rows = torch.clamp(torch.arange(-k, h + k, device=img.device), 0, h - 1)
        cols = torch.clamp(torch.arange(-k, w + k, device=img.device), 0, w - 1)
        return img[rows][:, cols]

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        h, w = img.shape
        s = [1, 2, 1]
        q = self.replicate(img.to(torch.int64), 1)
        gx = sum(s[j] * (q[j:j + h, 2:2 + w] - q[j:j + h, 0:w]) for j in range(3))
        gy = sum(s[i] * (q[2:2 + h, i:i + w] - q[0:h, i:i + w]) for i in range(3))

        def box(v):
            p = self.replicate(v, 1)
            return sum(p[j:j + h, i:i + w] for i in range(3) for j in range(3))

        sxx, syy, sxy = box(gx * gx), box(gy * gy), box(gx * gy)
        tr = sxx + syy
        r = self.inv_k * (sxx * syy - sxy * sxy) - tr * tr
        lowest = torch.iinfo(torch.int64).min
        p = torch.full((h + 2, w + 2), lowest, dtype=torch.int64, device=img.device)
        p[1:h + 1, 1:w + 1] = r
        is_max = torch.ones(h, w, dtype=torch.bool, device=img.device)
        for dy in range(3):
            for dx in range(3):
                if dx != 1 or dy != 1:
                    is_max &= r >= p[dy:dy + h, dx:dx + w]
        return (is_max & (r > self.threshold)).to(torch.uint8)


H, W = 480, 640


def get_inputs():
    return [torch.randint(0, 256, (H, W), dtype=torch.uint8)]


def get_init_inputs():
    return [25, 10_000_000_000_000]
