"""Bind props name declared state: ``bind={x}`` only once ``<State x=… />`` was written.

Which names exist is not context-free, so the grammar lets ``bind={…}`` hold
any name and a small model often binds a field to a name it never declared
(``<State city="Oslo" />`` then ``bind={team}``), which the validator rejects.
:class:`DeclaredNames`, a transformers ``LogitsProcessor`` placed after the
grammar's (batch size 1), reads the text so far with the stream parser and,
inside a bind prop's braces, keeps only the tokens that spell one of the names
declared so far. With no ``<State>`` written yet it leaves the scores alone
(no choice of name could be right).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import torch
from transformers import LogitsProcessor

from ui4a import registry
from ui4a.lang.cursor import Mode
from ui4a.model.decode.answer_so_far import AnswerSoFar
from ui4a.model.decode.scores import keep
from ui4a.model.decode.vocab import token_texts
from ui4a.validate import declared_state

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a state name (what <State> declares)


@lru_cache(maxsize=256)
def is_bind(component: str, prop: str | None) -> bool:
    """Whether ``prop`` of ``component`` binds a state variable."""
    comp = registry.get(component)
    return comp is not None and prop is not None and registry.prop_kind(comp, prop) == "bind"


_IDENT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


@lru_cache(maxsize=4)
def _by_first(tokenizer: Any) -> tuple[dict[str, list[int]], dict[str, list[int]], list[int]]:
    """Token ids by their first character ('' for a token with no text), by their first character after
    blanks ('' when all blank), and the ids whose first character cannot go on a name."""
    raw: dict[str, list[int]] = {}
    stripped: dict[str, list[int]] = {}
    ends: list[int] = []
    for i, text in enumerate(token_texts(tokenizer)):
        raw.setdefault(text[:1], []).append(i)
        stripped.setdefault(text.lstrip()[:1], []).append(i)
        if text and text[0] not in _IDENT:
            ends.append(i)
    return raw, stripped, ends


def candidates(tokenizer: Any, written: str, names: set[str]) -> list[int] | None:
    """The only ids that can spell one of ``names`` after ``written`` (a superset of them), or None
    when every id can (the name is already over) or none (no name can be on the way): then the
    guard leaves the scores alone, as :func:`spells_one_of` on every token would.

    Checking the whole 49k vocabulary took about 0.1 s a step inside a bind; a name only goes on with
    the next letter of a declared name, or ends with a character no name holds."""
    raw, stripped, ends = _by_first(tokenizer)
    word = written.lstrip()
    if not word:  # blanks so far: blanks, or a name's first letter after them
        return [i for first in {"", *(n[0] for n in names)} for i in stripped.get(first, ())]
    if NAME.fullmatch(word) is None:
        return None
    nexts = {"", *(n[len(word)] for n in names if len(n) > len(word) and n.startswith(word))}
    found = [i for c in nexts for i in raw.get(c, ())]
    return found + ends if word in names else found


def spells_one_of(text: str, names: set[str]) -> bool:
    """Whether ``text`` (what follows ``{``) is on the way to, or past, exactly one of ``names``."""
    text = text.lstrip()
    m = NAME.match(text)
    if m is None:
        return not text  # blanks only, so far
    word = m.group()
    if m.end() == len(text):
        return any(name.startswith(word) for name in names)
    return word in names


class DeclaredNames(LogitsProcessor):
    """Masks, inside ``bind={…}``, the tokens that would name an undeclared state; batch size 1."""

    def __init__(self, tokenizer: Any, written: AnswerSoFar | None = None) -> None:
        self.tokenizer = tokenizer
        self.texts = token_texts(tokenizer)
        self.written = written or AnswerSoFar(tokenizer)  # shared with the answer's other guards

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        parser = self.written.sync(input_ids, "DeclaredNames").parser
        at = parser.cursor
        if at.mode is not Mode.EXPRESSION or at.element is None or not is_bind(at.element, at.prop):
            return scores
        names = set(declared_state(parser.tree()))
        if not names:
            return scores
        written = at.value[1:]  # after the opening brace
        ids = candidates(self.tokenizer, written, names)
        if not ids:
            return scores
        finite = torch.isfinite(scores[0]).tolist()
        spelling = [t for t in ids if t < len(finite) and finite[t] and spells_one_of(written + self.texts[t], names)]
        return keep(scores, spelling) if spelling else scores
