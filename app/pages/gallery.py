"""The component gallery: every component's interface, its example rendered live, and an editor."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import reflex as rx

from app.pages.playground import header
from ui4a import catalog, registry
from ui4a.component import Component
from ui4a.render.html import RenderError, render_source
from ui4a.render.reflex import html_to_reflex
from ui4a.validate import check

STARTER = """<State n=1 />
<Card title="Try me">
  <Text>Edit this code: the preview and errors follow as you type.</Text>
  <Slider label="Value" bind={n} min=0 max=10 />
  <Progress label="Progress" value={n * 10} />
</Card>"""


def editor_verdict(source: str) -> tuple[list[str], str | None]:
    """The editor's errors — ``ui4a check``'s, as ``line:col: message`` — and the preview's HTML
    (None: keep the last good preview). Whatever the input, this returns; nothing it can meet
    reaches Reflex as an exception (which would show a toast while the editor says "No errors")."""
    report = check(source)
    if not report.ok:
        return [f"{d.line}:{d.col}: {d.message}" for d in report.diagnostics], None
    try:
        html = render_source(source)
        preview_component(html)  # Reflex refuses some structures: say so here, not in the var
    except RenderError as exc:
        return [f"{d.line}:{d.col}: {d.message}" for d in exc.diagnostics], None
    except ValueError as exc:
        return [f"preview: {exc}"], None
    return [], html


@lru_cache(maxsize=32)
def preview_component(html: str) -> rx.Component:
    return html_to_reflex(html)


class GalleryState(rx.State):
    source: str = STARTER
    errors: list[str] = []
    preview_html: str = ""

    @rx.var
    def preview(self) -> rx.Component:
        return preview_component(self.preview_html) if self.preview_html else rx.fragment()

    @rx.event
    def set_source(self, value: str):
        self.source = value
        self.errors, html = editor_verdict(value)
        if html is not None:
            self.preview_html = html

    @rx.event
    def load(self):
        self.set_source(self.source)


def props_table(comp: Component) -> rx.Component:
    schema = comp.props.model_json_schema()
    required = set(schema.get("required", []))
    rows = []
    for name, prop in schema.get("properties", {}).items():
        default = "" if name in required or "default" not in prop else repr(prop["default"])
        rows.append(rx.el.tr(
            rx.el.td(rx.el.code(name)),
            rx.el.td(rx.el.code(catalog._type(prop, schema.get("$defs", {})))),
            rx.el.td("yes" if name in required else ""),
            rx.el.td(rx.el.code(default) if default else ""),
            rx.el.td(prop.get("description", "")),
        ))
    head = rx.el.thead(rx.el.tr(*[rx.el.th(h, scope="col") for h in ("prop", "type", "required", "default",
                                                                        "description")]))
    return rx.el.table(head, rx.el.tbody(*rows), class_name="gl-props")


def _children(comp: Component) -> str:
    policy: Any = comp.children
    if isinstance(policy, tuple):
        return "only " + ", ".join(f"<{n}>" for n in policy)
    return {"none": "none (self-closing)", "text": "text", "inline": "text and inline components",
            "any": "any"}[policy]


def component_card(comp: Component) -> rx.Component:
    return rx.el.article(
        rx.el.h2(comp.name),
        rx.el.p(comp.description, class_name="gl-desc"),
        rx.el.p(f"Category: {comp.category} · children: {_children(comp)}", class_name="gl-desc"),
        props_table(comp),
        rx.el.code(comp.example, class_name="gl-code"),
        html_to_reflex(render_source(comp.example)),
        class_name="gl-card",
        id=f"component-{comp.name}",
    )


def editor() -> rx.Component:
    return rx.el.article(
        rx.el.h2("Try it"),
        rx.el.div(
            rx.el.div(
                rx.el.textarea(default_value=STARTER, on_change=GalleryState.set_source, id="editor",
                               aria_label="Compact code", spell_check=False),
                rx.cond(
                    GalleryState.errors.length() > 0,
                    rx.el.pre(rx.foreach(GalleryState.errors, lambda e: rx.el.div(e)), class_name="pg-errors",
                              id="editor-errors", role="alert"),
                    rx.el.p("No errors.", class_name="gl-ok", id="editor-ok"),
                ),
            ),
            rx.el.div(GalleryState.preview, id="editor-preview"),
            class_name="gl-editor",
        ),
        class_name="gl-card",
    )


def gallery() -> rx.Component:
    comps = registry.all_components()
    return rx.el.div(
        header("components"),
        rx.el.div(
            rx.el.nav(rx.el.a("Try it", href="#editor"),
                      *[rx.el.a(c.name, href=f"#component-{c.name}") for c in comps],
                      class_name="gl-nav", aria_label="Components"),
            rx.el.main(editor(), *[component_card(c) for c in comps]),
            class_name="gl-main",
        ),
    )
