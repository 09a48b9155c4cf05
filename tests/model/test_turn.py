"""The turn pipeline as a caller follows it: its Watch hooks in order, and a source failing midway."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from tests.conftest import run_async
from ui4a.model import turn
from ui4a.model.backends.base import BackendError, Message, Route
from ui4a.model.backends.scripted import ScriptedBackend
from ui4a.validate import Report

SCRIPT = {"fixable ui": '<Card titel="Fixed">\n  <Txt>hello</Txt>\n</Card>',
          "fixable ui #repair": '<Card title="Fixed">\n  <Text>repaired hello</Text>\n</Card>'}


class Log(turn.Watch):
    def __init__(self) -> None:
        self.seen: list[str] = []

    def routed(self, route: Route) -> None:
        self.seen.append(f"route {route.adapter}")

    def piece(self, piece: str) -> None:
        self.seen.append("piece")

    def streamed(self) -> None:
        self.seen.append("streamed")

    async def repairing(self, report: Report) -> None:
        self.seen.append(f"repair {len(report.diagnostics)}")


class Breaks(ScriptedBackend):
    """A source whose stream fails after its first ``after`` pieces."""

    def __init__(self, after: int) -> None:
        super().__init__({"ui": '<Card title="Partial"><Text>fine</Text></Card>'}, rate=0)
        self.after = after

    async def stream(self, messages: Sequence[Message], route: Route) -> AsyncIterator[str]:
        n = 0
        async for piece in super().stream(messages, route):
            if n == self.after:
                raise BackendError("the endpoint went away")
            n += 1
            yield piece


def test_a_watch_sees_the_route_every_piece_the_end_and_each_repair() -> None:
    log = Log()
    result = run_async(turn.run(ScriptedBackend(SCRIPT, rate=0), [Message("user", "fixable ui")], watch=log))
    pieces = log.seen.count("piece")
    assert log.seen == ["route ui", *["piece"] * pieces, "streamed", "repair 2"] and pieces > 3
    assert result.valid and "repaired hello" in result.output and len(result.attempts) == 1


def test_a_broken_stream_hands_back_what_came_checked() -> None:
    log = Log()
    with pytest.raises(turn.Interrupted, match="^the endpoint went away$") as caught:
        run_async(turn.run(Breaks(after=3), [Message("user", "ui please")], watch=log))
    partial = caught.value.result
    assert isinstance(caught.value, BackendError)
    assert log.seen == ["route ui", "piece", "piece", "piece", "streamed"]
    assert partial.route.adapter == "ui" and partial.output and partial.report is not None
    assert not partial.valid and partial.attempts == []
