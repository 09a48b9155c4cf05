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
                 ll_tok: llguidance.LLTokenizer | None = None) -> None:
        grammar = (lark_or_grammar if lark_or_grammar.lstrip().startswith("{")
                   else compile_grammar(lark_or_grammar))
        self.ll_tok = ll_tok or ll_tokenizer(tokenizer)
        self.matcher = llguidance.LLMatcher(self.ll_tok, grammar, log_level=0)
        if self.matcher.is_error():
            raise GrammarError(self.matcher.get_error())
        self.eos = set(self.ll_tok.eos_tokens)
        self.prompt_len: int | None = None
        self.steps = 0
        self._mask: torch.Tensor | None = None
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
        vocab = scores.shape[-1]
        words = (self.ll_tok.vocab_size + 31) // 32
        if self._mask is None or self._mask.shape[1] != words:
            self._mask = torch.zeros((1, words), dtype=torch.int32)
        self.matcher.unsafe_compute_mask_ptr(self._mask.data_ptr(), words * 4)
        if self.matcher.is_error():
            raise GrammarError(self.matcher.get_error())
        bits = (self._mask[0].unsqueeze(1) >> torch.arange(32, dtype=torch.int32)) & 1
        allowed = bits.flatten()[:vocab].bool()
        if allowed.shape[0] < vocab:
            allowed = torch.cat([allowed, allowed.new_zeros(vocab - allowed.shape[0])])
        return scores.masked_fill(~allowed.to(scores.device), float("-inf"))


@lru_cache(maxsize=4)
def _compiled_ui_grammar(components: tuple[str, ...] | None) -> str:
    from ui4a.model.decode.grammar import lark_grammar

    return compile_grammar(lark_grammar(list(components) if components else None, top="elements"))


_LL_TOKENIZERS: dict[int, llguidance.LLTokenizer] = {}


def grammar_constraint(tokenizer: Any, components: Sequence[str] | None = None) -> GrammarConstraint:
    """A fresh constraint for one turn of the ``ui`` adapter; the grammar and vocabulary are built once."""
    key = id(tokenizer)
    if key not in _LL_TOKENIZERS:
        _LL_TOKENIZERS[key] = ll_tokenizer(tokenizer)
    return GrammarConstraint(_compiled_ui_grammar(tuple(components) if components else None), tokenizer,
                             ll_tok=_LL_TOKENIZERS[key])
