"""Compact code → A2UI messages (v0.9 by default, v1.0 on request).

A2UI v0.9 is a stream of JSON Lines messages, each ``{"version": "v0.9", <type>: {...}}``
with ``<type>`` one of ``createSurface``, ``updateComponents``, ``updateDataModel`` or
``deleteSurface``. ``updateComponents`` carries a *flat* list of components linked by
ids (``children``, ``child``, Tabs' ``tabs``, Modal's ``trigger``/``content``); one has
the id ``root``. Dynamic values are ``{"path": "/json/pointer"}`` and function calls
``{"call": …, "args": …}``; Button actions are ``{"event": {"name", "context"}}`` or
``{"functionCall": …}``. :func:`export` writes ``createSurface``, ``updateComponents``
and, when there is state, ``updateDataModel``; with ``version="1.0"`` the same content
goes through :mod:`ui4a.a2ui.versions` into one v1.0 ``createSurface``.

Mapping choices, made so the JSON carries the same information as the compact code in
A2UI's own structure (neither padded nor trimmed), against UI4A's catalog
(:mod:`ui4a.a2ui.catalog`: the SDK's basic catalog plus UI4A's fields):

* components with a basic equivalent use it (:data:`~ui4a.a2ui.mapping.BASIC_FOR`); a
  Card's several children are wrapped in a Column, a Button's label is a child Text,
  a Modal's trigger label a Button, List items Texts (or Columns of Texts);
* UI4A props the basic catalog has no field for (a Card's title, a Row's gap) keep
  their UI4A name; components with no basic equivalent (Table, charts, Stat, …) are
  custom components carrying their props, ``children`` and ``text``; text mixing
  inline components is the custom ``RichText``;
* ``bind={x}`` → ``{"path": "/x"}`` (``a.b[0]`` → ``/a/b/0``); text interpolating only
  paths → ``formatString``; anything else computed → ``ui4aExpr`` / ``ui4aFormat``;
* ``send("…")`` → the event ``send`` with ``context.text``; ``submit()`` → the event
  ``submit``; other actions → the function ``ui4aRun`` with the statements as written;
* ids are the element's own ``id``, else ``c1``, ``c2``, … in document order; the root
  is the single top-level element, or a Column holding the top-level elements.
"""

from __future__ import annotations

import json
from typing import Any

from ui4a import registry
from ui4a.a2ui import icons, versions
from ui4a.a2ui.catalog import catalog_id
from ui4a.a2ui.errors import A2UIError
from ui4a.a2ui.mapping import BASIC_FOR, BUTTON_VARIANT, JUSTIFY, LIST_PARTS
from ui4a.lang import expr as ex
from ui4a.lang import writer
from ui4a.lang.nodes import Document, Element, Interp, Prop, Text

SURFACE_ID = "main"


# ================================================================ export


def export(source_or_document: str | Document, version: str = "0.9",
           surface_id: str = SURFACE_ID) -> list[dict]:
    """Compact code (or a parsed document) → A2UI messages of ``version`` ("0.9" or "1.0")."""
    from ui4a.validate import check, declared_state

    if isinstance(source_or_document, Document):
        doc = source_or_document
    else:
        report = check(source_or_document)
        if not report.ok or report.document is None:
            d = report.diagnostics[0]
            raise A2UIError(f"compact code does not validate: {d.line}:{d.col}: {d.message}")
        doc = report.document
    state = declared_state(doc)
    components = _Exporter(doc).run()
    if version == "1.0":
        return versions.create_surface_v1(surface_id, catalog_id("1.0"), components, state)
    if version != "0.9":
        raise A2UIError(f"A2UI version must be 0.9 or 1.0, got {version!r}")
    tag = "v0.9"
    messages: list[dict] = [
        {"version": tag, "createSurface": {"surfaceId": surface_id, "catalogId": catalog_id("0.9")}},
        {"version": tag, "updateComponents": {"surfaceId": surface_id, "components": components}},
    ]
    if state:
        messages.append({"version": tag, "updateDataModel": {"surfaceId": surface_id, "value": state}})
    return messages


def to_jsonl(messages: list[dict]) -> str:
    """One compact JSON object per line: what the benchmark counts tokens of."""
    return "".join(json.dumps(m, separators=(",", ":"), ensure_ascii=False) + "\n" for m in messages)


