"""One turn through the harness: route, stream, check, repair — and its trace.

The CLI and the playground run whole turns here (the server streams its own answers and
shares :func:`checked` and :func:`trace`). A caller that shows the answer while it arrives
passes a :class:`Watch`: the playground draws its frames from its ``piece`` calls.
Checking uses the manifest's component allow-list; repair turns (``decoding.repair_turns``)
go only to sources that cannot be constrained.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ui4a import harness, tokens, traces
from ui4a.mend import mend
from ui4a.model.backends.base import Backend, BackendError, Message, Route
from ui4a.model.repair import repair_messages
from ui4a.validate import Report, check


def checked(output: str) -> Report:
    """``check`` under the active manifest's component allow-list."""
    return check(output, harness.current().allowed())


@dataclass
class Result:
    route: Route
    backend: str
    output: str
    report: Report | None = None  # None for plain-text turns
    attempts: list[dict[str, Any]] = field(default_factory=list)  # outputs a repair replaced
    first_token_s: float | None = None
    route_s: float = 0.0
    total_s: float = 0.0

    @property
    def valid(self) -> bool | None:
        return None if self.report is None else self.report.ok

    @property
    def errors(self) -> list[str]:
        return [] if self.report is None else [d.format("answer") for d in self.report.diagnostics]


class Interrupted(BackendError):
    """The model source failed after routing; ``result`` is the turn as far as it got, checked.

    Its message is the source's own, so a caller that only knows BackendError says the same.
    """

    def __init__(self, message: str, result: Result) -> None:
        super().__init__(message)
        self.result = result


class Watch:
    """Hooks through which a caller follows a turn while it runs; each does nothing unless overridden."""

    def routed(self, route: Route) -> None:
        """The adapter is chosen; its pieces follow."""

    def piece(self, piece: str) -> None:
        """One piece of the answer, as it leaves the model."""

    def streamed(self) -> None:
        """The answer is complete, or its source failed; checking and any repair follow."""

    async def repairing(self, report: Report) -> None:
        """A repair turn is about to ask again for an answer with these faults."""


async def repair(backend: Backend, messages: Sequence[Message], route: Route, output: str, report: Report,
                 turns: int | None = None, watch: Watch | None = None) -> tuple[str, Report, list[dict[str, Any]]]:
    """Up to ``turns`` repair turns (default: the manifest's) for an unconstrained source's faulty UI.

    A constrained source's answer is not asked for again (it would decode the same): in the rare case
    it does not validate, what is faulty is dropped (:func:`ui4a.mend.mend`) and the attempt says what."""
    turns = harness.current().decoding.repair_turns if turns is None else turns
    attempts: list[dict[str, Any]] = []
    if getattr(backend, "constrained", False):
        if not report.ok:
            mended = mend(output, harness.current().allowed())
            attempts.append({"output": output, "errors": [d.format("answer") for d in report.diagnostics],
                             "mended": mended.dropped})
            output, report = mended.source, mended.report
        return output, report, attempts
    while not report.ok and len(attempts) < turns:
        if watch is not None:
            await watch.repairing(report)
        attempts.append({"output": output, "errors": [d.format("answer") for d in report.diagnostics]})
        asked = repair_messages(messages, output, report.diagnostics)
        output = "".join([p async for p in backend.stream(asked, route)])
        report = checked(output)
    return output, report, attempts


async def run(backend: Backend, messages: Sequence[Message], route: Route | None = None,
              watch: Watch | None = None) -> Result:
    """Route (unless ``route`` is given), stream, check and repair one turn.

    A routing failure raises the source's BackendError; a failure after it raises
    :class:`Interrupted` with the turn so far (a broken stream is checked, not repaired).
    """
    watch = watch or Watch()
    started = time.perf_counter()
    route = route or backend.route(messages)
    routed = time.perf_counter()
    watch.routed(route)
    first = None
    pieces: list[str] = []
    result = Result(route, backend.name, "", route_s=routed - started)
    try:
        async for piece in backend.stream(messages, route):
            first = first if first is not None else time.perf_counter()
            pieces.append(piece)
            watch.piece(piece)
    except BackendError as exc:
        raise Interrupted(str(exc), _checked(result, "".join(pieces), started)) from exc
    finally:
        watch.streamed()
    result.output = "".join(pieces)
    result.first_token_s = None if first is None else first - routed
    if route.adapter == "ui":
        report = checked(result.output)
        try:
            result.output, result.report, result.attempts = await repair(backend, messages, route, result.output,
                                                                         report, watch=watch)
        except BackendError as exc:
            raise Interrupted(str(exc), _checked(result, result.output, started)) from exc
    result.total_s = time.perf_counter() - started
    return result


def _checked(result: Result, output: str, started: float) -> Result:
    """``result`` holding ``output``, checked when it is UI, as an interrupted turn hands it back."""
    result.output = output
    result.report = checked(output) if result.route.adapter == "ui" else None
    result.total_s = time.perf_counter() - started
    return result


def trace(source: str, request: str, result: Result, store: Any = None, **extra: Any) -> int | None:
    """Record a finished turn; a trace store that cannot be written never fails the turn itself."""
    from ui4a.store import StoreError

    turn = traces.Turn(source=source, request=request, output=result.output, backend=result.backend,
                       route=result.route, errors=result.errors, repairs=result.attempts, valid=result.valid,
                       latency_ms=round(result.total_s * 1000, 1),
                       tokens=tokens.count(result.output) if result.output else 0, **extra)
    try:
        return traces.record(turn, store)
    except (StoreError, OSError) as exc:
        import sys

        print(f"ui4a: trace not recorded: {exc}", file=sys.stderr)
        return None
