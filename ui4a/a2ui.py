"""A2UI v0.9 export and import: the honest JSON baseline for the token benchmark.

A2UI v0.9 (a2ui.org, ``specification/v0_9`` in the a2ui-project repository) is a
stream of JSON Lines messages, each ``{"version": "v0.9", <type>: {...}}`` with
``<type>`` one of ``createSurface``, ``updateComponents``, ``updateDataModel`` or
``deleteSurface``. ``updateComponents`` carries a *flat* list of components, each
``{"id": ..., "component": "Text", <props>...}``, linked by ids: containers list
``children`` (an array of ids), single-child components (Card, Button) name a
``child``, Tabs a ``tabs`` array of ``{title, child}``, Modal a ``trigger`` and a
``content``; one component must have the id ``root``. Values that change are
*dynamic*: ``{"path": "/json/pointer"}`` reads the surface's data model, and
``{"call": "formatString", "args": {"value": "Hi ${/name}"}}`` interpolates.
Button actions are ``{"event": {"name": ..., "context": {...}}}`` (sent to the
agent) or ``{"functionCall": {...}}`` (run on the client).

:func:`export` writes one ``createSurface``, one ``updateComponents`` and one
``updateDataModel`` (the ``<State>`` values, omitted when there is no state).

Mapping choices, made so the JSON carries the same information as the compact code
in A2UI's own structure (neither padded nor trimmed):

* UI4A components with a basic-catalog equivalent use it: Stack→Column, Row→Row,
  Card→Card (its children wrapped in a Column when more than one), Heading→Text
  (``variant`` h1-h4), Text→Text, Button→Button (label as a child Text, action),
  TextField→TextField, NumberField→TextField (variant number), Checkbox→CheckBox,
  Switch→CheckBox (variant switch), RadioGroup→ChoicePicker, Select→ChoicePicker
  (displayStyle dropdown), Slider→Slider, DateField→DateTimeInput, Image→Image,
  Icon→Icon (names mapped to A2UI's icon set), Tabs/Tab→Tabs, Modal→Modal (its
  trigger label becomes a Button), Divider→Divider, List→List (one Text, or a
  Column of Texts, per item).
* UI4A props the basic catalog has no field for (a Card's title, a Row's gap, a
  field's hint, …) are kept under their UI4A name on the same component, and enum
  values outside A2UI's sets are kept as written. ``catalogId`` names a catalog
  that extends the basic one with these fields — A2UI allows custom catalogs.
* UI4A components with no basic equivalent (Table, the charts, Stat, KeyValue,
  Progress, Timeline, Callout, Badge, EmptyState, Code, Accordion, Disclosure,
  Form, Grid, Section, Link) are custom-catalog components named after the UI4A
  component, carrying its props as they are; children go in ``children``, text
  content in ``text``. A Text or Heading that mixes inline components (a Link in
  a sentence) is the custom ``RichText`` with ``children``.
* ``bind={x}`` becomes ``{"path": "/x"}``; ``a.b`` and ``a[0]`` become ``/a/b``
  and ``/a/0``. Text interpolating only such paths becomes ``formatString``.
  Anything else computed (``{n * 2}``, ternaries, calls) has no A2UI form short
  of re-encoding UI4A's expression language as nested function calls, so it is
  kept as written in the custom function ``{"call": "ui4a.expr", "args":
  {"expr": "<UI4A expression>"}}``.
* ``send("…")`` becomes the event ``send`` with ``context.text``; ``submit()`` the
  event ``submit``; other actions (``x = …``, ``toggle(x)``, several statements)
  the custom client function ``ui4a.run`` with the statements as written.
* Ids are the element's own ``id`` when it has one, else ``c1``, ``c2``, … in
  document order; the root is the single top-level element, or a Column holding
  the top-level elements.

:func:`import_messages` is the inverse: it rebuilds compact code that validates
and renders to the same visible text and controls (not byte-identical source).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ui4a import registry
from ui4a.lang import expr as ex
from ui4a.lang.nodes import Document, Element, Interp, Prop, Text

VERSION = "v0.9"
SURFACE_ID = "main"
CATALOG_ID = "https://ui4a.dev/a2ui/v0_9/catalog.json"
"""The basic v0.9 catalog plus UI4A's extra fields and custom components."""

