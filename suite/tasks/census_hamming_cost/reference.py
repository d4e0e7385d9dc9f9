import torch
import torch.nn as nn


class Model(nn.Module):
    """Census + Hamming stereo matching cost: 5x5 census codes (one bit per neighbour,
    set when the neighbour is darker than the centre, replicate borders) of the left and
    right images; cost[d, y, x] = popcount(cL[y, x] ^ cR[y, max(x - d, 0)]) for d < D, uint8."""

    def __init__(self, size: int, disparities: int):
        super().__init__()
        self.size, self.disparities = size, disparities
        # a buffer, so that .to(device) moves it
        self.register_buffer("popcount16", torch.tensor([bin(v).count("1") for v in range(1 << 16)], dtype=torch.int64),
                             persistent=False)

    def census(self, img: torch.Tensor) -> torch.Tensor:
        h, w = img.shape
        k = self.size // 2
        rows = torch.clamp(torch.arange(-k, h + k, device=img.device), 0, h - 1)
        cols = torch.clamp(torch.arange(-k, w + k, device=img.device), 0, w - 1)
        p = img.to(torch.int32)[rows][:, cols]
        centre = img.to(torch.int32)
        code = torch.zeros(h, w, dtype=torch.int32, device=img.device)
        bit = 0
        for dy in range(-k, k + 1):
            for dx in range(-k, k + 1):
                if dx == 0 and dy == 0:
                    continue
                q = p[k + dy:k + dy + h, k + dx:k + dx + w]
                code |= (q < centre).to(torch.int32) << bit
                bit += 1
        return code

    def forward(self, left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
        h, w = left.shape
        cl, cr = self.census(left), self.census(right)
        costs = []
        for d in range(self.disparities):
            # cr shifted right by d, its first column replicated: cr[:, max(x - d, 0)]
            k = min(d, w)
            shifted = torch.cat([cr[:, :1].expand(h, k), cr[:, :w - k]], dim=1)
            v = cl ^ shifted  # 24-bit codes: two 16-bit halves
            costs.append(self.popcount16[(v & 0xFFFF).long()] + self.popcount16[(v >> 16).long()])
        return torch.stack(costs).to(torch.uint8)


H, W = 240, 320


def get_inputs():
    return [torch.randint(0, 256, (H, W), dtype=torch.uint8), torch.randint(0, 256, (H, W), dtype=torch.uint8)]


def get_init_inputs():
    return [5, 64]
