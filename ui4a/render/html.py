"""Headless HTML renderer: a validated tree in, safe accessible HTML out.

Every string reaches the page through jinja2 autoescape; URLs were checked by the
props types; actions become inert data attributes. A fragment and a ``static`` page never
contain script; a ``live`` standalone page carries UI4A's own runtime (``runtime.js``), allowed
by its hash and by nothing else, and the data it reads (``ui4a.render.live``).
"""

from __future__ import annotations

import itertools
import json
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from markupsafe import Markup, escape

from ui4a import registry
from ui4a.component import Component
from ui4a.lang.budget import MAX_HTML, Budget
from ui4a.lang.errors import ExprError, diagnostic_at
from ui4a.lang.expr import Evaluator, to_text
from ui4a.lang.nodes import Document, Interp, Text
from ui4a.render.live import LivePage
from ui4a.render.runtime import script, script_hash
from ui4a.render.templating import compile_template
from ui4a.render.wire import script_json
from ui4a.types import Binding
from ui4a.validate import ID_PROP, STATE_TAG, check, declared_state, resolve_props


def base_css() -> str:
    return resources.files("ui4a.render").joinpath("base.css").read_text(encoding="utf-8")


def stylesheet(component_names: Iterable[str] | None = None) -> str:
    """The base stylesheet plus the rules of the given components (all when None).

    Components that share rules (all fields share the label/hint styles) carry
    them in their own CSS; identical rules are written once here.
    """
    comps = (
        registry.all_components()
        if component_names is None
        else [c for n in sorted(set(component_names)) if (c := registry.get(n))]
    )
    seen: set[str] = set()
    rules: list[str] = []
    for comp in comps:
        for rule in css_rules(comp.css):
            if rule not in seen:
                seen.add(rule)
                rules.append(rule)
    return base_css() + "\n".join(rules) + "\n"


def theme_css(tokens: dict[str, str] | None) -> str:
    """A harness's overrides of the theme variables (``[render.tokens]``), for both themes.

    The manifest check has already refused values that could leave the declaration.
    """
    if not tokens:
        return ""
    body = " ".join(f"--{name}: {value};" for name, value in sorted(tokens.items()))
    return f".ui4a, .ui4a[data-theme] {{ {body} }}\n"


def css_rules(css: str) -> list[str]:
    """Split CSS into its top-level rules (a @media block stays whole)."""
    out: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(css):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                out.append(css[start:i + 1].strip())
                start = i + 1
    return [r for r in out if r]


class RenderContext:
    """Per-document render state: the UI state, a counter for unique DOM ids, the document's
    render budget (what evaluation makes and shows) and the HTML written so far."""

    def __init__(self, state: dict[str, Any] | None = None, id_prefix: str = "u", live: LivePage | None = None) -> None:
        self.state = dict(state or {})
        self.live = live
        self._ids = itertools.count(1)
        self.id_prefix = id_prefix
        self.budget = Budget()
        self.html_size = 0

    def wrote(self, size: int, doc: Document, offset: int) -> None:
        """Count ``size`` characters of HTML; past MAX_HTML the render stops with a positioned error."""
        self.html_size += size
        if self.html_size > MAX_HTML:
            raise RenderError([diagnostic_at(
                doc.index, offset, "limit",
                f"the rendered HTML grows past {MAX_HTML // (1024 * 1024)} MiB (the render budget)",
                "a smaller document")])

    def next_uid(self) -> str:
        return f"{self.id_prefix}{next(self._ids)}"

    def value_of(self, binding: Binding | None, default: Any = "") -> Any:
        if binding is None:
            return default
        return self.state.get(binding.name, default)


def render_component(
    component: Component | str,
    props: Any,
    children: Markup | str = "",
    ctx: RenderContext | None = None,
    uid: str | None = None,
) -> Markup:
    """Render one component from validated props (a model instance or a dict)."""
    comp = registry.get(component) if isinstance(component, str) else component
    if comp is None:
        raise KeyError(f"unknown component {component!r}")
    model = props if isinstance(props, comp.props) else comp.props.model_validate(props)
    ctx = ctx or RenderContext()
    context: dict[str, Any] = {
        "props": model,
        "children": escape(children),
        "uid": uid or getattr(model, "id", None) or ctx.next_uid(),
        "state": ctx.state,
        "value_of": ctx.value_of,
    }
    if comp.prepare is not None:
        context.update(comp.prepare(model))
    return Markup(compile_template(comp.template).render(context))


# ------------------------------------------------------------------ documents

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; form-action 'none'"


def dedent_block(text: str) -> str:
    """Code-block text: drop the blank first/last lines and the common indentation."""
    return textwrap.dedent(text.strip("\n").rstrip()).strip("\n")


class RenderError(Exception):
    """The document has faults; ``diagnostics`` holds them all."""

    def __init__(self, diagnostics: list) -> None:
        super().__init__("; ".join(f"{d.line}:{d.col}: {d.message}" for d in diagnostics[:5]))
        self.diagnostics = diagnostics


