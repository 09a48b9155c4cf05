"""The incremental parser: compact code in, events and a partial tree out.

One machine serves both uses. ``StreamParser.feed(chunk)`` consumes a chunk and
returns the events it completed; ``parse(text)`` is the same machine fed once.
Work per chunk is proportional to the chunk: text and values are consumed as
they arrive and never rescanned, only names shorter than 41 characters may be
looked at twice. The machine keeps an explicit stack of open elements.

What a partial tree shows early: elements as soon as their name is complete,
text as it arrives, props once their value is complete, and literal arrays item
by item. A half-written component name, prop name or id is never shown.
"""

from __future__ import annotations

import re
from typing import Any

from ui4a.lang import expr as ex
from ui4a.lang.cursor import Cursor, Mode
from ui4a.lang.errors import Diagnostic, LineIndex, ParseError, diagnostic_at
from ui4a.lang.nodes import Document, Element, Interp, Node, Prop, Text, normalize_text

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_NAME = 40

_TEXT_SPECIAL = re.compile(r"[<{}\\]")
# Control characters other than tab and line breaks have no place in UI text.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NAME_CHARS = re.compile(r"[A-Za-z0-9]*")
_SPACE = re.compile(r"\s*")
_BARE = re.compile(r"[A-Za-z0-9_.+\-]*")
_REGION_SPECIAL = re.compile(r"[\[\]{}()\"',]")
_IN_STRING = {'"': re.compile(r'["\\]'), "'": re.compile(r"['\\]")}
_CLOSERS = {"[": "]", "{": "}", "(": ")"}
_TEXT_ESCAPES = "<{}\\>"
_MODES = {"text": Mode.TEXT, "name": Mode.TAG_NAME, "attrs": Mode.ATTRS, "after_prop": Mode.AFTER_PROP,
          "value": Mode.BEFORE_VALUE, "close": Mode.CLOSING_TAG, "error": Mode.ERROR}
_VALUE_MODES = {"string": Mode.STRING, "array": Mode.ARRAY, "expr": Mode.EXPRESSION}

Event = dict[str, Any]


class _LiveText:
    __slots__ = ("parts", "offset")

    def __init__(self, offset: int) -> None:
        self.parts: list[str] = []
        self.offset = offset


class _LiveElement:
    __slots__ = ("name", "offset", "props", "children", "closed", "self_closing")

    def __init__(self, name: str, offset: int) -> None:
        self.name = name
        self.offset = offset
        self.props: list[Prop] = []
        self.children: list[_LiveElement | _LiveText | Interp] = []
        self.closed = False
        self.self_closing = False


class _Region:
    """A value being scanned: a quoted string, a literal array, or ``{…}``."""

    __slots__ = ("kind", "start", "parts", "stack", "quote", "escape", "items", "item_parts",
                 "item_start", "target", "commas")

    def __init__(self, kind: str, start: int, opener: str, target: Any) -> None:
        self.kind = kind  # "string" | "array" | "expr"
        self.start = start
        self.parts: list[str] = [opener]
        self.stack: list[tuple[str, int]] = [] if kind == "string" else [(opener, start)]
        self.quote = opener if kind == "string" else ""
        self.escape = False
        self.items: list[Any] = []
        self.item_parts: list[str] = []
        self.item_start = start + 1
        self.target = target  # ("prop", name, offset) or ("interp", offset)
        self.commas = 0


