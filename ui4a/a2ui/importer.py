"""A2UI documents → UI4A compact code, with a warning for everything that is lost.

Pipeline: :mod:`~ui4a.a2ui.load` (bounded JSON) → :mod:`~ui4a.a2ui.surfaces` (messages
→ surfaces) → :mod:`~ui4a.a2ui.graph` (cycles, missing children, expansion size,
before any expansion) → :class:`Converter` (one method per basic component, written
through :mod:`ui4a.lang.writer`) → ``ui4a.validate.check``. The result always
validates; a mapping that does not is reported as an error, never returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ui4a import registry
from ui4a.a2ui import icons, values
from ui4a.a2ui.errors import A2UIError, ImportWarning
from ui4a.a2ui.graph import check_graph
from ui4a.a2ui.load import Loaded, load
from ui4a.a2ui.mapping import BUTTON_VARIANT_BACK, HEADING_LEVELS, JUSTIFY_BACK, LIST_PARTS
from ui4a.a2ui.pointer import get_at, missing, resolve
from ui4a.a2ui.state import StateNames
from ui4a.a2ui.surfaces import Component, Surface, read_surfaces
from ui4a.a2ui.versions import markdown_heading
from ui4a.lang import expr as ex
from ui4a.lang import writer
from ui4a.lang.nodes import Interp
from ui4a.lang.writer import Expr, Raw
from ui4a.types import check_image_url, check_url

_COMMON = {"weight", "accessibility", "catalogId", "metadata", "extensions"}
"""Fields every component may carry; dropped without a warning except ``weight``."""
_AUTO_ID = ("root",)
_RADIO_MAX = 5


@dataclass
class ImportResult:
    code: str
    warnings: list[ImportWarning] = field(default_factory=list)


def import_document(source: str | list, strict: bool = False) -> ImportResult:
    """A2UI JSONL text, a JSON array text, or a list of message dicts → compact code."""
    loaded = load(source) if isinstance(source, str) else Loaded([(i + 1, m) for i, m in enumerate(source)])
    warnings = loaded.warnings
    surfaces = read_surfaces(loaded.messages, warnings)
    if not surfaces:
        raise A2UIError("nothing to show: no surface was created, or every one was deleted", 1, 1)
    names = StateNames()
    blocks: list[str] = []
    for surface in surfaces:
        check_graph(surface, lambda t, s=surface: _repeat(s, t), warnings)
        written = Converter(surface, names, warnings).root()
        _declare_expression_names(written, surface, names)
        blocks.extend(written)
    lines = [writer.state(names.values)] if names.values else []
    code = "\n".join([*lines, *blocks]) + "\n"
    _must_validate(code)
    if strict and warnings:
        w = warnings[0]
        who = f"component {w.component!r}: " if w.component else ""
        raise A2UIError(f"{who}{w.message} (--strict: {len(warnings)} warning(s))", w.line, 1)
    return ImportResult(code, warnings)


def _declare_expression_names(blocks: list[str], surface: Surface, names: StateNames) -> None:
    """State that UI4A's own functions (ui4aExpr, ui4aFormat, ui4aRun) read by name.

    Those carry UI4A expressions, whose names are the data model's top-level keys.
    """
    from ui4a.lang.errors import UI4AError
    from ui4a.lang.parser import parse

    try:
        doc = parse("\n".join(blocks))
    except UI4AError:
        return
    used: set[str] = set()
    for el, _ in doc.walk():
        nodes = [p.value for p in el.props] + [c.expr for c in el.children if isinstance(c, Interp)]
        for node in nodes:
            used.update(name for name, _ in ex.names_in(node))
    for name in sorted(used - set(names.values)):
        value = surface.data.get(name, "")
        names.declare(surface.id, [name], value if not isinstance(value, dict) else "")


def _repeat(surface: Surface, template: dict) -> int:
    path = template.get("path")
    items = get_at(surface.data, resolve(path, [])) if isinstance(path, str) else None
    return len(items) if isinstance(items, list) else 0


def _must_validate(code: str) -> None:
    from ui4a.validate import check

    report = check(code)
    if not report.ok:
        d = report.diagnostics[0]
        raise A2UIError(f"the imported code does not validate ({d.line}:{d.col}: {d.message});"
                        " this is a bug in the importer")


Written = str


class Converter:
    """One surface's components → compact code; one ``c_<Type>`` method per component type."""

    def __init__(self, surface: Surface, names: StateNames, warnings: list[ImportWarning]) -> None:
        self.surface = surface
        self.names = names
        self.warnings = warnings
        self.emitted_ids: set[str] = set()
        self.base: list[str] = []
        """The data path of the list item being drawn by a template (relative paths start here)."""
        self.weights_used = False
        """Inside a row whose weights became a Grid: the weights are not lost."""

    # ------------------------------------------------------------ structure

    def root(self) -> list[Written]:
        root = self.surface.components["root"]
        if root.type == "Column" and set(root.fields) <= {"children"}:
            return self.children(root)
        out = self.build("root")
        return [out] if out else []

    def build(self, cid: str) -> Written | None:
        comp = self.surface.components[cid]
        method: Callable[[Component, dict], Written | None] | None = getattr(self, f"c_{comp.type}", None)
        fields = dict(comp.fields)
        if method is None:
            ui = registry.get(comp.type)
            if ui is None or comp.type == "Tab":
                self.warn(comp, f"unknown component type {comp.type!r}; not shown")
                return None
            method = self.custom
        weight = fields.pop("weight", None)
        if weight is not None and not self.weights_used:
            self.warn(comp, "weight is not kept (UI4A rows share space by content)")
        for key in _COMMON:
            fields.pop(key, None)
        return method(comp, fields)

    def children(self, comp: Component, key: str = "children") -> list[Written]:
        refs = comp.fields.get(key)
        if isinstance(refs, dict):
            return self.template(comp, refs)
        out = []
        for ref in refs if isinstance(refs, list) else []:
            written = self.build(ref)
            if written:
                out.append(written)
        return out

    def template(self, comp: Component, tpl: dict) -> list[Written]:
        segments = resolve(tpl["path"], self.base)
        items = get_at(self.surface.data, segments)
        if not isinstance(items, list):
            self.warn(comp, f"list template over {tpl['path']!r}, which holds no list; nothing shown")
            return []
        out = []
        saved = self.base
        for i in range(len(items)):
            self.base = [*segments, str(i)]
            written = self.build(tpl["componentId"])
            if written:
                out.append(written)
        self.base = saved
        return out

    def unwrap(self, ref: Any) -> list[Written]:
        """A single-child slot: a plain Column's children, or the one component."""
        comp = self.surface.components.get(ref) if isinstance(ref, str) else None
        if comp is None:
            return []
        if comp.type == "Column" and set(comp.fields) <= {"children"}:
            return self.children(comp)
        written = self.build(ref)
        return [written] if written else []

    def element(self, comp: Component, name: str, props: list[tuple[str, Any]], fields: dict,
                children: list[Written] = ()) -> Written:
        """Write the element; UI4A props left in ``fields`` join it, the rest are warned about."""
        ui = registry.get(name)
        allowed = set(ui.props.model_fields) if ui else set()
        have = {k for k, _ in props}
        for key, v in fields.items():
            if key in allowed and key not in have and ui and registry.prop_kind(ui, key) == "action":
                props.append((key, self.action(comp, v, name)))
                have.add(key)
            elif key in allowed and key not in have:
                got = self.value(comp, key, v)
                if got is not None:
                    props.append((key, got))
                    have.add(key)
            else:
                self.warn(comp, f"{key} is not kept ({name} has no such prop)")
        if (comp.id not in _AUTO_ID and "id" not in have and comp.id not in self.emitted_ids
                and not self.base and _ID.fullmatch(comp.id)):
            props.insert(0, ("id", comp.id))
            self.emitted_ids.add(comp.id)
        blocks = children and all(c.startswith("<") for c in children)
        return writer.element(name, props, children, separator="\n" if blocks else "")

    # ------------------------------------------------------------ values

    def read(self, path: str, default: Any = "") -> str:
        return self.names.read(self.surface.id, self.surface.data, resolve(path, self.base), default)

    def value(self, comp: Component, key: str, v: Any) -> Any:
        """A prop value, or None (warned) when it has no UI4A form."""
        try:
            return values.convert(v, self.read)
        except values.Unsupported as exc:
            self.warn(comp, f"{key}: {exc} is not supported; dropped")
            return None

    def text(self, comp: Component, v: Any) -> list[Written]:
        """Content between tags for a dynamic string."""
        if values.is_call(v) and v["call"] == "ui4aFormat":
            return [str(v.get("args", {}).get("value", ""))]
        try:
            parts = values.parts(v, self.read)
        except values.Unsupported as exc:
            self.warn(comp, f"text: {exc} is not supported; dropped")
            return []
        return ["".join(writer.interpolation(p) if isinstance(p, Expr) else writer.text(p) for p in parts)]

    def label(self, comp: Component, v: Any, default: str = "") -> Any:
        if v is None:
            return default
        got = self.value(comp, "label", v)
        return default if got is None else got if isinstance(got, Expr | Raw) else str(got)

    def bind(self, comp: Component, v: Any, default: Any) -> tuple[str, Any] | None:
        """``("bind", Expr(name))`` for a path, ``("value", literal)`` otherwise."""
        if values.is_path(v):
            name, own = self.names.bind(self.surface.id, self.surface.data, resolve(v["path"], self.base), default)
            if own:
                self.warn(comp, "bound into a list item; the input keeps its own state")
            return "bind", Expr(name)
        if v is None:
            return None
        got = self.value(comp, "value", v)
        return None if got is None else ("value", got)

    def warn(self, comp: Component, message: str) -> None:
        self.warnings.append(ImportWarning(comp.line, comp.id, message))

    # ------------------------------------------------------------ display

    def c_Text(self, comp: Component, f: dict) -> Written | None:
        text = f.pop("text", "")
        variant = f.pop("variant", None)
        props: list[tuple[str, Any]] = []
        level = HEADING_LEVELS.get(variant) if isinstance(variant, str) else None
        if level is None and (md := _markdown(text)):
            level, text = min(md[0], 4), md[1]
        if f.pop("heading", False) and level is None:
            level = 2
        if level is not None:
            if variant == "h5":
                self.warn(comp, "variant h5 shown as a level-4 heading")
            return self.element(comp, "Heading", [("level", level)] if level != 2 else [], f,
                                self.text(comp, text) if comp.type == "Text" else self.inline(comp))
        if variant == "caption":
            props = [("size", "sm"), ("muted", True)]
        elif variant not in (None, "body"):
            self.warn(comp, f"variant {variant!r} is not kept")
        content = self.text(comp, text) if comp.type == "Text" else self.inline(comp)
        return self.element(comp, "Text", props, f, content)

    def c_RichText(self, comp: Component, f: dict) -> Written | None:
        f.pop("children", None)
        return self.c_Text(comp, f)

    def inline(self, comp: Component) -> list[Written]:
        out = []
        for ref in comp.fields.get("children") or []:
            kid = self.surface.components[ref]
            if kid.type == "Text" and set(kid.fields) <= {"text"}:
                out.extend(self.text(kid, kid.fields.get("text", "")))
            else:
                written = self.build(ref)
                if written:
                    out.append(written)
        return ["".join(out)] if out else []

    def c_Image(self, comp: Component, f: dict) -> Written | None:
        url = f.pop("url", None)
        src = self.url(comp, url, image=True)
        if src is None:
            return None
        alt = self.label(comp, f.pop("description", None), "")
        for key in ("fit", "variant"):
            if f.pop(key, None) is not None:
                self.warn(comp, f"{key} is not kept (UI4A sizes images to their box)")
        return self.element(comp, "Image", [("src", src), ("alt", alt)], f)

    def url(self, comp: Component, url: Any, image: bool = False) -> Any:
        if isinstance(url, str):
            try:
                (check_image_url if image else check_url)(url)
            except ValueError as exc:
                self.warn(comp, f"url {url[:60]!r} refused: {exc}; not shown")
                return None
            return url
        got = self.value(comp, "url", url) if url is not None else None
        if got is None:
            self.warn(comp, "no usable url; not shown")
        return got

    def c_Icon(self, comp: Component, f: dict) -> Written | None:
        name = f.pop("name", None)
        if not isinstance(name, str):
            self.warn(comp, "an icon given by svgPath or a data path is not supported; not shown")
            return None
        ui, exact = icons.to_ui4a(name)
        if ui is None:
            self.warn(comp, f"icon {name!r} has no UI4A equivalent; not shown")
            return None
        if not exact:
            self.warn(comp, f"icon {name!r} shown as UI4A's {ui!r}")
        return self.element(comp, "Icon", [("name", ui)], f)

    def c_Video(self, comp: Component, f: dict) -> Written | None:
        return self.media(comp, f, "video")

    def c_AudioPlayer(self, comp: Component, f: dict) -> Written | None:
        return self.media(comp, f, "audio")

    def media(self, comp: Component, f: dict, kind: str) -> Written | None:
        href = self.url(comp, f.pop("url", None))
        f.pop("posterUrl", None)
        label = f.pop("description", None)
        text = self.text(comp, label) if label is not None else [writer.text(f"Play the {kind}")]
        if href is None:
            return None
        self.warn(comp, f"UI4A has no {kind} player; shown as a link to it")
        f.clear()
        return self.element(comp, "Link", [("href", href), ("external", True)], f, text)

    def c_Divider(self, comp: Component, f: dict) -> Written | None:
        if f.pop("axis", "horizontal") == "vertical":
            self.warn(comp, "vertical divider shown horizontal")
        return self.element(comp, "Divider", [], f)

    # ------------------------------------------------------------ layout

    def c_Column(self, comp: Component, f: dict) -> Written | None:
        f.pop("children", None)
        props = self.align(comp, f, ("start", "center", "end", "stretch"))
        justify = f.pop("justify", None)
        if justify not in (None, "start"):
            self.warn(comp, f"justify {justify!r} is not kept (a UI4A stack packs from the top)")
        return self.element(comp, "Stack", props, f, self.children(comp))

    def c_Row(self, comp: Component, f: dict) -> Written | None:
        f.pop("children", None)
        kids = comp.fields.get("children")
        weights = [self.surface.components[k].fields.get("weight") for k in kids] \
            if isinstance(kids, list) and kids else []
        if weights and all(isinstance(w, int | float) for w in weights):
            return self.weighted(comp, f, weights)
        props = self.align(comp, f, ("start", "center", "end", "stretch"))
        justify = f.pop("justify", None)
        if justify is not None:
            if justify in JUSTIFY_BACK:
                if justify == "spaceEvenly":
                    self.warn(comp, "justify spaceEvenly shown as spaceAround")
                if JUSTIFY_BACK[justify] != "start":
                    props.append(("justify", JUSTIFY_BACK[justify]))
            else:
                self.warn(comp, f"justify {justify!r} is not kept")
        return self.element(comp, "Row", props, f, self.children(comp))

    def weighted(self, comp: Component, f: dict, weights: list[float]) -> Written:
        """Children that all carry a weight: equal weights are a Grid of that many columns."""
        for key in ("justify", "align"):
            if f.pop(key, None) is not None:
                self.warn(comp, f"{key} is not kept on a row of weighted children")
        if len(set(weights)) > 1:
            self.warn(comp, f"weights {weights} shown as equal columns")
        self.weights_used = True
        try:
            kids = self.children(comp)
        finally:
            self.weights_used = False
        return self.element(comp, "Grid", [("columns", min(len(weights), 6))], f, kids)

    def align(self, comp: Component, f: dict, allowed: tuple[str, ...]) -> list[tuple[str, Any]]:
        align = f.pop("align", None)
        if align is None:
            return []
        if align in allowed:
            return [("align", align)]
        self.warn(comp, f"align {align!r} is not kept")
        return []

    def c_Card(self, comp: Component, f: dict) -> Written | None:
        child = f.pop("child", None)
        return self.element(comp, "Card", [], f, self.unwrap(child))

    def c_List(self, comp: Component, f: dict) -> Written | None:
        f.pop("children", None)
        direction = f.pop("direction", "vertical")
        f.pop("align", None)
        items = self.list_items(comp)
        if items is not None and direction == "vertical":
            return self.element(comp, "List", [("items", items)], f)
        name = "Row" if direction == "horizontal" else "Stack"
        return self.element(comp, name, [], f, self.children(comp))

    def list_items(self, comp: Component) -> list[Any] | None:
        """Plain UI4A list items when every child is literal text (or a Column of texts)."""
        refs = comp.fields.get("children")
        if not isinstance(refs, list) or not refs:
            return None
        out: list[Any] = []
        for ref in refs:
            kid = self.surface.components[ref]
            if kid.type == "Text" and isinstance(kid.fields.get("text"), str) and set(kid.fields) <= {"text", "variant"}:
                out.append(kid.fields["text"])
            elif kid.type == "Column" and isinstance(kid.fields.get("children"), list):
                parts = {}
                for tid in kid.fields["children"]:
                    t = self.surface.components[tid]
                    key = {v: k for k, v in LIST_PARTS}.get(t.fields.get("variant"), "title")
                    if t.type != "Text" or not isinstance(t.fields.get("text"), str) or key in parts:
                        return None
                    parts[key] = t.fields["text"]
                if "title" not in parts:
                    return None
                out.append(parts)
            else:
                return None
        return out

    def c_Tabs(self, comp: Component, f: dict) -> Written | None:
        tabs = f.pop("tabs", [])
        out = []
        for tab in tabs if isinstance(tabs, list) else []:
            if isinstance(tab, dict):
                title = self.label(comp, tab.get("title"), "Tab")
                out.append(writer.element("Tab", [("label", title)], self.unwrap(tab.get("child")), separator="\n"))
        return self.element(comp, "Tabs", [], f, out)

    def c_Modal(self, comp: Component, f: dict) -> Written | None:
        trigger = self.surface.components.get(f.pop("trigger", None))
        label: Any = "Open"
        if trigger is not None:
            label = self.button_label(trigger)
        content = self.unwrap(f.pop("content", None))
        title = self.label(comp, f.pop("title"), label) if "title" in f else label
        return self.element(comp, "Modal", [("title", title), ("trigger", label)], f, content)

    # ------------------------------------------------------------ inputs

    def button_label(self, comp: Component) -> Any:
        if comp.type == "Text":
            return self.label(comp, comp.fields.get("text"), "Open")
        kid = self.surface.components.get(comp.fields.get("child"))
        if kid is None:
            return "Open"
        if kid.type == "Text":
            return self.label(kid, kid.fields.get("text"), "Open")
        if kid.type == "Icon" and isinstance(kid.fields.get("name"), str):
            self.warn(comp, f"icon button labelled with its icon name {kid.fields['name']!r}")
            return kid.fields["name"]
        self.warn(comp, f"button content {kid.type} shown as its label text only")
        return _first_text(self.surface, kid) or "Open"

    def c_Button(self, comp: Component, f: dict) -> Written | None:
        f.pop("child", None)
        label = self.button_label(comp)
        props: list[tuple[str, Any]] = [("label", label)]
        variant = f.pop("variant", None)
        own = f.pop("ui4aVariant", None)
        if own is not None:
            got = self.value(comp, "variant", own)
            if got is not None:
                props.append(("variant", got))
        elif variant is not None:
            v = BUTTON_VARIANT_BACK.get(variant)
            if v is None:
                self.warn(comp, f"variant {variant!r} is not kept")
            elif v != "primary":
                props.append(("variant", v))
        else:
            props.append(("variant", "secondary"))
        if f.pop("checks", None):
            self.warn(comp, "checks on a button are not kept")
        action = f.pop("action", None)
        call = action.get("functionCall") if isinstance(action, dict) else None
        if isinstance(call, dict) and call.get("call") == "openUrl":
            href = self.url(comp, (call.get("args") or {}).get("url"))
            if href is not None:
                text = [writer.text(label)] if isinstance(label, str) else [writer.interpolation(label)]
                return self.element(comp, "Link", [("href", href), ("external", True)], {}, text)
        props.append(("action", self.action(comp, action, label)))
        return self.element(comp, "Button", props, f)

    def action(self, comp: Component, action: Any, label: Any) -> Expr:
        """``send(…)`` naming the event with its context values interpolated, or ``ui4aRun``."""
        if isinstance(action, dict) and isinstance(action.get("event"), dict):
            event = action["event"]
            name = event.get("name") if isinstance(event.get("name"), str) else "event"
            context = event.get("context") if isinstance(event.get("context"), dict) else {}
            if name == "submit" and not context:
                return Expr("submit()")
            if name == "send" and set(context) == {"text"}:
                return Expr(f"send({self.message(comp, context['text'])})")
            parts: list[str | Expr] = [name]
            for i, (key, v) in enumerate(context.items()):
                parts.append((": " if i == 0 else ", ") + f"{key}=")
                parts.extend(self.parts(comp, v))
            return Expr(f"send({writer.template(parts)})")
        call = action.get("functionCall") if isinstance(action, dict) else None
        if isinstance(call, dict) and call.get("call") == "ui4aRun":
            program = (call.get("args") or {}).get("program")
            if isinstance(program, str) and program.strip():
                return Expr(program)
        what = call.get("call") if isinstance(call, dict) else "no action"
        self.warn(comp, f"action {what!r} is not supported; the button sends its label")
        return Expr(f"send({self.message(comp, label)})")

    def message(self, comp: Component, v: Any) -> str:
        if isinstance(v, Raw):
            return str(v)
        if isinstance(v, Expr):
            return str(v)
        return writer.template(self.parts(comp, v))

    def parts(self, comp: Component, v: Any) -> list[str | Expr]:
        try:
            return values.parts(v, self.read)
        except values.Unsupported as exc:
            self.warn(comp, f"{exc} is not supported; left out of the message")
            return []

    def checks(self, comp: Component, f: dict, name: str) -> list[tuple[str, Any]]:
        """A2UI checks → the field's own props: required, email, maxLength, min/max."""
        props: list[tuple[str, Any]] = []
        for check in f.pop("checks", None) or []:
            rule = check.get("condition", check) if isinstance(check, dict) else None
            fn = rule.get("call") if isinstance(rule, dict) else None
            args = rule.get("args") if isinstance(rule, dict) and isinstance(rule.get("args"), dict) else {}
            if fn == "required":
                props.append(("required", True))
            elif fn == "email" and name == "TextField":
                props.append(("type", "email"))
            elif fn == "length" and name == "TextField" and isinstance(args.get("max"), int):
                props.append(("maxLength", args["max"]))
                if "min" in args:
                    self.warn(comp, "minimum length check is not kept")
            elif fn == "numeric" and name == "NumberField":
                props.extend((k, args[k]) for k in ("min", "max") if isinstance(args.get(k), int | float))
            else:
                self.warn(comp, f"check {fn or '?'!r} is not kept (UI4A fields check required, email,"
                          " length and numeric bounds)")
        return props

    def c_TextField(self, comp: Component, f: dict) -> Written | None:
        variant = f.pop("variant", None)
        name = {"number": "NumberField", "date": "DateField"}.get(variant, "TextField")
        props: list[tuple[str, Any]] = [("label", self.label(comp, f.pop("label", None), ""))]
        value = f.pop("value", None)
        default = 0 if name == "NumberField" else ""
        bound = self.bind(comp, value, default)
        if bound and name == "NumberField" and bound[0] == "value" and isinstance(bound[1], str):
            bound = ("value", _number(bound[1]))
        if bound and bound[1] is not None:
            props.append(bound)
        if variant == "obscured":
            props.append(("type", "password"))
        elif variant == "longText":
            props.append(("multiline", True))
        elif variant not in (None, "shortText", "number", "date"):
            self.warn(comp, f"variant {variant!r} is not kept")
        if f.pop("validationRegexp", None) is not None:
            self.warn(comp, "validationRegexp is not kept (UI4A fields have no pattern check)")
        placeholder = f.pop("placeholder", None)
        if placeholder is not None:
            if name == "TextField":
                props.append(("placeholder", self.label(comp, placeholder)))
            else:
                self.warn(comp, "placeholder is not kept")
        props.extend(p for p in self.checks(comp, f, name) if p[0] not in {k for k, _ in props})
        return self.element(comp, name, props, f)

    def c_CheckBox(self, comp: Component, f: dict) -> Written | None:
        name = "Switch" if f.pop("switch", False) else "Checkbox"
        props: list[tuple[str, Any]] = [("label", self.label(comp, f.pop("label", None), ""))]
        bound = self.bind(comp, f.pop("value", None), False)
        if bound:
            props.append(("checked", bound[1]) if bound[0] == "value" else bound)
        props.extend(self.checks(comp, f, name))
        return self.element(comp, name, props, f)

    def c_ChoicePicker(self, comp: Component, f: dict) -> Written | None:
        label = self.label(comp, f.pop("label", None), "")
        options = self.options(comp, f.pop("options", []))
        variant = f.pop("variant", "mutuallyExclusive")
        dropdown = f.pop("dropdown", False)
        for key in ("displayStyle", "filterable"):
            if f.pop(key, None) not in (None, False, "checkbox"):
                self.warn(comp, f"{key} is not kept")
        value = f.pop("value", None)
        if variant == "multipleSelection":
            return self.checkboxes(comp, f, label, options, value)
        name = "Select" if dropdown or len(options) > _RADIO_MAX else "RadioGroup"
        props: list[tuple[str, Any]] = [("label", label), ("options", options)]
        if values.is_path(value):
            bound = self.bind(comp, value, "")
            current = get_at(self.surface.data, resolve(value["path"], self.base))
            first = current[0] if isinstance(current, list) and current else current
            self.names.coerce(bound[1], first if isinstance(first, str | int | float) and not missing(first) else "")
            props.append(bound)
        elif isinstance(value, list) and value:
            props.append(("value", value[0]))
        elif isinstance(value, str | int | float):
            props.append(("value", value))
        if "defaultValue" in f:
            props.append(("value", f.pop("defaultValue")))
        props.extend(self.checks(comp, f, name))
        return self.element(comp, name, props, f)

    def options(self, comp: Component, options: Any) -> list[Any]:
        out: list[Any] = []
        for o in options if isinstance(options, list) else []:
            if isinstance(o, str):
                out.append(o)
                continue
            if not isinstance(o, dict):
                continue
            label, value = o.get("label"), o.get("value")
            if values.is_path(label):
                read = get_at(self.surface.data, resolve(label["path"], self.base))
                label = read if isinstance(read, str) else str(value)
                self.warn(comp, "an option label bound to data keeps its current value")
            if not isinstance(label, str):
                label = str(value)
            out.append(label if label == value else {"label": label, "value": value})
        if not out:
            self.warn(comp, "a choice without options")
            out.append("—")
        return out

    def checkboxes(self, comp: Component, f: dict, label: Any, options: list[Any], value: Any) -> Written:
        """A multiple choice: one checkbox per option, each with its own state."""
        self.warn(comp, "multiple selection shown as one checkbox per option, each with its own state")
        chosen: list[Any] = []
        segments = resolve(value["path"], self.base) if values.is_path(value) else [comp.id]
        if values.is_path(value):
            current = get_at(self.surface.data, segments)
            chosen = current if isinstance(current, list) else []
        elif isinstance(value, list):
            chosen = value
        kids = [writer.element("Text", [("strong", True)], [writer.text(label)])] if isinstance(label, str) and label else []
        for o in options:
            text, v = (o, o) if isinstance(o, str) else (o["label"], o["value"])
            name = self.names.declare(self.surface.id, [*segments, str(v)], v in chosen)
            kids.append(writer.element("Checkbox", [("label", text), ("bind", Expr(name))]))
        f.pop("checks", None)
        return self.element(comp, "Stack", [("gap", "sm")], f, kids)

    def c_Slider(self, comp: Component, f: dict) -> Written | None:
        props: list[tuple[str, Any]] = [("label", self.label(comp, f.pop("label", None), ""))]
        lo, hi, steps = f.pop("min", 0), f.pop("max", 100), f.pop("steps", None)
        for key, v in (("min", lo), ("max", hi)):
            if isinstance(v, int | float):
                props.append((key, v))
        if isinstance(steps, int) and steps > 0 and isinstance(lo, int | float) and isinstance(hi, int | float):
            props.append(("step", (hi - lo) / steps))
        bound = self.bind(comp, f.pop("value", None), lo if isinstance(lo, int | float) else 0)
        if bound:
            props.append(bound)
        props.extend(self.checks(comp, f, "Slider"))
        return self.element(comp, "Slider", props, f)

    def c_DateTimeInput(self, comp: Component, f: dict) -> Written | None:
        props: list[tuple[str, Any]] = [("label", self.label(comp, f.pop("label", None), "Date"))]
        bound = self.bind(comp, f.pop("value", None), "")
        if bound and bound[1] != "":
            props.append(bound)
        date, time = f.pop("enableDate", False), f.pop("enableTime", False)
        if time:
            props.append(("withTime", True))
            if not date:
                self.warn(comp, "a time-only input is shown as date and time")
        for key in ("min", "max"):
            if isinstance(f.get(key), str):
                props.append((key, f.pop(key)))
        props.extend(self.checks(comp, f, "DateField"))
        return self.element(comp, "DateField", props, f)

    # ------------------------------------------------------------ UI4A's own custom components

    def custom(self, comp: Component, f: dict) -> Written | None:
        kids = self.children(comp) if "children" in f else []
        f.pop("children", None)
        if "text" in f:
            kids = self.text(comp, f.pop("text"))
        return self.element(comp, comp.type, [], f, kids)


_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


def _markdown(text: Any) -> tuple[int, Any] | None:
    """A Markdown heading in a literal or in a formatString/ui4aFormat template: (level, the rest)."""
    if isinstance(text, str):
        return markdown_heading(text)
    if values.is_call(text) and text["call"] in ("formatString", "ui4aFormat"):
        args = text.get("args")
        md = markdown_heading(args["value"]) if isinstance(args, dict) and isinstance(args.get("value"), str) else None
        if md is not None:
            return md[0], {**text, "args": {**args, "value": md[1]}}
    return None


def _number(text: str) -> Any:
    try:
        v = float(text)
    except ValueError:
        return None
    return int(v) if v.is_integer() else v


def _first_text(surface: Surface, comp: Component) -> str | None:
    stack = [comp]
    seen = 0
    while stack and seen < 50:
        c = stack.pop()
        seen += 1
        if c.type == "Text" and isinstance(c.fields.get("text"), str):
            return c.fields["text"]
        for key in ("child", "children"):
            ref = c.fields.get(key)
            for r in ref if isinstance(ref, list) else [ref]:
                if isinstance(r, str) and r in surface.components:
                    stack.append(surface.components[r])
    return None
