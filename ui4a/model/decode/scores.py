"""How a guard narrows one step's scores (batch size 1): every token it forbids goes to -inf."""

from __future__ import annotations

from collections.abc import Sequence

import torch


def keep(scores: torch.FloatTensor, tokens: int | Sequence[int]) -> torch.FloatTensor:
    """``scores`` with only ``tokens`` left, each with its own score."""
    out = torch.full_like(scores, float("-inf"))
    out[0, tokens] = scores[0, tokens]
    return out


def force(scores: torch.FloatTensor, token: int) -> torch.FloatTensor:
    """Scores that leave ``token`` the only choice, even one ``scores`` forbade (EOS, to end an answer
    that can no longer parse where the grammar would go on)."""
    out = torch.full_like(scores, float("-inf"))
    out[0, token] = 0.0
    return out
