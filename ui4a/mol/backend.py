"""One interface for every model source: route a turn, then stream its answer.

The app, the CLI and the bench talk only to this interface, so the embedded
model, an OpenAI-compatible server, the replay backend and test fakes are
interchangeable.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

Role = Literal["user", "assistant", "system"]


@dataclass(frozen=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True)
class Route:
    """Which adapter answers this turn, and why."""

    adapter: str  # "ui" (compact component code) or "chat" (plain text)
    score: float
    reason: str


class Backend(Protocol):
    name: str
    """Short id shown with every turn, e.g. "replay"."""
    label: str
    """What the user is told about this source, e.g. "replay of bundled examples — no model"."""

    def route(self, messages: Sequence[Message]) -> Route: ...

    def stream(self, messages: Sequence[Message], route: Route) -> AsyncIterator[str]: ...


class BackendError(Exception):
    """The model source cannot answer (unreachable, misconfigured); the message says why."""
