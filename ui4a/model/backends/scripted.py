"""The scripted backend: a fake model for tests and the benchmark's app mode.

It answers each request from a script (request substring → answer), streamed token by token
like a model, so the app, the server and the tests run end to end with no weights.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

from ui4a.model.backends.base import Message, Route
from ui4a.model.backends.replay import chunk_tokens
from ui4a.model.repair import is_repair


class ScriptedBackend:
    """A fake model for tests: answers each request from a script, token by token.

    The first script key found in the request picks the answer; ``"KEY #repair"``
    is the answer to a repair turn after ``KEY``'s answer failed validation.
    """

    name = "scripted"
    label = "scripted test backend"

    def __init__(self, script: dict[str, str], rate: float = 200.0, default: str = "") -> None:
        self.script = script
        self.rate = rate
        self.default = default

    def _key(self, request: str) -> str | None:
        return next((key for key in self.script if key.lower() in request.lower()), None)

    def _answer(self, request: str) -> str | None:
        key = self._key(request)
        return None if key is None else self.script[key]

    def route(self, messages: Sequence[Message]) -> Route:
        answer = self._answer(messages[-1].content if messages else "")
        if answer is not None and answer.lstrip().startswith("<"):
            return Route("ui", 1.0, "scripted UI answer")
        return Route("chat", 1.0, "scripted text answer")

    async def stream(self, messages: Sequence[Message], route: Route) -> AsyncIterator[str]:
        request = messages[-1].content if messages else ""
        text = self._answer(request)
        if is_repair(messages):
            # A repair turn answers the original request again: with "KEY #repair" when the script has one
            # (a model that fixes its answer), else with the same answer (one that cannot).
            key = self._key(messages[-3].content)
            text = self.script.get(f"{key} #repair", self.script.get(key or "")) if key else None
        if text is None:
            text = self.default or f"scripted reply to: {request}"
        delay = 1.0 / self.rate if self.rate > 0 else 0.0
        for piece in chunk_tokens(text):
            yield piece
            if delay:
                await asyncio.sleep(delay)
