"""Limits a manifest's text must keep before ``tomllib`` reads it.

``tomllib`` recurses once per nested array or inline table and once per part of a
dotted key, so ``x = [[[[…`` or ``a.b.c.…`` a few thousand deep ends in a
RecursionError (after seconds). This scan runs first, in one pass with a counter and
no recursion, and names the first limit the text passes, with its line and column.
It is deliberately lax about everything else: syntax is ``tomllib``'s business.
"""

from __future__ import annotations

MAX_CHARS = 1024 * 1024
"""Characters in a manifest."""
MAX_NESTING = 32
"""Arrays and inline tables inside one another."""
MAX_KEY_PARTS = 16
"""Parts of one dotted key or table header (``a.b.c`` has three)."""


def first_fault(text: str) -> tuple[int, int, str] | None:
    """``(line, col, message)`` for the first limit ``text`` passes, or None."""
    if len(text) > MAX_CHARS:
        return (*_position(text, MAX_CHARS), f"the manifest is longer than {MAX_CHARS} characters")
    openers: list[str] = []
    key = True  # reading a key: at a line's start outside values, or after '{' or ',' in an inline table
    parts = 1
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "\"'":
            i = _string_end(text, i)
            continue
        if ch == "#":
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if ch == "\n" and not openers:
            key, parts = True, 1
        elif key and ch == "[" and not openers:  # a table header: [a.b] or [[a.b]]
            j = i + 1
            while j < n and text[j] not in "]\n":
                if text[j] in "\"'":
                    j = _string_end(text, j)
                    continue
                if text[j] == ".":
                    parts += 1
                    if parts > MAX_KEY_PARTS:
                        return (*_position(text, j), f"a table header has more than {MAX_KEY_PARTS} parts")
                j += 1
            i = j
            continue
        elif key and ch == ".":
            parts += 1
            if parts > MAX_KEY_PARTS:
                return (*_position(text, i), f"a dotted key has more than {MAX_KEY_PARTS} parts")
        elif key and ch == "=":
            key = False
        elif not key and ch in "[{":
            openers.append(ch)
            if len(openers) > MAX_NESTING:
                return (*_position(text, i), f"arrays and inline tables nested deeper than {MAX_NESTING} levels")
            if ch == "{":
                key, parts = True, 1
        elif ch in "]}" and openers:
            openers.pop()
            key = False
        elif not key and ch == "," and openers and openers[-1] == "{":
            key, parts = True, 1
        i += 1
    return None


def _string_end(text: str, i: int) -> int:
    """The index after the string starting at ``i`` (basic, literal or multi-line), or the
    end of its line when it is not closed there (``tomllib`` will say so)."""
    quote = text[i]
    if text.startswith(quote * 3, i):
        end = text.find(quote * 3, i + 3)
        while quote == '"' and end > 0 and _escaped(text, end):
            end = text.find(quote * 3, end + 1)
        return len(text) if end < 0 else end + 3
    j = i + 1
    while j < len(text) and text[j] != "\n":
        if quote == '"' and text[j] == "\\":
            j += 2
            continue
        if text[j] == quote:
            return j + 1
        j += 1
    return j


def _escaped(text: str, j: int) -> bool:
    backslashes = 0
    while j - backslashes - 1 >= 0 and text[j - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def _position(text: str, i: int) -> tuple[int, int]:
    line = text.count("\n", 0, i) + 1
    return line, i - (text.rfind("\n", 0, i) + 1) + 1