STANDARD = {
    "Stack": "Column", "Row": "Row", "Card": "Card", "Heading": "Text", "Text": "Text",
    "Button": "Button", "TextField": "TextField", "NumberField": "TextField",
    "Checkbox": "CheckBox", "Switch": "CheckBox", "Select": "ChoicePicker",
    "RadioGroup": "ChoicePicker", "Slider": "Slider", "DateField": "DateTimeInput",
    "Image": "Image", "Icon": "Icon", "Tabs": "Tabs", "Modal": "Modal",
    "Divider": "Divider", "List": "List",
}
"""UI4A component → A2UI basic-catalog component (Tab lives inside Tabs)."""

A2UI_COMPONENTS = frozenset(STANDARD.values())

ICONS = {
    "check": "check", "x": "close", "plus": "add", "search": "search", "user": "person",
    "calendar": "calendarToday", "mail": "mail", "phone": "phone", "star": "star",
    "heart": "favorite", "home": "home", "settings": "settings", "info": "info",
    "alert": "warning", "cart": "shoppingCart", "map-pin": "locationOn",
    "arrow-right": "arrowForward", "arrow-left": "arrowBack", "download": "download",
    "upload": "upload", "edit": "edit", "trash": "delete", "lock": "lock",
    "bell": "notifications", "eye": "visibility", "menu": "menu", "refresh": "refresh",
}
"""UI4A icon → A2UI icon; the others are kept by their UI4A name."""
ICONS_BACK = {v: k for k, v in ICONS.items()}

JUSTIFY = {"between": "spaceBetween", "around": "spaceAround"}
JUSTIFY_BACK = {v: k for k, v in JUSTIFY.items()}
BUTTON_VARIANT = {"primary": "primary", "secondary": None, "ghost": "borderless"}
BUTTON_VARIANT_BACK = {"primary": None, "default": "secondary", "borderless": "ghost"}
LIST_PARTS = (("title", "h5"), ("description", "body"), ("meta", "caption"))
_AUTO_ID = re.compile(r"^(root|c\d+)$")


