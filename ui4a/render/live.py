"""What a standalone page's runtime needs, gathered while the renderer renders the document.

The renderer calls :class:`LivePage` for every interpolation and element (``ui4a.render.html``
with ``live``); it marks them in the HTML with comments the runtime finds again, and records
the page's *run*: every value the document evaluates and shows, in render order, so the
runtime re-evaluates them after a state change under the same render budget as the live app:

  [pos, size]                             a literal prop's text size, charged as it is
  ["x", k, expr]                          interpolation k, between <!--u4x:k--> and <!--/u4x:k-->
  ["e", k, inputs, variants, stencil, where, key]
                                          element k, between <!--u4e:k--> and <!--/u4e:k-->: its
                                          inputs (literal sizes, expressions, ["B", name] for a bound
                                          value its markup shows), prepared markup by values key
                                          (``ui4a.render.variants``), where it is, its current key

Children of a watched element sit between <!--u4s:k--> and <!--/u4s:k-->; the runtime moves
them into the element's new markup. Prepared markup goes into inert ``<template>`` elements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html.parser import HTMLParser
from typing import Any

from markupsafe import Markup

from ui4a import registry
from ui4a.component import Component
from ui4a.lang import expr as ex
from ui4a.lang.budget import Budget, text_size
from ui4a.lang.errors import Diagnostic, ExprError, LineIndex, diagnostic_at
from ui4a.lang.nodes import Document, Element, Interp, Prop
from ui4a.render import domains as dom
from ui4a.render.program import encode
from ui4a.render.variants import prepare
from ui4a.render.wire import key, to_wire

DEFAULT_MAX_CHARS = 4000


@dataclass
class _Watched:
    """An element whose markup depends on state."""

    k: int
    el: Element
    comp: Component
    uid: str
    inputs: list[Any]  # expression ASTs, then the bound name when the markup shows the bound value
    values: list[Any]
    slots: int
    entry: list


class LivePage:
    """Collects the run, the writers of state and the watched elements of one document."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.run: list = []
        self.actions: dict[str, list] = {}
        self.writers: list[dom.Writer] = []
        self.watched: list[_Watched] = []
        self.count = 0

    def _next(self) -> int:
        self.count += 1
        return self.count

    # ---------------------------------------------------------------- while rendering

    def interp(self, node: Interp, html: Markup) -> Markup:
        k = self._next()
        self.run.append(["x", k, encode(node.expr)])
        return Markup(f"<!--u4x:{k}-->") + html + Markup(f"<!--/u4x:{k}-->")

    def element(self, el: Element, comp: Component, model: Any, children: Markup, ctx: Any,
                uid: str) -> Markup:
        """The element's HTML, marked when its markup depends on state; records its run entry."""
        from ui4a.render.html import render_component

        items, exprs, bound = self._inputs(el, comp)
        shows_bound = bound is not None and self._shows_bound(comp, model, children, ctx, uid, bound)
        if bound is not None:
            self.writers.append(self._bound_writer(comp, model, ctx, uid, bound, has_exprs=bool(exprs)))
        if not exprs and not shows_bound:
            self.run.extend(items)
            return render_component(comp, model, children, ctx, uid=uid)
        k = self._next()
        slots = 1 if children else 0
        if slots:
            children = Markup(f"<!--u4s:{k}-->") + children + Markup(f"<!--/u4s:{k}-->")
        inputs: list[Any] = list(exprs) + ([bound] if shows_bound else [])
        values = [ctx.state.get(i) if isinstance(i, str) else _value(i, ctx.state) for i in inputs]
        line, col = self.doc.index.position(el.offset)
        entry = ["e", k, items + ([["B", bound]] if shows_bound else []), {}, None, f"<{el.name}> at {line}:{col}",
                 key(to_wire(values))]
        self.run.append(entry)
        self.watched.append(_Watched(k, el, comp, uid, inputs, values, slots, entry))
        html = render_component(comp, model, children, ctx, uid=uid)
        return Markup(f"<!--u4e:{k}-->") + html + Markup(f"<!--/u4e:{k}-->")

    def _inputs(self, el: Element, comp: Component) -> tuple[list, list, str | None]:
        """The element's run items (as resolve_props charges them), its expressions, its bound name."""
        items: list = []
        exprs: list = []
        bound = None
        seen: set[str] = set()
        for prop in el.props:
            if prop.name not in comp.props.model_fields or prop.name in seen:
                continue
            seen.add(prop.name)
            kind = registry.prop_kind(comp, prop.name)
            if kind == "action":
                self._action(prop)
            elif kind == "bind":
                bound = prop.value.id
            elif isinstance(prop.value, ex.Const):
                items.append([prop.value.pos, text_size(prop.value.value)])
            else:
                items.append(encode(prop.value))
                exprs.append(prop.value)
        return items, exprs, bound

    def _action(self, prop: Prop) -> None:
        source = prop.source
        index = LineIndex.of(source)
        program = ex.parse_program(source, 0, index)  # as the live app runs it
        self.actions[source] = encode(program)
        for stmt in program.statements:
            if isinstance(stmt, ex.Assign):
                self.writers.append(dom.Writer("assign", stmt.target, expr=stmt.value))
            elif isinstance(stmt, ex.Call) and stmt.func == "toggle" and stmt.args and isinstance(stmt.args[0], ex.Name):
                self.writers.append(dom.Writer("toggle", stmt.args[0].id))

    def _shows_bound(self, comp: Component, model: Any, children: Markup, ctx: Any, uid: str, name: str) -> bool:
        """Whether the markup shows the bound value beyond its control's own value (a readout)."""
        from ui4a.render.html import RenderContext, render_component

        current = ctx.state.get(name)
        probe = _other(current)
        one = render_component(comp, model, children, RenderContext(ctx.state), uid=uid)
        other = render_component(comp, model, children, RenderContext({**ctx.state, name: probe}), uid=uid)
        return _without_control_values(str(one)) != _without_control_values(str(other))

    def _bound_writer(self, comp: Component, model: Any, ctx: Any, uid: str, name: str, has_exprs: bool) -> dom.Writer:
        from ui4a.render.html import RenderContext, render_component

        if has_exprs:  # its options may change with state: anything can be written
            return dom.Writer("free", name)
        html = str(render_component(comp, model, "", RenderContext(ctx.state), uid=uid))
        return _control_writer(html, name)

    # ---------------------------------------------------------------- after rendering

    def finish(self, state: dict[str, Any], max_chars: int | None = None) -> tuple[dict, list[str], list[Diagnostic]]:
        """The page's data block, its prepared markup (by template index) and what it cannot update."""
        from ui4a.render.html import RenderContext, render_component
        from ui4a.validate import resolve_props

        max_chars = max_chars or _max_chars()
        domains, partial = dom.solve(state, self.writers, max_chars)
        templates: list[str] = []
        where: dict[str, int] = {}
        warnings: list[Diagnostic] = []

        def template(html: str) -> int:
            if html not in where:
                where[html] = len(templates)
                templates.append(html)
            return where[html]

        for w in self.watched:
            exprs = [i for i in w.inputs if not isinstance(i, str)]
            bound = next((i for i in w.inputs if isinstance(i, str)), None)
            slot = Markup(f"<!--u4s:{w.k}--><!--/u4s:{w.k}-->") if w.slots else Markup("")

            def render(values: list[Any], w: _Watched = w, exprs: list = exprs, bound: str | None = bound,
                       slot: Markup = slot) -> str | None:
                props = iter(values[:len(exprs)])
                swapped = {id(e): next(props) for e in exprs}
                el = replace(w.el, props=[replace(p, value=ex.Const(swapped[id(p.value)], p.value.pos))
                                          if id(p.value) in swapped else p for p in w.el.props])
                s = {**state, bound: values[-1]} if bound is not None else state
                model, _problems = resolve_props(el, w.comp, s, self.doc.index, budget=Budget())
                if model is None:
                    return None
                return str(render_component(w.comp, model, slot, RenderContext(s), uid=w.uid))

            names = sorted({n for e in exprs for n, _ in ex.names_in(e)} | ({bound} if bound else set()))
            prepared = prepare(w.inputs, names, w.values, domains, state, render, w.slots)
            w.entry[3] = {k: template(html) for k, html in prepared.variants.items()}
            if prepared.stencil is not None:
                html, shape, holes = prepared.stencil
                w.entry[4] = [template(html), shape, holes]
            counters = [n for n in names if n in partial]
            if prepared.variants and counters and prepared.stencil is None:
                warnings.append(diagnostic_at(
                    self.doc.index, w.el.offset, "standalone",
                    f"<{w.el.name}> is prepared for the values {', '.join(counters)} reaches in "
                    f"{dom.MAX_ROUNDS} steps; past them it keeps its last look",
                    "a bound on the value, e.g. x = min(x + 1, 10)"))
            if not prepared.complete:
                warnings.append(diagnostic_at(
                    self.doc.index, w.el.offset, "standalone",
                    f"<{w.el.name}> shows values that depend on state, but the standalone page cannot "
                    "show them again when they change; it keeps its first look",
                    "props whose values are text or plain numbers, or state with a few values"))
        data = {"state": to_wire(state), "max": max_chars, "run": self.run, "act": self.actions,
                "nl": self.doc.index.line_starts()}
        return data, templates, warnings


