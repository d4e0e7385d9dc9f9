import torch
import torch.nn as nn


class Model(nn.Module):
    """LiDAR-to-camera projection: points [N, 3] are moved into the camera frame by the
    extrinsics (q = R @ p + t) and projected with the pinhole intrinsics (fx, fy, cx, cy):
    uv = (fx * q_x / q_z + cx, fy * q_y / q_z + cy) [N, 2], depth = q_z [N]."""

    def __init__(self):
        super().__init__()

    def forward(self, points: torch.Tensor, R: torch.Tensor, t: torch.Tensor, intrinsics: torch.Tensor):
        q = points @ R.T + t  # [N, 3]: the points in the camera frame
        fx, fy, cx, cy = intrinsics[0], intrinsics[1], intrinsics[2], intrinsics[3]
        z = q[:, 2]
        u = fx * q[:, 0] / z + cx
        v = fy * q[:, 1] / z + cy
        return torch.stack([u, v], dim=1), z


N = 32768


def get_inputs():
    return [
        torch.rand(N, 3) * 2 - 1,
        torch.rand(3, 3) * 2 - 1,
        torch.rand(3) * 2 + 4,
        torch.rand(4) * 300 + 300,
    ]


def get_init_inputs():
    return []
