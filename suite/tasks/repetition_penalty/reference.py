import torch
import torch.nn as nn


class Model(nn.Module):
    """CTRL's repetition penalty (Hugging Face RepetitionPenaltyLogitsProcessor): the logits of
    the tokens in ids are gathered, divided by the penalty if >= 0 or multiplied by it if < 0,
    and scattered back (a repeated id is penalized once)."""

    def __init__(self, penalty: float):
        super().__init__()
        self.penalty = penalty

    def forward(self, logits: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        idx = ids.to(torch.int64)
        score = torch.gather(logits, 1, idx)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return logits.scatter(1, idx, score)


B, L, V = 1, 64, 32000


def get_inputs():
    return [torch.rand(B, V) * 20 - 10, torch.randint(0, 32000, (B, L), dtype=torch.int32)]


def get_init_inputs():
    return [1.2]  # penalty