def _value(node: Any, state: dict[str, Any]) -> Any:
    try:
        return ex.Evaluator(dict(state), LineIndex(), Budget()).eval(node)
    except ExprError:
        return None


def _other(value: Any) -> Any:
    """A value of the same type as ``value`` that differs from it and from anything near it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7_654_321
    if isinstance(value, float):
        return value + 7_654_321.5
    return "\ue000bound\ue001"


_CONTROL_VALUE = re.compile(r'(<(?:input|option)\b[^>]*?)\s(?:value="[^"]*"|checked|selected)(?=[\s>/])')
_TEXTAREA = re.compile(r"(<textarea\b[^>]*>)[^<]*(</textarea>)")


def _without_control_values(html: str) -> str:
    """Markup less what a bound control shows of its own value (its value, checked, selected)."""
    while True:
        stripped = _CONTROL_VALUE.sub(r"\1", html)
        if stripped == html:
            return _TEXTAREA.sub(r"\1\2", stripped)
        html = stripped


class _Control(HTMLParser):
    """Finds the control bound to ``name`` and what it can write."""

    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.depth = 0  # > 0 inside the bound element
        self.kind: str | None = None
        self.options: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.depth:
            self.depth += tag not in ("input", "br", "img", "hr")
            if tag in ("option",) or (tag == "input" and a.get("type") == "radio"):
                self.options.append(a.get("value") or "")
            return
        if a.get("data-ui4a-bind") != self.name or self.kind is not None:
            return
        if tag == "input" and a.get("type") == "checkbox":
            self.kind = "tick"
        elif tag == "select" or tag not in ("input", "textarea"):
            self.kind = "options"  # a select, or a group of radios (a fieldset)
            self.depth = 1
        else:
            self.kind = "free"

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1


def _control_writer(html: str, name: str) -> dom.Writer:
    control = _Control(name)
    control.feed(html)
    control.close()
    if control.kind == "tick":
        return dom.Writer("tick", name)
    if control.kind == "options" and control.options:
        return dom.Writer("options", name, tuple(control.options))
    return dom.Writer("free", name)


def _max_chars() -> int:
    try:
        from ui4a import harness

        return harness.current().session.max_message_chars
    except Exception:  # no readable manifest: the default of the manifest's schema
        return DEFAULT_MAX_CHARS
