"""Lookahead: a constrained answer never writes a token after which the validator finds a new fault.

The grammar is context-free: it cannot count a table row's cells against its columns, nor tell
whether a name was declared with ``<State>``, so a small model writes answers that parse but do
not validate. :class:`Lookahead`, last among an answer's guards, re-reads the open tag (or text
interpolation) with the best token appended and, when that brings a new fault, gives way to the
best token that brings none; the grammar's mask already holds only tokens that keep the answer
parseable. Only tokens that can complete something are checked, so most steps cost nothing.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any

import torch

from ui4a import registry
from ui4a.lang import expr as ex
from ui4a.lang.cursor import Cursor, Mode
from ui4a.lang.errors import LineIndex
from ui4a.lang.parser import StreamParser
from ui4a.model.decode.answer_so_far import AnswerSoFar
from ui4a.model.decode.binds_declared_state import is_bind
from ui4a.model.decode.scores import keep
from ui4a.model.decode.vocab import token_texts
from ui4a.validate import STATE_TAG, declared_state, frame_faults

TRIES = 32  # tokens checked at a step whose best token brings a fault
SCAN = 4096  # how far down the ranking a refused step looks (between elements nearly every token is allowed)
MEMO = 256  # frames whose faults are remembered (cleared when a new frame starts)
# A token holding one of these may complete a value, an array item or a tag.
_COMPLETES = frozenset("\"']}),/> \n\t")
# In an array, only these end an item or a value in it (blanks do not).
_ITEM_ENDS = frozenset("\"']}),")
_CLOSER = {"(": ")", "[": "]", "{": "}"}
_WORDS = tuple(ex.PURE_FUNCTIONS + ex.ACTION_FUNCTIONS) + ("true", "false", "null")


def _open(text: str) -> list[list[Any]]:
    """What is still open at the end of ``text``, outermost first: for each bracket, quote or
    string interpolation, ``[what closes it, where its current item starts]``."""
    stack: list[list[Any]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        top = stack[-1][0] if stack else ""
        if top in ('"', "'"):  # in a string: only escapes, its quote and interpolations matter
            if ch == "\\":
                i += 1
            elif ch == top:
                stack.pop()
            elif ch == "{":
                stack.append(["}", i + 1])
        elif ch in "\"'":
            stack.append([ch, i + 1])
        elif ch in _CLOSER:
            stack.append([_CLOSER[ch], i + 1])
        elif ch in ")]}" and stack:
            stack.pop()
        elif ch == "," and stack:
            stack[-1][1] = i + 1
        i += 1
    return stack


def closers(text: str) -> str:
    """What closes an unfinished expression or string: its open quotes, interpolations and brackets."""
    return "".join(closer for closer, _ in reversed(_open(text)))


def name_faults(value: str, mode: Mode, state: dict[str, Any]) -> set[tuple[int, str]]:
    """Names in an unfinished ``{expression}``, ``"string"`` or ``[array]`` (``mode``, the
    parser's cursor mode in it, says which) that cannot end up declared.

    A complete name must be declared state; the last one, still being written, must be
    on its way to a declared name, or be a function's name or a keyword whole (one token
    spells each, so a model is not steered into one it never meant). Unreadable text gives none:
    the grammar, not this check, keeps the answer parseable.
    """
    node = _read_unfinished(value, mode)
    if node is None:
        return set()
    end = len(value)
    faults = set()
    for name, pos in ex.names_in(node):
        if name in state or pos >= end:  # declared, or a stand-in operand
            continue
        if pos + len(name) < end or not _on_the_way(name, state):
            faults.add((pos, "unknown-state"))
    for call in ex.calls_in(node):
        if call.func not in _WORDS:
            faults.add((call.pos, "unknown-function"))
    return faults


_TAIL = re.compile(r"(?<![A-Za-z0-9_.])[A-Za-z_][A-Za-z0-9_]*$")
_HEAD = re.compile(r"[A-Za-z0-9_]*")


def _on_the_way(word: str, state: Any) -> bool:
    return word in _WORDS or any(name.startswith(word) for name in state)


def _plausible(frame: str, piece: str, state: Any) -> bool:
    """Whether ``piece``, written after ``frame``, can be part of a right name (a cheap string
    test; in string text, or after a ``.``, anything can)."""
    if closers(frame)[:1] in ('"', "'") or frame.endswith("."):
        return True
    m = _TAIL.search(frame)
    tail = m.group() if m else ""
    if not tail and frame[-1:].isalnum():
        return True  # inside a number, or after a member name
    body = piece.lstrip()
    if body != piece:
        tail = ""  # a blank ends the word before: the token starts a new one (" assistant")
    head = _HEAD.match(body).group()
    word = tail + head
    if not word:
        return True
    if len(head) < len(body):  # the word ends within this token
        return word in state or word in _WORDS
    return _on_the_way(word, state)


def _last_item(text: str) -> str | None:
    """The last item of the array innermost at the end of ``text`` (not an object or a string in
    it), when it has one."""
    stack = _open(text)
    if not stack or stack[-1][0] != "]":
        return None
    return text[stack[-1][1]:].strip() or None


_TAG_NAME = re.compile(r"<([A-Z][A-Za-z0-9]*)[\s/>]")
_TYPED_PROP = re.compile(r"\s([a-z][A-Za-z0-9]*)$")


def _in_interpolation(closing: str) -> bool:
    """Whether text that ``closing`` (its :func:`closers`) would end is inside a string's ``{…}``:
    the brace that ends an interpolation comes right before its string's quote."""
    quotes = [i for i in (closing.find('"'), closing.find("'")) if i >= 0]
    return bool(quotes) and min(quotes) > 0 and closing[min(quotes) - 1] == "}"


