"""The one writer of compact code: values, strings, text, props, elements, canonical form.

Everything that produces compact code from data (the training-data generator, the
A2UI importer, the scaffolder) writes it here, so every value is escaped the same
way and parses back to itself: a ``{`` in a string is ``\\{`` (never an
interpolation), quotes, backslashes and line breaks are escaped, and control
characters become ``\\uXXXX``.

The canonical form is the one a model is trained on: strings in double quotes,
arrays and objects without spaces (``[["Jan",12]]``, ``{label:"Price"}``),
integral floats written as integers, ``true`` props as bare flags, children with
no whitespace between them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ui4a.lang.errors import UI4AError
from ui4a.lang.parser import parse

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_COMPONENT = re.compile(r"[A-Z][A-Za-z0-9]*")
_PROP = re.compile(r"[a-z][A-Za-z0-9]*")
_STRING_SPECIAL = re.compile(r'[\\"{}\x00-\x1f\x7f\ud800-\udfff]')
_TEXT_SPECIAL = re.compile(r"[\\<{}]")
_TEXT_CONTROL = re.compile(r"[ \t\n\r]*(?:[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]+[ \t\n\r]*)+")
_NAMED_ESCAPES = {"\\": "\\\\", '"': '\\"', "{": "\\{", "}": "\\}", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_BETWEEN_TAGS = re.compile(r">[ \t\r]*\n\s*<")
MAX_EXACT_DIGITS = 15
"""Integers with more digits are read back as floats by the parser, so they are refused."""


class WriteError(ValueError):
    """A value that compact code cannot hold (NaN, an integer too long to read back, a set…)."""


class Expr(str):
    """Source of an expression, written inside ``{…}`` as it is."""


class Raw(str):
    """A value already written as compact code (a :func:`template`), put in as it is."""


# ---------------------------------------------------------------- values


def number(value: int | float) -> str:
    """``2.0`` → ``2``; ``-3.5`` → ``-3.5``; refuses what would not read back equal."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise WriteError(f"{value} is not a number compact code can hold")
        if value.is_integer() and abs(value) < 10**MAX_EXACT_DIGITS:
            return str(int(value))
        return repr(value)
    if len(str(abs(value))) > MAX_EXACT_DIGITS:
        raise WriteError(f"integer with more than {MAX_EXACT_DIGITS} digits cannot be written exactly")
    return str(value)


_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def string(value: str) -> str:
    """A double-quoted string literal whose braces are literal characters."""
    return '"' + _STRING_SPECIAL.sub(_escape_char, value) + '"'


def _escape_char(m: re.Match[str]) -> str:
    ch = m.group()
    return _NAMED_ESCAPES.get(ch) or f"\\u{ord(ch):04x}"


def key(name: str) -> str:
    """An object key: bare when it is a name, else a string."""
    return name if _IDENT.fullmatch(name) else string(name)


def value(v: Any) -> str:
    """A literal (null, boolean, number, string, array, object) in canonical form."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int | float):
        return number(v)
    if isinstance(v, str):
        return string(v)
    if isinstance(v, list | tuple):
        return "[" + ",".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        for k in v:
            if not isinstance(k, str):
                raise WriteError(f"object key {k!r} is not a string")
        return "{" + ",".join(f"{key(k)}:{value(x)}" for k, x in v.items()) + "}"
    raise WriteError(f"{type(v).__name__} is not a compact-code value")


def template(parts: Iterable[str | Expr]) -> str:
    """A string literal that interpolates: text parts escaped, ``Expr`` parts as ``{…}``."""
    body = "".join("{" + p + "}" if isinstance(p, Expr) else string(p)[1:-1] for p in parts)
    return '"' + body + '"'


def interpolated(content: str) -> str:
    """A string literal whose ``{name}`` holes interpolate state; every other brace is literal."""
    parts: list[str | Expr] = []
    pos = 0
    for m in _HOLE.finditer(content):
        parts += [content[pos:m.start()], Expr(m.group(1))]
        pos = m.end()
    return template([*parts, content[pos:]])


def text(content: str) -> str:
    """Text between tags with ``\\ < { }`` escaped (whitespace folds as in JSX).

    Control characters cannot stand in a document; a run of them (with the whitespace
    around it, which would otherwise fold) is written as the interpolation of a string
    literal, ``{"\\u001f"}``, which shows the same characters.
    """
    out = []
    pos = 0
    for m in _TEXT_CONTROL.finditer(content):
        out.append(_TEXT_SPECIAL.sub(lambda t: "\\" + t.group(), content[pos:m.start()]))
        out.append(interpolation(string(m.group())))
        pos = m.end()
    out.append(_TEXT_SPECIAL.sub(lambda t: "\\" + t.group(), content[pos:]))
    return "".join(out)


def interpolation(source: str) -> str:
    """``{source}`` in text: an expression shown where it stands."""
    return "{" + source + "}"


# ---------------------------------------------------------------- props and elements


def prop(name: str, v: Any) -> str:
    """``name``, ``name=literal`` or ``name={expression}``; objects go inside braces."""
    if not _PROP.fullmatch(name):
        raise WriteError(f"{name!r} is not a prop name")
    if v is True:
        return name
    if isinstance(v, Expr):
        return f"{name}={{{v}}}"
    if isinstance(v, Raw):
        return f"{name}={v}"
    if isinstance(v, dict):
        return f"{name}={{{value(v)}}}"
    return f"{name}={value(v)}"


def element(name: str, props: Iterable[tuple[str, Any]] = (), children: Sequence[str] = (),
            separator: str = "") -> str:
    """``<Name a=1 />`` or ``<Name a=1>children</Name>``; ``children`` are written code.

    ``separator`` goes between children: ``""`` (canonical) or ``"\\n"``, which the
    parser also drops between tags.
    """
    if not _COMPONENT.fullmatch(name):
        raise WriteError(f"{name!r} is not a component name")
    head = "".join(" " + prop(k, v) for k, v in props)
    if not children:
        return f"<{name}{head} />"
    if separator:
        return f"<{name}{head}>{separator}{separator.join(children)}{separator}</{name}>"
    return f"<{name}{head}>{''.join(children)}</{name}>"


def state(values: dict[str, Any]) -> str:
    """``<State a=1 b="x" />``: declared UI state with literal (non-object) initial values."""
    for name, v in values.items():
        if not _PROP.fullmatch(name):
            raise WriteError(f"{name!r} is not a state name")
        if isinstance(v, dict):
            raise WriteError(f"state {name!r}: an object cannot be an initial value")
    return "<State " + " ".join(f"{k}={value(v)}" for k, v in values.items()) + " />"


# ---------------------------------------------------------------- canonical form


def canonical(source: str) -> str:
    """``source`` without line breaks and indentation between tags; the same document.

    Whitespace between two tags that holds a line break means nothing (as in JSX),
    so only people need it. A change that would alter the parsed document (a Code
    block's lines) is not made, and code that does not parse is returned unchanged.
    """
    candidate = _BETWEEN_TAGS.sub("><", source.strip())
    try:
        if parse(candidate).to_data() != parse(source).to_data():
            return source
    except UI4AError:
        return source
    return candidate
