"""Token counting with real BPE tokenizers that work offline.

cl100k_base and o200k_base come from ``quicktok`` (exact, bundled vocabularies;
a test checks it against tiktoken's cl100k). A model's own tokenizer can be
added with :func:`register_tokenizer`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

DEFAULT_ENCODINGS = ("cl100k_base", "o200k_base")

_EXTRA: dict[str, Callable[[str], int]] = {}


@cache
def _quicktok(name: str):
    import quicktok

    return quicktok.get_encoding(name)


def register_tokenizer(name: str, count: Callable[[str], int]) -> None:
    """Add a counter (e.g. a Hugging Face tokenizer's) under ``name``."""
    _EXTRA[name] = count


def encodings() -> list[str]:
    return [*DEFAULT_ENCODINGS, *sorted(_EXTRA)]


def count(text: str, encoding: str = "cl100k_base") -> int:
    if encoding in _EXTRA:
        return _EXTRA[encoding](text)
    if encoding not in DEFAULT_ENCODINGS:
        raise KeyError(f"unknown tokenizer {encoding!r}; known: {', '.join(encodings())}")
    return len(_quicktok(encoding).encode(text))


def count_all(text: str) -> dict[str, int]:
    return {name: count(text, name) for name in encodings()}


def saving(compact: int, baseline: int) -> float:
    """Fraction of tokens saved against a baseline (0.6 = 60% fewer)."""
    return 0.0 if baseline <= 0 else 1.0 - compact / baseline
