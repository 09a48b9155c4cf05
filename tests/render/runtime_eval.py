"""Both evaluators side by side: the Python one, and the standalone page's runtime in Chromium.

Each evaluates an expression's source under a state (a Python dict) and answers
("value", typed key) or ("error", message, offset), so their answers compare directly.
"""

from __future__ import annotations

from typing import Any

from ui4a.lang import expr as ex
from ui4a.lang.budget import Budget
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.render.program import encode
from ui4a.render.runtime import script
from ui4a.render.wire import from_wire, key, to_wire

Answer = tuple


def python_answer(source: str, state: dict[str, Any]) -> Answer:
    index = LineIndex.of(source)
    try:
        node = ex.parse_expression(source, 0, index)
        value = ex.Evaluator(dict(state), index, Budget()).show(node)
    except ExprError as exc:
        return ("error", exc.diagnostic.message, exc.diagnostic.offset)
    return ("value", key(to_wire(value)))


def runtime_page(browser: Any) -> Any:
    """A blank page with the runtime loaded (it defines ``window.ui4a`` and finds no document)."""
    page = browser.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=script())
    return page


def runtime_answers(page: Any, jobs: list[tuple[str, dict[str, Any]]]) -> list[Answer]:
    """Evaluate every (source, state) in the runtime; sources must parse (the parser is Python's)."""
    payload = []
    for source, state in jobs:
        node = ex.parse_expression(source, 0, LineIndex.of(source))
        payload.append([encode(node), to_wire(state)])
    raw = page.evaluate("jobs => jobs.map(([n, s]) => window.ui4a.evaluate(n, s))", payload)
    out: list[Answer] = []
    for r in raw:
        if "error" in r:
            out.append(("error", r["error"], r["at"]))
        else:
            out.append(("value", key(to_wire(from_wire(r["value"])))))
    return out