def _path(node: Any) -> str | None:
    """``a.b[0]`` → ``/a/b/0``; None when the expression is not a plain path."""
    if isinstance(node, ex.Name):
        return "/" + node.id
    if isinstance(node, ex.Member):
        base = _path(node.obj)
        return None if base is None else f"{base}/{node.name}"
    if isinstance(node, ex.Index) and isinstance(node.index, ex.Const) \
            and isinstance(node.index.value, int | str) and not isinstance(node.index.value, bool):
        base = _path(node.obj)
        key = str(node.index.value).replace("~", "~0").replace("/", "~1")
        return None if base is None else f"{base}/{key}"
    return None


def _custom_expr(source: str) -> dict:
    return {"call": "ui4aExpr", "args": {"expr": source}}


def _format_string(parts: list[Any]) -> dict | str | None:
    """Literal text and path interpolations → a literal, a path or formatString."""
    if all(isinstance(p, str) for p in parts):
        return "".join(parts)
    if len(parts) == 1:
        path = _path(parts[0])
        return None if path is None else {"path": path}
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p.replace("${", "\\${"))
        else:
            path = _path(p)
            if path is None:
                return None
            out.append("${" + path + "}")
    return {"call": "formatString", "args": {"value": "".join(out)}, "returnType": "string"}


def _dynamic(node: Any, source: str) -> Any:
    """An expression node → an A2UI literal, path, formatString or ui4aExpr."""
    if isinstance(node, ex.Const):
        return node.value
    if isinstance(node, ex.Template):
        fmt = _format_string(list(node.parts))
        return fmt if fmt is not None else _custom_expr(source)
    path = _path(node)
    if path is not None:
        return {"path": path}
    return _custom_expr(source)


def _action(prop: Prop) -> dict:
    value = prop.value
    statements = value.statements if isinstance(value, ex.Program) else (value,)
    if len(statements) == 1 and isinstance(statements[0], ex.Call):
        call = statements[0]
        if call.func == "submit" and not call.args:
            return {"event": {"name": "submit", "context": {}}}
        source = prop.source.strip().rstrip(";").strip()
        if call.func == "send" and len(call.args) == 1 and source.startswith("send(") and source.endswith(")"):
            arg_source = source[5:-1].strip()
            return {"event": {"name": "send", "context": {"text": _dynamic(call.args[0], arg_source)}}}
    return {"functionCall": {"call": "ui4aRun", "args": {"program": prop.source.strip()}}}


