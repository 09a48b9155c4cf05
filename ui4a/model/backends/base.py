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


def binary_fault(text: str) -> str | None:
    """Why ``text`` is not a message a person typed, or None: a control character, or a byte that
    was not UTF-8 (a lone surrogate, as Python decodes one from argv or a JSON ``\\udcff`` escape).
    Tokenizers fail on lone surrogates, so the message is refused before it reaches a model."""
    for i, ch in enumerate(text, start=1):
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # surrogateescape's stand-in for an undecodable byte
            return f"invalid UTF-8 byte 0x{code - 0xDC00:02X} at character {i} (binary data?)"
        if 0xD800 <= code <= 0xDFFF:
            return f"a lone UTF-16 surrogate U+{code:04X} at character {i} (not text)"
        if (code < 32 and ch not in "\n\r\t") or code == 0x7F:
            return f"control character U+{code:04X} at character {i} (binary data?)"
    return None


class BackendError(Exception):
    """The model source cannot answer (unreachable, misconfigured); the message says why."""


class RequestTooLong(BackendError):
    """The request does not fit the model's context; the message gives the token counts.
    It is the client's fault (HTTP 400), not the source's."""


def preflight(backend: Backend, messages: Sequence[Message]) -> None:
    """Raise RequestTooLong, before anything is routed, streamed or stored, when the source can
    tell that the request will not fit its context. Sources that can count tokens say so
    through an optional ``context_fault(messages) -> str | None``; the others are not asked."""
    check = getattr(backend, "context_fault", None)
    if check is not None and (fault := check(messages)) is not None:
        raise RequestTooLong(fault)