def _needs_state(at: Cursor, frame: str) -> bool:
    """Whether the frame (the parser at its end stands at ``at``) has begun something that only
    declared state can finish: an interpolation, a bind prop's value, or a prop name that can only
    grow into a bind prop."""
    if at.mode is Mode.INTERPOLATION or (at.mode.in_value and _in_interpolation(closers(at.value))):
        return True
    if at.mode is Mode.EXPRESSION:
        return at.element is not None and is_bind(at.element, at.prop)
    element = at.element
    if element is None or not at.mode.in_tag:
        return False
    if at.prop is not None:
        return is_bind(element, at.prop)
    m = _TYPED_PROP.search(frame)
    if m is None:
        return False
    comp = registry.get(element)
    names = [n for n in (comp.props.model_fields if comp else ()) if n.startswith(m.group(1))]
    return bool(names) and all(is_bind(element, n) for n in names)


_EXPR_STRING = re.compile(r"""\{\s*(["'])((?:(?!\1)[^\\{])*)""")


def _string_so_far(at: Cursor) -> str | None:
    """The text so far of a value that is one string still being written: a quoted string, or an
    expression that is only a string literal yet (``{'abc``); None for anything else."""
    if at.mode is Mode.STRING:
        return at.value[1:]
    m = _EXPR_STRING.fullmatch(at.value) if at.mode in (Mode.EXPRESSION, Mode.INTERPOLATION) else None
    return m.group(2) if m else None


def _too_long(at: Cursor, body: str) -> bool:
    """Whether an unfinished string prop already holds more characters than its ``max_length``: the
    frame only judges a string once its quote closes, by which time the model may have no good way
    back (closing mode then ends it too long). Bodies with escapes or interpolations are not judged."""
    if at.prop is None or at.element is None or "\\" in body or "{" in body:
        return False
    comp = registry.get(at.element)
    info = comp.props.model_fields.get(at.prop) if comp else None
    limit = _string_max_length(info) if info else None
    return limit is not None and len(body) > limit


def _string_max_length(info: Any) -> int | None:
    """A string prop's ``max_length``, on the field (``str = Field(max_length=…)``) or on the string
    arm of an optional one (``Annotated[str, Field(max_length=…)] | None``, where the field holds none)."""
    metas = list(info.metadata)
    for arm in _arms(info.annotation):
        if typing.get_origin(arm) is Annotated and typing.get_args(arm)[0] is str:
            for meta in arm.__metadata__:
                metas.extend(getattr(meta, "metadata", [meta]))
    limits = [m.max_length for m in metas if getattr(m, "max_length", None) is not None]
    return min(limits) if limits else None


