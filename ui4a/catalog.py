"""The catalog: the system prompt and JSON descriptions, generated from the registry only.

Each component's line is derived from its props model's JSON schema, so a
component changes its prompt by changing its props — nothing is kept by hand.
"""

from __future__ import annotations

import json
from typing import Any

from ui4a import registry
from ui4a.component import Component
from ui4a.lang import expr as ex

# Enumerations that recur across components are named once in the prompt.
_ALIASES = {
    "tone": ("neutral", "info", "success", "warning", "danger", "accent"),
    "size": ("sm", "md", "lg"),
}

HEADER = """\
Answer with UI written in this compact JSX-like code, using only the components below; output only code.
Syntax: <Name text="Hi {x}" n=2 flag list=[1,"a",{k:1}] v={expr}>children</Name>, <Name … />; </> closes the innermost tag. Props marked ? are optional; bare flag = true; any tag takes id="…".
State: <State n=0 s="" on=false /> declares state; inputs bind={n}; text and strings interpolate {n * 2}; \\{ is a literal brace.
Actions: action={n = n + 1; toggle(on); send("Booked {n}")}; in a Form, onSubmit defaults to submit() (sends the field values).
Expressions: + - * / % == != < <= > >= && || ! c?a:b, a.b, a[i]; functions: {functions}.
Types: {aliases}; T[] list; action/bind as above. Children: * any, T text only, (A|B) only those.
Components:"""


def component_line(comp: Component, aliases: dict[str, tuple] | None = None) -> str:
    schema = comp.props.model_json_schema()
    aliases = _ALIASES if aliases is None else aliases
    defs = schema.get("$defs", {})
    required = set(schema.get("required", []))
    parts = [comp.name]
    for name, prop in schema.get("properties", {}).items():
        kind = _type(prop, defs, aliases)
        opt = "" if name in required else "?"
        parts.append(f"{name}{opt}" if kind == "bool" and opt else f"{name}{opt}:{kind}")
    children = comp.children
    if children == "any":
        parts.append("*")
    elif children == "text":
        parts.append("T")
    elif isinstance(children, tuple):
        parts.append("(" + "|".join(children) + ")")
    return " ".join(parts)


def prompt(components: list[str] | None = None) -> str:
    """The catalog system prompt, optionally for a subset of components."""
    chosen = _select(components)
    aliases = {**_ALIASES, **_shared_enums(chosen)}
    named = "; ".join(f"{k}={'|'.join(v)}" for k, v in aliases.items())
    header = HEADER.replace("{functions}", ", ".join(ex.PURE_FUNCTIONS)).replace("{aliases}", named)
    lines = [header]
    lines += [component_line(c, aliases) for c in chosen]
    lines.append("Examples:")
    lines += _examples(chosen)
    return "\n".join(lines) + "\n"


def catalog_json(components: list[str] | None = None) -> list[dict[str, Any]]:
    out = []
    for comp in _select(components):
        children = comp.children if isinstance(comp.children, str) else list(comp.children)
        out.append({
            "name": comp.name,
            "description": comp.description,
            "category": comp.category,
            "children": children,
            "props": comp.props.model_json_schema(),
            "example": comp.example,
        })
    return out


def _select(components: list[str] | None) -> list[Component]:
    if components is None:
        return registry.all_components()
    unknown = [n for n in components if registry.get(n) is None]
    if unknown:
        raise KeyError(f"unknown component(s): {', '.join(unknown)}; known: {', '.join(registry.names())}")
    return [registry.get(n) for n in sorted(set(components))]  # type: ignore[misc]


_EXAMPLES = [
    ({"Card", "Stat", "BarChart"},
     '<Card title="Revenue"><Stat label="MRR" value="$12.4k" delta=4.2 />'
     '<BarChart data=[["Jan",12],["Feb",15],["Mar",9]] /></Card>'),
    ({"Form", "NumberField", "Text"},
     '<State qty=1 /><Form title="Order" onSubmit={send("Order {qty}")}>'
     '<NumberField label="Quantity" bind={qty} min=1 /><Text>Total: ${qty * 4}</Text></Form>'),
]


def _examples(chosen: list[Component]) -> list[str]:
    names = {c.name for c in chosen}
    picked = [text for needs, text in _EXAMPLES if needs <= names]
    if len(picked) < 2:  # a subset: fall back to the components' own examples
        picked += [c.example for c in chosen if c.example][: 2 - len(picked)]
    return picked


def _shared_enums(chosen: list[Component]) -> dict[str, tuple]:
    """Long enumerations used by two or more components get a name, written once."""
    seen: dict[tuple, set[str]] = {}
    for comp in chosen:
        for name, prop in comp.props.model_json_schema().get("properties", {}).items():
            for option in [prop, *prop.get("anyOf", [])]:
                values = tuple(option.get("enum", ()))
                if len(values) > 3 and values not in _ALIASES.values():
                    seen.setdefault(values, set()).add(f"{comp.name}.{name}|{name}")
    out: dict[str, tuple] = {}
    for values, users in seen.items():
        if len({u.split("|")[0].split(".")[0] for u in users}) >= 2:
            prop_name = sorted(u.split("|")[1] for u in users)[0]
            out[prop_name if prop_name not in out else f"{prop_name}{len(out)}"] = values
    return out


def _type(prop: dict[str, Any], defs: dict[str, Any], aliases: dict[str, tuple] | None = None) -> str:
    aliases = _ALIASES if aliases is None else aliases
    if "$ref" in prop:
        return _type(defs[prop["$ref"].split("/")[-1]], defs, aliases)
    fmt = prop.get("format")
    if fmt == "ui4a-action":
        return "action"
    if fmt == "ui4a-binding":
        return "bind"
    if "enum" in prop:
        values = tuple(prop["enum"])
        for alias, members in aliases.items():
            if values == members:
                return alias
        return "|".join(json.dumps(v) if not isinstance(v, str) else v for v in values)
    if "const" in prop:
        return json.dumps(prop["const"])
    for key in ("anyOf", "oneOf"):
        if key in prop:
            kinds = list(dict.fromkeys(_type(p, defs, aliases) for p in prop[key] if p.get("type") != "null"))
            if "num" in kinds and "int" in kinds:  # int is a num already
                kinds.remove("int")
            return "|".join(kinds)
    kind = prop.get("type")
    if kind == "array":
        if "prefixItems" in prop:
            return "[" + ",".join(_type(p, defs, aliases) for p in prop["prefixItems"]) + "]"
        item = _type(prop.get("items", {}), defs, aliases)
        return f"({item})[]" if "|" in item else f"{item}[]"
    if kind == "object":
        if "properties" in prop:
            req = set(prop.get("required", []))
            fields = [f"{k}{'' if k in req else '?'}" + (":" + t if (t := _type(v, defs, aliases)) != "str" else "")
                      for k, v in prop["properties"].items()]
            return "{" + ",".join(fields) + "}"
        extra = prop.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return "{str:" + _type(extra, defs, aliases) + "}"
        return "obj"
    return {"string": "str", "integer": "int", "number": "num", "boolean": "bool", "null": "null"}.get(
        kind or "", "any")
