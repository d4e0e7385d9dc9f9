import torch
import torch.nn as nn


def quat_to_rot(q: torch.Tensor) -> torch.Tensor:
    q = q / torch.sqrt((q * q).sum(dim=-1, keepdim=True))
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    return torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
    ], dim=-1).reshape(-1, 3, 3)


class Model(nn.Module):
    """Relative pose of batched pose pairs (quaternion w, x, y, z + translation):
    rel = [Ra^T Rb | Ra^T (tb - ta)], the 3x4 top of T_a^-1 T_b."""

    def __init__(self, quat_dims: int):
        super().__init__()
        self.quat_dims = quat_dims

    def forward(self, pa: torch.Tensor, pb: torch.Tensor) -> torch.Tensor:
        k = self.quat_dims
        ra, rb = quat_to_rot(pa[:, :k]), quat_to_rot(pb[:, :k])
        rat = ra.transpose(1, 2)
        rot = rat @ rb
        t = (rat @ (pb[:, k:] - pa[:, k:]).unsqueeze(-1))
        return torch.cat([rot, t], dim=-1)


B = 4096


def get_inputs():
    return [2.0 * torch.rand(B, 7) - 1.0, 2.0 * torch.rand(B, 7) - 1.0]


def get_init_inputs():
    return [4]
