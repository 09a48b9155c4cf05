"""The A2UI catalogs UI4A exports against, built from the official SDK's basic catalogs.

An export names :func:`catalog_id`: A2UI's basic catalog (from ``a2ui-agent-sdk``,
per protocol version) extended the way A2UI allows custom catalogs to be —

* the basic components UI4A maps onto gain UI4A's extra props (a Card's title, a
  Row's gap, a field's hint), each described by the UI4A props model's own text;
* UI4A components with no basic equivalent (Table, the charts, Stat, …) and
  ``RichText`` (text mixing inline components) are custom components with their
  props, ``children`` (a child list) and ``text`` (a dynamic string);
* three functions carry what A2UI's function set cannot say: ``ui4aExpr`` (a
  computed value in UI4A's expression language), ``ui4aFormat`` (text with such
  expressions) and ``ui4aRun`` (UI state actions such as ``x = x + 1``).

:func:`validate` runs the SDK's own payload validator against that catalog.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from a2ui.core import Catalog, CatalogApi
from a2ui.core.basic_catalog import BasicCatalog
from a2ui.utils.validation import validate_payload

from ui4a import registry
from ui4a.a2ui.mapping import BASIC_FOR

VERSIONS = ("0.9", "1.0")
"""Protocol versions UI4A exports: v0.9 (the production release) and v1.0."""

EXTRA_FIELDS = {
    "ChoicePicker": {"dropdown": {"type": "boolean", "description": "UI4A: shown as a drop-down select."}},
    "CheckBox": {"switch": {"type": "boolean", "description": "UI4A: shown as an on/off switch."}},
    "Button": {"ui4aVariant": {"description": "UI4A: a button style A2UI lacks (danger), or a computed one."}},
}
"""Fields UI4A adds to basic components beyond its own props."""

FUNCTIONS = {
    "ui4aExpr": ("any", {"expr": "An expression in UI4A's expression language, e.g. `count * 2`."}),
    "ui4aFormat": ("string", {"value": "Text with `{expression}` interpolations in UI4A's language."}),
    "ui4aRun": ("void", {"program": "UI state statements, e.g. `count = count + 1; toggle(open)`."}),
}
"""UI4A's custom functions: name → (return type, {argument: description})."""


def catalog_id(version: str) -> str:
    """The id of UI4A's catalog for one protocol version."""
    return f"https://ui4a.dev/a2ui/v{version.replace('.', '_')}/catalog.json"


def basic(version: str) -> CatalogApi:
    """The SDK's basic catalog for ``version``."""
    return BasicCatalog(version)


@cache
def catalog(version: str) -> CatalogApi:
    """UI4A's catalog for ``version``: the basic one plus UI4A's props, components and functions."""
    if version not in VERSIONS:
        raise ValueError(f"A2UI version must be one of {', '.join(VERSIONS)}, got {version!r}")
    doc = copy.deepcopy(basic(version).to_json())
    common = _common_types_uri(doc)
    call_key = "@call" if version == "1.0" else "call"
    doc["catalogId"] = catalog_id(version)
    doc["$id"] = catalog_id(version)
    doc["title"] = "UI4A catalog (A2UI basic catalog + UI4A components)"

    extra: dict[str, dict[str, Any]] = {}
    for name, basic_name in BASIC_FOR.items():
        for prop, schema in _ui4a_props(name).items():
            extra.setdefault(basic_name, {}).setdefault(prop, schema)
    for basic_name, fields in EXTRA_FIELDS.items():
        extra.setdefault(basic_name, {}).update(fields)
    for basic_name, props in extra.items():
        own = _properties(doc["components"][basic_name])
        for prop, schema in props.items():
            own.setdefault(prop, schema)
    _add_ui4a_icons(_properties(doc["components"]["Icon"])["name"])
    for bound in ("min", "max"):
        _any_date_format(_properties(doc["components"]["DateTimeInput"])[bound])

    customs = [c.name for c in registry.all_components() if c.name not in BASIC_FOR and c.name != "Tab"]
    for name in [*customs, "RichText"]:
        doc["components"][name] = _custom_component(name, common, version)
    for name, (returns, args) in FUNCTIONS.items():
        doc["functions"][name] = _function(name, call_key, returns, args, common)
    _union(doc, "anyComponent", "#/components/", doc["components"])
    _union(doc, "anyFunction", "#/functions/", doc["functions"])
    return Catalog.from_json(doc, protocol_version=version)


