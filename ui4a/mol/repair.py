"""One repair turn for model sources that cannot be constrained: the positioned errors go back."""

from __future__ import annotations

from collections.abc import Sequence

from ui4a.lang.errors import Diagnostic
from ui4a.mol.backend import Message

MAX_ERRORS = 12


def repair_messages(messages: Sequence[Message], output: str, diagnostics: Sequence[Diagnostic]) -> list[Message]:
    listed = "\n".join(d.format("answer") for d in diagnostics[:MAX_ERRORS])
    more = f"\n(and {len(diagnostics) - MAX_ERRORS} more)" if len(diagnostics) > MAX_ERRORS else ""
    ask = ("Your UI code has these errors:\n" + listed + more +
           "\nReply with the whole corrected UI code only.")
    return [*messages, Message("assistant", output), Message("user", ask)]
