"""A2UI data-model paths → UI4A state names and the ``<State>`` that declares them.

A JSON pointer becomes a camelCase name (``/contact/firstName`` → ``contactFirstName``)
that the language accepts; names stay unique across surfaces. A path into a list
reads the list's state (``/items/0/name`` → ``items[0].name``); an input bound
into a list gets its own state, since ``bind`` takes a plain name. Only state
that some component reads is declared, with the data model's value (or the
input's empty value where the data model has none).
"""

from __future__ import annotations

import re
from typing import Any

from ui4a.a2ui.pointer import get_at, missing
from ui4a.lang.writer import string

_WORD = re.compile(r"[A-Za-z0-9]+")
_RESERVED = {"true", "false", "null", "submit", "send", "toggle"}


class StateNames:
    """Allocates names for (surface, pointer) and collects their initial values."""

    def __init__(self) -> None:
        self.names: dict[tuple[str, tuple[str, ...]], str] = {}
        self.values: dict[str, Any] = {}
        self.taken: set[str] = set()

    def read(self, surface: str, data: dict, segments: list[str], default: Any = "") -> str:
        """An expression reading the data at ``segments``."""
        node: Any = data
        for i, seg in enumerate(segments):
            if isinstance(node, list):
                base = self._declare(surface, segments[:i], node)
                return base + "".join(_accessor(s) for s in segments[i:])
            if not isinstance(node, dict) or seg not in node:
                break
            node = node[seg]
        else:
            if not isinstance(node, dict):
                return self._declare(surface, segments, node)
        value = get_at(data, segments)
        return self._declare(surface, segments, default if missing(value) or isinstance(value, dict) else value)

    def bind(self, surface: str, data: dict, segments: list[str], default: Any = "") -> tuple[str, bool]:
        """A plain state name for an input; (name, True) when it could not share the data's own."""
        expr = self.read(surface, data, segments, default)
        if _is_name(expr):
            return expr, False
        key = (surface, ("#bound", *segments))
        if key not in self.names:
            value = get_at(data, segments)
            self._new(key, segments, default if missing(value) or isinstance(value, dict | list) else value)
        return self.names[key], True

    def declare(self, surface: str, segments: list[str], value: Any) -> str:
        """A name for derived state (one checkbox per option of a multiple choice)."""
        return self._declare(surface, segments, value)

    def coerce(self, name: str, value: Any) -> None:
        """Change a declared initial value (a single choice kept as a string, not a list)."""
        self.values[name] = value

    def _declare(self, surface: str, segments: list[str], value: Any) -> str:
        key = (surface, tuple(segments))
        if key not in self.names:
            self._new(key, segments, value)
        return self.names[key]

    def _new(self, key: tuple[str, tuple[str, ...]], segments: list[str], value: Any) -> None:
        name = base = state_name(segments)
        n = 2
        while name in self.taken:
            name, n = f"{base}{n}", n + 1
        self.taken.add(name)
        self.names[key] = name
        self.values[name] = value


def state_name(segments: list[str]) -> str:
    """["contact", "first-name"] → "contactFirstName"; always a valid, unreserved name."""
    words = [w for seg in segments for w in _WORD.findall(seg)]
    if not words:
        return "value"
    name = words[0][:1].lower() + words[0][1:] + "".join(w[:1].upper() + w[1:] for w in words[1:])
    if not name[0].isalpha() or not name[0].islower() or name in _RESERVED:
        name = "v" + name[:1].upper() + name[1:]
    return name[:40]


def _is_name(expr: str) -> bool:
    return re.fullmatch(r"[a-z][A-Za-z0-9]*", expr) is not None


def _accessor(seg: str) -> str:
    if seg.isdigit():
        return f"[{seg}]"
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", seg):
        return "." + seg
    return f"[{string(seg)}]"
