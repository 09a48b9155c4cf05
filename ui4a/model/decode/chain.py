"""The guards of one constrained answer, in the order they narrow each step's scores.

    1. the grammar's mask          (mask.py)                  only code that parses
    2. binds_declared_state.py     bind={x} names a <State> already written
    3. declares_state_once.py      <State> declares each name once
    4. ends_within_budget.py       closing mode: ends complete when it loops or its budget runs low
    5. stays_valid.py              no token after which the validator finds a new fault
                                   (skipped while closing mode chooses: it vets its own choices)

Every guard is a :class:`Guard`: given the ids so far (prompt and answer, batch size 1) and the
scores of the next token, it returns the scores with what it forbids set to -inf. The guards
share one :class:`~ui4a.model.decode.answer_so_far.AnswerSoFar`, so the answer is decoded and
parsed once per step, not once per guard.
"""

from __future__ import annotations

from typing import Any, Protocol

import torch

from ui4a.model.decode.answer_so_far import AnswerSoFar
from ui4a.model.decode.binds_declared_state import DeclaredNames
from ui4a.model.decode.declares_state_once import DeclaresOnce
from ui4a.model.decode.ends_within_budget import Closing
from ui4a.model.decode.mask import GrammarConstraint
from ui4a.model.decode.stays_valid import Lookahead


class Guard(Protocol):
    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor: ...


class AnswerGuards:
    """The whole chain for one answer; build one per answer (the guards keep its state).

    ``closing`` and ``lookahead`` stay readable afterwards, and are also set on the grammar
    constraint, so whoever built it can tell how the answer ended.
    """

    def __init__(self, grammar: GrammarConstraint, tokenizer: Any, budget: int) -> None:
        answer = AnswerSoFar(tokenizer)
        self.grammar = grammar
        self.binds = DeclaredNames(tokenizer, answer)
        self.once = DeclaresOnce(tokenizer, answer)
        self.lookahead = grammar.lookahead = Lookahead(tokenizer, written=answer)
        self.closing = grammar.closing = Closing(
            tokenizer, budget, grammar.matcher, written=answer,
            vet=self.lookahead.accepts, vet_text=self.lookahead.accepts_text, mend=self.lookahead.mending)

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        scores = self.grammar(input_ids, scores)
        scores = self.binds(input_ids, scores)
        scores = self.once(input_ids, scores)
        scores = self.closing(input_ids, scores)
        return scores if self.closing.active else self.lookahead(input_ids, scores)


def answer_guards(grammar: GrammarConstraint | None, tokenizer: Any, budget: int) -> AnswerGuards | None:
    """The chain for one answer under ``grammar``; None when the answer is not constrained."""
    return None if grammar is None else AnswerGuards(grammar, tokenizer, budget)
