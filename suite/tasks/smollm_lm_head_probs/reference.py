import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """The sampling head of a LLaMA-style model at decode:
      h = RMSNorm(x) * norm_w;  z = (emb h) / temperature;  p = softmax(z)
    """

    def __init__(self, temperature: float = 0.7, eps: float = 1e-5):
        super().__init__()
        self.temperature, self.eps = temperature, eps

    def forward(self, x, norm_w, emb):
        h = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * norm_w
        return torch.softmax(F.linear(h, emb) / self.temperature, dim=-1)


V, D = 49152, 576


def get_inputs():
    return [torch.rand(D) * 5.0 - 2.0, torch.rand(D) + 0.5, torch.rand(V, D) * 0.6 - 0.3]


def get_init_inputs():
    return [0.7, 1e-5]
