"""The markup a standalone page needs to show an element again when the state it shows changes.

The page has no Python, so its runtime can evaluate an element's expressions but cannot run
its template. For every element whose markup depends on state — a prop written as an
expression, or the bound value when the markup shows more of it than its control's own value
(a slider's readout) — the renderer prepares one of:

- **variants**: when the state names it reads can take only a few values
  (``ui4a.render.domains``), its markup for every combination, keyed by its values;
- a **stencil**: otherwise, its markup with holes where text or numbers appear as they are,
  found by rendering it with probe values and verified against its real render; the runtime
  fills the holes while the values keep their shape (same lists, same keys, same types);
- neither: the element keeps its first look, and ``ui4a render`` names it.

Holes sit only in text and in a few attributes that cannot carry code or a URL (``SAFE``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from markupsafe import escape

from ui4a.lang.expr import to_text
from ui4a.numbers import num_text
from ui4a.render.domains import MAX_COMBOS, Domain, combos, evaluate
from ui4a.render.wire import key, to_wire

MAX_VARIANTS = 48
SAFE = ("aria-label", "aria-valuetext", "title", "alt", "placeholder", "value", "label")
"""Attributes a hole may sit in (the runtime fills no other)."""
_MARK = "\ue000{}\ue001"
_MARK_RE = re.compile("\ue000(\\d+)([nt]?)\ue001")


FORMATS: dict[str, Callable[[Any], str]] = {"n": num_text, "t": to_text}
"""How a number hole shows its value: with thousands separators (``num_text``) or as text. A hole
is written \\ue000 index format \\ue001, the format empty for text."""


@dataclass
class Prepared:
    """What the runtime gets for one element."""

    variants: dict[str, str] = field(default_factory=dict)
    """values key -> markup"""
    stencil: tuple[str, str, list] | None = None
    """(markup with holes, shape key, hole kind per leaf: "s" text, "#" number, 0 fixed)"""
    finite: bool = False
    """The variants cover every value the page's own controls can make."""

    @property
    def complete(self) -> bool:
        """Every value the page's own controls can make can be shown."""
        return self.finite or self.stencil is not None


Render = Callable[[list[Any]], str | None]
"""An element's own markup for a list of input values (None when they do not validate)."""


def prepare(inputs: list[Any], names: list[str], values: list[Any], domains: dict[str, Domain],
            state: dict[str, Any], render: Render, slots: int) -> Prepared:
    """Variants when every name in ``names`` has a small domain, and a stencil when one fits (for
    values the page's own controls cannot make: a host's ``ui4a.update``, a counter run long).

    ``inputs`` are the element's input expressions (an AST, or a state name for a bound value),
    ``values`` their current values; ``slots`` is how many children slots the markup must keep.
    """
    variants = _variants(inputs, names, domains, state, render, slots)
    return Prepared(variants=variants or {}, stencil=stencil(values, render, slots), finite=variants is not None)


def _variants(inputs: list[Any], names: list[str], domains: dict[str, Domain], state: dict[str, Any],
              render: Render, slots: int) -> dict[str, str] | None:
    states = combos(names, domains, state)
    if states is None:
        return None
    out: dict[str, str] = {}
    for s in states:
        try:
            values = [s[i] if isinstance(i, str) else evaluate(i, s) for i in inputs]
        except Exception:  # an ExprError: the runtime refuses these values before it shows any
            continue
        k = key(to_wire(values))
        if k in out:
            continue
        html = render(values)
        if html is not None and _slot_count(html) == slots:
            out[k] = html
        if len(out) > MAX_VARIANTS:
            return None
    return out


def leaves(value: Any, out: list[Any] | None = None) -> list[Any]:
    """The scalars of a value, depth first (list items, then object values, in order)."""
    out = [] if out is None else out
    if isinstance(value, list | dict):
        for item in value.values() if isinstance(value, dict) else value:
            leaves(item, out)
    else:
        out.append(value)
    return out