def validate(messages: list[dict], version: str) -> None:
    """The SDK's validator over ``messages``; raises ``a2ui.core.A2uiValidationError``."""
    validate_payload([catalog(version)], messages)


# ---------------------------------------------------------------- building blocks


def _common_types_uri(doc: dict) -> str:
    """Where the basic catalog's references to common types point (it differs by version)."""
    ref = _properties(doc["components"]["Text"])["text"]["$ref"]
    return ref.split("#", 1)[0]


def _properties(component: dict) -> dict:
    """The ``properties`` object of a catalog component schema (v0.9 nests it in ``allOf``)."""
    if "properties" in component:
        return component["properties"]
    for part in component.get("allOf", []):
        if "properties" in part and "component" in part["properties"]:
            return part["properties"]
    raise KeyError("component schema without properties")


def _ui4a_props(name: str) -> dict[str, dict]:
    comp = registry.get(name)
    if comp is None:
        return {}
    out = {}
    for prop, field in comp.props.model_fields.items():
        text = (field.description or f"UI4A prop {prop} of {name}.").strip()
        out[prop] = {"description": f"UI4A: {text}"}
    return out


def _custom_component(name: str, common: str, version: str) -> dict:
    props: dict[str, Any] = {"component": {"const": name}}
    props.update(_ui4a_props(name))
    props["children"] = {"$ref": f"{common}#/$defs/ChildList", "description": "Child components."}
    props["text"] = {"$ref": f"{common}#/$defs/DynamicString", "description": "Text content."}
    if name == "RichText":
        props["variant"] = {"type": "string", "description": "Text style, as on Text."}
        props["heading"] = {"type": "boolean", "description": "Shown as a heading."}
    body = {"type": "object", "properties": props, "required": ["component"]}
    if version == "1.0":
        return body
    return {
        "type": "object",
        "allOf": [{"$ref": f"{common}#/$defs/ComponentCommon"}, {"$ref": "#/$defs/CatalogComponentCommon"}, body],
        "unevaluatedProperties": False,
    }


def _function(name: str, call_key: str, returns: str, args: dict[str, str], common: str) -> dict:
    return {
        "type": "object",
        "description": f"UI4A: {name}.",
        "properties": {
            call_key: {"const": name},
            "args": {
                "type": "object",
                "properties": {k: {"type": "string", "description": d} for k, d in args.items()},
                "required": list(args),
            },
            "returnType": {"type": "string"},
        },
        "required": [call_key, "args"],
    }


def _add_ui4a_icons(schema: dict) -> None:
    """UI4A's icon names join the basic enum (UI4A exports its own names where A2UI has none)."""
    from ui4a.a2ui.icons import ui4a_only

    for option in schema.get("oneOf", [schema]):
        if "enum" in option:
            option["enum"] = [*option["enum"], *ui4a_only()]
            return


def _any_date_format(schema: Any) -> None:
    """``oneOf`` date / time / date-time → ``anyOf``.

    Without format checking every string matches all three, so the basic catalog's
    ``oneOf`` rejects every date bound; UI4A's catalog accepts any of them.
    """
    if isinstance(schema, dict):
        if "oneOf" in schema and all(isinstance(o, dict) and "format" in o for o in schema["oneOf"]):
            schema["anyOf"] = schema.pop("oneOf")
        for v in schema.values():
            _any_date_format(v)
    elif isinstance(schema, list):
        for v in schema:
            _any_date_format(v)


def _union(doc: dict, name: str, prefix: str, entries: dict) -> None:
    doc.setdefault("$defs", {})[name] = {"oneOf": [{"$ref": f"{prefix}{k}"} for k in entries]}