class A2UIError(Exception):
    """Bad A2UI input (or compact code that cannot be exported), with its JSONL line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.detail = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


# ================================================================ export


def export(source_or_document: str | Document, surface_id: str = SURFACE_ID) -> list[dict]:
    """Compact code (or a parsed document) → A2UI v0.9 messages."""
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
    messages: list[dict] = [
        {"version": VERSION, "createSurface": {"surfaceId": surface_id, "catalogId": CATALOG_ID}},
        {"version": VERSION, "updateComponents": {"surfaceId": surface_id, "components": components}},
    ]
    if state:
        messages.append({"version": VERSION, "updateDataModel": {"surfaceId": surface_id, "value": state}})
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
    return {"call": "ui4a.expr", "args": {"expr": source}}


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


def _string_source(parts: list[tuple[str, str]]) -> str:
    """A UI4A string literal from ('text', s) / ('expr', source) parts."""
    body = []
    for kind, s in parts:
        body.append(_escape_string(s) if kind == "text" else "{" + s + "}")
    return '"' + "".join(body) + '"'


def _dynamic(node: Any, source: str) -> Any:
    """An expression node → an A2UI literal, path, formatString or ui4a.expr."""
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
    return {"functionCall": {"call": "ui4a.run", "args": {"program": prop.source.strip()}}}


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
        a2 = STANDARD.get(el.name, el.name)
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
        return {"call": "ui4a.format", "args": {"value": template}}

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

    def el_Checkbox(self, el: Element, entry: dict, props: dict) -> None:
        entry["label"] = self.take(el, props, "label")
        if "bind" in props and "checked" in props:
            entry["defaultValue"] = self.take(el, props, "checked")
        self._bound(el, entry, props, "checked", default=False)

    def el_Switch(self, el: Element, entry: dict, props: dict) -> None:
        self.el_Checkbox(el, entry, props)
        entry["variant"] = "switch"

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
        entry["displayStyle"] = "dropdown"

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
            entry["name"] = ICONS.get(name.literal(), name.literal())

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


# ================================================================ import


def import_messages(messages: list[dict] | str) -> str:
    """A2UI v0.9 messages (a list, or JSONL text) → UI4A compact code."""
    parsed = _load(messages)
    components: dict[str, tuple[dict, int]] = {}
    state: dict[str, Any] = {}
    for line, msg in parsed:
        if not isinstance(msg, dict):
            raise A2UIError("a message must be a JSON object", line)
        kinds = [k for k in ("createSurface", "updateComponents", "updateDataModel", "deleteSurface") if k in msg]
        if len(kinds) != 1:
            raise A2UIError("a message needs exactly one of createSurface, updateComponents, "
                            "updateDataModel or deleteSurface", line)
        body = msg[kinds[0]]
        if not isinstance(body, dict):
            raise A2UIError(f"{kinds[0]} must be an object", line)
        if kinds[0] == "updateComponents":
            comps = body.get("components")
            if not isinstance(comps, list):
                raise A2UIError("updateComponents.components must be a list", line)
            for i, comp in enumerate(comps):
                if not isinstance(comp, dict):
                    raise A2UIError(f"component #{i + 1} is not an object", line)
                cid = comp.get("id")
                if not isinstance(cid, str) or not cid:
                    raise A2UIError(f"component #{i + 1} has no id", line)
                kind = comp.get("component")
                if not isinstance(kind, str):
                    raise A2UIError(f"component {cid!r} has no component type", line)
                if kind not in A2UI_COMPONENTS and kind != "RichText" and (
                        kind in STANDARD or kind == "Tab" or registry.get(kind) is None):
                    raise A2UIError(f"component {cid!r}: unknown component type {kind!r}", line)
                components[cid] = (comp, line)
        elif kinds[0] == "updateDataModel":
            path = body.get("path", "/")
            value = body.get("value")
            if path in ("", "/"):
                if not isinstance(value, dict):
                    raise A2UIError("updateDataModel at the root needs an object value", line)
                state.update(value)
            elif isinstance(path, str) and re.fullmatch(r"/[A-Za-z_][A-Za-z0-9_]*", path):
                state[path[1:]] = value
            else:
                raise A2UIError(f"updateDataModel path {path!r} is not supported (use / or /name)", line)
    if "root" not in components:
        raise A2UIError("no component has the id 'root'")
    return _Importer(components, state).run()


def _load(messages: list[dict] | str):
    """(line, message) pairs, lazily, so faults are reported in line order."""
    if isinstance(messages, list):
        yield from ((i + 1, m) for i, m in enumerate(messages))
        return
    for i, text in enumerate(messages.splitlines(), 1):
        if not text.strip():
            continue
        try:
            yield i, json.loads(text)
        except json.JSONDecodeError as exc:
            raise A2UIError(f"not JSON: {exc.msg} (column {exc.colno})", i) from None


class _Importer:
    def __init__(self, components: dict[str, tuple[dict, int]], state: dict[str, Any]) -> None:
        self.components = components
        self.state = state
        self.active: list[str] = []

    def run(self) -> str:
        lines = []
        for name in self.state:
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
                raise A2UIError(f"data model key {name!r} is not a state name")
        if self.state:
            lines.append("<State " + " ".join(f"{k}={_literal(v)}" for k, v in self.state.items()) + " />")
        root, _ = self.components["root"]
        if root["component"] == "Column" and set(root) <= {"id", "component", "children"}:
            lines.extend(self.element_sources(root, "children", "root"))
        else:
            lines.append(self.build("root", "root"))
        return "\n".join(lines) + "\n"

    # -- lookup

    def get(self, cid: Any, parent: str) -> tuple[dict, int]:
        line = self.components[parent][1]
        if not isinstance(cid, str):
            raise A2UIError(f"component {parent!r}: child reference {cid!r} is not an id", line)
        if cid not in self.components:
            raise A2UIError(f"component {parent!r}: child id {cid!r} does not exist", line)
        if cid in self.active:
            raise A2UIError(f"component {parent!r}: cycle through {' → '.join([*self.active, cid])}", line)
        return self.components[cid]

    def child_ids(self, comp: dict, field: str, cid: str) -> list[str]:
        ids = comp.get(field, [])
        if not isinstance(ids, list):
            raise A2UIError(f"component {cid!r}: {field} must be a list of ids "
                            "(template children are not supported)", self.components[cid][1])
        return ids

    def element_sources(self, comp: dict, field: str, cid: str) -> list[str]:
        return [self.build(k, cid) for k in self.child_ids(comp, field, cid)]

    def build(self, cid: str, parent: str) -> str:
        comp, line = self.components[cid] if cid == parent == "root" else self.get(cid, parent)
        self.active.append(cid)
        try:
            return self.convert(cid, comp, line)
        finally:
            self.active.pop()

    def unwrap(self, ref: Any, parent: str) -> list[str]:
        """A single-child slot: a plain Column's children, or the one component."""
        comp, _ = self.get(ref, parent)
        if comp["component"] == "Column" and set(comp) <= {"id", "component", "children"}:
            self.active.append(ref)
            try:
                return self.element_sources(comp, "children", ref)
            finally:
                self.active.pop()
        return [self.build(ref, parent)]

    # -- conversion

    def convert(self, cid: str, comp: dict, line: int) -> str:
        kind = comp["component"]
        rest = {k: v for k, v in comp.items() if k not in ("id", "component")}
        props: list[tuple[str, Any, str | None]] = []  # (name, a2ui value, kind)
        children: list[str] = []
        text: str | None = None
        name = kind

        def take(key: str, default: Any = None) -> Any:
            return rest.pop(key, default)

        def need(key: str) -> Any:
            if key not in rest:
                raise A2UIError(f"component {cid!r} ({kind}) needs {key!r}", line)
            return rest.pop(key)

        if kind == "Column":
            name = "Stack"
            children = self.element_sources(comp, "children", cid)
            rest.pop("children", None)
        elif kind == "Row":
            children = self.element_sources(comp, "children", cid)
            rest.pop("children", None)
            j = take("justify")
            if j is not None:
                props.append(("justify", JUSTIFY_BACK.get(j, j), None))
        elif kind == "Card":
            children = self.unwrap(need("child"), cid)
        elif kind in ("Text", "RichText"):
            variant = take("variant")
            heading = take("heading", False)
            m = re.fullmatch(r"h(\d)", variant or "")
            if m or heading:
                name = "Heading"
                if m:
                    props.append(("level", min(4, max(1, int(m.group(1)))), None))
            else:
                name = "Text"
                if variant == "caption":
                    props.append(("muted", True, None))
            if kind == "RichText":
                text = "".join(self.inline(k, cid) for k in self.child_ids(comp, "children", cid))
                rest.pop("children", None)
            else:
                text = self.text_source(need("text"), cid, line)
        elif kind == "Button":
            name = "Button"
            child, _ = self.get(need("child"), cid)
            label = child.get("text", "") if child["component"] == "Text" else ""
            props.append(("label", label, None))
            variant = take("variant")
            if variant is None or (isinstance(variant, str) and variant in BUTTON_VARIANT_BACK):
                v = BUTTON_VARIANT_BACK.get(variant, "secondary") if variant is not None else "secondary"
                if v:
                    props.append(("variant", v, None))
            else:
                props.append(("variant", variant, None))
            action = take("action")
            if action is not None:
                props.append(("action", action, "action"))
        elif kind == "TextField":
            variant = take("variant")
            name = "NumberField" if variant == "number" else "TextField"
            if variant == "longText":
                props.append(("multiline", True, None))
            elif variant == "obscured":
                props.append(("type", "password", None))
            props.append(("label", need("label"), None))
            self.value_prop(rest, props, "value")
        elif kind == "CheckBox":
            name = "Switch" if take("variant") == "switch" else "Checkbox"
            props.append(("label", need("label"), None))
            self.value_prop(rest, props, "checked", skip=False)
        elif kind == "ChoicePicker":
            name = "Select" if take("displayStyle") == "dropdown" else "RadioGroup"
            props.append(("label", take("label", ""), None))
            options = need("options")
            if isinstance(options, list):
                options = [o["value"] if isinstance(o, dict) and o.get("label") == o.get("value")
                           and isinstance(o.get("value"), str) else o for o in options]
            props.append(("options", options, None))
            value = take("value")
            if isinstance(value, list):
                if value:
                    props.append(("value", value[0], None))
            elif _is_path(value):
                props.append(("bind", value, "bind"))
            elif value is not None:
                props.append(("value", value, None))
            if "defaultValue" in rest:
                props.append(("value", rest.pop("defaultValue"), None))
            take("variant")
        elif kind == "Slider":
            props.append(("label", take("label", ""), None))
            for key in ("min", "max"):
                if key in rest:
                    props.append((key, rest.pop(key), None))
            self.value_prop(rest, props, "value")
        elif kind == "DateTimeInput":
            name = "DateField"
            props.append(("label", take("label", ""), None))
            take("enableDate")
            if take("enableTime"):
                props.append(("withTime", True, None))
            value = rest.get("value")
            if value == "":
                rest.pop("value")
            self.value_prop(rest, props, "value")
        elif kind == "Image":
            props.append(("src", need("url"), None))
            props.append(("alt", take("description", ""), None))
        elif kind == "Icon":
            icon = need("name")
            props.append(("name", ICONS_BACK.get(icon, icon) if isinstance(icon, str) else icon, None))
        elif kind == "Tabs":
            tabs = need("tabs")
            if not isinstance(tabs, list):
                raise A2UIError(f"component {cid!r}: tabs must be a list", line)
            for tab in tabs:
                if not isinstance(tab, dict) or "child" not in tab:
                    raise A2UIError(f"component {cid!r}: each tab needs a title and a child", line)
                inner = self.unwrap(tab["child"], cid)
                children.append(_tag("Tab", [_prop_source("label", tab.get("title", ""), None)], inner))
        elif kind == "Modal":
            trigger, _ = self.get(need("trigger"), cid)
            label = "Open"
            if trigger["component"] == "Button" and isinstance(trigger.get("child"), str):
                tchild = self.components.get(trigger["child"], ({}, 0))[0]
                label = tchild.get("text", label)
            elif trigger["component"] == "Text":
                label = trigger.get("text", label)
            props.append(("trigger", label, None))
            children = self.unwrap(need("content"), cid)
        elif kind == "Divider":
            take("axis")
        elif kind == "List":
            if "items" not in rest:
                items = []
                for k in self.child_ids(comp, "children", cid):
                    item, _ = self.get(k, cid)
                    items.append(self.list_item(item, k, cid))
                props.append(("items", items, None))
            rest.pop("children", None)
        else:  # a UI4A custom component
            ui = registry.get(kind)
            assert ui is not None
            if "children" in rest:
                children = self.element_sources(comp, "children", cid)
                rest.pop("children")
            if "text" in rest:
                text = self.text_source(rest.pop("text"), cid, line, raw=kind == "Code")
        ui = registry.get(name)
        if "defaultValue" in rest:
            key = "checked" if name in ("Checkbox", "Switch") else "value"
            props.append((key, rest.pop("defaultValue"), None))
        for key, value in rest.items():
            props.append((key, value, registry.prop_kind(ui, key) if ui else None))
        if not _AUTO_ID.match(cid) and not any(p[0] == "id" for p in props):
            props.insert(0, ("id", cid, None))
        rendered = [_prop_source(k, v, pk) for k, v, pk in props]
        if text is not None:
            return f"<{name}{''.join(' ' + r for r in rendered)}>{text}</{name}>"
        return _tag(name, rendered, children)

    def value_prop(self, rest: dict, props: list, literal: str, skip: bool = True) -> None:
        value = rest.pop("value", None)
        if _is_path(value):
            props.append(("bind", value, "bind"))
        elif value is not None and not (skip is False and value is False):
            props.append((literal, value, None))

    def list_item(self, item: dict, k: str, parent: str) -> Any:
        if item["component"] == "Text":
            return item.get("text", "")
        if item["component"] == "Column":
            out = {}
            for tid in self.child_ids(item, "children", k):
                t, _ = self.get(tid, k)
                key = {v: key for key, v in LIST_PARTS}.get(t.get("variant"), "title")
                out[key] = t.get("text", "")
            return out
        raise A2UIError(f"component {parent!r}: a List item must be a Text or a Column of Texts",
                        self.components[parent][1])

    def inline(self, k: str, parent: str) -> str:
        comp, line = self.get(k, parent)
        if comp["component"] == "Text" and set(comp) <= {"id", "component", "text"}:
            return self.text_source(comp.get("text", ""), k, line)
        return self.build(k, parent)

    def text_source(self, value: Any, cid: str, line: int, raw: bool = False) -> str:
        if isinstance(value, str):
            return _escape_text(value)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return _escape_text(str(value))
        if _is_path(value):
            return "{" + _path_source(value["path"]) + "}"
        if isinstance(value, dict) and value.get("call") == "formatString":
            out = []
            for kind, s in _split_format(_format_value(value)):
                out.append(_escape_text(s) if kind == "text" else "{" + s + "}")
            return "".join(out)
        if isinstance(value, dict) and value.get("call") == "ui4a.expr":
            return "{" + _expr_arg(value) + "}"
        if isinstance(value, dict) and value.get("call") == "ui4a.format":
            return _format_value(value)
        raise A2UIError(f"component {cid!r}: unsupported text value {json.dumps(value)[:60]}", line)


