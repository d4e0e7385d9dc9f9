import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """y = gelu_tanh(x W^T + b): the up-projection and activation of a transformer MLP,
    W in torch.nn.functional.linear layout [N, K], GELU with the tanh approximation."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, W: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        # float16 in and out, two half operators as PyTorch runs them: F.linear (float accumulation,
        # its result rounded to half), then the GELU (computed in float, rounded to half). Debian's
        # torch 1.13 lacks most CPU half kernels, so the float computation is written out.
        h = F.linear(x.float(), W.float(), b.float()).half()
        return F.gelu(h.float(), approximate="tanh").half()


T, N, K = 32, 512, 128


def get_inputs():
    return [t.half() for t in [torch.rand(T, K) * 2 - 1, torch.rand(N, K) * 0.4 - 0.2, torch.rand(N) * 1.6 - 1]]


def get_init_inputs():
    return []
