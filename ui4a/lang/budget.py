"""The render budget: how much text one document may expand to.

A short document can reference a long value many times — ``<State a="…16 KiB…" />``
then ``{[a, a, a, …]}`` — and each reference costs a few characters to write and
16 KiB to show. So the size of what evaluation makes and shows is counted, never
assumed: :func:`text_size` measures a value's text form without building it, and
one :class:`Budget` per document is charged for every value evaluated while the
document is validated or rendered. The validator and the renderer charge the same
amounts, so a document that passes ``ui4a check`` renders within the budget.

Guarantees: measuring visits at most ``cap`` characters' worth of a value (each
item costs at least one character) and never recurses; a value nested deeper than
``MAX_VALUE_DEPTH`` or larger than ``MAX_VALUE`` characters is refused as a whole.
"""

from __future__ import annotations

import math
from typing import Any

MAX_VALUE = 256 * 1024
"""Characters in the text form of one evaluated value (a list of references included)."""
MAX_VALUE_DEPTH = 32
"""Nesting of lists and objects in one value (as for literals in the source)."""
MAX_RENDER = 512 * 1024
"""Characters all the values of one document may add up to when evaluated and shown."""
MAX_HTML = 32 * 1024 * 1024
"""Characters of HTML one render may write: the renderer's own backstop."""


class Oversize(Exception):
    """A value over a limit; the message says which, for a positioned error."""


class Budget:
    """Characters one document may still make; shared by every evaluation of that document."""

    def __init__(self, limit: int = MAX_RENDER) -> None:
        self.limit = limit
        self.used = 0

    @property
    def exhausted(self) -> bool:
        return self.used > self.limit

    def spend(self, size: int) -> None:
        """Charge ``size`` characters; raises Oversize when the document goes past its limit."""
        self.used += size
        if self.used > self.limit:
            raise Oversize(f"the document expands past {_kib(self.limit)} of text when rendered "
                           "(the render budget); show fewer or shorter values")


def text_size(value: Any, cap: int = MAX_VALUE, max_depth: int = MAX_VALUE_DEPTH) -> int:
    """The length of ``to_text(value)``, counted without building it.

    Raises Oversize as soon as the count passes ``cap`` or the value nests deeper than
    ``max_depth`` — so a list of ten thousand references to one long string is refused
    after the first few, not after 160 MB.
    """
    total = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list | dict):
            if depth >= max_depth:
                raise Oversize(f"a value nests lists or objects deeper than {max_depth} levels")
            # separators ", " between items, and "key: " before each object value
            total += 2 * max(len(item) - 1, 0) + 1
            if isinstance(item, dict):
                total += sum(len(str(k)) + 2 for k in item)
                children = item.values()
            else:
                children = item
            if total > cap:
                raise Oversize(_too_long(cap))
            stack.extend((child, depth + 1) for child in children)
        else:
            total += scalar_size(item)
            if total > cap:
                raise Oversize(_too_long(cap))
    return total


def scalar_size(value: Any) -> int:
    """The length of a scalar's text form (strings, numbers, booleans, null)."""
    if isinstance(value, str):
        return len(value)
    if value is None:
        return 0
    if isinstance(value, bool):
        return 5
    if isinstance(value, int) and abs(value) > 10**30:  # str() of a huge int is itself slow
        return int(math.log10(abs(value))) + 2
    return len(str(value))


def _too_long(cap: int) -> str:
    return f"a value's text grows past {_kib(cap)} (the per-value limit of the render budget)"


def _kib(size: int) -> str:
    return f"{size // (1024 * 1024)} MiB" if size % (1024 * 1024) == 0 else f"{size // 1024} KiB"