# ---------------------------------------------------------------- writing compact code


def _tag(name: str, props: list[str], children: list[str]) -> str:
    head = f"<{name}{''.join(' ' + p for p in props)}"
    if not children:
        return head + " />"
    # No indentation: a Code block's lines are content and must stay exactly as they are.
    body = "\n".join(children)
    return f"{head}>\n{body}\n</{name}>"


def _is_path(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"path"} and isinstance(value["path"], str)


def _path_source(path: str) -> str:
    parts = [p.replace("~1", "/").replace("~0", "~") for p in path.strip("/").split("/")]
    out = parts[0]
    for p in parts[1:]:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if re.fullmatch(r"[A-Za-z_]\w*", p) else f"[{_literal(p)}]")
    return out


def _format_value(value: dict) -> str:
    args = value.get("args")
    v = args.get("value") if isinstance(args, dict) else None
    if not isinstance(v, str):
        raise A2UIError(f"{value.get('call')} needs args.value as a string")
    return v


def _split_format(text: str) -> list[tuple[str, str]]:
    """``"Hi ${/name}"`` → [('text', 'Hi '), ('expr', 'name')]."""
    out: list[tuple[str, str]] = []
    buf, i = [], 0
    while i < len(text):
        if text.startswith("\\${", i):
            buf.append("${")
            i += 3
        elif text.startswith("${", i):
            end = text.find("}", i)
            if end < 0:
                raise A2UIError(f"formatString: '${{' is not closed in {text!r}")
            path = text[i + 2:end]
            if not re.fullmatch(r"/[A-Za-z_]\w*(/[^/{}]+)*", path):
                raise A2UIError(f"formatString: only absolute data paths are supported, got {path!r}")
            if buf:
                out.append(("text", "".join(buf)))
                buf = []
            out.append(("expr", _path_source(path)))
            i = end + 1
        else:
            buf.append(text[i])
            i += 1
    if buf:
        out.append(("text", "".join(buf)))
    return out


