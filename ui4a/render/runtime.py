"""The standalone page's runtime script: its shipped text and the CSP hash that allows exactly it.

``runtime.js`` is written readable; the page gets it compacted by :func:`compact` (comment
lines, indentation and the spaces that separate nothing dropped). The page's
Content-Security-Policy names the script by its SHA-256, so no other script can run there.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from importlib import resources

_WORD = re.compile(r"[A-Za-z0-9_$]")
# After these characters a '/' starts a regular expression literal, not a division.
_REGEX_AFTER = set("(,=:[!&|?{};") | {""}


def compact(source: str) -> str:
    """The script less comment lines, indentation and spaces that separate no two words.

    It knows the script's own strings, template literals and regular expressions, which keep
    every character; it is not a general minifier and is only meant for ``runtime.js``.
    """
    lines = [line.strip() for line in source.splitlines()]
    return "\n".join(_squeeze(line) for line in lines if line and not line.startswith("//"))


def _squeeze(line: str) -> str:
    out: list[str] = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch in "'\"`" or (ch == "/" and _last(out) in _REGEX_AFTER and line[i + 1:i + 2] not in ("/", "*")):
            j = _literal_end(line, i)
            out.append(line[i:j])
            i = j
        elif ch == " ":
            prev, nxt = _last(out), line[i + 1:i + 2]
            if (_WORD.match(prev or " ") and _WORD.match(nxt or " ")) or (prev in "+-" and prev and nxt == prev):
                out.append(" ")
            i += 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _last(out: list[str]) -> str:
    for piece in reversed(out):
        if piece.strip():
            return piece.rstrip()[-1]
    return ""


def _literal_end(line: str, start: int) -> int:
    """The index after the string, template or regex literal that starts at ``start``."""
    quote, i, in_class = line[start], start + 1, False
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if quote == "/" and ch == "[":
            in_class = True
        elif quote == "/" and ch == "]":
            in_class = False
        elif ch == quote and not in_class:
            i += 1
            if quote == "/":
                while i < len(line) and line[i].isalpha():  # flags
                    i += 1
            return i
        i += 1
    raise ValueError(f"unterminated literal in runtime.js: {line[start:start + 40]!r}")


@lru_cache(maxsize=1)
def script() -> str:
    """The runtime as the page carries it."""
    return compact(resources.files("ui4a.render").joinpath("runtime.js").read_text(encoding="utf-8"))


def script_hash() -> str:
    """The CSP source that allows exactly :func:`script`: ``'sha256-…'``."""
    digest = hashlib.sha256(script().encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"
