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
    """The script less comment lines, indentation, spaces that separate no two words, line breaks
    that end no statement (after ``{ ; , ( [``, or before a closing bracket), and the keyword of
    a top-level ``const`` that follows another (``const a = 1; const b = 2;`` -> ``const a=1,b=2;``).

    It knows the script's own strings, template literals and regular expressions, which keep
    every character; it is not a general minifier and is only meant for ``runtime.js``, whose
    top-level statements start in the first column.
    """
    lines = [line.strip() for line in _merge_consts(source.splitlines())]
    out: list[str] = []
    for line in (_squeeze(x) for x in lines if x and not x.startswith("//")):
        if out and (out[-1][-1] in "{;,([" or line[0] in "})]:?"):
            out[-1] += line
        else:
            out.append(line)
    return "\n".join(_squeeze(line, before_brace=True) for line in out)


def _merge_consts(lines: list[str]) -> list[str]:
    """Top-level ``const`` statements that follow one another become one declaration."""
    out = list(lines)
    last_end: int | None = None  # the line that ended the previous top-level const statement
    in_const = False
    for i, line in enumerate(out):
        if not line.strip() or line.lstrip().startswith("//") or line[0] in " \t)}]":
            if in_const and line.startswith(("}", ")", "]")) and line.rstrip().endswith(";"):
                last_end = i
            continue
        if line.startswith("const ") and last_end is not None:
            out[last_end] = out[last_end].rstrip()[:-1] + ","
            out[i] = line[len("const "):]
        elif not line.startswith("const "):
            last_end, in_const = None, False
            continue
        in_const = True
        last_end = i if line.rstrip().endswith(";") else None
    return out


def _squeeze(line: str, before_brace: bool = False) -> str:
    """The line less the spaces that separate no two words (and, ``before_brace``, each ';' before '}')."""
    out: list[str] = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if before_brace and ch == ";" and line[i + 1:i + 2] == "}":
            i += 1
            continue
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
