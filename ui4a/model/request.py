"""A chat-completion request, checked field by field before anything runs.

``ui4a serve`` reads the body with :mod:`ui4a.bounded_json` (size and nesting bounded),
then :func:`parse_request` checks the type of every field it reads, and of the optional
OpenAI fields it accepts and ignores. A wrong type is a :class:`RequestFault` naming the
field (HTTP 400), never a TypeError further in. Unknown fields are ignored, as
OpenAI-compatible servers commonly do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ui4a import harness
from ui4a.model.backends.base import Message, binary_fault

ROLES = ("system", "user", "assistant")
_NUMBER = (int, float)
# Accepted and ignored, but only with the type OpenAI gives them.
_OPTIONAL: dict[str, tuple[type, ...]] = {
    "temperature": _NUMBER, "top_p": _NUMBER, "presence_penalty": _NUMBER, "frequency_penalty": _NUMBER,
    "max_tokens": (int,), "max_completion_tokens": (int,), "n": (int,), "seed": (int,),
    "stop": (str, list), "user": (str,), "stream_options": (dict,),
}
_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", list: "a list", dict: "an object",
               bool: "true or false"}


class RequestFault(Exception):
    """The request is malformed; the message names the field. ``code`` is OpenAI's error code."""

    def __init__(self, message: str, code: str = "invalid_request") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class ChatRequest:
    model: str
    messages: list[Message]
    """The conversation without system messages (the harness writes its own)."""
    stream: bool


def parse_request(body: Any, default_model: str) -> ChatRequest:
    """The request in ``body`` (parsed JSON), or RequestFault for its first fault."""
    if not isinstance(body, dict):
        raise RequestFault("the body must be a JSON object")
    model = body.get("model", default_model)
    if not isinstance(model, str):
        raise RequestFault(f"'model' must be a string, got {_kind(model)}")
    stream = body.get("stream", False)
    if not isinstance(stream, bool) and stream is not None:
        raise RequestFault(f"'stream' must be true or false, got {_kind(stream)}")
    for name, types in _OPTIONAL.items():
        value = body.get(name)
        if value is not None and (not isinstance(value, types) or isinstance(value, bool)):
            want = " or ".join(_TYPE_NAMES[t] for t in types)
            raise RequestFault(f"'{name}' must be {want}, got {_kind(value)}")
    return ChatRequest(model, parse_messages(body.get("messages")), bool(stream))


def parse_messages(raw: Any) -> list[Message]:
    if not isinstance(raw, list) or not raw:
        raise RequestFault("'messages' must be a non-empty list")
    limit = harness.current().session.max_message_chars
    out = []
    for i, m in enumerate(raw):
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            raise RequestFault(f"messages[{i}] needs a role of system, user or assistant")
        content = _content(m.get("content"), f"messages[{i}].content")
        if (fault := binary_fault(content)) is not None:
            raise RequestFault(f"messages[{i}].content contains {fault}")
        if len(content) > limit:
            raise RequestFault(f"messages[{i}].content is {len(content)} characters; the limit is "
                               f"{limit} (session.max_message_chars)", "context_length_exceeded")
        if m["role"] != "system":
            out.append(Message(m["role"], content))
    if not out or out[-1].role != "user" or not out[-1].content.strip():
        raise RequestFault("the last message must be a non-empty user message")
    return out


def _content(content: Any, where: str) -> str:
    """Text content: a string, or a list of parts that are strings or ``{"type": "text", "text": str}``."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise RequestFault(f"{where} must be text or a list of text parts, got {_kind(content)}")
    texts = []
    for j, part in enumerate(content):
        if isinstance(part, str):
            texts.append(part)
            continue
        if not isinstance(part, dict):
            raise RequestFault(f"{where}[{j}] must be a string or a text part, got {_kind(part)}")
        if part.get("type") != "text":
            raise RequestFault(f"{where}[{j}] has type {_short(part.get('type'))}; only text parts are supported")
        if not isinstance(part.get("text"), str):
            raise RequestFault(f"{where}[{j}].text must be a string, got {_kind(part.get('text'))}")
        texts.append(part["text"])
    return "".join(texts)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
