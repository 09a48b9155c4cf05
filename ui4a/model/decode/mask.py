"""Grammar-constrained decoding with llguidance: a transformers LogitsProcessor.

:class:`GrammarConstraint` holds an ``llguidance.LLMatcher`` built from a Lark
grammar (see :mod:`ui4a.model.decode.grammar`) and a Hugging Face fast tokenizer. Each
generation step it advances the matcher with the token sampled at the previous
step, asks for the mask of allowed next tokens and sets every other logit to
-inf; EOS is in the mask only when the grammar accepts what was written. Use it
as ``model.generate(..., logits_processor=LogitsProcessorList([c]))``.

Batch size 1 only (one matcher per processor; a batch would need one matcher per
row and ``llguidance.torch.fill_next_token_bitmask_par``). Build a new processor,
or call :meth:`GrammarConstraint.reset`, for every ``generate`` call.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import llguidance
import llguidance.hf
import numpy as np
import torch
from transformers import LogitsProcessor


class GrammarError(ValueError):
    """The grammar does not compile, or the matcher left the grammar."""


def compile_grammar(lark: str) -> str:
    """The llguidance grammar for a Lark text; raises GrammarError if it does not compile."""
    grammar = llguidance.LLMatcher.grammar_from_lark(lark)
    is_error, messages = llguidance.LLMatcher.validate_grammar_with_warnings(grammar)
    if is_error:
        raise GrammarError(messages[0] if messages else "invalid grammar")
    return grammar


def ll_tokenizer(hf_tokenizer: Any) -> llguidance.LLTokenizer:
    """llguidance's view of a fast HF tokenizer (about a second to build; cache it)."""
    return llguidance.hf.from_tokenizer(hf_tokenizer)


class _Bytes:
    """A byte-per-token tokenizer: lets the matcher check a whole string exactly."""

    eos_token_id = 256
    bos_token_id = None
    tokens = [bytes([i]) for i in range(256)] + [b"<eos>"]
    special_token_ids = [256]

    def __call__(self, data: bytes) -> list[int]:
        return list(data)


@lru_cache(maxsize=1)
def _byte_tokenizer() -> llguidance.LLTokenizer:
    return llguidance.LLTokenizer(llguidance.TokenizerWrapper(_Bytes()))


def match(grammar: str, text: str) -> str | None:
    """None when the grammar accepts all of ``text``; otherwise why not.

    ``grammar`` is a Lark text or a compiled llguidance grammar.
    """
    if not grammar.lstrip().startswith("{"):
        grammar = compile_grammar(grammar)
    matcher = llguidance.LLMatcher(_byte_tokenizer(), grammar, log_level=0)
    if matcher.is_error():
        return matcher.get_error()
    data = text.encode("utf-8")
    done = matcher.try_consume_tokens(list(data))
    if done < len(data):
        where = data[:done].decode("utf-8", "replace")
        line = where.count("\n") + 1
        col = len(where) - (where.rfind("\n") + 1) + 1
        return f"rejected at {line}:{col}: {data[done:done + 30].decode('utf-8', 'replace')!r}"
    if not matcher.is_accepting():
        return "incomplete: the grammar needs more after the end of the text"
    return None


class GrammarConstraint(LogitsProcessor):
    """Masks the logits to what the grammar allows next; batch size 1."""

    def __init__(self, lark_or_grammar: str, tokenizer: Any,
                 ll_tok: llguidance.LLTokenizer | None = None, matcher: llguidance.LLMatcher | None = None) -> None:
        """``matcher``: a fresh matcher for this grammar to take over (a copy of a pristine one is ~1,000
        times cheaper than building one: 0.06 ms against ~100 ms with a 49k vocabulary)."""
        self.ll_tok = ll_tok or ll_tokenizer(tokenizer)
        if matcher is None:
            grammar = (lark_or_grammar if lark_or_grammar.lstrip().startswith("{")
                       else compile_grammar(lark_or_grammar))
            matcher = llguidance.LLMatcher(self.ll_tok, grammar, log_level=0)
        self.matcher = matcher
        if self.matcher.is_error():
            raise GrammarError(self.matcher.get_error())
        self.eos = set(self.ll_tok.eos_tokens)
        self.prompt_len: int | None = None
        self.steps = 0
        self._mask: np.ndarray | None = None
        self.closing: Any = None  # the answer's closing mode, set by answer_guards
        self.lookahead: Any = None  # the answer's validator lookahead, set by answer_guards

    def reset(self) -> None:
        self.matcher.reset()
        self.prompt_len = None
        self.steps = 0

    @property
    def accepting(self) -> bool:
        return self.matcher.is_accepting()

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        if input_ids.shape[0] != 1:
            raise ValueError("GrammarConstraint supports batch size 1 only")
        if self.prompt_len is None:
            self.prompt_len = input_ids.shape[1]
        else:
            token = int(input_ids[0, -1])
            if not self.matcher.consume_token(token):
                raise GrammarError(f"token {token} left the grammar: {self.matcher.get_error()}")
        self.steps += 1
        return scores.masked_fill(~self.allowed(scores.shape[-1]), float("-inf"))

    def allowed(self, vocab: int) -> torch.Tensor:
        """Which of ``vocab`` tokens the grammar allows next, as a boolean tensor.

        The bitmask is unpacked with numpy: with a 49k vocabulary the same work in torch ops takes
        ~20 ms a token (and far more when torch's thread pool competes for the cores), numpy ~1 ms."""
        words = (self.ll_tok.vocab_size + 31) // 32
        if self._mask is None or self._mask.shape[0] != words:
            self._mask = np.zeros(words, dtype=np.int32)
        self.matcher.unsafe_compute_mask_ptr(self._mask.ctypes.data, words * 4)
        if self.matcher.is_error():
            raise GrammarError(self.matcher.get_error())
        bits = np.unpackbits(self._mask.view(np.uint8), bitorder="little")[:vocab]
        if bits.shape[0] < vocab:
            bits = np.concatenate([bits, np.zeros(vocab - bits.shape[0], dtype=np.uint8)])
        return torch.from_numpy(bits.astype(bool))


@lru_cache(maxsize=4)
def _compiled_ui_grammar(components: tuple[str, ...] | None) -> str:
    from ui4a.model.decode.grammar import lark_grammar

    return compile_grammar(lark_grammar(list(components) if components else None, top="elements"))


_LL_TOKENIZERS: dict[int, tuple[Any, llguidance.LLTokenizer]] = {}
_PRISTINE: dict[tuple[int, tuple[str, ...] | None], llguidance.LLMatcher] = {}


def grammar_constraint(tokenizer: Any, components: Sequence[str] | None = None) -> GrammarConstraint:
    """A fresh constraint for one turn of the ``ui`` adapter; the grammar, the vocabulary and a pristine
    matcher are built once per tokenizer, and each turn gets a copy of that matcher."""
    key = id(tokenizer)
    if key not in _LL_TOKENIZERS:  # the tokenizer is kept alive with it, so its id stays unique
        _LL_TOKENIZERS[key] = (tokenizer, ll_tokenizer(tokenizer))
    ll_tok = _LL_TOKENIZERS[key][1]
    allowed = tuple(components) if components else None
    grammar = _compiled_ui_grammar(allowed)
    if (key, allowed) not in _PRISTINE:
        _PRISTINE[key, allowed] = llguidance.LLMatcher(ll_tok, grammar, log_level=0)
    return GrammarConstraint(grammar, tokenizer, ll_tok=ll_tok, matcher=_PRISTINE[key, allowed].deep_copy())
