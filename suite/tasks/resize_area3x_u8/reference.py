import torch
import torch.nn as nn


class Model(nn.Module):
    """Area downscale by an integer factor of a packed (HWC) uint8 image: the mean of each
    factor x factor block per channel, rounded half up, uint8."""

    def __init__(self, factor: int):
        super().__init__()
        self.factor = factor

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        f = self.factor
        h, w, c = img.shape
        s = img.to(torch.int32).reshape(h // f, f, w // f, f, c).sum(dim=(1, 3))
        return ((s + (f * f) // 2) // (f * f)).to(torch.uint8)


OH, OW = 360, 640


def get_inputs():
    return [torch.randint(0, 256, (3 * OH, 3 * OW, 3), dtype=torch.uint8)]


def get_init_inputs():
    return [3]