class _Exporter:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.out: list[dict] = []
        self.taken = {p.literal() for el, _ in doc.walk() if (p := el.prop("id")) and isinstance(p.literal(), str)}
        self.n = 0

    def new_id(self) -> str:
        while True:
            self.n += 1
            cid = f"c{self.n}"
            if cid not in self.taken:
                return cid

    def add(self, component: str, cid: str | None = None, **fields: Any) -> dict:
        entry = {"id": cid or self.new_id(), "component": component, **fields}
        self.out.append(entry)
        return entry

    def run(self) -> list[dict]:
        top = [c for c in self.doc.children if not _skip(c)]
        if len(top) == 1 and isinstance(top[0], Element) and top[0].prop("id") is None:
            self.node(top[0], root=True)
        else:
            entry = self.add("Column", "root", children=[])
            entry["children"] = [self.node(c) for c in top]
        return self.out

    # -- nodes

    def node(self, node: Any, root: bool = False) -> str:
        if isinstance(node, Text):
            return self.add("Text", text=node.value)["id"]
        if isinstance(node, Interp):
            return self.add("Text", text=_dynamic(node.expr, node.source))["id"]
        return self.element(node, "root" if root else None)

    def children(self, el: Element) -> list[str]:
        return [self.node(c) for c in el.children if not _skip(c)]

    def one_child(self, nodes: list[Any]) -> str:
        kids = [c for c in nodes if not _skip(c)]
        if len(kids) == 1 and isinstance(kids[0], Element):
            return self.node(kids[0])
        entry = self.add("Column", children=[])
        entry["children"] = [self.node(c) for c in kids]
        return entry["id"]

    def element(self, el: Element, cid: str | None) -> str:
        own = el.prop("id")
        if own is not None and isinstance(own.literal(), str):
            cid = own.literal()
        comp = registry.get(el.name)
        if comp is None:
            raise A2UIError(f"unknown component <{el.name}>")
        props = {p.name: p for p in el.props if p.name != "id" or "id" in comp.props.model_fields}
        handler = getattr(self, f"el_{el.name}", None)
        a2 = BASIC_FOR.get(el.name, el.name)
        entry = self.add(a2, cid)
        if handler is not None:
            handler(el, entry, props)
        else:
            self.custom(el, entry, props, comp)
        for name, prop in props.items():
            if name != "id":
                entry[name] = self.value(comp, prop)
        return entry["id"]

    def value(self, comp: Any, prop: Prop) -> Any:
        kind = registry.prop_kind(comp, prop.name)
        if kind == "action" and prop.braced:
            return _action(prop)
        return _dynamic(prop.value, prop.source)

    def take(self, el: Element, props: dict, name: str) -> Any:
        prop = props.pop(name, None)
        return None if prop is None else self.value(registry.get(el.name), prop)

    def text_of(self, el: Element, raw: bool = False) -> Any:
        parts: list[Any] = []
        for c in el.children:
            if isinstance(c, Text):
                parts.append(c.raw if raw else c.value)
            elif isinstance(c, Interp):
                parts.append(c)
        if all(isinstance(p, str) for p in parts):
            return "".join(parts)
        nodes = [p if isinstance(p, str) else p.expr for p in parts]
        fmt = _format_string(nodes)
        if fmt is not None:
            return fmt
        if len(parts) == 1:
            return _custom_expr(parts[0].source)
        template = "".join(_escape_text(p) if isinstance(p, str) else "{" + p.source + "}" for p in parts)
        return {"call": "ui4aFormat", "args": {"value": template}}

    def custom(self, el: Element, entry: dict, props: dict, comp: Any) -> None:
        policy = comp.children
        if policy in ("text", "inline"):
            if any(isinstance(c, Text | Interp) for c in el.children) or policy == "inline":
                entry["text"] = self.text_of(el, raw=el.name == "Code")
        elif policy != "none":
            entry["children"] = []
            entry["children"] = self.children(el)

    # -- standard components

    def el_Stack(self, el: Element, entry: dict, props: dict) -> None:
        entry["children"] = []
        entry["children"] = self.children(el)

    def el_Row(self, el: Element, entry: dict, props: dict) -> None:
        entry["children"] = []
        j = props.get("justify")
        if j is not None and isinstance(j.literal(), str) and j.literal() in JUSTIFY:
            props.pop("justify")
            entry["justify"] = JUSTIFY[j.literal()]
        entry["children"] = self.children(el)

    def el_Card(self, el: Element, entry: dict, props: dict) -> None:
        entry["child"] = None
        entry["child"] = self.one_child(el.children)

    def _text(self, el: Element, entry: dict, variant: str | None) -> None:
        if variant:
            entry["variant"] = variant
        if any(isinstance(c, Element) for c in el.children):
            entry["component"] = "RichText"
            entry["children"] = []
            entry["children"] = [self.node(c) for c in el.children]
        else:
            entry["text"] = self.text_of(el)

    def el_Heading(self, el: Element, entry: dict, props: dict) -> None:
        level = props.get("level")
        if level is None or isinstance(level.literal(), int):
            props.pop("level", None)
            self._text(el, entry, f"h{level.literal() if level else 2}")
        else:
            self._text(el, entry, None)
            entry["heading"] = True

    def el_Text(self, el: Element, entry: dict, props: dict) -> None:
        self._text(el, entry, None)

    def el_Button(self, el: Element, entry: dict, props: dict) -> None:
        label = self.take(el, props, "label")
        variant = props.get("variant")
        v = variant.literal() if variant is not None and not variant.braced else None
        if variant is None:
            entry["variant"] = "primary"
        elif isinstance(v, str) and v in BUTTON_VARIANT:
            props.pop("variant")
            if BUTTON_VARIANT[v]:
                entry["variant"] = BUTTON_VARIANT[v]
        else:  # computed, or a style A2UI lacks ("danger"): kept under UI4A's own field
            entry["ui4aVariant"] = self.take(el, props, "variant")
        entry["child"] = self.add("Text", text=label)["id"]
        action = self.take(el, props, "action")
        if action is not None:
            entry["action"] = action

    def _bound(self, el: Element, entry: dict, props: dict, literal: str, default: Any = None) -> None:
        bind = self.take(el, props, "bind")
        if bind is not None:
            entry["value"] = bind
        else:
            value = self.take(el, props, literal)
            if value is not None:
                entry["value"] = value
            elif default is not None:
                entry["value"] = default

    def el_TextField(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        multiline = props.get("multiline")
        type_ = props.get("type")
        if multiline is not None and multiline.literal() is True:
            props.pop("multiline")
            entry["variant"] = "longText"
        elif type_ is not None and type_.literal() == "password":
            props.pop("type")
            entry["variant"] = "obscured"
        if "bind" in props and "value" in props:
            entry["defaultValue"] = self.take(el, props, "value")
        self._bound(el, entry, props, "value")

    def el_NumberField(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        entry["variant"] = "number"
        if "bind" in props and "value" in props:
            entry["defaultValue"] = self.take(el, props, "value")
        self._bound(el, entry, props, "value")
        value = entry.get("value")
        if isinstance(value, int | float) and not isinstance(value, bool):
            entry["value"] = writer.number(value)  # a TextField's value is a string

    def el_Checkbox(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        if "bind" in props and "checked" in props:
            entry["defaultValue"] = self.take(el, props, "checked")
        self._bound(el, entry, props, "checked", default=False)

    def el_Switch(self, el: Element, entry: dict, props: dict) -> None:
        self.el_Checkbox(el, entry, props)
        entry["switch"] = True

    def el_RadioGroup(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        options = props.get("options")
        if options is not None and not options.braced and isinstance(options.literal(), list):
            props.pop("options")
            entry["options"] = [
                {"label": str(o), "value": o} if not isinstance(o, dict) else o for o in options.literal()
            ]
        bind = self.take(el, props, "bind")
        if bind is not None:
            if "value" in props:
                entry["defaultValue"] = self.take(el, props, "value")
            entry["value"] = bind
        else:
            value = self.take(el, props, "value")
            entry["value"] = [] if value is None else value if isinstance(value, dict) else [value]

    def el_Select(self, el: Element, entry: dict, props: dict) -> None:
        self.el_RadioGroup(el, entry, props)
        entry["dropdown"] = True

    def el_Slider(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        lo, hi = self.take(el, props, "min"), self.take(el, props, "max")
        if lo is not None:
            entry["min"] = lo
        entry["max"] = 100 if hi is None else hi
        if "bind" in props and "value" in props:
            entry["defaultValue"] = self.take(el, props, "value")
        self._bound(el, entry, props, "value", default=0 if lo is None else lo)

    def el_DateField(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        if "bind" in props and "value" in props:
            entry["defaultValue"] = self.take(el, props, "value")
        self._bound(el, entry, props, "value", default="")
        entry["enableDate"] = True
        with_time = props.get("withTime")
        if with_time is not None and isinstance(with_time.literal(), bool):
            props.pop("withTime")
            if with_time.literal():
                entry["enableTime"] = True

    def el_Image(self, el: Element, entry: dict, props: dict) -> None:
        entry["url"] = self.take(el, props, "src")
        entry["description"] = self.take(el, props, "alt")

    def el_Icon(self, el: Element, entry: dict, props: dict) -> None:
        name = props.get("name")
        if name is not None and isinstance(name.literal(), str):
            props.pop("name")
            entry["name"] = icons.to_a2ui(name.literal())

    def el_Tabs(self, el: Element, entry: dict, props: dict) -> None:
        entry["tabs"] = []
        tab_comp = registry.get("Tab")
        for tab in el.children:
            if not isinstance(tab, Element):
                continue
            label = tab.prop("label")
            title = self.value(tab_comp, label) if label is not None else ""
            entry["tabs"].append({"title": title, "child": self.one_child(tab.children)})

    def el_Modal(self, el: Element, entry: dict, props: dict) -> None:
        label = self.take(el, props, "trigger")
        entry["trigger"] = None
        entry["content"] = None
        text = self.add("Text", text="Open" if label is None else label)
        button = self.add("Button", child=text["id"], action={"event": {"name": "openModal", "context": {}}})
        self.out.remove(button)
        self.out.insert(self.out.index(text), button)
        entry["trigger"] = button["id"]
        entry["content"] = self.one_child(el.children)

    def el_Divider(self, el: Element, entry: dict, props: dict) -> None:
        pass

    def el_List(self, el: Element, entry: dict, props: dict) -> None:
        items = props.get("items")
        if items is None or items.braced or not isinstance(items.literal(), list):
            entry["children"] = []
            return
        props.pop("items")
        entry["children"] = []
        for item in items.literal():
            if isinstance(item, dict):
                col = self.add("Column", children=[])
                for key, variant in LIST_PARTS:
                    if key in item:
                        col["children"].append(self.add("Text", text=item[key], variant=variant)["id"])
                entry["children"].append(col["id"])
            else:
                entry["children"].append(self.add("Text", text=item)["id"])


def _skip(node: Any) -> bool:
    if isinstance(node, Element):
        return node.name == "State"
    if isinstance(node, Text):
        return not node.value.strip()
    return False


def _escape_text(s: str) -> str:
    """Text for ``ui4aFormat``: UI4A template text whose literal characters stay literal."""
    return writer.text(s)