def replace_leaves(value: Any, new: list[Any], at: list[int] | None = None) -> Any:
    """``value`` with its leaves replaced, in order, by ``new``."""
    at = [0] if at is None else at
    if isinstance(value, list):
        return [replace_leaves(v, new, at) for v in value]
    if isinstance(value, dict):
        return {k: replace_leaves(v, new, at) for k, v in value.items()}
    at[0] += 1
    return new[at[0] - 1]


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def shape(values: list[Any], holes: list) -> str:
    """The key of ``values`` with every hole blanked: what must not change for the stencil to fit."""
    blanked = [("" if h == "s" else 0) if h else v for v, h in zip(leaves(values), holes, strict=True)]
    return key(to_wire(replace_leaves(values, blanked)))


def stencil(values: list[Any], render: Render, slots: int) -> tuple[str, str, list] | None:
    """The element's markup with holes for its text and number leaves, verified; None if none fits."""
    current = leaves(values)
    real = render(values)
    if real is None:
        return None
    kinds = ["s" if isinstance(v, str) else ("?" if _is_number(v) else 0) for v in current]
    for attempt in (kinds, [k if k == "s" else 0 for k in kinds]):
        if not any(attempt):
            return None
        found = _probe(values, current, attempt, render, real, slots)
        if found is not None:
            return found[0], shape(values, found[1]), found[1]
    return None


def _probe(values: list[Any], current: list[Any], kinds: list, render: Render, real: str,
           slots: int) -> tuple[str, list] | None:
    """Render with probes in the holes, find where each shows, check the result against ``real``."""
    if _MARK_RE.search(real):
        return None
    probes = [_probe_value(v, i, k) for i, (v, k) in enumerate(zip(current, kinds, strict=True))]
    html = render(replace_leaves(values, probes))
    if html is None:
        return None
    holes: list = []
    for i, (k, p) in enumerate(zip(kinds, probes, strict=True)):
        if k == "?":
            shown = [f for f, write in FORMATS.items() if str(escape(write(p))) in html]
            if not shown:
                return None
            for f in shown:
                html = html.replace(str(escape(FORMATS[f](p))), _MARK.format(f"{i}{f}"))
            holes.append("#")
        else:
            holes.append(k)
    if _slot_count(html) != slots or not _marks_are_safe(html) or _fill(html, current) != real:
        return None
    # A second set of probes must fill the same markup, or a hole is not what it seems.
    second = [_probe_value(v, i + 7, k) for i, (v, k) in enumerate(zip(current, kinds, strict=True))]
    again = render(replace_leaves(values, second))
    if again is None or _fill(html, second) != again:
        return None
    return html, holes


def _probe_value(value: Any, i: int, kind: Any) -> Any:
    if kind == "s":
        return _MARK.format(i)
    if kind == "?":
        base = 7_654_321 + 1013 * i
        return base if isinstance(value, int) else base + 0.5
    return value


def _fill(html: str, values: list[Any]) -> str:
    """The markup with every hole filled from ``values`` (the leaves), escaped as jinja does."""
    def put(m: re.Match) -> str:
        v = values[int(m.group(1))]
        return str(escape(FORMATS[m.group(2)](v) if m.group(2) else v))

    return _MARK_RE.sub(put, html)


def _slot_count(html: str) -> int:
    return html.count("<!--u4s:")


class _MarkAudit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.safe = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and "\ue000" in value and name not in SAFE:
                self.safe = False
    handle_startendtag = handle_starttag

    def handle_comment(self, data: str) -> None:
        if "\ue000" in data:
            self.safe = False


def _marks_are_safe(html: str) -> bool:
    audit = _MarkAudit()
    audit.feed(html)
    audit.close()
    return audit.safe


__all__ = ["MAX_COMBOS", "Prepared", "prepare", "shape", "stencil", "leaves"]
