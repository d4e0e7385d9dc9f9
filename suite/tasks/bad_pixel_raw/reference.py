import torch
import torch.nn as nn


class Model(nn.Module):
    """Bad-pixel correction of a Bayer raw [H, W]: each pixel is clamped to the [min, max] of
    its 4 same-colour neighbours at distance `step` (a neighbour outside the image is replaced
    by the one on the opposite side)."""

    def __init__(self, step: int):
        super().__init__()
        self.step = step

    def forward(self, raw: torch.Tensor) -> torch.Tensor:
        h, w = raw.shape
        s = self.step
        p = raw.to(torch.int32)
        xs, ys = torch.arange(w), torch.arange(h)
        left = torch.where(xs >= s, xs - s, xs + s)
        right = torch.where(xs + s < w, xs + s, xs - s)
        up = torch.where(ys >= s, ys - s, ys + s)
        down = torch.where(ys + s < h, ys + s, ys - s)
        n = torch.stack([p[:, left], p[:, right], p[up, :], p[down, :]])
        return torch.minimum(torch.maximum(p, n.min(0).values), n.max(0).values).to(torch.int16)


H2, W2 = 240, 320


def get_inputs():
    return [torch.randint(0, 1024, (2 * H2, 2 * W2), dtype=torch.int16)]


def get_init_inputs():
    return [2]
