import torch
import torch.nn as nn


class Model(nn.Module):
    """Hamming distances between binary descriptors: query [N, B] and train [M, B] uint8 ->
    dist [N, M] int32, the number of differing bits (popcount of the XOR, byte by byte)."""

    def __init__(self, descriptor_bytes: int):
        super().__init__()
        self.descriptor_bytes = descriptor_bytes
        # a buffer, so that .to(device) moves it
        self.register_buffer("popcount8", torch.tensor([bin(v).count("1") for v in range(256)], dtype=torch.int32),
                             persistent=False)

    def forward(self, query: torch.Tensor, train: torch.Tensor) -> torch.Tensor:
        x = query.to(torch.int64)[:, None, :] ^ train.to(torch.int64)[None, :, :]  # [N, M, B]
        return self.popcount8[x].sum(dim=-1, dtype=torch.int32)


N, M = 1000, 1000


def get_inputs():
    return [torch.randint(0, 256, (N, 32), dtype=torch.uint8), torch.randint(0, 256, (M, 32), dtype=torch.uint8)]


def get_init_inputs():
    return [32]
