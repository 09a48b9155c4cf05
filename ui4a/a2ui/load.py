"""Reading A2UI input: JSONL or a JSON array of messages, bounded before it is parsed.

A linear scan checks the limits first — size, nesting, the length of every number
and string — so Python's JSON parser never recurses deeply or converts a
5,000-digit integer; a fault is an :class:`A2UIError` with its line and column.
Text that strict JSON refuses goes through the SDK's payload fixer
(``a2ui.parser.parse_and_fix``: smart quotes, trailing commas), with a warning.
Lone surrogates (``"\\ud800"``), which no page can encode, become U+FFFD with a warning.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from a2ui.core import A2uiParseError
from a2ui.parser import parse_and_fix

from ui4a.a2ui.errors import A2UIError, ImportWarning

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 64
MAX_NUMBER = 64
MAX_STRING = 16 * 1024
MAX_MESSAGES = 1000
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


@dataclass
class Loaded:
    """The messages with the line each starts on, and what reading them changed."""

    messages: list[tuple[int, Any]]
    warnings: list[ImportWarning] = field(default_factory=list)


def load(text: str) -> Loaded:
    """JSONL (one message per line) or one JSON array/object of messages → messages."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise A2UIError(f"input is {size:,} bytes, over the limit of {MAX_BYTES // 1024} KiB", 1, 1)
    out = Loaded([])
    stripped = text.lstrip()
    if stripped.startswith("{") and _one_value(text) and _several_objects(text):
        out.messages = _object_stream(text)
    elif stripped.startswith("[") or (stripped.startswith("{") and _one_value(text)):
        first = text[: len(text) - len(stripped)].count("\n") + 1
        value = _parse(text, 1, out.warnings)
        items = value if isinstance(value, list) else [value]
        starts = _element_lines(text) if isinstance(value, list) else [first]
        out.messages = [(starts[i] if i < len(starts) else first, m) for i, m in enumerate(items)]
    else:
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                out.messages.append((number, _parse(line, number, out.warnings)))
    if len(out.messages) > MAX_MESSAGES:
        raise A2UIError(f"{len(out.messages)} messages, over the limit of {MAX_MESSAGES}",
                        out.messages[MAX_MESSAGES][0], 1)
    out.messages = [(line, _clean_surrogates(m, line, out.warnings)) for line, m in out.messages]
    return out


def _one_value(text: str) -> bool:
    """A single object spread over several lines (not JSONL)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) <= 1:
        return True
    try:
        json.loads(lines[0])
    except ValueError:
        return True
    return False


def _several_objects(text: str) -> bool:
    """Messages written one after another without line breaks (``{…}{…}``)."""
    scan(text)
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc.msg == "Extra data"
    return False


def _object_stream(text: str) -> list[tuple[int, Any]]:
    decoder = json.JSONDecoder()
    out: list[tuple[int, Any]] = []
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        line = text.count("\n", 0, i) + 1
        try:
            value, i = decoder.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            raise A2UIError(f"not JSON: {exc.msg}", exc.lineno, exc.colno) from None
        out.append((line, value))


def _parse(text: str, line: int, warnings: list[ImportWarning]) -> Any:
    scan(text, line)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        first = exc
    logging.getLogger("a2ui.parser.payload_fixer").setLevel(logging.CRITICAL)
    try:
        fixed = parse_and_fix(text)
    except (A2uiParseError, ValueError):
        raise A2UIError(f"not JSON: {first.msg}", line + first.lineno - 1, first.colno) from None
    warnings.append(ImportWarning(line, None, "not strict JSON; read through the SDK's payload fixer"
                                  " (smart quotes, trailing commas)"))
    return fixed[0] if len(fixed) == 1 and not text.lstrip().startswith("[") else fixed


def scan(text: str, line: int = 1) -> None:
    """Check nesting, number and string lengths in one pass; raise at the first excess."""
    depth = 0
    i, n = 0, len(text)
    row, row_start = line, 0
    while i < n:
        ch = text[i]
        if ch == "\n":
            row, row_start = row + 1, i + 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise A2UIError(f"nested deeper than {MAX_DEPTH} levels", row, i - row_start + 1)
        elif ch in "]}":
            depth -= 1
        elif ch == '"':
            j = _string_end(text, i)
            if j - i - 1 > MAX_STRING and _decoded_length(text[i:j + 1]) > MAX_STRING:
                raise A2UIError(f"string longer than {MAX_STRING:,} characters", row, i - row_start + 1)
            row += text.count("\n", i, j)
            i = j
        elif ch == "-" or ch.isdigit():
            j = i + 1
            while j < n and (text[j].isdigit() or text[j] in ".eE+-"):
                j += 1
            if j - i > MAX_NUMBER:
                raise A2UIError(f"number of {j - i:,} characters, over the limit of {MAX_NUMBER}",
                                row, i - row_start + 1)
            i = j - 1
        i += 1


def _string_end(text: str, start: int) -> int:
    """The index of the quote closing the string opened at ``start`` (or the end)."""
    j, n = start + 1, len(text)
    while j < n and text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return min(j, n)


def _decoded_length(literal: str) -> int:
    """Characters a JSON string literal stands for (escapes take up to six characters each)."""
    if len(literal) - 2 > MAX_STRING * 6:
        return len(literal)
    try:
        return len(json.loads(literal))
    except ValueError:
        return len(literal)


def _element_lines(text: str) -> list[int]:
    """The line on which each top-level element of a JSON array starts."""
    lines: list[int] = []
    depth, row, i, n = 0, 1, 0, len(text)
    expecting = False
    while i < n:
        ch = text[i]
        if ch == "\n":
            row += 1
        elif ch == '"':
            if depth == 1 and expecting:
                lines.append(row)
                expecting = False
            j = _string_end(text, i)
            row += text.count("\n", i, j)
            i = j
        elif ch in "[{":
            if depth == 1 and expecting:
                lines.append(row)
                expecting = False
            depth += 1
            if depth == 1:
                expecting = True
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 1:
            expecting = True
        elif depth == 1 and expecting and not ch.isspace():
            lines.append(row)
            expecting = False
        i += 1
    return lines


def _clean_surrogates(message: Any, line: int, warnings: list[ImportWarning]) -> Any:
    """Replace lone surrogates in every string (keys included) with U+FFFD, iteratively."""
    root = [message]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    found = False
    while stack:
        container, key = stack.pop()
        v = container[key]
        if isinstance(v, str):
            if _LONE_SURROGATE.search(v):
                container[key] = _LONE_SURROGATE.sub("\ufffd", v)
                found = True
        elif isinstance(v, dict):
            if any(_LONE_SURROGATE.search(k) for k in v):
                found = True
                v = {_LONE_SURROGATE.sub("\ufffd", k): x for k, x in v.items()}
                container[key] = v
            stack.extend((v, k) for k in v)
        elif isinstance(v, list):
            stack.extend((v, i) for i in range(len(v)))
    if found:
        warnings.append(ImportWarning(line, None, "a lone surrogate (\\ud800-\\udfff) is not text;"
                                      " shown as U+FFFD"))
    return root[0]
