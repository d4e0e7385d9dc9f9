import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear MPC rollout of N candidate control sequences from the current state x0:
    x_{t+1} = A x_t + B u_t, returning the states x_1..x_T [N, T, S] and the costs
    sum_t x_{t+1}^T Q x_{t+1} + u_t^T R u_t [N]."""

    def __init__(self):
        super().__init__()

    def forward(self, x0, A, B, U, Q, R):
        N, T, _ = U.shape
        x = x0.expand(N, -1)
        cost = torch.zeros(N, dtype=x0.dtype, device=x0.device)
        states = []
        for t in range(T):
            u = U[:, t]
            x = x @ A.T + u @ B.T
            states.append(x)
            cost = cost + ((x @ Q) * x).sum(-1) + ((u @ R) * u).sum(-1)
        return torch.stack(states, dim=1), cost


N, T, S, M = 1024, 20, 8, 2


def _uniform(shape, lo, hi):
    return torch.rand(*shape) * (hi - lo) + lo


def get_inputs():
    return [
        _uniform((S,), -1.0, 1.0),
        _uniform((S, S), -0.3, 0.3),
        _uniform((S, M), -0.5, 0.5),
        _uniform((N, T, M), -1.0, 1.0),
        _uniform((S, S), 0.0, 1.0),
        _uniform((M, M), 0.0, 0.5),
    ]


def get_init_inputs():
    return []
