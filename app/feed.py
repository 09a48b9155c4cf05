"""One playground turn as it streams: the turn pipeline's Watch, read by the frame loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from app import runtime
from ui4a.model.backends.base import Route
from ui4a.model.turn import Watch
from ui4a.validate import Report


class TurnFeed(Watch):
    """The route and pieces of a turn so far, and whether its stream has ended.

    The pipeline appends pieces as the model writes them; the frame loop reads them at its
    own pace, so rendering never slows the model. ``on_repair`` runs before each repair
    turn, once the frame loop is over (so the two never write the page at once).
    """

    def __init__(self, conversation: str, on_repair: Callable[[], Awaitable[None]]) -> None:
        self.conversation = conversation
        self.route: Route | None = None
        self.pieces: list[str] = []
        self.ended = asyncio.Event()  # no more pieces: the stream is over, or the turn failed
        self.framed = asyncio.Event()  # the frame loop is over
        self._on_repair = on_repair

    def routed(self, route: Route) -> None:
        self.route = route

    def piece(self, piece: str) -> None:
        runtime.log_chunk(self.conversation, len(self.pieces))
        self.pieces.append(piece)

    def streamed(self) -> None:
        self.ended.set()

    async def repairing(self, report: Report) -> None:
        await self.framed.wait()
        await self._on_repair()
