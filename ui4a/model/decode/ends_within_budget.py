"""Closing mode: a constrained answer always ends, and ends complete, within its token budget.

The grammar says what may come next, never when to stop: a small model that loops or runs long
reaches ``max_new_tokens`` mid-element, and the answer does not parse. Once the tokens left reach
a reserve (:func:`reserve`) or the answer repeats itself (:func:`repeats_at_end`), :class:`Closing`
steers each step towards the end: the end itself where the grammar accepts it, else a closer for
where the parser stands, else the shortest filler after which one fits. It only chooses what comes
next, never takes back what was streamed; an answer that can no longer parse ends at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import torch
from transformers import LogitsProcessor

from ui4a import registry
from ui4a.lang.cursor import Mode
from ui4a.lang.parser import StreamParser
from ui4a.model.decode.answer_so_far import AnswerSoFar
from ui4a.model.decode.scores import force
from ui4a.model.decode.stays_valid import closers
from ui4a.model.decode.vocab import token_texts

MIN_RESERVE = 32  # tokens kept back: enough to close a few nested elements and values
RESERVE_SHARE = 5  # or a fifth of the budget, whichever is more
REPEAT_BLOCK = 6  # a block this long or longer ...
REPEAT_TIMES = 4  # ... written this many times in a row is a loop
VETTED = 8  # closing choices offered to ``vet`` before the best is taken anyway
DETOURS = 4  # times an answer may write a string's text or an array's item where no closer validates

# What may follow the first closing unit: more closers and the blanks between them.
_REST = r"(?:\s|[\])}\"']|/>|>|</>?)*"
_CLOSERS = {  # parser context -> the token texts that close something there
    "text": re.compile(r"\s*</" + _REST),
    "tag": re.compile(r"\s*(?:/>|>)" + _REST),
    "region": re.compile(r"\s*[\])}]" + _REST),
    '"': re.compile(r'\s*["}]' + _REST),
    "'": re.compile(r"\s*['}]" + _REST),
}
_OPENS_ELEMENT = re.compile(r"<(?!/)")  # "<" starts a tag, "</" ends one
_OPENERS = tuple("[{(\"'!-")
# Fillers for a value that cannot close yet: an operand, an assignment, a ternary's
# branches, a statement; and the same for enum props, spelled with one of their values.
_FILLERS = ("0", "1", '""', '"x"', " = 0", " : 0", " ? 0 : 0", "submit()")
_ENUM_FILLERS = ('"{}"', ' : "{}"', '"{0}" : "{0}"', ' ? "{0}" : "{0}"')
# Items for an array that cannot end yet (a table row short of its cells, a pie slice without its
# value, which must be over 0), tried in this order.
_ITEM_FILLERS = (",null", ',""', ",0", ",1")
# Tails for an expression whose value is of the wrong kind so far (a comparison where a prop takes a
# string): a conditional that yields the right kind.
_EXPR_FILLERS = (' ? "x" : "x"', " ? 1 : 1")
# Values for a missing required prop, tried in this order (literals first, as they can
# validate): one of them the grammar takes whatever the prop's type.
_PROP_VALUES = ("0", '""', '"x"', "[]", '["x"]', "{0}", "{x}", "{submit()}")


def open_quote(raw: str) -> str | None:
    """The quote of the string a value's raw text ends directly in, if it does.

    The parser only tracks the outermost string; a string nested in an interpolation
    (``"a {x ? 'b`` → ``'``) must be closed by its own quote first, and a bracket or an
    interpolation open inside a string (``"a {(n + 2`` → None) before its quote.
    """
    inner = closers(raw)[:1]  # closers come innermost first
    return inner if inner in ("\"", "'") else None


def reserve(budget: int) -> int:
    """How many of ``budget`` tokens are kept for closing the answer."""
    return max(MIN_RESERVE, budget // RESERVE_SHARE)


def repeats_at_end(tokens: Sequence[int], min_block: int = REPEAT_BLOCK, times: int = REPEAT_TIMES) -> bool:
    """Whether ``tokens`` end with one block of ``min_block`` or more tokens written ``times`` times in a row."""
    tokens = list(tokens)
    n = len(tokens)
    for size in range(min_block, n // times + 1):
        if tokens[-1] != tokens[-1 - size]:
            continue  # cheap rejection before comparing the whole tail
        tail = tokens[n - size * times:]
        if tail == tail[:size] * times:
            return True
    return False


@lru_cache(maxsize=64)
def _required(component: str) -> tuple[str, ...]:
    comp = registry.get(component)
    return tuple(comp.props.model_json_schema().get("required", ())) if comp is not None else ()


@lru_cache(maxsize=256)
def _example_values(component: str, prop: str) -> tuple[str, ...]:
    """The value the component's own example gives ``prop``, as written: a value known to validate
    where the short fillers cannot (a chart's data)."""
    from ui4a.lang.parser import parse

    comp = registry.get(component)
    try:
        doc = parse(comp.example) if comp is not None and comp.example else None
    except Exception:  # an example that does not parse offers nothing
        return ()
    for el, _ in doc.walk() if doc is not None else ():
        if el.name == component and (found := el.prop(prop)) is not None and "{" not in found.source:
            return (f"{{{found.source}}}" if found.braced else found.source,)
    return ()


@lru_cache(maxsize=256)
def _enum_values(component: str, prop: str) -> tuple[str, ...]:
    """The string values an enum prop takes (none for other props)."""
    comp = registry.get(component)
    if comp is None:
        return ()
    schema = comp.props.model_json_schema()
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            found.extend(v for v in node.get("enum", ()) if isinstance(v, str))
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(schema.get("properties", {}).get(prop))
    return tuple(dict.fromkeys(found))


class _Kinds:
    """Each vocabulary entry's kind, as boolean masks over the token ids."""

    def __init__(self, tokenizer: Any) -> None:
        special = set(tokenizer.all_special_ids)
        texts = ["" if i in special else text for i, text in enumerate(token_texts(tokenizer))]

        def mask(test: Any) -> torch.Tensor:
            return torch.tensor([bool(t) and bool(test(t)) for t in texts])

        self.size = len(texts)
        self.closers = {ctx: mask(rx.fullmatch) for ctx, rx in _CLOSERS.items()}
        self.closer_ids = {ctx: m.nonzero().flatten().tolist() for ctx, m in self.closers.items()}
        self.opens_element = mask(_OPENS_ELEMENT.search)
        self.blank = mask(lambda t: not t.strip())
        self.opener = mask(lambda t: t.strip().startswith(_OPENERS)) & ~self.opens_element
        self.other = ~(self.opens_element | self.blank | self.opener) & mask(bool)


_KINDS: dict[int, tuple[Any, _Kinds]] = {}


def _kinds(tokenizer: Any) -> _Kinds:
    key = id(tokenizer)
    if key not in _KINDS:
        _KINDS[key] = (tokenizer, _Kinds(tokenizer))  # the tokenizer is kept so its id stays unique
    return _KINDS[key][1]


class Closing(LogitsProcessor):
    """Narrows grammar-masked scores to the closing choice once closing mode has started; batch size 1.

    ``budget`` is the most tokens the answer may have (the decoding loop's
    ``max_new_tokens``); ``matcher`` is the grammar constraint's llguidance
    matcher, which fillers are checked against (without one, no fillers). Build
    one per answer. ``vet(input_ids, token)``, when given, may turn down a
    closing choice (the next best of its kind is offered); ``vet_text(input_ids, text)`` may turn down a
    required prop's filler (the next one is tried); ``mend(input_ids)`` names the prop an open tag needs
    before it ends validly. ``active`` tells afterwards whether the answer ended in
    closing mode, ``stopped`` whether it was cut short because it could no
    longer parse.
    """

    def __init__(self, tokenizer: Any, budget: int, matcher: Any = None,
                 vet: Callable[[torch.LongTensor, int], bool] | None = None, written: AnswerSoFar | None = None,
                 vet_text: Callable[[torch.LongTensor, str], bool] | None = None,
                 mend: Callable[[torch.LongTensor], str | None] | None = None) -> None:
        self.tokenizer = tokenizer
        self.written = written or AnswerSoFar(tokenizer)  # shared with the answer's other guards
        self.vet = vet  # whether a closing token may be written (the validator's lookahead)
        self.vet_text = vet_text  # whether a required prop's filler may be (the same lookahead)
        self.mend = mend  # the prop an open tag needs before it can end validly (the same lookahead)
        self.kinds = _kinds(tokenizer)
        self.eos = tokenizer.eos_token_id
        self.budget = budget
        self.reserve = reserve(budget)
        self.matcher = matcher
        self.active = False
        self.stopped = False
        self._plan: list[int] = []  # a filler's tokens still to write
        self._detours = 0  # string text written because no closer validated

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        """In closing mode, the first that exists of: EOS; the next token of a planned filler; a filler
        where nothing closes yet (:meth:`_filler`); the best closer the lookahead accepts, or a detour
        that makes one acceptable (:meth:`_detour`); else the best other token, with tokens that open
        a bracket or string, then those that open an element, then blanks as last resorts."""
        written = self.written.sync(input_ids, "Closing").ids
        if self.parser.error is not None:  # no continuation can make it parse: end it now
            self.stopped = True
            return force(scores, self.eos)
        if not self.active:
            self.active = self.budget - len(written) <= self.reserve or repeats_at_end(written)
            if not self.active:
                return scores
        allowed = torch.isfinite(scores[0])
        if allowed[self.eos]:
            return force(scores, self.eos)
        if self._plan and allowed[self._plan[0]]:
            return force(scores, self._plan.pop(0))
        k = self.kinds
        n = min(k.size, allowed.shape[0])  # the model's vocabulary may be padded past the tokenizer's
        allowed = allowed[:n]
        context = self._context()
        if not (allowed & k.closers[context][:n]).any() and context != "text":
            self._plan = self._filler(context, input_ids)
            if self._plan:
                return force(scores, self._plan.pop(0))
        unvetted = None
        for kind in (k.closers[context], k.other, k.opener, k.opens_element, k.blank):
            pick = allowed & kind[:n]
            if pick.any():
                token, ok = self._vetted(input_ids, scores[0, :n].masked_fill(~pick, float("-inf")))
                if not ok and kind is k.closers[context]:
                    detour = self._detour(context, input_ids, scores[0, :n], allowed & k.other[:n])
                    token = token if detour is None else detour
                elif not ok:  # a token the lookahead refuses (one bracket too deep): the next kind first
                    unvetted = token if unvetted is None else unvetted
                    continue
                return force(scores, token)
        if unvetted is not None:
            return force(scores, unvetted)
        return scores

    def _detour(self, context: str, input_ids: torch.LongTensor, scores: torch.Tensor,
                text: torch.Tensor) -> int | None:
        """Where no closer validates yet, the first token of what makes one validate; None if nothing does."""
        if context == "tag" and self.mend is not None and (prop := self.mend(input_ids)) is not None:
            # A tag that cannot end yet (actionLabel without its action): that prop first.
            ids = self._spell([prop])[0]
            if self._takes(ids):
                self._plan = ids[1:]
                return ids[0]
        if self._detours >= DETOURS:
            return None
        if context == "region":
            # An array item that cannot end yet (a table row short of its cells): an empty item first;
            # an expression of the wrong kind: a conditional of the right one. Each is judged with the
            # brackets it leaves open closed after it, as closing mode goes on, since some faults show
            # only in a whole value (a pie slice of 0); failing that, alone.
            expr = self.parser.cursor.mode in (Mode.EXPRESSION, Mode.INTERPOLATION)
            for whole in (True, False):
                # A conditional is only worth writing where it makes the whole value validate.
                for filler in (_EXPR_FILLERS if expr and whole else ()) + _ITEM_FILLERS:
                    ids = self._spell([filler])[0]
                    probe = self._closed(filler) if whole else filler
                    if self._takes(ids) and (self.vet_text is None or self.vet_text(input_ids, probe)):
                        self._detours += 1
                        self._plan = ids[1:]
                        return ids[0]
        if context in ('"', "'") and text.any():
            # A string that no quote ends validly yet (alt=""): a token of its text first.
            word, ok = self._vetted(input_ids, scores.masked_fill(~text, float("-inf")))
            if ok:
                self._detours += 1
                return word
        return None

    @property
    def parser(self) -> StreamParser:
        return self.written.parser

    def _context(self) -> str:
        """Where the text so far stands: between elements, in a tag, in a value, in a string."""
        at = self.parser.cursor
        if at.mode is Mode.TEXT:
            return "text"
        if at.mode.in_value:
            return open_quote(at.value) or "region"
        return "tag"

    def _filler(self, context: str, input_ids: torch.LongTensor) -> list[int]:
        """The tokens of the shortest filler (or pair of fillers) after which something closes here,
        else, in a tag, of a missing required prop."""
        if self.matcher is None:
            return []
        at = self.parser.cursor
        fillers = list(_FILLERS)
        if at.mode.in_value and at.element is not None and at.prop is not None:
            for value in _enum_values(at.element, at.prop):
                fillers += [form.format(value) for form in _ENUM_FILLERS]
        spelled = sorted(zip(fillers, self._spell(fillers), strict=True), key=lambda f: len(f[1]))
        valid = [(text, ids) for text, ids in spelled if self._takes(ids)]
        pairs = [(a + b, x + y) for a, x in valid for b, y in spelled]
        fits = [(text, ids) for text, ids in valid + pairs
                if self._takes(ids) and any(self._takes([*ids, c]) for c in self.kinds.closer_ids[context])]
        if fits and at.mode.in_value and self.vet_text is not None:
            # Judged with what it leaves open closed after it, as closing mode goes on: some faults show
            # only in a whole value (a pie slice of 0), so the first filler that passes so wins.
            for text, ids in fits:
                if self.vet_text(input_ids, self._closed(text)):
                    return ids
        if fits:
            return fits[0][1]
        if at.mode.in_tag and at.element is not None:
            missing = [name for name in _required(at.element) if name not in at.props]
            props = [f" {name}={value}" for name in missing for value in (*_PROP_VALUES, *_example_values(at.element, name))]
            taken = [(text, ids) for text, ids in zip(props, self._spell(props), strict=True) if self._takes(ids)]
            vetted = [ids for text, ids in taken if self.vet_text is None or self.vet_text(input_ids, text)]
            return (vetted or [ids for _, ids in taken] or [[]])[0]
        return []

    def _closed(self, text: str) -> str:
        """``text`` followed by what closes the value it leaves open (its brackets, quotes, braces)."""
        return text + closers(self.parser.cursor.value + text)

    def _vetted(self, input_ids: torch.LongTensor, ranked: torch.Tensor) -> tuple[int, bool]:
        """The best of ``ranked`` (scores, -inf for what is out) that ``vet`` accepts, among the first
        few, and True; the best one and False when it accepts none of them."""
        best = int(ranked.argmax())
        if self.vet is None or self.vet(input_ids, best):
            return best, True
        for token in torch.argsort(ranked, descending=True)[:VETTED].tolist():
            if not torch.isfinite(ranked[token]):
                break
            if token != best and self.vet(input_ids, token):
                return token, True
        return best, False

    def _spell(self, texts: list[str]) -> list[list[int]]:
        """The token ids of each text, in the order given."""
        return [self.tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]

    def _takes(self, ids: list[int]) -> bool:
        """Whether the grammar takes all of ``ids`` after what was written (the matcher is not moved)."""
        return self.matcher.validate_tokens(ids) == len(ids)