def _arms(tp: Any) -> tuple[Any, ...]:
    """The types a prop's annotation unites (``A | B | None``), or the annotation alone."""
    return typing.get_args(tp) if typing.get_origin(tp) in (typing.Union, types.UnionType) else (tp,)


def _read_unfinished(text: str, mode: Mode) -> Any:
    """The expression tree of unfinished ``text`` (a value, read as ``mode`` says) closed as written,
    or after a stand-in operand (``n-`` reads as ``n-0``, ``item.`` as ``item.x``); None when no
    reading parses."""
    for operand in ("", "0", "x"):
        closed = text + operand + closers(text + operand)
        index = LineIndex()
        index.add(closed)
        try:
            if mode is Mode.STRING:
                return ex.parse_string_body(closed[1:-1], 1, index)
            if mode is Mode.ARRAY:
                return ex.parse_literal(closed, 0, index)
            return ex.parse_program(closed[1:-1], 1, index)
        except ex.ExprError:
            continue
    return None


class Lookahead:
    """Keeps a constrained answer from writing a token that brings a validation fault; batch size 1.

    A fault of the element as a whole (its props model's own check: ``actionLabel`` without
    ``action``) does not count while a prop still to come mends it, but the tag may not end on it:
    there the mending prop is written instead (see :meth:`mending`).
    """

    def __init__(self, tokenizer: Any, tries: int = TRIES, written: AnswerSoFar | None = None) -> None:
        self.tokenizer = tokenizer
        self.texts = token_texts(tokenizer)
        self._plan: list[int] = []  # the rest of a mending prop being written (see _mend)
        self.eos = tokenizer.eos_token_id
        self.tries = tries
        self.written = written or AnswerSoFar(tokenizer)  # shared with the answer's other guards
        self._state_at: int | None = None
        self._state: dict[str, Any] = {}
        self._memo: dict[str, set[tuple[int, str]]] = {}  # frame -> faults, under the current state
        self._mends: dict[str, str | None] = {}  # frame -> the prop that mends its element's fault
        self.banned = 0  # tokens refused over the answer
        self._quote_enders: dict[str, frozenset[int]] = {}

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        if self._plan:
            token = self._plan.pop(0)
            if torch.isfinite(scores[0, token]):
                return keep(scores, token)
            self._plan.clear()  # the grammar wants otherwise: leave it to the model again
        frame = self._sync(input_ids)
        if frame is None:
            return scores
        best = int(scores[0].argmax())
        if best == self.eos or not self._checked(best):
            return scores
        before = self._faults(frame)
        if self._passes(frame, best, before):
            return scores
        # The best token brings a fault. The model meant to end something here (or, in an
        # expression, to go on with it), so take the best of the other such tokens that does
        # not; only when none does, the best token that cannot complete anything.
        self.banned += 1
        ranking = _ranked(scores[0])
        tried, fallback = 1, None
        for token in ranking[:SCAN]:
            if token == best:
                continue
            if token == self.eos:
                return keep(scores, token)
            if not self._checked(token):
                if fallback is None and token < len(self.texts) and "\ufffd" not in self.texts[token]:
                    fallback = token
                continue
            if tried >= self.tries:
                break
            tried += 1
            if self._passes(frame, token, before):
                return keep(scores, token)
            self.banned += 1
        if fallback is None and self.parser.cursor.mode.in_value:
            # In an expression the model may not rank any good name high: look further down,
            # among the tokens that spell on towards a name that can be right.
            tried = 0
            for token in ranking[:SCAN]:
                if tried >= self.tries:
                    break
                if token == best or not self._checked(token) or not _plausible(frame, self.texts[token], self._declared()):
                    continue
                tried += 1
                if self._passes(frame, token, before):
                    return keep(scores, token)
                self.banned += 1
        quote = self.parser.cursor.quote
        if fallback is None and quote:
            # In a string where nothing the model ranks high passes (as at its length limit), the
            # best token that ends the string and passes; only those tokens are looked at.
            enders = self._enders(quote)
            for token in ranking:
                if token in enders and self._passes(frame, token, before):
                    return keep(scores, token)
        mend = self._mend(frame, best, scores)
        if mend is not None:
            return keep(scores, mend)
        return keep(scores, fallback) if fallback is not None else scores

    def _enders(self, quote: str) -> frozenset[int]:
        """The tokens whose text starts with ``quote`` (they end a string), found once per quote."""
        if quote not in self._quote_enders:
            self._quote_enders[quote] = frozenset(i for i, s in enumerate(self.texts) if s.startswith(quote))
        return self._quote_enders[quote]

    def _mend(self, frame: str, best: int, scores: torch.FloatTensor) -> int | None:
        """Where the model would end the tag on a fault a prop it has not written mends (an Image's
        ``alt=""`` without ``decorative``) and offers nothing better, the first token of that prop;
        the rest follows on the next steps."""
        piece = self.texts[best] if best < len(self.texts) else ""
        inside = _before_tag_end(frame, piece)
        prop = self._mending(inside) if inside is not None else None
        if prop is None:
            return None
        ids = self.tokenizer(inside[len(frame):] + prop, add_special_tokens=False)["input_ids"]
        if not ids or not torch.isfinite(scores[0, ids[0]]):
            return None
        self._plan = ids[1:]
        return ids[0]

    def accepts(self, input_ids: torch.LongTensor, token: int) -> bool:
        """Whether ``token`` may be written next: it brings no new fault (closing mode asks)."""
        frame = self._sync(input_ids)
        if frame is None or token == self.eos or not self._checked(token):
            return True
        return self._passes(frame, token, self._faults(frame))

    def accepts_text(self, input_ids: torch.LongTensor, text: str) -> bool:
        """Whether ``text``, written next as a whole (closing mode's filler), brings no new fault."""
        frame = self._sync(input_ids)
        return frame is None or self._faults(frame + text) <= self._faults(frame)

    def _sync(self, input_ids: torch.LongTensor) -> str | None:
        """Bring the parser up to the text written so far; the frame to check, or None."""
        w = self.written.sync(input_ids, "Lookahead")
        if w.partial:
            return None
        start = self._frame_start()
        return None if start is None else w.text[start:]

    @property
    def parser(self) -> StreamParser:
        return self.written.parser

    def _passes(self, frame: str, token: int, before: set) -> bool:
        """Whether ``token`` brings no new fault, nor a comma after an item that ends an array
        well where one more such item would not (a table row with all its cells)."""
        piece, at = self.texts[token], self.parser.cursor
        if at.mode is Mode.TAG_NAME and (named := _TAG_NAME.match(frame + piece)) is not None:
            # The element appears with this token: what it lacks with no props yet is not the
            # token's fault (a chart without its data), what the token writes after its name is.
            before = before | self._faults(f"<{named.group(1)} ")
        after = self._faults(frame + piece)
        if _WHOLE in after and (inside := _before_tag_end(frame, piece)) is not None and self._mendable(inside):
            return False  # it ends the tag on a fault of the element that a prop not written would mend
        if not after <= before and not (after - before == {_WHOLE} and self._mendable(frame + piece)):
            return False  # a new fault, unless of the element as a whole and mended by a prop to come
        if at.mode.in_value and not (self._item_may_end(frame, piece, before) and self._length_fits(frame, piece)):
            return False
        if "," not in piece or not at.mode.in_value:
            return True
        upto = frame + piece[:piece.index(",")]
        last = _last_item(upto)
        if last is None:
            return True
        # An array inside an array shows in the frame once the comma after it is written.
        end = "]," if closers(upto)[1:2] == "]" else "]"
        return not (self._faults(upto + end) <= before and not self._faults(f"{upto},{last}{end}") <= before)

    def _item_may_end(self, frame: str, piece: str, before: set) -> bool:
        """Whether the ``]`` in ``piece`` that ends an array inside an array (a table row) leaves it
        fit to stay: its fault shows only once a comma or a bracket follows, and if both bring one
        (a row short of its cells) no continuation mends it."""
        for i, ch in enumerate(piece):
            if ch != "]":
                continue
            upto = frame + piece[:i + 1]
            rest = closers(upto)
            if not rest.startswith("]"):
                continue  # not an item of an outer array
            more, end = self._faults(upto + ","), self._faults(upto + "]")
            if more <= before or end <= before:
                return True
            return more - before == {_WHOLE} and self._mendable(upto + rest)
        return True

    def _length_fits(self, frame: str, piece: str) -> bool:
        """Whether the first ``,`` or ``]`` of ``piece`` in a nested array (a series' values, whose
        length the labels fix) is no worse than the other choice: a comma is refused where ending the
        array is right and one more item is wrong, a bracket where one more item is right and ending
        is wrong. Each choice is judged with everything still open closed after it."""
        for i, ch in enumerate(piece):
            if ch not in ",]":
                continue
            upto = frame + piece[:i]
            rest = closers(upto)
            last = _last_item(upto)
            if len(rest) < 2 or not rest.startswith("]") or last is None:
                return True  # not an item of an array inside a value
            end, more = self._faults(upto + rest), self._faults(f"{upto},{last}{rest}")
            return not end < more if ch == "," else not more < end
        return True

    def _checked(self, token: int) -> bool:
        """Whether writing ``token`` can complete something the validator judges."""
        if token >= len(self.texts) or "\ufffd" in self.texts[token]:
            return False
        piece, at = self.texts[token], self.parser.cursor
        if at.mode is Mode.TEXT:
            return "{" in piece
        if at.mode is Mode.TAG_NAME:
            return not _COMPLETES.isdisjoint(piece) or "{" in piece
        if not at.mode.in_value:
            return not _COMPLETES.isdisjoint(piece) or piece[:1].isalpha()  # a prop name may be typed
        if at.mode is Mode.ARRAY:  # inside an object or an interpolation in it, names are written
            return not _ITEM_ENDS.isdisjoint(piece) or "{" in piece or closers(at.value)[:1] == "}"
        return True

    def _frame_start(self) -> int | None:
        """Where the frame to check starts: the open tag's ``<``, a text interpolation's ``{``, or,
        between tags, here (an interpolation may open)."""
        at = self.parser.cursor
        if at.mode in (Mode.CLOSING_TAG, Mode.ERROR):
            return None  # a closing tag: the grammar's business
        if at.mode is Mode.TEXT:
            return len(self.written.text)
        if at.mode is Mode.INTERPOLATION:
            return at.value_start
        if at.mode is not Mode.TAG_NAME and at.element == STATE_TAG:
            return None  # in <State>'s own tag: declarations' values are the grammar's business
        return at.tag_start

    def _faults(self, frame: str) -> set[tuple[int, str]]:
        """The faults of ``frame`` (an open tag or interpolation, from its start) as (offset, code)."""
        state = self._declared()
        if frame not in self._memo:
            if len(self._memo) >= MEMO:
                self._memo.clear()
            self._memo[frame] = self._read_faults(frame, state)
        return self._memo[frame]

    def _read_faults(self, frame: str, state: dict[str, Any]) -> set[tuple[int, str]]:
        parser = StreamParser()
        parser.feed(frame)
        if parser.error is not None:
            return set()
        faults = {(d.offset, d.code) for d in frame_faults(parser.tree(), state)}
        at = parser.cursor
        if at.mode.in_value and (at.mode is not Mode.ARRAY or "{" in at.value):
            faults |= {(at.value_start + pos, code) for pos, code in name_faults(at.value, at.mode, state)}
        body = _string_so_far(at)
        if body is not None and _too_long(at, body):
            faults.add((at.value_start, "string-too-long"))
        if not state and _needs_state(at, frame):
            faults.add((len(frame), "unknown-state"))
        return faults

    def mending(self, input_ids: torch.LongTensor) -> str | None:
        """The prop that, written next, mends the fault of the open element as a whole (closing
        mode writes it before it ends the tag); None when there is no such fault or prop."""
        frame = self._sync(input_ids)
        return self._mending(frame) if frame is not None and _WHOLE in self._faults(frame) else None

    def _mendable(self, frame: str) -> bool:
        return self._mending(frame) is not None

    def _mending(self, frame: str) -> str | None:
        """The text of one prop the open tag ``frame`` lacks after which its element's fault as a
        whole is gone (`` action={send("x")}`` after an EmptyState's ``actionLabel``, ``decorative={true}``
        after an Image's ``alt=""``), or None."""
        self._declared()  # a new frame clears what was remembered under the old state
        if frame not in self._mends:
            if len(self._mends) >= MEMO:
                self._mends.clear()
            self._mends[frame] = _mending(frame, self._faults)
        return self._mends[frame]

    def _declared(self) -> dict[str, Any]:
        """The state declared before the frame (recomputed when a new frame starts)."""
        start = self._frame_start()
        if start != self._state_at:
            self._state = declared_state(self.parser.tree())
            self._state_at = start
            self._memo.clear()  # faults were read under the state before this frame
            self._mends.clear()
        return self._state


