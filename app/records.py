"""The playground's typed records: a message as the page shows it, and what its turn recorded.

Both are frozen: the state replaces a message instead of editing it, so Reflex sees every change.
A message's metadata is stored as JSON beside it (``Store.add_message(meta=...)``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class TurnMeta:
    """What a finished turn records beside its answer."""

    backend: str = ""  # the model source's short id, e.g. "scripted"
    seconds: float = 0.0
    route: str = ""  # the adapter that answered; "" when routing failed
    route_score: float | None = None
    route_reason: str = ""
    repairs: int = 0  # repair turns asked for
    tokens_ui: int = 0  # tokens of the compact code
    tokens_html: int = 0  # tokens of the same page as standalone HTML (a valid UI only)
    saving: str = ""  # e.g. "88%": compact code against that HTML
    errors: tuple[str, ...] = ()
    feedback: int = 0  # the thumbs: 1 up, -1 down, 0 none

    @classmethod
    def stored(cls, data: dict[str, Any]) -> TurnMeta:
        """The record from its stored JSON; keys it does not know are left out."""
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        if "errors" in values:
            values["errors"] = tuple(values["errors"])
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "errors": list(self.errors)}


@dataclass(frozen=True)
class ChatMessage:
    """One message of the conversation as the page shows it."""

    id: int = 0  # the stored message's id; 0 while an answer is still streaming
    role: str = "user"  # "user" or "assistant"
    text: str = ""
    has_ui: bool = False  # the answer is a valid UI (the canvas can show it)
    meta: TurnMeta = field(default_factory=TurnMeta)

    @classmethod
    def stored(cls, message: dict[str, Any]) -> ChatMessage:
        """The record of a message as ``Store.messages`` returns it."""
        return cls(message["id"], message["role"], message["text"], bool(message.get("source")),
                   TurnMeta.stored(message.get("meta") or {}))
