import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Classifier preprocessing of a packed uint8 RGB frame [H, W, 3]: to CHW float in
    [0, 1], bilinear resize (align_corners=False, no antialiasing) to the network input size,
    per-channel (x - mean) / std. Returns [3, size, size] float32."""

    def __init__(self, size: int, mean: list, std: list):
        super().__init__()
        self.size, self.mean, self.std = size, mean, std

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        x = img.permute(2, 0, 1).to(torch.float32) / 255.0
        r = F.interpolate(x.unsqueeze(0), size=(self.size, self.size), mode="bilinear",
                          align_corners=False).squeeze(0)
        mean = torch.tensor(self.mean, dtype=torch.float32, device=img.device).view(3, 1, 1)
        std = torch.tensor(self.std, dtype=torch.float32, device=img.device).view(3, 1, 1)
        return (r - mean) / std


H, W = 480, 640


def get_inputs():
    return [torch.randint(0, 256, (H, W, 3), dtype=torch.uint8)]


def get_init_inputs():
    return [224, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225]]
