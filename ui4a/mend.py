"""The last resort for a generated answer that does not validate: keep what validates, drop the rest.

Constrained decoding makes such answers rare (the grammar, closing mode and the validator's
lookahead); this makes them impossible. The answer is read into a tree (an answer cut short is
closed where it stopped), written back, and each element or prop the validator faults is removed,
innermost first, until the document validates. A faulty prop goes alone when its component can do
without it, else with its element. If nothing is left, a short notice stands in. What was dropped
is listed, so a trace says exactly how the answer was mended.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ui4a import registry
from ui4a.lang import writer
from ui4a.lang.nodes import Element, Interp, Prop, Text
from ui4a.lang.parser import StreamParser
from ui4a.validate import Report, check

NOTICE = '<Callout tone="warning" title="No interface">This request could not be turned into an interface.</Callout>'
ROUNDS = 24  # each round drops at least one element or prop


@dataclass
class Mended:
    source: str
    report: Report
    dropped: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.dropped)


@dataclass
class _Span:
    start: int
    end: int
    element: Element
    siblings: list
    prop: Prop | None = None


def mend(source: str, allowed: Sequence[str] | None = None) -> Mended:
    """``source`` itself when it validates; else the largest part of it that does (see module doc)."""
    report = check(source, allowed)
    if report.ok:
        return Mended(source, report)
    parser = StreamParser()
    dropped: list[str] = []
    try:
        parser.feed(source)
        parser.close()
    except Exception:  # the parser stops at its first fault; the tree up to it is what is kept
        pass
    roots = [c for c in parser.tree().children if isinstance(c, Element)]
    for _ in range(ROUNDS):
        text, spans = _write(roots)
        if not text:
            break
        report = check(text, allowed)
        if report.ok:
            return Mended(text, report, dropped)
        if not _drop(report, spans, dropped):
            break
    return Mended(NOTICE, check(NOTICE), dropped + ["everything: nothing of the answer validated"])


def _drop(report: Report, spans: list[_Span], dropped: list[str]) -> bool:
    """Remove what the first fault points at; False when it points at nothing that can go."""
    for d in report.diagnostics:
        inside = [s for s in spans if s.start <= d.offset < s.end]
        if not inside:
            continue
        span = min(inside, key=lambda s: s.end - s.start)
        if span.prop is not None and not _required(span.element.name, span.prop.name):
            span.element.props.remove(span.prop)
            dropped.append(f"prop {span.prop.name!r} of <{span.element.name}> ({d.message})")
        else:
            span.siblings.remove(span.element)
            dropped.append(f"<{span.element.name}> ({d.message})")
        return True
    return False


def _required(component: str, prop: str) -> bool:
    comp = registry.get(component)
    info = comp.props.model_fields.get(prop) if comp is not None else None
    return info is not None and info.is_required()


def _write(nodes: list, spans: list[_Span] | None = None, out: list[str] | None = None) -> tuple[str, list[_Span]]:
    """The code of ``nodes`` and where each element and prop of it stands in that code."""
    spans = [] if spans is None else spans
    out = [] if out is None else out
    for node in list(nodes):
        if isinstance(node, Text):
            out.append(writer.text(node.raw or node.value))
        elif isinstance(node, Interp):
            out.append(writer.interpolation(node.source))
        elif isinstance(node, Element):
            start = sum(map(len, out))
            out.append(f"<{node.name}")
            for p in node.props:
                at = sum(map(len, out)) + 1
                out.append(" " + _prop(p))
                spans.append(_Span(at, sum(map(len, out)), node, nodes, p))
            if node.children:
                out.append(">")
                _write(node.children, spans, out)
                out.append(f"</{node.name}>")
            else:
                out.append(" />")
            spans.append(_Span(start, sum(map(len, out)), node, nodes))
    return "".join(out), spans


def _prop(p: Prop) -> str:
    if p.braced:
        return f"{p.name}={{{p.source}}}"
    if not p.source:  # a flag written bare
        return p.name
    return f"{p.name}={p.source}"
