import torch
import torch.nn as nn


class Model(nn.Module):
    """Point-to-plane ICP linearization: r_i = (p_i - q_i) . n_i, J_i = [p_i x n_i, n_i]
    (normals normalized first); returns H = sum J_i J_i^T [6, 6] and g = sum J_i r_i [6]."""

    def __init__(self, dof: int):
        super().__init__()
        self.dof = dof

    def forward(self, src: torch.Tensor, dst: torch.Tensor, nrm: torch.Tensor):
        n = nrm / torch.sqrt((nrm * nrm).sum(dim=-1, keepdim=True))
        r = ((src - dst) * n).sum(dim=-1)
        J = torch.cat([torch.cross(src, n, dim=-1), n], dim=-1)  # [N, 6]
        return J.t() @ J, J.t() @ r


N = 76800


def get_inputs():
    return [4.0 * torch.rand(N, 3) - 2.0, 4.0 * torch.rand(N, 3) - 2.0, 2.0 * torch.rand(N, 3) - 1.0]


def get_init_inputs():
    return [6]
