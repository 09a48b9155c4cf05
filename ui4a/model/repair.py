"""One repair turn for model sources that cannot be constrained: the positioned errors go back."""

from __future__ import annotations

from collections.abc import Sequence

from ui4a.lang.errors import Diagnostic
from ui4a.model.backends.base import Message

MAX_ERRORS = 12
ASK = "Your UI code has these errors:"


def repair_messages(messages: Sequence[Message], output: str, diagnostics: Sequence[Diagnostic]) -> list[Message]:
    listed = "\n".join(d.format("answer") for d in diagnostics[:MAX_ERRORS])
    more = f"\n(and {len(diagnostics) - MAX_ERRORS} more)" if len(diagnostics) > MAX_ERRORS else ""
    ask = (ASK + "\n" + listed + more +
           "\nReply with the whole corrected UI code only.")
    return [*messages, Message("assistant", output), Message("user", ask)]


def is_repair(messages: Sequence[Message]) -> bool:
    """Whether the last message is a repair request (the faulty answer and its request come before it)."""
    return len(messages) >= 3 and messages[-1].role == "user" and messages[-1].content.startswith(ASK)
