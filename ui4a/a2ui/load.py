"""Reading A2UI input: JSONL, a JSON array of messages, or messages one after another.

The JSON is read by :mod:`ui4a.bounded_json` within :data:`LIMITS` — size, nesting, the
length of every number and string — so Python's JSON parser never recurses deeply or
converts a 5,000-digit integer; a fault is an :class:`A2UIError` with its line and column.
Text that breaks JSON's grammar goes through the SDK's payload fixer
(``a2ui.parser.parse_and_fix``: smart quotes, trailing commas), with a warning, and what the
fixer reads is bounded the same way. Lone surrogates (``"\\ud800"``), which no page can
encode, become U+FFFD with a warning.
"""

from __future__ import annotations

import bisect
import json
import logging
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from a2ui.core import A2uiParseError
from a2ui.parser import parse_and_fix

from ui4a import bounded_json
from ui4a.a2ui.errors import A2UIError, ImportWarning
from ui4a.bounded_json import JsonError
from ui4a.lang.errors import LineIndex

MAX_BYTES = 1024 * 1024
LIMITS = bounded_json.Limits(max_chars=MAX_BYTES, max_depth=64, max_string=16 * 1024, max_number=64)
MAX_MESSAGES = 1000
_FIXED = "not strict JSON; read through the SDK's payload fixer (smart quotes, trailing commas)"
_SURROGATE = "a lone surrogate (\\ud800-\\udfff) is not text; shown as U+FFFD"


@dataclass
class Loaded:
    """The messages with the line each starts on, and what reading them changed."""

    messages: list[tuple[int, Any]]
    warnings: list[ImportWarning] = field(default_factory=list)


class _Message(NamedTuple):
    line: int
    value: Any
    mended: bool
    """A lone surrogate in it became U+FFFD."""


def load(text: str) -> Loaded:
    """JSONL (one message per line), or one JSON array of messages, or messages one after
    another (one object over several lines, ``{…}{…}``) → messages."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise A2UIError(f"input is {size:,} bytes, over the limit of {MAX_BYTES // 1024} KiB", 1, 1)
    out = Loaded([])
    stripped = text.lstrip()
    # Messages past the limit are refused by their count, not read (JSONL) or not placed.
    if stripped.startswith("[") or (stripped.startswith("{") and _one_value(text)):
        messages, count = _read_whole(text, out.warnings)
    else:
        lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
        messages = [_read_line(line, number, out.warnings) for number, line in lines[: MAX_MESSAGES + 1]]
        count = len(lines)
    if count > MAX_MESSAGES:
        raise A2UIError(f"{count} messages, over the limit of {MAX_MESSAGES}",
                        messages[MAX_MESSAGES].line, 1)
    out.messages = [(m.line, m.value) for m in messages]
    out.warnings.extend(ImportWarning(m.line, None, _SURROGATE) for m in messages if m.mended)
    return out


def _one_value(text: str) -> bool:
    """Not JSONL: one line, or a first line that is not JSON by itself."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) <= 1:
        return True
    try:
        bounded_json.loads(lines[0], LIMITS, surrogates=[])
    except JsonError:
        return True
    return False


def _read_line(line: str, number: int, warnings: list[ImportWarning]) -> _Message:
    """One JSONL line → one message."""
    mended: list[int] = []
    try:
        return _Message(number, bounded_json.loads(line, LIMITS, surrogates=mended), bool(mended))
    except JsonError as fault:
        fixed = _through_fixer(line, fault, number, warnings)
    if len(fixed) == 1 and not line.lstrip().startswith("["):
        return _Message(number, *fixed[0])
    return _Message(number, [value for value, _ in fixed], any(m for _, m in fixed))


def _read_whole(text: str, warnings: list[ImportWarning]) -> tuple[list[_Message], int]:
    """A JSON array of messages, or messages one after another, each on the line it starts on
    (up to one past the limit), and how many there are."""
    index = LineIndex.of(text)
    starts: list[int] = []
    mended: list[int] = []
    try:
        if text.lstrip().startswith("["):
            values = bounded_json.loads(text, LIMITS, surrogates=mended, items=starts)
            pairs = list(zip(starts, values, strict=True))
        else:
            pairs = bounded_json.loads_values(text, LIMITS, surrogates=mended)
    except JsonError as fault:
        fixed = _through_fixer(text, fault, 1, warnings)
        # The items the scan reached before the fault are placed; the others start after it.
        lines = [index.position(at)[0] for at in starts]
        lines = lines or [index.position(len(text) - len(text.lstrip()))[0]]
        lines += [fault.diagnostic.line] * (len(fixed) - len(lines))
        return [_Message(line, *f) for line, f in zip(lines, fixed, strict=False)], len(fixed)
    starts = [at for at, _ in pairs]
    hit = {bisect.bisect_right(starts, at) - 1 for at in mended}
    placed = enumerate(pairs[: MAX_MESSAGES + 1])
    return [_Message(index.position(at)[0], v, i in hit) for i, (at, v) in placed], len(pairs)


def _through_fixer(
    text: str, fault: JsonError, line: int, warnings: list[ImportWarning]
) -> list[tuple[Any, bool]]:
    """What the SDK's payload fixer reads in ``text`` (which starts on ``line`` and broke JSON's
    grammar at ``fault``): each value read again by bounded_json, with whether it was mended.
    A fault that is not one of grammar (a limit, a duplicate key) is final."""
    if not fault.syntax:
        raise _positioned(fault, line) from None
    logging.getLogger("a2ui.parser.payload_fixer").setLevel(logging.CRITICAL)
    try:
        fixed = parse_and_fix(text)
    except (A2uiParseError, ValueError, RecursionError):
        raise _positioned(fault, line) from None
    warnings.append(ImportWarning(line, None, _FIXED))
    out = []
    for value in fixed:
        mended: list[int] = []
        try:
            read = bounded_json.loads(json.dumps(value, ensure_ascii=False), LIMITS, surrogates=mended)
            out.append((read, bool(mended)))
        except (JsonError, RecursionError) as exc:
            over = isinstance(exc, JsonError) and not exc.syntax  # NaN, say, is refused as written
            then = f"; the SDK's payload fixer reads it, but then: {exc.diagnostic.message}"
            raise _positioned(fault, line, then if over else "") from None
    return out


def _positioned(fault: JsonError, line: int, more: str = "") -> A2UIError:
    """``fault`` as an A2UIError, its lines counted from ``line`` (where its text starts)."""
    d = fault.diagnostic
    return A2UIError(("not JSON: " if fault.syntax else "") + d.message + more, line + d.line - 1, d.col)
