"""Which values each state name can take on a standalone page: a few, or any.

The page's state changes only through its own controls and actions: a tick box flips a
boolean, a select or a radio group writes one of its options, a text, number, date or range
input writes anything, ``x = expr`` writes what ``expr`` can be, ``toggle(x)`` a boolean. This
module follows those writers to a fixed point from the initial state, so the renderer can
prepare an element's markup for every value it can show (``ui4a.render.variants``). A name
with more than ``MAX_VALUES`` possible values, or written by a free input, can take any
value (``None``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ui4a.bound import coerce
from ui4a.lang import expr as ex
from ui4a.lang.budget import Budget
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.render.wire import key, to_wire

MAX_VALUES = 24
"""Distinct values one name may take before it counts as free."""
MAX_COMBOS = 512
"""Combinations of values tried for one expression or element."""
MAX_ROUNDS = 12

Domain = dict[str, Any] | None
"""The values a name can take, by their typed key; None: any value."""


@dataclass(frozen=True)
class Writer:
    """One way the page writes a state name.

    kind: "free" (a text, number, date or range input), "tick" (a bound tick box: flips it),
    "options" (a select or radio group: one of ``options``), "assign" (``name = expr``) or
    "toggle" (``toggle(name)``).
    """

    kind: str
    name: str
    options: tuple[str, ...] = ()
    expr: Any = None


def typed(values: Iterable[Any]) -> dict[str, Any]:
    """Values keyed by their typed text (1, 1.0 and true stay apart)."""
    return {key(to_wire(v)): v for v in values}


def combos(names: Iterable[str], domains: dict[str, Domain], state: dict[str, Any]) -> Iterator[dict] | None:
    """Every state that differs from ``state`` only in ``names``, within their domains; None when
    one of them is free or there are more than MAX_COMBOS."""
    names = sorted(set(names))
    pools = []
    total = 1
    for name in names:
        dom = domains.get(name)
        if dom is None:
            return None
        pools.append(list(dom.values()))
        total *= len(pools[-1])
        if total > MAX_COMBOS:
            return None
    return ({**state, **dict(zip(names, values, strict=True))} for values in itertools.product(*pools))


def evaluate(node: Any, state: dict[str, Any]) -> Any:
    """``node`` under ``state`` with a budget of its own; raises ExprError when it refuses."""
    return ex.Evaluator(dict(state), LineIndex(), Budget()).eval(node)


def solve(state: dict[str, Any], writers: list[Writer], max_chars: int) -> tuple[dict[str, Domain], set[str]]:
    """The values every name can take, from ``state`` and what ``writers`` can write; and the names
    that only actions write but that never stop growing (a counter): their domain holds the values
    reached in MAX_ROUNDS steps or the first MAX_VALUES of them, not all they can take."""
    domains: dict[str, Domain] = {name: typed([value]) for name, value in state.items()}
    free = {w.name for w in writers if w.kind == "free"}
    partial: set[str] = set()
    for _ in range(3):
        for _ in range(MAX_ROUNDS):
            grew = _round(domains, writers, state, max_chars, free, partial)
            if not grew:
                return domains, partial
        for name in grew - partial:  # still growing, and written by an input: any value
            if name in free:
                domains[name] = None
            else:
                partial.add(name)
    return {name: None for name in domains}, set()


def _round(domains: dict[str, Domain], writers: list[Writer], state: dict[str, Any], max_chars: int,
           free: set[str], partial: set[str]) -> set[str]:
    """Apply every writer once; the names whose domain grew."""
    grew: set[str] = set()
    for w in writers:
        dom = domains.get(w.name)
        if dom is None or w.name in partial:
            continue
        new = _written(w, dom, domains, state, max_chars)
        added = None if new is None else {k: v for k, v in typed(new).items() if k not in dom}
        if added is None or (len(dom) + len(added) > MAX_VALUES and w.name in free):
            domains[w.name] = None
            grew.add(w.name)
        elif added:
            room = MAX_VALUES - len(dom)
            dom.update(list(added.items())[:room])
            grew.add(w.name)
            if len(added) > room:
                partial.add(w.name)
    return grew


def _written(w: Writer, dom: dict[str, Any], domains: dict[str, Domain], state: dict[str, Any],
             max_chars: int) -> list[Any] | None:
    if w.kind == "free":
        return None
    if w.kind == "tick":
        return [coerce(v, not bool(v), max_chars) for v in dom.values()]
    if w.kind == "toggle":
        return [not ex.truthy(v) for v in dom.values()]
    if w.kind == "options":
        return [coerce(v, option, max_chars) for v in dom.values() for option in w.options]
    states = combos([n for n, _ in ex.names_in(w.expr)], domains, state)
    if states is None:
        return None
    out = []
    for s in states:
        try:
            out.append(evaluate(w.expr, s))
        except ExprError:
            continue  # the action refuses here: it writes nothing
    return out
