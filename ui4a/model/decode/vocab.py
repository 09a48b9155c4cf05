"""Each token's text, decoded once per tokenizer: the guards test candidate tokens by their text."""

from __future__ import annotations

from typing import Any

_TEXTS: dict[int, tuple[Any, list[str]]] = {}


def token_texts(tokenizer: Any) -> list[str]:
    """Each token's text, computed once per tokenizer (kept alive so its id stays unique)."""
    key = id(tokenizer)
    if key not in _TEXTS:
        _TEXTS[key] = (tokenizer, [tokenizer.decode([i]) for i in range(len(tokenizer))])
    return _TEXTS[key][1]
