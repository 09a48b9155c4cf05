"""The jinja2 environment every component template renders in.

Template context, for every component:
  props     the validated props model (``{expr}`` values already evaluated)
  children  the rendered children as Markup ("" when there are none)
  uid       a DOM id unique within the document (use it for label/for, aria-controls)
  state     the current UI state, read-only
  value_of(binding, default)  -> the bound state value, or default when unbound
  + whatever the component's ``prepare(props)`` returns.
Globals:
  action_attrs(action)        -> ' data-ui4a-action="…"' for an ActionValue (or "")
  bind_attrs(binding)         -> ' data-ui4a-bind="name"' for a Binding (or "")
Filters:
  number(x, digits=None)      -> thousands-separated number text
  field_key(label)            -> a form field's default key: the label in camelCase
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ui4a.types import ActionValue, Binding


def action_attrs(action: ActionValue | None) -> Markup:
    if action is None:
        return Markup("")
    payload = json.dumps(action.source, ensure_ascii=False)
    return Markup(' data-ui4a-action="{}"').format(payload)


def bind_attrs(binding: Binding | None) -> Markup:
    if binding is None:
        return Markup("")
    return Markup(' data-ui4a-bind="{}"').format(binding.name)


def field_key(label: Any) -> str:
    """A form field's default key: its label in camelCase ("Full name" -> "fullName")."""
    words = re.findall(r"[A-Za-z0-9]+", str(label))
    if not words:
        return "field"
    key = words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])
    return (key if key[0].isalpha() else "f" + key)[:40]


def format_number(value: Any, digits: int | None = None) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(escape(value))
    if digits is None:
        if isinstance(value, float) and not value.is_integer():
            return f"{value:,.2f}".rstrip("0").rstrip(".")
        return f"{int(value):,}"
    return f"{value:,.{digits}f}"


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(action_attrs=action_attrs, bind_attrs=bind_attrs)
    env.filters["number"] = format_number
    env.filters["field_key"] = field_key
    return env


@lru_cache(maxsize=256)
def compile_template(source: str) -> jinja2.Template:
    return environment().from_string(source)
