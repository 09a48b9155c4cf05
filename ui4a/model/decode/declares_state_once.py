"""Each state name is declared once: ``<State a=1 a=2 />`` is refused while it is written.

The grammar cannot remember names, and the validator's lookahead leaves ``<State>``'s own tag to
the grammar; a small model that repeats a declaration (``rsvp=false rsvp=false …``) writes a
document that cannot validate, and then usually loops until closing mode cuts it short.
:class:`DeclaresOnce` looks at the best tokens in ``<State>``'s tag and refuses each that would
complete a name already declared, so the model gives way to its next best: another name, or the
end of the tag.
"""

from __future__ import annotations

import re
from typing import Any

import torch

from ui4a.lang.cursor import Mode
from ui4a.model.decode.answer_so_far import AnswerSoFar
from ui4a.model.decode.binds_declared_state import NAME
from ui4a.model.decode.vocab import token_texts
from ui4a.validate import STATE_TAG, declared_state

TRIES = 32  # best tokens looked at in one step before the guard gives up (the grammar's mask stands)
_TAIL = re.compile(NAME.pattern + r"\Z")


def completes_one_of(partial: str, piece: str, names: set[str]) -> bool:
    """Whether ``piece``, written after ``partial`` (a prop name so far, maybe empty), ends a name in ``names``."""
    text = (partial + piece) if partial else piece.lstrip()
    m = NAME.match(text)
    return m is not None and m.end() < len(text) and m.group() in names


class DeclaresOnce:
    """Refuses, in ``<State>``'s tag, the tokens that would declare a name twice; batch size 1."""

    def __init__(self, tokenizer: Any, written: AnswerSoFar | None = None) -> None:
        self.texts = token_texts(tokenizer)
        self.written = written or AnswerSoFar(tokenizer)  # shared with the answer's other guards
        self.refused = 0

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        answer = self.written.sync(input_ids, "DeclaresOnce")
        at = answer.parser.cursor
        if at.mode is not Mode.ATTRS or at.element != STATE_TAG:
            return scores
        names = set(at.props) | set(declared_state(answer.parser.tree()))
        if not names:
            return scores
        tail = _TAIL.search(answer.text)
        partial = tail.group() if tail else ""
        out = scores
        for _ in range(TRIES):
            best = int(out[0].argmax())
            if not torch.isfinite(out[0, best]) or best >= len(self.texts) \
                    or not completes_one_of(partial, self.texts[best], names):
                break
            if out is scores:
                out = scores.clone()
            out[0, best] = float("-inf")
            self.refused += 1
        return out
