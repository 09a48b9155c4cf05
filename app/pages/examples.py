"""The examples page: every bundled example rendered live, with the request it answers."""

from __future__ import annotations

import reflex as rx

from app.pages.playground import header
from ui4a.model.backends.replay import load_examples
from ui4a.render.html import render_source
from ui4a.render.reflex import html_to_reflex


def example_card(name: str, request: str, source: str) -> rx.Component:
    return rx.el.article(
        rx.el.h2(name.replace("_", " ")),
        rx.el.p(f"“{request}”", class_name="gl-desc"),
        rx.el.section(html_to_reflex(render_source(source)), id=f"example-{name}", class_name="gl-example"),
        class_name="gl-card",
    )


def examples() -> rx.Component:
    items = load_examples()
    return rx.el.div(
        header("examples"),
        rx.el.div(
            rx.el.nav(*[rx.el.a(e.name.replace("_", " "), href=f"#example-{e.name}") for e in items],
                      class_name="gl-nav", aria_label="Examples"),
            rx.el.main(*[example_card(e.name, e.request, e.source) for e in items]),
            class_name="gl-main",
        ),
    )
