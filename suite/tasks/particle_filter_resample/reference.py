import torch
import torch.nn as nn


class Model(nn.Module):
    """One fixed-point Monte Carlo localization step (likelihood-field measurement update +
    systematic resampling) as an MCU / DSP particle filter runs it, all integer:
      particle i = (x, y, h): grid cell (x mod GX, y mod GY), heading bin h mod H
      score_i = sum_b lf[clamp(y + oy[h, b]), clamp(x + ox[h, b])]   (lf: the likelihood
                field's cost per cell, lower is better; offsets: the scan's beam endpoints
                rotated to each heading bin, in cells)
      w_i = 65536 >> min((score_i - min_j score_j) >> SHIFT, 16)  (2^-(cost / 2^SHIFT))
      cum = cumsum(w), total = cum[P-1]
      pos_j = (j * total + ((u0 * total) >> 16)) // P                   (systematic)
      idx_j = min(#{i : cum_i <= pos_j}, P - 1)
    Returns (new particles [P, 3] = particles[idx], idx [P], w [P]), int32."""

    def __init__(self, shift: int = 2):
        super().__init__()
        self.shift = shift

    def forward(self, particles, offsets, lf, u0):
        P = particles.shape[0]
        H, B = offsets.shape[0], offsets.shape[1]
        GY, GX = lf.shape[0], lf.shape[1]
        p = particles.long()
        x = p[:, 0] % GX
        y = p[:, 1] % GY
        h = p[:, 2] % H
        o = offsets.long()[h]                                   # [P, B, 2]
        ex = torch.clamp(x[:, None] + o[..., 0], 0, GX - 1)
        ey = torch.clamp(y[:, None] + o[..., 1], 0, GY - 1)
        score = lf.long()[ey, ex].sum(dim=1)                    # [P]
        d = torch.clamp((score - score.min()) >> self.shift, max=16)
        w = torch.full_like(d, 65536) >> d
        cum = torch.cumsum(w, 0)
        total = cum[-1]
        u = int(u0[0])
        pos = (torch.arange(P, dtype=torch.int64, device=particles.device) * total + ((u * total) >> 16)) // P
        idx = torch.searchsorted(cum, pos, right=True).clamp(max=P - 1)
        return particles[idx], idx.to(torch.int32), w.to(torch.int32)


P, B, H, GX, GY = 1024, 60, 64, 200, 200


def get_inputs():
    return [
        torch.randint(0, 4096, (P, 3), dtype=torch.int32),
        torch.randint(-40, 41, (H, B, 2), dtype=torch.int32),
        torch.randint(0, 16, (GY, GX), dtype=torch.int32),
        torch.randint(0, 65536, (1,), dtype=torch.int32),
    ]


def get_init_inputs():
    return [2]
