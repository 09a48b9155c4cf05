"""The component registry: validates what it registers and finds installed packages.

Built-in components live in the top-level ``components`` package; any installed
distribution can add its own through the ``ui4a.components`` entry-point group,
whose targets are modules that call :func:`register` when imported.
"""

from __future__ import annotations

import importlib
import re
import typing
from importlib.metadata import entry_points

import jinja2
from pydantic import BaseModel

from ui4a.component import CATEGORIES, Component

NAME_RE = re.compile(r"^[A-Z][A-Za-z0-9]{1,39}$")
PROP_RE = re.compile(r"^[a-z][A-Za-z0-9]{0,39}$")
# Names the language itself owns; a component may not take them.
RESERVED_NAMES = frozenset({"State"})
ENTRY_POINT_GROUP = "ui4a.components"


class RegistryError(Exception):
    """A component definition is malformed; the message names the component and the fault."""


_REGISTRY: dict[str, Component] = {}
_loaded = False


def _check(component: Component) -> None:
    name = component.name
    where = f"component {name!r}"
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise RegistryError(
            f"{where}: name must be PascalCase ASCII letters/digits, 2-40 chars (e.g. 'BarChart')"
        )
    if name in RESERVED_NAMES:
        raise RegistryError(f"{where}: name is reserved by the language")
    if name in _REGISTRY:
        raise RegistryError(f"{where}: already registered")
    if not (isinstance(component.props, type) and issubclass(component.props, BaseModel)):
        raise RegistryError(f"{where}: props must be a pydantic BaseModel subclass")
    if not component.description or not component.description.strip():
        raise RegistryError(f"{where}: description is empty")
    if component.category not in CATEGORIES:
        raise RegistryError(f"{where}: category must be one of {', '.join(CATEGORIES)}")
    children = component.children
    if not (children in ("none", "text", "inline", "any") or (
        isinstance(children, tuple) and children and all(NAME_RE.match(c) for c in children)
    )):
        raise RegistryError(f"{where}: children must be 'none', 'text', 'inline', 'any' or a tuple of names")
    for prop, info in component.props.model_fields.items():
        if not PROP_RE.match(prop):
            raise RegistryError(
                f"{where}: prop {prop!r} must be camelCase ASCII starting with a lowercase letter"
            )
        if not info.description:
            raise RegistryError(f"{where}: prop {prop!r} has no description")
    try:
        component.props.model_json_schema()
    except Exception as exc:  # pydantic raises several types here
        raise RegistryError(f"{where}: props have no JSON schema: {exc}") from exc
    try:
        jinja2.Environment().parse(component.template)
    except jinja2.TemplateSyntaxError as exc:
        raise RegistryError(f"{where}: template line {exc.lineno}: {exc.message}") from exc


def register(component: Component) -> Component:
    """Validate ``component`` and add it to the registry; returns it for convenience."""
    _check(component)
    _REGISTRY[component.name] = component
    return component


def unregister(name: str) -> None:
    """Remove a component (used by tests and by the scaffolder's dry runs)."""
    _REGISTRY.pop(name, None)


def load() -> None:
    """Import the built-in components and every installed ``ui4a.components`` entry point."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    importlib.import_module("components")
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.value != "components":
            importlib.import_module(ep.value)


def get(name: str) -> Component | None:
    load()
    return _REGISTRY.get(name)


def names() -> list[str]:
    load()
    return sorted(_REGISTRY)


def all_components() -> list[Component]:
    load()
    return [_REGISTRY[n] for n in sorted(_REGISTRY)]


def prop_kind(component: Component, prop: str) -> str | None:
    """'action', 'bind' or None: how the language treats a prop's ``{...}`` value."""
    from ui4a.types import ActionValue, Binding

    info = component.props.model_fields.get(prop)
    if info is None:
        return None
    for arg in _flatten(info.annotation):
        if arg is ActionValue:
            return "action"
        if arg is Binding:
            return "bind"
    return None


def _flatten(tp: object) -> list[object]:
    out: list[object] = [tp]
    for arg in typing.get_args(tp):
        out.extend(_flatten(arg))
    return out