def render_tree(doc: Document, state: dict[str, Any] | None = None, partial: bool = False,
                theme: str = "light", live: LivePage | None = None) -> Markup:
    """Render a parsed document into the ``.ui4a`` root element.

    ``partial`` renders a streaming frame: an element whose props are not complete
    yet shows its children without its own chrome, instead of failing. ``live`` records
    what a standalone page's runtime needs, and marks it in the HTML.
    """
    initial = declared_state(doc)
    if state:
        initial.update(state)
    ctx = RenderContext(initial, live=live)
    body = Markup("").join(_render_node(n, ctx, doc, partial) for n in doc.children)
    payload = json.dumps(ctx.state, ensure_ascii=False, separators=(",", ":"))
    ctx.wrote(len(payload), doc, 0)
    theme = theme if theme in ("light", "dark") else "light"
    return Markup('<div class="ui4a" data-theme="{}" data-ui4a-state="{}">{}</div>').format(
        theme, payload, body)


def _render_node(node: Any, ctx: RenderContext, doc: Document, partial: bool,
                 keep_whitespace: bool = False) -> Markup:
    if isinstance(node, Text):
        out = escape(node.raw if keep_whitespace else node.value)
        ctx.wrote(len(out), doc, node.offset)
        return out
    if isinstance(node, Interp):
        try:
            value = Evaluator(dict(ctx.state), doc.index, ctx.budget).show(node.expr)
        except ExprError as exc:
            if partial:
                return Markup("")
            raise RenderError([exc.diagnostic]) from exc
        out = Markup(escape(to_text(value)))
        ctx.wrote(len(out), doc, node.offset)
        return ctx.live.interp(node, out) if ctx.live is not None else out
    if node.name == STATE_TAG:
        return Markup("")
    comp = registry.get(node.name)
    keep = comp is not None and comp.keep_whitespace
    children = Markup("").join(_render_node(c, ctx, doc, partial, keep) for c in node.children)
    if keep:
        children = Markup(dedent_block(str(children)))
    if comp is None:
        if partial:
            return children
        raise RenderError([diagnostic_at(doc.index, node.offset, "unknown-component",
                                         f"unknown component <{node.name}>")])
    model, problems = resolve_props(node, comp, ctx.state, doc.index, partial=partial, budget=ctx.budget)
    if model is None:
        if partial:
            # A span (display: contents) is valid wherever the element will be, even inside text.
            return Markup('<span class="ui-pending" aria-busy="true">{}</span>').format(children)
        raise RenderError(problems)
    element_id = node.prop(ID_PROP).literal() if node.prop(ID_PROP) else None
    uid = element_id or getattr(model, "id", None) or ctx.next_uid()
    if ctx.live is not None:
        out = ctx.live.element(node, comp, model, children, ctx, uid)
    else:
        out = render_component(comp, model, children, ctx, uid=uid)
    ctx.wrote(len(out) - len(children), doc, node.offset)  # its own markup: the children are counted
    return out


@dataclass
class Page:
    """A standalone page, and what its runtime cannot show again when state changes (live only)."""

    html: str
    warnings: list = field(default_factory=list)


def render_page(doc: Document, state: dict[str, Any] | None = None, theme: str = "light", live: bool = True,
                title: str = "UI4A", tokens: dict[str, str] | None = None) -> Page:
    """A whole page with the CSS it uses; ``live``: with the runtime that runs its state (else no script)."""
    recorder = LivePage(doc) if live else None
    root = render_tree(doc, state, theme=theme, live=recorder)
    used = {el.name for el, _ in doc.walk()}
    csp, tail, warnings = _CSP, "", []
    if recorder is not None:
        initial = {**declared_state(doc), **(state or {})}
        data, templates, warnings = recorder.finish(initial)
        csp = f"{_CSP}; script-src {script_hash()}"
        tail = ("".join(f'<template data-ui4a-t="{i}">{html}</template>' for i, html in enumerate(templates))
                + f'<script type="application/json" id="ui4a-data">{script_json(data)}</script>'
                + f"<script>{script()}</script>")
    html = (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f"<title>{escape(title)}</title><style>\n{stylesheet(used)}{theme_css(tokens)}</style></head>"
        f'<body style="margin:0;padding:24px;background:var(--ui-bg)">{root}{tail}</body></html>\n'
    )
    return Page(html, warnings)


def render_document(doc: Document, state: dict[str, Any] | None = None, theme: str = "light",
                    standalone: bool = False, title: str = "UI4A", tokens: dict[str, str] | None = None,
                    live: bool = False) -> str:
    """The document's HTML; ``standalone``: a whole page with the CSS it uses (and ``tokens`` overrides),
    script-free unless ``live`` (see :func:`render_page`)."""
    if not standalone:
        return str(render_tree(doc, state, theme=theme))
    return render_page(doc, state, theme=theme, live=live, title=title, tokens=tokens).html


def render_source(source: str, standalone: bool = False, theme: str = "light",
                  title: str = "UI4A", tokens: dict[str, str] | None = None, live: bool = False) -> str:
    """Check and render compact code; raises RenderError listing every fault."""
    report = check(source)
    if not report.ok:
        raise RenderError(report.diagnostics)
    assert report.document is not None
    return render_document(report.document, theme=theme, standalone=standalone, title=title, tokens=tokens,
                           live=live)
