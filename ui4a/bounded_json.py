"""Reading JSON from outside (a server request, an A2UI file) with every limit checked first.

``json.loads`` alone recurses once per ``[`` (100,000 of them: RecursionError), turns a
5,000-digit number into a ValueError, accepts a lone UTF-16 surrogate ``"\\ud800"`` that
breaks every encoder later, lets a duplicate key silently replace the first, and reads
``NaN``. Here one iterative pass over the tokens checks the text against the grammar
and the limits, with an explicit stack; only a text that passes reaches ``json.loads``,
which then cannot fail or recurse deeply. Every fault is a :class:`JsonError` with line,
column and the limit it hit.

Used by ``ui4a serve`` for request bodies, and by the A2UI importer (:mod:`ui4a.a2ui.load`),
which has lone surrogates replaced instead of refused (``surrogates=``), places each item of
an array (``items=``) and reads messages written one after another (:func:`loads_values`);
:func:`loads_lines` reads JSONL.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui4a.lang.errors import Diagnostic, LineIndex, UI4AError, diagnostic_at


@dataclass(frozen=True)
class Limits:
    max_chars: int = 1024 * 1024
    """Length of the whole text (of each line, for JSONL)."""
    max_depth: int = 32
    """Arrays and objects inside one another."""
    max_string: int = 256 * 1024
    """Characters of one string as read (an escape counts as one)."""
    max_number: int = 40
    """Characters of one number as written."""


class JsonError(UI4AError):
    """JSON that is malformed or over a limit; positioned like every other fault."""

    def __init__(self, diagnostic: Diagnostic, *, syntax: bool = False) -> None:
        super().__init__(diagnostic)
        self.syntax = syntax
        """The text breaks JSON's grammar (a lenient reader might mend it), rather than being
        JSON that is refused: over a limit, a duplicate key, a lone surrogate, a number out of range."""


_TOKEN = re.compile(
    r"""
    [ \t\n\r]*
    (?:
    (?P<string>"(?:[^"\\\x00-\x1f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")
  | (?P<number>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
  | (?P<literal>true|false|null)
  | (?P<punct>[\[\]{}:,])
  | (?P<end>$)
    )
    """,
    re.VERBOSE,
)
_SURROGATES = re.compile(  # lone halves of UTF-16 pairs (escape, raw), stepping over pairs
    r"""
    \\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}  # a pair: one character
  | \\\\                                                      # an escaped backslash
  | (?P<escape>\\u[dD][89a-fA-F][0-9a-fA-F]{2})
  | (?P<raw>[\ud800-\udfff])
    """,
    re.VERBOSE,
)
_RAW_SURROGATE = re.compile("[\ud800-\udfff]")
_CLOSE = {"[": "]", "{": "}"}
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")


def _long_string(size: int) -> re.Pattern:
    return re.compile(f'"[^"]{{{size}}}')


def loads(
    text: str,
    limits: Limits = Limits(),
    *,
    base: int = 0,
    index: LineIndex | None = None,
    surrogates: list[int] | None = None,
    items: list[int] | None = None,
) -> Any:
    """The value of one JSON text, or JsonError. ``base`` and ``index`` place a piece of a
    larger text (a JSONL line) so positions are those of the whole.

    With ``surrogates`` (a list), a lone UTF-16 surrogate is not a fault: it reads as U+FFFD
    and its offset in ``text`` is appended. With ``items`` (a list), the offset in ``text`` where
    each item of a top-level array starts is appended as the scan reaches it (after a
    JsonError: the items begun before the fault)."""
    fail = _failing(index if index is not None else LineIndex.of(text), base)
    text = _admit(text, limits, fail, surrogates)
    if items is None:
        try:
            return _fast(text, limits)
        except _Refused:
            pass
    _scan(text, limits, fail, items)  # finds the fault and its position, if there is one
    return json.loads(text)  # within every limit after all (the fast path is only cautious)


def loads_values(
    text: str, limits: Limits = Limits(), *, surrogates: list[int] | None = None
) -> list[tuple[int, Any]]:
    """JSON values written one after another (``{…}{…}``, or over several lines), each with the
    offset where it starts; ``surrogates`` as for :func:`loads`."""
    fail = _failing(LineIndex.of(text), 0)
    text = _admit(text, limits, fail, surrogates)
    starts: list[int] = []
    _scan(text, limits, fail, starts, several=True)
    ends = [*starts[1:], len(text)]
    return [(start, json.loads(text[start:end])) for start, end in zip(starts, ends, strict=True)]


def _failing(index: LineIndex, base: int) -> Callable[..., JsonError]:
    def fail(at: int, message: str, *, syntax: bool = False) -> JsonError:
        return JsonError(diagnostic_at(index, base + at, "json", message), syntax=syntax)

    return fail


def _admit(text: str, limits: Limits, fail, surrogates: list[int] | None) -> str:
    """``text``, once it is short enough and holds no lone surrogate (each one made U+FFFD
    and its offset appended to ``surrogates``, when that is a list)."""
    if len(text) > limits.max_chars:
        raise fail(limits.max_chars, f"JSON text is longer than {limits.max_chars} characters")
    if surrogates is not None:
        return _replace_surrogates(text, surrogates)
    if (raw := _RAW_SURROGATE.search(text)) is not None:
        raise fail(raw.start(), f"a lone UTF-16 surrogate U+{ord(raw.group()):04X} is not text")
    return text


def _replace_surrogates(text: str, found: list[int]) -> str:
    """``text`` with each lone surrogate U+FFFD (an escape ``\\ufffd``): as long as it was, so
    every position still holds."""
    if not _RAW_SURROGATE.search(text) and not _SURROGATE_ESCAPE.search(text):
        return text

    def replace(m: re.Match) -> str:
        if m.lastgroup is None:
            return m.group()
        found.append(m.start())
        return "\\ufffd" if m.lastgroup == "escape" else "\ufffd"

    return _SURROGATES.sub(replace, text)


class _Refused(Exception):
    """The fast path saw a fault; the scan says where."""


def _fast(text: str, limits: Limits) -> Any:
    """The value, when ``text`` is plainly within every limit: C-speed checks, then ``json.loads``
    (which cannot recurse past ``max_depth`` once the brackets are known to nest no deeper)."""
    if _SURROGATE_ESCAPE.search(text) or _long_string(limits.max_string).search(text):
        raise _Refused
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(limits.max_depth):
        skeleton, pairs = _PAIR.subn("", skeleton)
        if not pairs:
            break
    if skeleton:
        raise _Refused  # deeper than max_depth, or unbalanced

    def number(token: str) -> Any:
        if len(token) > limits.max_number:
            raise _Refused
        value = float(token) if any(c in token for c in ".eE") else int(token)
        if isinstance(value, float) and not math.isfinite(value):
            raise _Refused
        return value

    def unique(pairs: list[tuple[str, Any]]) -> dict:
        value = dict(pairs)
        if len(value) != len(pairs):
            raise _Refused
        return value

    def constant(_: str) -> Any:
        raise _Refused

    try:
        return json.loads(text, parse_int=number, parse_float=number, parse_constant=constant,
                          object_pairs_hook=unique)
    except (ValueError, RecursionError) as exc:
        raise _Refused from exc


def loads_lines(text: str, limits: Limits = Limits()) -> list[Any]:
    """The values of JSONL text, one per non-blank line; positions count from the whole text."""
    index = LineIndex.of(text)
    values, offset = [], 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            values.append(loads(line, limits, base=offset, index=index))
        offset += len(line)
    return values


def _scan(
    text: str, limits: Limits, fail, starts: list[int] | None = None, several: bool = False
) -> None:
    """Check ``text`` against the JSON grammar and ``limits`` without recursion. With ``several``,
    values may follow one another. ``starts`` gets the offset where each value of those starts
    (``several``), or else each item of a top-level array."""
    # Each open container: [opener, its keys so far (objects), what comes next].
    stack: list[list[Any]] = []
    want = "value"  # value | item_or_close | comma_or_close | key | key_or_close | colon | end
    pos, n = 0, len(text)
    run_of, one_of = _short_scalars(min(limits.max_string, 4096), limits.max_number)
    values, items = starts is not None and several, starts is not None and not several
    while pos < n:
        if want in ("value", "item_or_close") and stack and stack[-1][0] == "[":
            run = run_of.match(text, pos)  # "1, 2, 3, …": a run of plain items in one step
            if run is not None:
                if items and len(stack) == 1:
                    starts.extend(m.start(1) for m in one_of.finditer(text, pos, run.end()))
                pos, want = run.end(), "value"
        m = _TOKEN.match(text, pos)
        if m is None:
            pos = len(text) - len(text[pos:].lstrip(" \t\n\r"))
            raise fail(pos, _unexpected(text, pos, want), syntax=True)
        kind = m.lastgroup
        if kind == "end":
            break
        token, at = m.group(kind), m.start(kind)
        pos = m.end()
        if want == "colon":
            if token != ":":
                raise fail(at, f"expected ':' after an object key, found {_show(token)}", syntax=True)
            want = "value"
            continue
        if want in ("key", "key_or_close"):
            if want == "key_or_close" and token == "}":
                stack.pop()
                want = _after_value(stack)
                continue
            if kind != "string":
                raise fail(at, f"expected a string key, found {_show(token)}", syntax=True)
            _check_string(token, at, limits, fail)
            key = json.loads(token)
            if key in stack[-1][1]:
                raise fail(at, f"duplicate key {key!r} in an object (each key once)")
            stack[-1][1].add(key)
            want = "colon"
            continue
        if want == "comma_or_close":
            top = stack[-1][0]
            if token == ",":
                want = "key" if top == "{" else "value"
            elif token == _CLOSE[top]:
                stack.pop()
                want = _after_value(stack)
            else:
                what = "an array item" if top == "[" else "an object value"
                raise fail(at, f"expected ',' or '{_CLOSE[top]}' after {what}, found {_show(token)}",
                           syntax=True)
            continue
        if want == "end":
            if not several:
                raise fail(at, f"unexpected {_show(token)} after the JSON value", syntax=True)
            want = "value"
        # want is value or item_or_close
        if want == "item_or_close" and token == "]":
            stack.pop()
            want = _after_value(stack)
            continue
        if kind == "punct" and token not in ("[", "{"):
            raise fail(at, f"expected a value, found {_show(token)}", syntax=True)
        if (values and not stack) or (items and len(stack) == 1 and stack[0][0] == "["):
            starts.append(at)
        if token in ("[", "{"):
            if len(stack) >= limits.max_depth:
                raise fail(at, f"JSON nested deeper than {limits.max_depth} levels")
            stack.append([token, set()])
            want = "item_or_close" if token == "[" else "key_or_close"
        elif kind == "string":
            _check_string(token, at, limits, fail)
            want = _after_value(stack)
        elif kind == "number":
            if len(token) > limits.max_number:
                raise fail(at, f"number is longer than {limits.max_number} characters")
            if not math.isfinite(float(token)):
                raise fail(at, f"number {token} is out of range")
            want = _after_value(stack)
        else:  # a literal
            want = _after_value(stack)
    if want != "end":
        if stack:
            raise fail(n, f"unexpected end of JSON: '{stack[-1][0]}' is not closed", syntax=True)
        raise fail(n, "unexpected end of JSON: expected a value", syntax=True)


def _short_scalars(max_string: int, max_number: int) -> tuple[re.Pattern, re.Pattern]:
    """A run of array items followed by commas that are within every limit as written: numbers
    short enough to be finite and under ``max_number``, strings without ``\\u`` escapes,
    literals; and one of them (the item in group 1)."""
    digits = max(1, min(20, (max_number - 6) // 2))
    number = rf"-?(?:0|[1-9][0-9]{{0,{digits - 1}}})(?:\.[0-9]{{1,{digits}}})?(?:[eE][+-]?[0-9]{{1,2}})?"
    string = rf'"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]){{0,{max(0, max_string - 2)}}}"'
    item = rf"(?:{number}|{string}|true|false|null)"
    return re.compile(rf"(?:[ \t\n\r]*{item}[ \t\n\r]*,)+"), re.compile(rf"[ \t\n\r]*({item})[ \t\n\r]*,")


def _after_value(stack: list[list[Any]]) -> str:
    return "comma_or_close" if stack else "end"


def _check_string(token: str, at: int, limits: Limits, fail) -> None:
    if len(token) - 2 > limits.max_string and len(json.loads(token)) > limits.max_string:
        raise fail(at, f"string is longer than {limits.max_string} characters")
    if "\\u" in token and any(m.lastgroup == "escape" for m in _SURROGATES.finditer(token)):
        raise fail(at, "a lone UTF-16 surrogate escape in a string is not text")


def _unexpected(text: str, pos: int, want: str) -> str:
    ch = text[pos]
    if ch == '"':
        return "a string is not closed, or holds a control character or a bad escape"
    if want in ("value", "item_or_close"):
        return f"expected a value, found {ch!r}"
    return f"unexpected {ch!r}"


def _show(token: str) -> str:
    return repr(token if len(token) <= 20 else token[:17] + "...")
