"""The validator: checks a parsed document against the component registry.

It collects every fault, not only the first, each positioned and worded so a
model can repair its output from the message alone. ``resolve_props`` — the
step that turns an element's props into a validated props model under the
current state — is shared with the renderers, so what validates is what renders.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from ui4a import registry
from ui4a.component import Component
from ui4a.lang import expr as ex
from ui4a.lang.budget import Budget
from ui4a.lang.errors import Diagnostic, ExprError, LineIndex, diagnostic_at
from ui4a.lang.nodes import Document, Element, Interp, Prop, Text
from ui4a.lang.parser import StreamParser
from ui4a.types import ActionValue, Binding

MAX_ELEMENTS = 5000
STATE_TAG = "State"
# Every component takes an id (anchors, tests, form results) without declaring it.
ID_PROP = "id"
ID_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$")


@dataclass
class Report:
    """The outcome of checking one document."""

    diagnostics: list[Diagnostic]
    document: Document | None
    state: dict[str, Any]

    @property
    def ok(self) -> bool:
        return not self.diagnostics

    def format(self, filename: str = "<input>") -> str:
        return "\n".join(d.format(filename) for d in self.diagnostics)

    def to_json(self) -> list[dict]:
        return [d.to_json() for d in self.diagnostics]


def check(source: str, allowed: Collection[str] | None = None) -> Report:
    """Parse and validate ``source``; syntax errors come back as diagnostics too.

    ``allowed`` is a harness's component allow-list: any other component is a fault.
    """
    parser = StreamParser()
    parser.feed(source)
    parser.close()
    if parser.error is not None:
        return Report([parser.error], None, {})
    doc = parser.tree()
    diagnostics, state = validate(doc)
    if allowed is not None:
        diagnostics = sorted(diagnostics + _not_allowed(doc, set(allowed)), key=lambda d: d.offset)
    return Report(diagnostics, doc, state)


def _not_allowed(doc: Document, allowed: set[str]) -> list[Diagnostic]:
    faults = []
    pending = [c for c in doc.children if isinstance(c, Element)]
    while pending:
        el = pending.pop()
        if el.name not in allowed and el.name != STATE_TAG and el.name in registry.names():
            faults.append(diagnostic_at(doc.index, el.offset, "component",
                                        f"<{el.name}> is not in this harness's component allow-list",
                                        ", ".join(sorted(allowed))))
        pending += [c for c in el.children if isinstance(c, Element)]
    return faults


def declared_state(doc: Document, out: list[Diagnostic] | None = None) -> dict[str, Any]:
    """Initial values of every ``<State …/>`` in the document."""
    state: dict[str, Any] = {}
    for el, _ in doc.walk():
        if el.name != STATE_TAG:
            continue
        for prop in el.props:
            if out is not None and prop.name in state:
                out.append(diagnostic_at(doc.index, prop.offset, "state",
                                         f"state '{prop.name}' is declared twice", "one declaration per name"))
            if prop.braced or not isinstance(prop.value, ex.Const):
                if out is not None:
                    out.append(diagnostic_at(doc.index, prop.offset, "state",
                                             f"state '{prop.name}' needs a literal initial value",
                                             'a number, "string", true/false, or [array]'))
                continue
            state[prop.name] = prop.value.value
    return state


def frame_faults(doc: Document, state: dict[str, Any]) -> list[Diagnostic]:
    """The faults of a streaming frame (a partial tree) under ``state``, declared elsewhere.

    Props still being written are not in the frame, and missing props and arrays still
    streaming that are too short so far are not faults yet. A fault between props (a chart
    with neither data nor series) can still go away as the element goes on; a caller that
    wants only lasting faults compares frames, as ``ui4a.model.decode.stays_valid`` does.
    """
    out: list[Diagnostic] = []
    _Checker(doc.index, state, out, partial=True).run(doc)
    return out


def validate(doc: Document) -> tuple[list[Diagnostic], dict[str, Any]]:
    out: list[Diagnostic] = []
    state = declared_state(doc, out)
    _Checker(doc.index, state, out).run(doc)
    out.sort(key=lambda d: (d.offset, d.code))
    return out, state


class _Checker:
    """Walks a document once; every value is evaluated against one render budget, as the
    renderer will, so a document that passes renders within it. Once the budget is spent
    (one positioned fault), nothing more is evaluated."""

    def __init__(self, index: LineIndex, state: dict[str, Any], out: list[Diagnostic],
                 partial: bool = False) -> None:
        self.index = index
        self.partial = partial
        self.state = state
        self.out = out
        self.ids: dict[str, int] = {}
        self.count = 0
        self.budget = Budget()

    def add(self, offset: int, code: str, message: str, expected: str | None = None) -> None:
        self.out.append(diagnostic_at(self.index, offset, code, message, expected))

    def run(self, doc: Document) -> None:
        for node in doc.children:
            self.node(node)
        for el, _ in doc.walk():
            self.count += 1
            if self.count > MAX_ELEMENTS:
                self.add(el.offset, "limit", f"document has more than {MAX_ELEMENTS} elements",
                         "a smaller document")
                break
            self.element(el)

    def node(self, node: Any) -> None:
        if isinstance(node, Interp):
            before = len(self.out)
            self.names(node.expr)
            if len(self.out) == before and not self.budget.exhausted:  # names known: evaluate
                try:
                    ex.Evaluator(dict(self.state), self.index, self.budget).show(node.expr)
                except ExprError as exc:
                    self.out.append(exc.diagnostic)

    def element(self, el: Element) -> None:
        if el.name == STATE_TAG:
            if el.children:
                self.add(el.offset, "children", "<State> declares variables and takes no children",
                         "<State name=value … />")
            return
        comp = registry.get(el.name)
        if comp is None:
            self.add(el.offset, "unknown-component", _unknown_component(el.name), "a catalog component")
            return
        seen: set[str] = set()
        for prop in el.props:
            if prop.name in seen:
                self.add(prop.offset, "duplicate-prop", f"<{el.name}> has the prop '{prop.name}' twice",
                         "each prop once")
            seen.add(prop.name)
            if prop.name == ID_PROP and ID_PROP not in comp.props.model_fields:
                self.universal_id(el, prop)
                continue
            if prop.name not in comp.props.model_fields:
                self.add(prop.offset, "unknown-prop", _unknown_prop(comp, prop.name), "a prop of " + el.name)
                continue
            self.names(prop.value)
        if (id_prop := el.prop(ID_PROP)) is not None and isinstance(id_prop.literal(), str):
            value = id_prop.literal()
            if value in self.ids:
                line, col = self.index.position(self.ids[value])
                self.add(id_prop.offset, "duplicate-id", f"id \"{value}\" is already used at {line}:{col}",
                         "a unique id")
            else:
                self.ids[value] = id_prop.offset
        self.children(el, comp)
        for node in el.children:
            self.node(node)
        if not self.budget.exhausted:
            _model, problems = resolve_props(el, comp, self.state, self.index, partial=self.partial,
                                             budget=self.budget)
            self.out.extend(problems)

    def universal_id(self, el: Element, prop: Prop) -> None:
        value = prop.literal()
        if prop.braced or not isinstance(value, str) or not ID_RE.match(value):
            self.add(prop.offset, "prop-type",
                     f"<{el.name}> prop 'id' must be a literal name of letters, digits, '-' or '_'",
                     'id="summary"')

    def children(self, el: Element, comp: Component) -> None:
        policy = comp.children
        for child in el.children:
            if isinstance(child, Element) and child.name == STATE_TAG:
                continue
            if policy == "none":
                what = f"<{child.name}>" if isinstance(child, Element) else "text"
                self.add(_offset(child), "children", f"<{el.name}> takes no children, found {what}",
                         f"<{el.name} … /> (self-closing)")
                return
            if policy == "text" and isinstance(child, Element):
                self.add(child.offset, "children",
                         f"<{el.name}> takes only text; move <{child.name}> outside it", "text or {expression}")
            elif policy == "inline" and isinstance(child, Element):
                inner = registry.get(child.name)
                if inner is not None and not inner.inline:
                    inline = ", ".join(f"<{c.name}>" for c in registry.all_components() if c.inline)
                    self.add(child.offset, "children",
                             f"<{el.name}> takes text and inline components ({inline}); move <{child.name}> outside it",
                             "text, {expression} or an inline component")
            elif isinstance(policy, tuple):
                if isinstance(child, Element) and child.name not in policy:
                    allowed = ", ".join(f"<{n}>" for n in policy)
                    self.add(child.offset, "children",
                             f"<{el.name}> may contain only {allowed}, found <{child.name}>", allowed)
                elif isinstance(child, Text | Interp) and (not isinstance(child, Text) or child.value.strip()):
                    allowed = ", ".join(f"<{n}>" for n in policy)
                    self.add(_offset(child), "children", f"<{el.name}> may contain only {allowed}, not text",
                             allowed)

    def names(self, node: Any) -> None:
        for name, pos in ex.names_in(node):
            if name not in self.state:
                self.add(pos, "unknown-state", _unknown_state(name, self.state),
                         f"<State {name}=… /> before use")
        for call in ex.calls_in(node):
            if call.func not in ex.PURE_FUNCTIONS and call.func not in ex.ACTION_FUNCTIONS:
                match = difflib.get_close_matches(call.func, ex.PURE_FUNCTIONS + ex.ACTION_FUNCTIONS, n=1)
                hint = f"; did you mean {match[0]}()?" if match else ""
                self.add(call.pos, "unknown-function", f"unknown function '{call.func}'{hint}",
                         "one of " + ", ".join(ex.PURE_FUNCTIONS + ex.ACTION_FUNCTIONS))


def resolve_props(
    el: Element, comp: Component, state: dict[str, Any], index: LineIndex, partial: bool = False,
    budget: Budget | None = None,
) -> tuple[BaseModel | None, list[Diagnostic]]:
    """Evaluate an element's props under ``state`` and validate them with the props model.

    With ``partial`` (a streaming frame), missing required props, and arrays still
    streaming that are too short so far, are not reported as faults of the document:
    the caller simply gets no model yet. Every value is charged to ``budget`` (the
    document's render budget; a fresh one when None).
    """
    streaming = {prop.name for prop in el.props if prop.partial}
    problems: list[Diagnostic] = []
    values: dict[str, Any] = {}
    offsets: dict[str, int] = {}
    fields = comp.props.model_fields
    evaluator = ex.Evaluator(dict(state), index, budget)
    for prop in el.props:
        if prop.name not in fields or prop.name in values:
            continue  # unknown props (and the universal id) are the checker's business
        offsets[prop.name] = prop.offset
        kind = registry.prop_kind(comp, prop.name)
        try:
            values[prop.name] = _prop_value(prop, kind, el, evaluator, state)
        except ExprError as exc:
            problems.append(exc.diagnostic)
        except _PropFault as fault:
            problems.append(diagnostic_at(index, prop.offset, "prop-type", fault.message, fault.expected))
    if problems:
        return None, problems
    try:
        return comp.props.model_validate(values), []
    except ValidationError as exc:
        for err in exc.errors():
            loc = err.get("loc") or ()
            prop = str(loc[0]) if loc else ""
            if partial and ((err["type"] == "missing" and len(loc) == 1)
                            or (err["type"] == "too_short" and prop in streaming)):
                continue  # a streaming frame: a prop, or items, still to come, not wrong
            if err["type"] == "missing" and len(loc) == 1:
                desc = fields[prop].description if prop in fields else ""
                problems.append(diagnostic_at(index, el.offset, "missing-prop",
                                              f"<{el.name}> is missing the required prop '{prop}' ({desc})",
                                              f"{prop}=…"))
                continue
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc[1:])
            msg = err["msg"].removeprefix("Value error, ")
            if prop:
                text = f"<{el.name}> prop '{prop}{where}': {msg} (got {_short(err.get('input'))})"
            else:
                text = f"<{el.name}>: {msg}"
            problems.append(diagnostic_at(index, offsets.get(prop, el.offset), "prop-type",
                                          text, _expected(fields.get(prop))))
        if not problems:  # only missing props in a partial frame
            return None, []
        return None, problems


class _PropFault(Exception):
    def __init__(self, message: str, expected: str) -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected


def _prop_value(prop: Prop, kind: str | None, el: Element, evaluator: ex.Evaluator,
                state: dict[str, Any]) -> Any:
    if kind == "action":
        if not prop.braced:
            raise _PropFault(f"<{el.name}> prop '{prop.name}' is an action and must be written in braces",
                             f'{prop.name}={{send("…")}} or {prop.name}={{x = x + 1}}')
        program = prop.value if isinstance(prop.value, ex.Program) else ex.Program((prop.value,), prop.value.pos)
        for stmt in program.statements:
            if not (isinstance(stmt, ex.Assign) or (isinstance(stmt, ex.Call) and stmt.func in ex.ACTION_FUNCTIONS)):
                raise _PropFault(f"<{el.name}> prop '{prop.name}': each statement must set state or call "
                                 "send(), toggle() or submit()", 'x = expr; toggle(x); send("text"); submit()')
        return ActionValue(prop.source, program)
    if kind == "bind":
        if not (prop.braced and isinstance(prop.value, ex.Name)):
            raise _PropFault(f"<{el.name}> prop '{prop.name}' must name one state variable in braces",
                             f"{prop.name}={{name}} with <State name=… />")
        return Binding(prop.value.id)
    if isinstance(prop.value, ex.Program):
        raise _PropFault(f"<{el.name}> prop '{prop.name}' takes a value, not statements",
                         "a single expression in braces")
    return evaluator.show(prop.value)


def _unknown_component(name: str) -> str:
    names = registry.names()
    match = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    lower = {n.lower(): n for n in names}
    if name.lower() in lower:
        match = [lower[name.lower()]]
    hint = f"; did you mean <{match[0]}>?" if match else f"; available: {', '.join(names)}"
    return f"unknown component <{name}>{hint}"


def _unknown_prop(comp: Component, name: str) -> str:
    props = list(comp.props.model_fields)
    match = difflib.get_close_matches(name, props, n=1, cutoff=0.6)
    hint = f"; did you mean '{match[0]}'?" if match else ""
    return f"<{comp.name}> has no prop '{name}'{hint} (props: {', '.join(props)})"


def _unknown_state(name: str, state: dict[str, Any]) -> str:
    match = difflib.get_close_matches(name, list(state), n=1, cutoff=0.6)
    hint = f"; did you mean '{match[0]}'?" if match else ""
    return f"unknown state '{name}'{hint}: declare it with <State {name}=… />"


def _expected(info: Any) -> str | None:
    if info is None:
        return None
    return info.description or None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _offset(node: Any) -> int:
    return node.offset
