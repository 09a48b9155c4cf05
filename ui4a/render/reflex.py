"""Reflex renderer: a document becomes a tree of Reflex elements for the live app.

Components are written once, as jinja2 templates; this renderer turns the very
HTML they produce into ``rx.el`` elements, attribute for attribute, and wires
the inert ``data-ui4a-*`` markers to backend event handlers. So the live app and
the headless HTML can never drift apart, and every component in the registry —
including one scaffolded a minute ago — works in the app with no extra code.

The HTML is UI4A's own template output (escaped, script-free), parsed back with
the standard library's HTMLParser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import reflex as rx

from ui4a.lang.nodes import Document
from ui4a.render.html import render_tree

VOID = {"input", "img", "hr", "br", "meta", "link", "source", "col", "area", "wbr"}
# html.parser lowercases attribute names; React wants these spelled its way.
REACT_NAMES = {
    "class": "className", "for": "htmlFor", "tabindex": "tabIndex", "readonly": "readOnly",
    "maxlength": "maxLength", "minlength": "minLength", "colspan": "colSpan", "rowspan": "rowSpan",
    "autocomplete": "autoComplete", "novalidate": "noValidate", "viewbox": "viewBox",
    "preserveaspectratio": "preserveAspectRatio", "enterkeyhint": "enterKeyHint",
    "inputmode": "inputMode", "spellcheck": "spellCheck", "datetime": "dateTime",
    "xlink:href": "xlinkHref", "crossorigin": "crossOrigin", "srcset": "srcSet",
}
# Controls whose every change is a single, complete value: no typing to buffer.
UNBUFFERED = {"checkbox", "radio", "range", "color", "file", "hidden", "submit", "button"}
DEBOUNCE_MS = 120
SVG_TAGS = {"svg", "g", "path", "circle", "rect", "line", "polyline", "polygon", "text", "tspan",
            "title", "desc", "defs", "ellipse"}


@dataclass(frozen=True)
class Wiring:
    """How the renderer reaches the backend: each callable returns an event handler or spec."""

    action: Callable[[str], Any]
    """action source → the on_click event for a button (or any element with an action)."""
    bind_value: Callable[[str], Any]
    """state name → an on_change handler taking the new value (text, number, select, radio, range)."""
    bind_toggle: Callable[[str], Any]
    """state name → an on_change event for a checkbox or switch (flips the boolean)."""
    submit: Callable[[str], Any]
    """action source ('' for the default submit()) → an on_submit handler taking form_data."""


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str | None]
    children: list[Any] = field(default_factory=list)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(_Node(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if data:
            self.stack[-1].children.append(data)


def parse_html(html: str) -> _Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def _style(css: str) -> dict[str, str]:
    out = {}
    for decl in css.split(";"):
        if ":" in decl:
            key, value = decl.split(":", 1)
            out[_camel(key.strip())] = value.strip()
    return out


def _camel(name: str) -> str:
    if name.startswith("--"):
        return name  # CSS custom properties keep their spelling
    head, *rest = name.split("-")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _react_attr(name: str) -> str:
    if name in REACT_NAMES:
        return REACT_NAMES[name]
    if name.startswith(("data-", "aria-")):
        return name
    return _camel(name) if "-" in name else name


class _Converter:
    def __init__(self, wiring: Wiring | None) -> None:
        self.wiring = wiring

    def children(self, node: _Node, bind: str | None = None) -> list[Any]:
        out = []
        for child in node.children:
            if isinstance(child, str):
                if child.strip() or (out and not isinstance(out[-1], str)):
                    out.append(child)
            else:
                out.append(self.element(child, bind))
        return out

    def element(self, node: _Node, bind: str | None = None) -> rx.Component:
        tag, attrs = node.tag, dict(node.attrs)
        wiring = self.wiring
        own_bind = attrs.get("data-ui4a-bind")
        bind = own_bind or bind  # a RadioGroup binds on its fieldset, its radios inherit it
        # Bound controls are controlled by the backend's state; the rest keep their own value.
        controlled = wiring is not None and bind is not None and tag in ("input", "select", "textarea")
        kind = attrs.get("type", "") if tag == "input" else ""
        props: dict[str, Any] = {}
        custom: dict[str, Any] = {}

        if tag == "select":
            chosen = next((c.attrs.get("value") for c in node.children
                           if isinstance(c, _Node) and c.tag == "option" and "selected" in c.attrs), None)
            for c in node.children:
                if isinstance(c, _Node):
                    c.attrs.pop("selected", None)
            if chosen is not None:
                props["value" if controlled else "default_value"] = chosen
        elif tag == "textarea":
            props["value" if controlled else "default_value"] = "".join(
                c for c in node.children if isinstance(c, str))
            node.children = []

        for name, value in attrs.items():
            if name == "style" and value:
                props["style"] = _style(value)
            elif name == "checked" and tag == "input":
                continue  # set below, controlled or not
            elif name == "value" and tag == "input" and kind not in ("radio", "checkbox", "hidden", "submit",
                                                                       "button"):
                props["value" if controlled else "default_value"] = value or ""
            elif name == "open" and tag == "details":
                # A controlled "open" would fight the user's clicks; the browser owns it after mount.
                props["open"] = True
            else:
                custom[_react_attr(name)] = True if value is None else value

        if kind in ("checkbox", "radio"):
            props["checked" if controlled else "default_checked"] = "checked" in attrs

        if wiring is not None:
            action = attrs.get("data-ui4a-action")
            source = json.loads(action) if action else None
            if tag == "form" and "data-ui4a-form" in attrs:
                props["on_submit"] = wiring.submit(source or "")
            elif source is not None:
                props["on_click"] = wiring.action(source)
            if controlled:
                props["on_change"] = wiring.bind_toggle(bind) if kind == "checkbox" else wiring.bind_value(bind)

        if custom:
            props["custom_attrs"] = custom
        element = _factory(tag)(*self.children(node, bind), **props)
        if controlled and (tag == "textarea" or (tag == "input" and kind not in UNBUFFERED)):
            # Typing into a backend-controlled field would lose keys that arrive faster than
            # the round trip; react-debounce-input buffers them on the client.
            return rx.debounce_input(element, debounce_timeout=DEBOUNCE_MS, force_notify_on_blur=True)
        return element


def _factory(tag: str) -> Callable[..., rx.Component]:
    if tag in SVG_TAGS and tag != "svg":
        return getattr(rx.el.svg, tag)
    if tag == "svg":
        return rx.el.svg
    factory = getattr(rx.el, tag, None)
    if factory is None:
        raise ValueError(f"no Reflex element for <{tag}>")
    return factory


def html_to_reflex(html: str, wiring: Wiring | None = None) -> rx.Component:
    """Convert UI4A's rendered HTML into Reflex elements, wiring its events when given handlers.

    Raises ValueError when Reflex refuses the structure (it validates some nestings).
    """
    root = parse_html(html)
    converted = _Converter(wiring).children(root)
    return converted[0] if len(converted) == 1 else rx.fragment(*converted)


def render_reflex(doc: Document, state: dict[str, Any] | None = None, wiring: Wiring | None = None,
                  partial: bool = False, theme: str = "light") -> rx.Component:
    """Render a parsed document as Reflex elements (a streaming frame with ``partial``)."""
    return html_to_reflex(str(render_tree(doc, state, partial=partial, theme=theme)), wiring)