class StreamParser:
    """Feed compact code chunk by chunk; read events, partial trees and the :attr:`cursor` at any point.

    Besides those, ``error``, ``ok`` and ``index`` are public; the other fields are the machine's own.
    """

    def __init__(self) -> None:
        self.index = LineIndex()
        self.buf = ""
        self.base = 0  # absolute offset of buf[0]
        self.size = 0
        self.mode = "text"
        self.roots: list[_LiveElement | _LiveText | Interp] = []
        self.stack: list[_LiveElement] = []
        self.region: _Region | None = None
        self.pending_prop: tuple[str, int] | None = None
        self.tag_start = 0
        self.error: Diagnostic | None = None
        self.closed = False
        self._events: list[Event] = []
        self._cursor: Cursor | None = None

    # ------------------------------------------------------------ public API

    def feed(self, chunk: str) -> list[Event]:
        self._cursor = None
        if self.error is not None or not chunk:
            return []
        if self.closed:
            raise RuntimeError("feed() after close()")
        start = self.base + len(self.buf)
        self.index.add(chunk)
        if (bad := _CONTROL.search(chunk)) is not None:
            self._fail(start + bad.start(), "syntax",
                       f"control character U+{ord(bad.group()):04X} is not allowed in a document",
                       "printable text")
            return self._take()
        self.size += len(chunk.encode("utf-8", "surrogatepass"))
        if self.size > MAX_BYTES:
            offset = self.base + len(self.buf)
            self._fail(offset, "limit", f"document is larger than {MAX_BYTES // 1024} KiB",
                       "a shorter document")
            return self._take()
        self.buf += chunk
        self._run(final=False)
        return self._take()

    def close(self) -> list[Event]:
        if self.closed:
            return []
        self._cursor = None
        self.closed = True
        if self.error is None:
            self._run(final=True)
        if self.error is None:
            self._finish()
        return self._take()

    @property
    def ok(self) -> bool:
        return self.error is None

    def tree(self) -> Document:
        """A snapshot of what has been parsed so far; later feeds never change it."""
        children = [n for n in (self._snap(c) for c in self.roots) if n is not None]
        pending = self._pending_prop_snapshot()
        if pending is not None:
            el = self._find_open(children)
            if el is not None:
                el.props.append(pending)
        return Document(children, self.base + len(self.buf), complete=self.closed and self.ok,
                        index=self.index)

    @property
    def cursor(self) -> Cursor:
        """Where the parser stands at the end of the text so far (the same object until the next feed or close)."""
        if self._cursor is None:
            self._cursor = self._where()
        return self._cursor

    def _where(self) -> Cursor:
        top = self.stack[-1] if self.stack else None
        at = {"depth": len(self.stack), "element": top.name if top else None,
              "props": tuple(p.name for p in top.props) if top else (), "tag_start": self.tag_start}
        r = self.region
        if self.mode == "region" and r is not None:
            in_text = r.target[0] == "interp"
            return Cursor(Mode.INTERPOLATION if in_text else _VALUE_MODES[r.kind], **at,
                          prop=None if in_text else r.target[1], value="".join(r.parts), value_start=r.start,
                          quote=r.quote)
        prop = self.pending_prop[0] if self.mode in ("after_prop", "value") and self.pending_prop else None
        return Cursor(_MODES[self.mode], **at, prop=prop)

    # ------------------------------------------------------------ machine

    def _run(self, final: bool) -> None:
        buf = self.buf
        pos = 0
        n = len(buf)
        while self.error is None:
            mode = self.mode
            if mode == "text":
                m = _TEXT_SPECIAL.search(buf, pos)
                end = m.start() if m else n
                if end > pos:
                    self._text(buf[pos:end], self.base + pos)
                if m is None:
                    pos = n
                    break
                pos = end
                ch = buf[pos]
                if ch == "\\":
                    if pos + 1 >= n:
                        if final:
                            self._text("\\", self.base + pos)
                            pos += 1
                        break
                    nxt = buf[pos + 1]
                    self._text(nxt if nxt in _TEXT_ESCAPES else "\\" + nxt, self.base + pos)
                    pos += 2
                elif ch == "<":
                    if pos + 1 >= n:
                        if final:
                            self._fail(self.base + pos, "syntax", "'<' at the end of the document",
                                       "a component tag such as <Card>")
                        break
                    nxt = buf[pos + 1]
                    self.tag_start = self.base + pos
                    if nxt == "/":
                        self.mode = "close"
                        pos += 2
                    elif "A" <= nxt <= "Z":
                        self.mode = "name"
                        pos += 1
                    else:
                        hint = (" (component names start with a capital letter, e.g. <Card>)"
                                if nxt.isalpha() else "")
                        self._fail(self.base + pos, "syntax",
                                   f"'<' must start a component tag{hint}; write \\< for a literal '<'",
                                   "a component name after '<'")
                elif ch == "{":
                    self.region = _Region("expr", self.base + pos, "{", ("interp", self.base + pos))
                    self.mode = "region"
                    pos += 1
                else:  # "}"
                    self._fail(self.base + pos, "syntax", "unexpected '}' in text; write \\} for a literal brace",
                               "text, a tag, or '{' to start an expression")
            elif mode == "name":
                m = _NAME_CHARS.match(buf, pos + 1)
                end = m.end()
                if end - pos > MAX_NAME:
                    self._fail(self.base + pos, "limit", f"component name is longer than {MAX_NAME} characters")
                    break
                if end >= n and not final:
                    break  # the name may go on: never show it half-written
                self._open(buf[pos:end], self.tag_start)
                pos = end
                self.mode = "attrs"
            elif mode == "attrs":
                pos = _SPACE.match(buf, pos).end()
                if pos >= n:
                    if final:
                        self._unclosed_tag()
                    break
                ch = buf[pos]
                if ch == ">":
                    self.mode = "text"
                    pos += 1
                elif ch == "/":
                    if pos + 1 >= n:
                        if final:
                            self._unclosed_tag()
                        break
                    if buf[pos + 1] != ">":
                        self._fail(self.base + pos, "syntax", f"expected '/>' to end <{self.stack[-1].name}>, found '/{buf[pos + 1]}'",
                                   "'/>'")
                        break
                    self._close_top()
                    pos += 2
                    self.mode = "text"
                elif "a" <= ch <= "z":
                    m = _NAME_CHARS.match(buf, pos)
                    end = m.end()
                    if end - pos > MAX_NAME:
                        self._fail(self.base + pos, "limit", f"prop name is longer than {MAX_NAME} characters")
                        break
                    if end >= n and not final:
                        break
                    self.pending_prop = (buf[pos:end], self.base + pos)
                    pos = end
                    self.mode = "after_prop"
                else:
                    el = self.stack[-1].name
                    hint = " (prop names start with a lowercase letter)" if ch.isupper() else ""
                    self._fail(self.base + pos, "syntax",
                               f"expected a prop name, '/>' or '>' in <{el}>, found {ch!r}{hint}",
                               "a prop name, '/>' or '>'")
            elif mode == "after_prop":
                pos = _SPACE.match(buf, pos).end()
                if pos >= n and not final:
                    break
                if pos < n and buf[pos] == "=":
                    pos += 1
                    self.mode = "value"
                else:
                    name, offset = self.pending_prop  # type: ignore[misc]
                    self.pending_prop = None
                    self._add_prop(Prop(name, ex.Const(True, offset), offset, source="true"))
                    self.mode = "attrs"
            elif mode == "value":
                pos = _SPACE.match(buf, pos).end()
                if pos >= n:
                    if final:
                        self._fail(self.base + pos, "syntax",
                                   f"missing value after '{self.pending_prop[0]}='", "a value")  # type: ignore[index]
                    break
                ch = buf[pos]
                name, offset = self.pending_prop  # type: ignore[misc]
                target = ("prop", name, offset)
                if ch in "\"'":
                    self.region = _Region("string", self.base + pos, ch, target)
                elif ch == "[":
                    self.region = _Region("array", self.base + pos, ch, target)
                elif ch == "{":
                    self.region = _Region("expr", self.base + pos, ch, target)
                elif ch.isalnum() or ch in "-.+":
                    m = _BARE.match(buf, pos)
                    end = m.end()
                    if end - pos > 64:
                        self._fail(self.base + pos, "limit", "bare value is longer than 64 characters",
                                   'a number, true, false or null (strings need quotes)')
                        break
                    if end >= n and not final:
                        break
                    self._bare_value(buf[pos:end], self.base + pos, name, offset)
                    pos = end
                    continue
                else:
                    self._fail(self.base + pos, "syntax", f"expected a value after '{name}=', found {ch!r}",
                               'a "string", number, true/false/null, [array] or {expression}')
                    break
                self.mode = "region"
                pos += 1
            elif mode == "region":
                pos = self._scan_region(buf, pos, n)
                if pos < 0:
                    pos = n
                    if final:
                        self._unclosed_region()
                    break
            elif mode == "close":
                if pos >= n:
                    if final:
                        self._fail(self.tag_start, "syntax", "unfinished closing tag", "'</Name>' or '</>'")
                    break
                if buf[pos] == ">":
                    self._close_tag(None, self.tag_start)
                    pos += 1
                    self.mode = "text"
                    continue
                m = _NAME_CHARS.match(buf, pos)
                end = m.end()
                if end == pos:
                    self._fail(self.base + pos, "syntax", f"expected a component name or '>' after '</', found {buf[pos]!r}",
                               "'</Name>' or '</>'")
                    break
                if end - pos > MAX_NAME:
                    self._fail(self.base + pos, "limit", f"component name is longer than {MAX_NAME} characters")
                    break
                after = _SPACE.match(buf, end).end()
                if after >= n:
                    if final:
                        self._fail(self.tag_start, "syntax", f"unfinished closing tag </{buf[pos:end]}", "'>'")
                    break
                if buf[after] != ">":
                    self._fail(self.base + after, "syntax", f"expected '>' to end </{buf[pos:end]}, found {buf[after]!r}",
                               "'>'")
                    break
                self._close_tag(buf[pos:end], self.tag_start)
                pos = after + 1
                self.mode = "text"
        # keep only the unconsumed tail (a short name at most)
        self.base += pos
        self.buf = buf[pos:]

    # ------------------------------------------------------------ regions

    def _scan_region(self, buf: str, pos: int, n: int) -> int:
        """Scan a value; returns the position after it, or -1 when more input is needed."""
        r = self.region
        assert r is not None
        while True:
            if r.escape:
                if pos >= n:
                    return -1
                r.escape = False
                self._region_take(r, buf[pos])
                pos += 1
                continue
            if r.quote:
                m = _IN_STRING[r.quote].search(buf, pos)
                if m is None:
                    self._region_take(r, buf[pos:n])
                    return -1
                k = m.start()
                self._region_take(r, buf[pos:k + 1])
                pos = k + 1
                if buf[k] == "\\":
                    r.escape = True
                    continue
                r.quote = ""
                if not r.stack:  # a top-level string closed
                    self._finish_region()
                    return pos
                continue
            m = _REGION_SPECIAL.search(buf, pos)
            if m is None:
                self._region_take(r, buf[pos:n])
                return -1
            k = m.start()
            ch = buf[k]
            if k > pos:
                self._region_take(r, buf[pos:k])
            pos = k + 1
            if ch in "\"'":
                r.quote = ch
                self._region_take(r, ch)
            elif ch in "[{(":
                if len(r.stack) >= ex.MAX_DEPTH:
                    self._fail(self.base + k, "limit", f"value nested deeper than {ex.MAX_DEPTH} levels",
                               "a flatter value")
                    return pos
                r.stack.append((ch, self.base + k))
                self._region_take(r, ch)
            elif ch in "]})":
                opener, at = r.stack[-1]
                if _CLOSERS[opener] != ch:
                    line, col = self.index.position(at)
                    self._fail(self.base + k, "syntax",
                               f"expected '{_CLOSERS[opener]}' to close '{opener}' from {line}:{col}, found '{ch}'",
                               f"'{_CLOSERS[opener]}'")
                    return pos
                r.stack.pop()
                if not r.stack:
                    r.parts.append(ch)
                    if r.kind == "array":
                        self._end_item(self.base + k, last=True)
                    if self.error is None:
                        self._finish_region()
                    return pos
                self._region_take(r, ch)
            else:  # ","
                if r.kind == "array" and len(r.stack) == 1:
                    r.parts.append(ch)
                    self._end_item(self.base + k, last=False)
                    if self.error is not None:
                        return pos
                    r.item_start = self.base + k + 1
                else:
                    self._region_take(r, ch)

    @staticmethod
    def _region_take(r: _Region, text: str) -> None:
        r.parts.append(text)
        if r.kind == "array" and r.stack:
            r.item_parts.append(text)

    def _end_item(self, at: int, last: bool) -> None:
        r = self.region
        assert r is not None
        source = "".join(r.item_parts)
        r.item_parts = []
        if not source.strip():
            if last and (r.commas == 0 or r.items):
                return  # "[]" or a trailing comma
            self._fail(at, "syntax", "missing value in array", "a value before ','")
            return
        r.commas += 0 if last else 1
        try:
            r.items.append(ex.parse_literal(source, r.item_start, self.index))
        except ex.ExprError as exc:
            self._fail_with(exc.diagnostic)

    def _finish_region(self) -> None:
        r = self.region
        assert r is not None
        self.region = None
        raw = "".join(r.parts)
        try:
            if r.kind == "string":
                value = ex.parse_string_body(raw[1:-1], r.start + 1, self.index)
                braced = False
                source = raw
            elif r.kind == "array":
                value = ex._fold_array(r.items, r.start)
                braced = False
                source = raw
            else:
                source = raw[1:-1]
                if not source.strip():
                    self._fail(r.start, "syntax", "empty braces '{}'", "an expression inside { }")
                    return
                program = ex.parse_program(source, r.start + 1, self.index)
                value = program.expression if program.expression is not None else program
                braced = True
        except ex.ExprError as exc:
            self._fail_with(exc.diagnostic)
            return
        if r.target[0] == "interp":
            if isinstance(value, ex.Program):
                self._fail(r.start, "syntax", "text can interpolate an expression, not statements",
                           "{expression}")
                return
            self._append_child(Interp(value, source, r.start))
            self._events.append({"type": "interp", "source": source})
            self.mode = "text"
        else:
            _, name, offset = r.target
            self.pending_prop = None
            self._add_prop(Prop(name, value, offset, braced=braced, source=source))
            self.mode = "attrs"

    def _bare_value(self, word: str, at: int, name: str, offset: int) -> None:
        if word in ("true", "false", "null"):
            value: Any = {"true": True, "false": False, "null": None}[word]
        else:
            try:
                node = ex.parse_literal(word, at, self.index)
            except ex.ExprError:
                node = None
            if not isinstance(node, ex.Const) or isinstance(node.value, str | list | dict):
                self._fail(at, "syntax", f"bare word '{word}' is not a value; strings need quotes: {name}=\"{word}\"",
                           'a "string", number, true/false/null, [array] or {expression}')
                return
            value = node.value
        self.pending_prop = None
        self._add_prop(Prop(name, ex.Const(value, at), offset, source=word))
        self.mode = "attrs"

    # ------------------------------------------------------------ tree building

    def _text(self, text: str, offset: int) -> None:
        siblings = self.stack[-1].children if self.stack else self.roots
        if siblings and isinstance(siblings[-1], _LiveText):
            siblings[-1].parts.append(text)
        else:
            node = _LiveText(offset)
            node.parts.append(text)
            siblings.append(node)
        ev = self._events
        if ev and ev[-1]["type"] == "text":
            ev[-1]["text"] += text
        else:
            ev.append({"type": "text", "text": text})

    def _append_child(self, node: Any) -> None:
        (self.stack[-1].children if self.stack else self.roots).append(node)

    def _open(self, name: str, offset: int) -> None:
        if len(self.stack) >= MAX_DEPTH:
            self._fail(offset, "limit", f"elements nested deeper than {MAX_DEPTH} levels", "a flatter layout")
            return
        el = _LiveElement(name, offset)
        self._append_child(el)
        self.stack.append(el)
        self._events.append({"type": "open", "name": name})

    def _add_prop(self, prop: Prop) -> None:
        self.stack[-1].props.append(prop)
        self._events.append({"type": "prop", "name": prop.name, "value": prop.to_data()})

    def _close_top(self) -> None:
        el = self.stack.pop()
        el.closed = True
        el.self_closing = True
        self._events.append({"type": "close", "name": el.name})

    def _close_tag(self, name: str | None, offset: int) -> None:
        if not self.stack:
            shown = f"</{name}>" if name else "</>"
            self._fail(offset, "syntax", f"unexpected closing tag {shown}: no element is open",
                       "an opening tag before it")
            return
        top = self.stack[-1]
        if name is not None and name != top.name:
            line, col = self.index.position(top.offset)
            self._fail(offset, "syntax",
                       f"closing tag </{name}> does not match <{top.name}> opened at {line}:{col}",
                       f"</{top.name}> or </>")
            return
        self.stack.pop()
        top.closed = True
        self._events.append({"type": "close", "name": top.name})

    def _finish(self) -> None:
        if self.stack:
            top = self.stack[-1]
            line, col = self.index.position(top.offset)
            end = self.base + len(self.buf)
            self._fail(end, "syntax",
                       f"unexpected end of document: <{top.name}> opened at {line}:{col} is not closed",
                       f"</{top.name}>")

    def _unclosed_tag(self) -> None:
        top = self.stack[-1]
        self._fail(top.offset, "syntax", f"unexpected end of document inside the tag <{top.name}",
                   "'>' or '/>'")

    def _unclosed_region(self) -> None:
        r = self.region
        assert r is not None
        if r.quote:
            what, expected = "string", r.quote
        else:
            opener = r.stack[-1][0] if r.stack else "{"
            what, expected = f"'{opener}'", _CLOSERS[opener]
        self._fail(r.start, "syntax", f"unexpected end of document: {what} opened here is not closed",
                   f"'{expected}'")

    def _fail(self, offset: int, code: str, message: str, expected: str | None = None) -> None:
        self._fail_with(diagnostic_at(self.index, offset, code, message, expected))

    def _fail_with(self, diagnostic: Diagnostic) -> None:
        if self.error is None:
            self.error = diagnostic
            self.mode = "error"
            self._events.append({"type": "error", "message": diagnostic.message,
                                 "line": diagnostic.line, "col": diagnostic.col})

    def _take(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    # ------------------------------------------------------------ snapshots

    def _snap(self, node: Any) -> Node | None:
        if isinstance(node, _LiveText):
            raw = "".join(node.parts)
            text = normalize_text(raw)
            return Text(text, node.offset, raw) if text else None
        if isinstance(node, Interp):
            return node
        children = [c for c in (self._snap(ch) for ch in node.children) if c is not None]
        return Element(node.name, node.offset, list(node.props), children, node.closed, node.self_closing)

    def _find_open(self, roots: list[Node]) -> Element | None:
        el: Element | None = None
        siblings = roots
        for _ in self.stack:
            last = next((c for c in reversed(siblings) if isinstance(c, Element)), None)
            if last is None:
                return el
            el = last
            siblings = last.children
        return el

    def _pending_prop_snapshot(self) -> Prop | None:
        """A literal array still streaming, shown with its complete items."""
        r = self.region
        if r is None or r.kind != "array" or r.target[0] != "prop":
            return None
        _, name, offset = r.target
        return Prop(name, ex._fold_array(list(r.items), r.start), offset, source="", partial=True)


def parse(text: str) -> Document:
    """Parse a whole document; raises ParseError at the first syntax fault."""
    parser = StreamParser()
    parser.feed(text)
    parser.close()
    if parser.error is not None:
        raise ParseError(parser.error)
    return parser.tree()
