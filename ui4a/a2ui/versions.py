"""The differences between A2UI v0.9 and v1.0 (the v0.10 draft) messages, both ways.

v1.0 spells a data binding ``{"@path": …}`` and a function call ``{"@call": …}``
(v0.9: ``path``, ``call`` with a ``returnType``), may carry a surface's components
and data model inline in ``createSurface``, and its Text has only the ``caption``
and ``body`` variants — headings are Markdown (``## Title``).

The exporter builds v0.9 shapes and :func:`create_surface_v1` turns them into one
v1.0 message; the importer reads every version through :func:`to_v09_value`.
"""

from __future__ import annotations

import re
from typing import Any

HEADING_VARIANTS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5}
_MARKDOWN_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*)$", re.S)


def create_surface_v1(surface_id: str, catalog: str, components: list[dict],
                      state: dict[str, Any]) -> list[dict]:
    """One v1.0 ``createSurface`` with the components and data model inline."""
    body: dict[str, Any] = {"surfaceId": surface_id, "catalogId": catalog,
                            "components": [_component_v1(c) for c in components]}
    if state:
        body["dataModel"] = state
    return [{"version": "v1.0", "createSurface": body}]


def _component_v1(component: dict) -> dict:
    out = {k: to_v1_value(v) for k, v in component.items()}
    level = HEADING_VARIANTS.get(out.get("variant")) if out.get("component") == "Text" else None
    if level is not None:
        del out["variant"]
        out["text"] = _markdown_heading(out["text"], level)
    return out


def _markdown_heading(text: Any, level: int) -> Any:
    mark = "#" * level + " "
    if isinstance(text, str):
        return mark + text
    if isinstance(text, dict) and "@path" in text:
        return {"@call": "formatString", "args": {"value": mark + "${" + text["@path"] + "}"}}
    if isinstance(text, dict) and text.get("@call") in ("formatString", "ui4aFormat"):
        args = dict(text["args"])
        args["value"] = mark + args["value"]
        return {**text, "args": args}
    if isinstance(text, dict) and text.get("@call") == "ui4aExpr":
        return {"@call": "ui4aFormat", "args": {"value": mark + "{" + text["args"]["expr"] + "}"}}
    return text


def to_v1_value(value: Any) -> Any:
    """``path`` → ``@path``, ``call`` → ``@call`` (no ``returnType``), at any depth."""
    if isinstance(value, list):
        return [to_v1_value(v) for v in value]
    if not isinstance(value, dict):
        return value
    if set(value) == {"path"} and isinstance(value["path"], str):
        return {"@path": value["path"]}
    if "call" in value and isinstance(value["call"], str) and "componentId" not in value:
        out = {"@call": value["call"]}
        out.update({k: to_v1_value(v) for k, v in value.items() if k not in ("call", "returnType")})
        return out
    return {k: to_v1_value(v) for k, v in value.items()}


def to_v09_value(value: Any) -> Any:
    """``@path`` → ``path``, ``@call`` → ``call``; iterative, so input depth costs no stack."""
    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        container, key = stack.pop()
        v = container[key]
        if isinstance(v, dict):
            renamed = {("path" if k == "@path" else "call" if k == "@call" else k): x for k, x in v.items()}
            container[key] = renamed
            stack.extend((renamed, k) for k in renamed)
        elif isinstance(v, list):
            copied = list(v)
            container[key] = copied
            stack.extend((copied, i) for i in range(len(copied)))
    return root[0]


def markdown_heading(text: str) -> tuple[int, str] | None:
    """``"## Title"`` → (2, "Title"); None when the text is not a Markdown heading."""
    m = _MARKDOWN_HEADING.match(text)
    if m is None or "\n" in m.group(2).strip():
        return None
    return len(m.group(1)), m.group(2).strip()