def _expr_arg(value: dict) -> str:
    args = value.get("args")
    src = args.get("expr") if isinstance(args, dict) else None
    if not isinstance(src, str) or not src.strip():
        raise A2UIError("ui4a.expr needs args.expr as a string")
    return src


def _dynamic_expr(value: Any) -> str:
    """An A2UI dynamic value → a UI4A expression source."""
    if _is_path(value):
        return _path_source(value["path"])
    if isinstance(value, dict) and value.get("call") == "formatString":
        return _string_source(_split_format(_format_value(value)))
    if isinstance(value, dict) and value.get("call") == "ui4a.expr":
        return _expr_arg(value)
    if isinstance(value, dict) and "call" in value:
        raise A2UIError(f"unsupported function {value['call']!r}")
    return _literal(value)


def _prop_source(name: str, value: Any, kind: str | None) -> str:
    if kind == "action":
        return f"{name}={{{_action_source(value)}}}"
    if isinstance(value, dict) and ("path" in value or "call" in value):
        src = _dynamic_expr(value)
        if src.startswith('"') and value.get("call") == "formatString":
            return f"{name}={src}"
        return f"{name}={{{src}}}"
    if value is True:
        return name
    if isinstance(value, dict):
        return f"{name}={{{_literal(value)}}}"
    return f"{name}={_literal(value)}"


