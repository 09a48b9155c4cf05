"""Where each key of a TOML document is written: ``tomllib`` parses, but keeps no positions.

The scanner runs only over text that ``tomllib`` has already accepted, so it can
be lax: it follows table headers (``[a.b]``, ``[[a.b]]``), dotted and quoted keys,
arrays and inline tables, and skips strings and comments. Each key path (a tuple
of keys and array indexes, as pydantic writes an error's ``loc``) maps to the
1-based line and column where it is written.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

Path = tuple[str | int, ...]
_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class Locator:
    def __init__(self, text: str) -> None:
        self.text = text
        self.positions: dict[Path, tuple[int, int]] = {}
        self._starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
        self._arrays: dict[Path, int] = {}
        self._scan()

    def find(self, loc: Sequence[str | int]) -> tuple[int, int]:
        """The position of ``loc``, or of its longest written prefix; (1, 1) when none is."""
        path = tuple(loc)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return 1, 1

    def has(self, loc: Sequence[str | int]) -> bool:
        return tuple(loc) in self.positions

    # ------------------------------------------------------------ scanning

    def _at(self, i: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, i)
        return line, i - self._starts[line - 1] + 1

    def _mark(self, path: Path, i: int) -> None:
        self.positions.setdefault(path, self._at(i))

    def _scan(self) -> None:
        text, i, table = self.text, 0, ()
        while i < len(text):
            i = self._skip(i, newlines=True)
            if i >= len(text):
                break
            if text.startswith("[[", i):
                keys, i = self._key(i + 2)
                index = self._arrays.get(keys, 0)
                self._arrays[keys] = index + 1
                start = self.text.rfind("[[", 0, i)
                self._mark_prefixes(keys, start)
                table = (*keys, index)
                self._mark(table, start)
                i = self.text.index("]]", i) + 2
            elif text[i] == "[":
                start = i
                keys, i = self._key(i + 1)
                self._mark_prefixes(keys, start)
                table = keys
                i = self.text.index("]", i) + 1
            else:
                i = self._pair(i, table)
            i = self._line_end(i)

    def _mark_prefixes(self, keys: Path, i: int) -> None:
        for n in range(1, len(keys) + 1):
            self._mark(keys[:n], i)

    def _pair(self, i: int, table: Path) -> int:
        start = i
        keys, i = self._key(i)
        for n in range(1, len(keys) + 1):
            self._mark((*table, *keys[:n]), start)
        i = self._skip(i)
        if i < len(self.text) and self.text[i] == "=":
            i += 1
        return self._value(self._skip(i), (*table, *keys))

    def _key(self, i: int) -> tuple[Path, int]:
        text, keys = self.text, []
        while True:
            i = self._skip(i)
            if i < len(text) and text[i] in "\"'":
                end = self._string_end(i)
                keys.append(_unquote(text[i:end]))
                i = end
            else:
                start = i
                while i < len(text) and text[i] in _BARE:
                    i += 1
                keys.append(text[start:i])
            i = self._skip(i)
            if i < len(text) and text[i] == ".":
                i += 1
                continue
            return tuple(keys), i

    def _value(self, i: int, path: Path) -> int:
        text = self.text
        if i >= len(text):
            return i
        ch = text[i]
        if ch in "\"'":
            return self._string_end(i)
        if ch == "[":
            i, index = i + 1, 0
            while True:
                i = self._skip(i, newlines=True)
                if i >= len(text) or text[i] == "]":
                    return i + 1
                self._mark((*path, index), i)
                i = self._skip(self._value(i, (*path, index)), newlines=True)
                if i < len(text) and text[i] == ",":
                    i, index = i + 1, index + 1
        if ch == "{":
            i += 1
            while True:
                i = self._skip(i, newlines=True)
                if i >= len(text) or text[i] == "}":
                    return i + 1
                i = self._skip(self._pair(i, path), newlines=True)
                if i < len(text) and text[i] == ",":
                    i += 1
        while i < len(text) and text[i] not in ",]}\n#":
            i += 1
        return i

    def _string_end(self, i: int) -> int:
        text = self.text
        quote = text[i]
        if text.startswith(quote * 3, i):
            j = i + 3
            while True:
                j = text.index(quote * 3, j)
                if quote == '"' and _escaped(text, j):
                    j += 1
                    continue
                end = j + 3
                while end < len(text) and text[end] == quote:  # up to two quotes may end the content
                    end += 1
                return end
        j = i + 1
        while j < len(text) and text[j] != quote:
            j += 2 if quote == '"' and text[j] == "\\" else 1
        return j + 1

    def _skip(self, i: int, newlines: bool = False) -> int:
        text = self.text
        while i < len(text):
            ch = text[i]
            if ch in " \t\r" or (newlines and ch == "\n"):
                i += 1
            elif ch == "#":
                while i < len(text) and text[i] != "\n":
                    i += 1
            else:
                break
        return i

    def _line_end(self, i: int) -> int:
        end = self.text.find("\n", i)
        return len(self.text) if end < 0 else end + 1


def _escaped(text: str, j: int) -> bool:
    n = 0
    while j - n - 1 >= 0 and text[j - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def _unquote(raw: str) -> str:
    if raw.startswith('"'):
        import json

        try:
            return json.loads(raw)
        except ValueError:
            return raw[1:-1]
    return raw[1:-1]
