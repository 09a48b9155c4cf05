"""A copy bias for decoding: inside a value, favour the tokens that go on copying the request.

Every value a UI answer needs (labels, names, numbers) is written in the request,
and a tiny model sees the right structure long before it copies reliably: asked
for "North 120, South 80", it may write ``["Ga",120]`` or ``450`` for 45. While
the answer is inside a double-quoted string, :class:`CopyBias` adds ``bias`` to
the logits of every token that continues a span of the request matching what
the string holds so far (its first letter may be capitalised, as a label is;
at the string's start, any word of the request, more softly), and of a closing
quote once that span ends at a word boundary. Inside a
number it favours the digits that continue a number of the request, and
whatever ends the number once it is whole. It only adds: a token the model is
sure of still wins, the grammar's mask still applies, and outside values it does
nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ui4a.model.decode.vocab import token_texts

DEFAULT_BIAS = 3.0
_MAX_TOKEN_CHARS = 48


# A favoured piece never carries these: a value is copied, not the punctuation that ends it in the request.
_STOPS = frozenset('=,;()[]{}"')


@lru_cache(maxsize=4)
def _vocabulary(tokenizer: Any) -> tuple[dict[str, list[int]], list[int], list[int]]:
    """Token text → ids (pieces that can be copied); ids whose text starts with a closing quote; ids that
    cannot go on a number."""
    by_text: dict[str, list[int]] = {}
    quotes, enders = [], []
    special = set(tokenizer.all_special_ids)
    for i, piece in enumerate(token_texts(tokenizer)):
        if i in special or not piece or "\ufffd" in piece:
            continue
        if not _STOPS.intersection(piece):
            by_text.setdefault(piece, []).append(i)
        if piece.startswith('"'):
            quotes.append(i)
        if not (piece[0].isdigit() or piece[0] == "."):
            enders.append(i)
    return by_text, quotes, enders


class _Scan:
    """Where the answer is: inside a string (and what it holds so far), inside a number, or neither."""

    def __init__(self) -> None:
        self.read = 0
        self.string: str | None = None
        self.escaped = False
        self.number: str | None = None
        self.last = ""

    def feed(self, text: str) -> None:
        """Read what was added to ``text`` since the last call (an unfinished UTF-8 character waits)."""
        upto = len(text.rstrip("\ufffd"))
        for ch in text[self.read:upto]:
            if self.string is not None:
                if self.escaped:
                    self.escaped = False
                    self.string += ch
                elif ch == "\\":
                    self.escaped = True
                elif ch == '"':
                    self.string = None
                else:
                    self.string += ch
            elif ch == '"':
                self.string, self.number = "", None
            elif ch.isdigit() or (ch == "." and self.number):
                if self.number is not None:
                    self.number += ch
                elif not (self.last.isalnum() or self.last == "_"):
                    self.number = ch
            else:
                self.number = None
            self.last = ch
        self.read = max(self.read, upto)


class CopyBias:
    """Adds ``bias`` to the tokens that go on copying ``request`` (see the module docstring).

    At a string's first token the model is choosing *what* to write (a word of the request, or a
    title or label of its own such as "Total"), so the bias there is a third as strong."""

    def __init__(self, tokenizer: Any, request: str, bias: float = DEFAULT_BIAS) -> None:
        self.bias = bias
        self.request = request
        self.by_text, self.quotes, self.enders = _vocabulary(tokenizer)
        self.scan = _Scan()
        self._at: dict[tuple[int, bool], list[int]] = {}
        self.numbers = _number_spans(request)
        self.word_starts = [i for i in range(len(request))
                            if request[i].isalnum() and (i == 0 or not request[i - 1].isalnum())]

    def _continuing(self, position: int, capital: bool = False) -> list[int]:
        """Ids whose text is the request's text from ``position`` on (its first letter capitalised too)."""
        key = (position, capital)
        if key not in self._at:
            found: list[int] = []
            for end in range(position + 1, min(len(self.request), position + _MAX_TOKEN_CHARS) + 1):
                piece = self.request[position:end]
                found += self.by_text.get(piece, ())
                if capital and piece[:1].islower():
                    found += self.by_text.get(piece[:1].upper() + piece[1:], ())
            self._at[key] = found
        return self._at[key]

    def favoured(self, text: str) -> tuple[Sequence[int], float]:
        """The ids to favour after the answer ``text`` so far, and by how much."""
        self.scan.feed(text)
        held = self.scan.string
        if held is not None:
            if not held:
                return [i for start in self.word_starts for i in self._continuing(start, True)], self.bias / 3
            out: list[int] = []
            for start in _find_all(self.request, held[1:]):
                start -= 1  # the string's first letter may be the request's, capitalised
                if start < 0 or self.request[start] not in (held[0], held[0].lower()):
                    continue
                end = start + len(held)
                out += self._continuing(end)
                if end == len(self.request) or not self.request[end].isalnum():
                    out += self.quotes  # the copy is a whole word (or words): the string may end here
            return out, self.bias
        digits = self.scan.number
        if digits is not None:
            out = []
            for start, end in self.numbers:
                number = self.request[start:end]
                if number.startswith(digits):
                    out += self._continuing(start + len(digits)) if len(number) > len(digits) else self.enders
            return out, self.bias
        return (), 0.0

    def __call__(self, text: str, scores: Any) -> Any:
        """``scores`` (one row of logits) with the favoured ids raised."""
        ids, bias = self.favoured(text)
        if ids and bias:
            scores = scores.clone()
            scores[sorted(set(ids))] += bias
        return scores


def _find_all(text: str, part: str) -> list[int]:
    """Every index where ``part`` occurs in ``text`` (overlaps included); for an empty part, every index."""
    if not part:
        return list(range(1, len(text) + 1))
    out, at = [], text.find(part)
    while at >= 0:
        out.append(at)
        at = text.find(part, at + 1)
    return out


def _number_spans(request: str) -> list[tuple[int, int]]:
    spans, i = [], 0
    while i < len(request):
        if request[i].isdigit() and (i == 0 or not (request[i - 1].isalnum() or request[i - 1] == "_")):
            j = i
            while j < len(request) and (request[j].isdigit() or
                                        (request[j] == "." and j + 1 < len(request) and request[j + 1].isdigit())):
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    return spans
