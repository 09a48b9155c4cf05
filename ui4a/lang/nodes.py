"""The document tree: elements, props, text and interpolations, with source positions.

The parser builds these; the validator, renderers and catalog read them. A tree
taken while a document streams is a snapshot: the parser never mutates it later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ui4a.lang import expr as ex
from ui4a.lang.errors import LineIndex


@dataclass
class Prop:
    name: str
    value: Any
    """An expression AST node (``ex.Const`` for plain literals)."""
    offset: int
    braced: bool = False
    """Written as ``{…}``: an expression or action program rather than a literal."""
    source: str = ""
    """The value as written (for braced values, the text inside the braces)."""
    partial: bool = False
    """A literal array still streaming: holds only its complete items so far."""

    def literal(self) -> Any:
        """The plain Python value, when the prop is a constant."""
        return self.value.value if isinstance(self.value, ex.Const) else None

    def to_data(self) -> dict:
        if self.braced:
            return {"expr": self.source}
        if isinstance(self.value, ex.Const):
            return {"literal": self.value.value}
        return {"template": self.source}


@dataclass
class Text:
    value: str
    """JSX-folded text: what most components show."""
    offset: int
    raw: str = ""
    """The text exactly as written (escapes resolved), for components that keep whitespace."""


@dataclass
class Interp:
    expr: Any
    source: str
    offset: int


@dataclass
class Element:
    name: str
    offset: int
    props: list[Prop] = field(default_factory=list)
    children: list[Element | Text | Interp] = field(default_factory=list)
    closed: bool = False
    self_closing: bool = False

    def prop(self, name: str) -> Prop | None:
        for p in self.props:
            if p.name == name:
                return p
        return None

    def to_data(self) -> dict:
        out: dict[str, Any] = {"name": self.name}
        if self.props:
            out["props"] = {p.name: p.to_data() for p in self.props}
        if self.children:
            out["children"] = [node_data(c) for c in self.children]
        if not self.closed:
            out["open"] = True
        return out


Node = Element | Text | Interp


@dataclass
class Document:
    children: list[Node]
    source_length: int
    complete: bool = True
    index: LineIndex = field(default_factory=LineIndex, compare=False, repr=False)

    def to_data(self) -> list:
        return [node_data(c) for c in self.children]

    def walk(self):
        """Every element, depth first, with its depth (1 for top-level)."""
        stack = [(c, 1) for c in reversed(self.children) if isinstance(c, Element)]
        while stack:
            el, depth = stack.pop()
            yield el, depth
            stack.extend((c, depth + 1) for c in reversed(el.children) if isinstance(c, Element))


def node_data(node: Node) -> Any:
    if isinstance(node, Text):
        return node.value
    if isinstance(node, Interp):
        return {"interp": node.source}
    return node.to_data()


_SPACE_RUN = re.compile(r"\s+")


def normalize_text(raw: str) -> str:
    """JSX whitespace: drop whitespace that contains a line break at either end, fold the rest."""
    if not raw:
        return raw
    lead = re.match(r"\s*", raw).group()
    trail = re.search(r"\s*$", raw).group()
    body = raw.strip()
    if not body:
        return "" if "\n" in raw else " "
    start = "" if "\n" in lead else (" " if lead else "")
    end = "" if "\n" in trail else (" " if trail else "")
    return start + _SPACE_RUN.sub(" ", body) + end