_WHOLE = (0, "prop-type")  # a fault of the frame's element as a whole (its props model's own check)


def _ranked(scores: torch.Tensor) -> list[int]:
    """The tokens still allowed (finite scores), best first."""
    allowed = torch.isfinite(scores).nonzero().flatten()
    return allowed[torch.argsort(scores[allowed], descending=True)].tolist()


def _in_tag(frame: str) -> bool:
    """Whether ``frame`` (from a tag's ``<``) stands inside that tag, between or within its props."""
    parser = StreamParser()
    parser.feed(frame)
    at = parser.cursor
    return at.mode not in (Mode.TEXT, Mode.CLOSING_TAG, Mode.ERROR) and at.depth <= 1


def _before_tag_end(frame: str, piece: str) -> str | None:
    """The frame up to the ``/>`` or ``>`` with which ``piece`` ends the frame's tag, or starts to
    (a ``/`` leaves the grammar nothing but ``>``); None if it does not."""
    if not frame.startswith("<") or not _in_tag(frame):
        return None
    for i, ch in enumerate(piece):
        if ch == ">" and not _in_tag(frame + piece[:i + 1]):
            return (frame + piece[:i]).removesuffix("/")
        if ch == "/" and not _in_tag(frame + piece[:i + 1] + ">"):
            return frame + piece[:i]
    return None