def _action_source(action: Any) -> str:
    if not isinstance(action, dict):
        raise A2UIError(f"an action must be an object, got {json.dumps(action)[:40]}")
    if "event" in action:
        event = action["event"]
        name = event.get("name") if isinstance(event, dict) else None
        if not isinstance(name, str):
            raise A2UIError("an action event needs a name")
        context = event.get("context") or {}
        if name == "submit":
            return "submit()"
        if name == "send" and "text" in context:
            return f"send({_dynamic_expr(context['text'])})"
        return f"send({_literal(name)})"
    call = action.get("functionCall")
    if isinstance(call, dict) and call.get("call") == "ui4a.run":
        program = (call.get("args") or {}).get("program")
        if isinstance(program, str) and program.strip():
            return program
    raise A2UIError(f"unsupported action {json.dumps(action)[:60]}")


def _escape_string(s: str) -> str:
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("{", "\\{").replace("}", "\\}")
    return out.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def _escape_text(s: str) -> str:
    return s.replace("\\", "\\\\").replace("<", "\\<").replace("{", "\\{").replace("}", "\\}")


def _literal(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return '"' + _escape_string(value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = k if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", k) else _literal(k)
            items.append(f"{key}: {_literal(v)}")
        return "{" + ", ".join(items) + "}"
    raise A2UIError(f"unsupported value {value!r}")
