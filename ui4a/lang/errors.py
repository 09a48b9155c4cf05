"""Positioned diagnostics and the error types the language raises.

Every fault found in compact code — syntax, limits, validation — is a
``Diagnostic``: a code, a message worded so a model can fix its output from it
alone, a 1-based line and column, the 0-based offset, and what was expected.
"""

from __future__ import annotations

import bisect
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    line: int
    col: int
    offset: int
    expected: str | None = None

    def format(self, filename: str = "<input>") -> str:
        return f"{filename}:{self.line}:{self.col}: {self.message}"

    def to_json(self) -> dict:
        return asdict(self)


class UI4AError(Exception):
    """Base of every error the harness raises on bad compact code."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic

    @property
    def line(self) -> int:
        return self.diagnostic.line

    @property
    def col(self) -> int:
        return self.diagnostic.col

    def __str__(self) -> str:
        d = self.diagnostic
        return f"{d.line}:{d.col}: {d.message}"


class ParseError(UI4AError):
    """The document is not well-formed compact code."""


class ExprError(UI4AError):
    """An expression does not parse, or fails to evaluate (bad types, unknown function)."""


class LineIndex:
    """Maps offsets to (line, col); grows as text arrives, so streaming stays linear."""

    def __init__(self) -> None:
        self._starts = [0]
        self._length = 0

    def add(self, chunk: str) -> None:
        base = self._length
        find = chunk.find
        i = find("\n")
        while i != -1:
            self._starts.append(base + i + 1)
            i = find("\n", i + 1)
        self._length += len(chunk)

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1

    def line_starts(self) -> list[int]:
        """The offsets where lines 2, 3, … begin."""
        return self._starts[1:]

    @classmethod
    def of(cls, text: str) -> LineIndex:
        index = cls()
        index.add(text)
        return index


def diagnostic_at(
    index: LineIndex, offset: int, code: str, message: str, expected: str | None = None
) -> Diagnostic:
    line, col = index.position(offset)
    return Diagnostic(code, message, line, col, offset, expected)