def _mending(frame: str, faults: Callable[[str], set]) -> str | None:
    if not frame.startswith("<"):
        return None
    for lead in ("", " "):  # a blank ends a number or a flag that ends the frame
        parser = StreamParser()
        parser.feed(frame + lead)
        at = parser.cursor
        if at.mode is Mode.ATTRS and at.depth == 1:
            break
    else:
        return None  # only between props can one be added
    frame += lead
    comp = registry.get(at.element)
    if comp is None:
        return None
    written = set(at.props)
    gap = "" if frame[-1:].isspace() else " "
    others = faults(frame) - {_WHOLE}
    for name in comp.props.model_fields:
        if name in written:
            continue
        for value in _probes(comp, name):
            prop = f"{gap}{name}={value}"
            # Mended only if the probe itself is a good value: a bad one hides the check as a whole.
            if faults(f"{frame}{prop} ") <= others:
                return lead + prop
    return None


def _probes(comp: Any, name: str) -> list[str]:
    """A few values to try for prop ``name`` of ``comp``: the kinds of value that mend a check of
    the props as a whole (a partner given, a flag set, a bound moved out of the way)."""
    kind = registry.prop_kind(comp, name)
    if kind == "action":
        return ['{send("x")}']
    if kind == "bind":
        return []
    out: list[str] = []
    for arm in _arms(comp.props.model_fields[name].annotation):
        base = typing.get_args(arm)[0] if typing.get_origin(arm) is Annotated else arm
        if base is bool:
            out += ["{true}", "{false}"]
        elif base in (int, float):
            out += ["{1000000}", "{-1000000}"]
        elif base is str:
            out.append('"x"')
        elif typing.get_origin(base) is typing.Literal:
            out += [f'"{v}"' for v in typing.get_args(base) if isinstance(v, str)][:3]
    return out
