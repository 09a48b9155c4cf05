"""The playground's state: a conversation, its live canvas, and the UI state the canvas binds to.

A turn streams from the model source; every ~40 ms the partial tree is rendered
into the canvas, so the interface builds itself while tokens arrive. A frame that
does not parse leaves the last good frame in place; its error is shown when the
turn ends. Everything a reload needs — messages, the last UI, its state — is in
the SQLite store under the data directory.
"""

from __future__ import annotations

import asyncio
import time
from functools import lru_cache
from typing import Any

import reflex as rx

from app import runtime
from app.wiring import wiring_for
from ui4a import harness, tokens, traces
from ui4a.lang import expr as ex
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.lang.parser import StreamParser
from ui4a.model import turn
from ui4a.model.backends.base import BackendError, Message, binary_fault, preflight
from ui4a.render.html import RenderError, render_document, render_tree
from ui4a.render.reflex import html_to_reflex
from ui4a.validate import declared_state

FRAME_INTERVAL = 0.04  # seconds between canvas frames while a turn streams
FEEDBACK = {"up": 1, "down": -1}


def max_message() -> int:
    return harness.current().session.max_message_chars


def refusal(text: str, history: list[Message]) -> str | None:
    """Why a message is refused whole (nothing stored, nothing sent), or None: binary bytes, over
    session.max_message_chars, or over the model's context (counted before anything runs)."""
    if (fault := binary_fault(text)) is not None:
        return f"message: it contains {fault}; nothing was sent"
    if len(text) > max_message():
        return (f"message: it is {len(text)} characters, over the limit of {max_message()} "
                "(session.max_message_chars); nothing was sent")
    try:
        preflight(runtime.backend(), [*history, Message("user", text)])
    except BackendError as exc:
        return f"message: {exc}; nothing was sent"
    return None


def theme() -> str:
    return harness.current().render.theme


@lru_cache(maxsize=16)
def convert(html: str) -> rx.Component:
    """The canvas as Reflex elements; cached, so checking a frame and showing it convert once."""
    return html_to_reflex(html, wiring_for(PlaygroundState))


def showable(html: str | None) -> str | None:
    """The frame's HTML if Reflex accepts it, else None (the last good frame stays)."""
    if html is None:
        return None
    try:
        convert(html)
    except ValueError:
        return None
    return html


def _view(message: dict[str, Any]) -> dict[str, Any]:
    """The flat, client-side shape of a stored message."""
    meta = message.get("meta") or {}
    return {
        "id": message.get("id", 0),
        "role": message["role"],
        "text": message["text"],
        "route": meta.get("route", ""),
        "backend": meta.get("backend", ""),
        "tokens_ui": meta.get("tokens_ui", 0),
        "tokens_html": meta.get("tokens_html", 0),
        "saving": meta.get("saving", ""),
        "has_ui": bool(message.get("source")),
        "errors": meta.get("errors", []),
        "feedback": meta.get("feedback", 0),
    }


def _coerce(old: Any, value: Any) -> Any:
    """An input's raw value, converted to the type its state variable already has."""
    if isinstance(old, bool):
        return value in (True, "true", "on", "1")
    if isinstance(old, int | float) and not isinstance(old, bool):
        try:
            number = float(value)
        except (TypeError, ValueError):
            return old
        return int(number) if number.is_integer() else number
    return "" if value is None else str(value)[:max_message()]


class PlaygroundState(rx.State):
    conversation_id: str = rx.LocalStorage("", name="ui4a_conversation")
    messages: list[dict[str, Any]] = []
    canvas_html: str = ""
    canvas_source: str = ""
    ui_state: dict[str, Any] = {}
    streaming: bool = False
    errors: list[str] = []
    show_source: bool = False
    frames: int = 0
    live_tokens: int = 0
    frame_tokens: int = 0  # tokens the shown frame was rendered from
    backend_label: str = ""
    canvas_message: int = 0  # the assistant message whose UI the canvas shows (its trace gets the events)

    @rx.var
    def canvas(self) -> rx.Component:
        if not self.canvas_html:
            return rx.el.div(
                rx.el.p("Ask for an interface — it builds itself here while the answer streams."),
                class_name="pg-canvas-empty",
            )
        return convert(self.canvas_html)

    # ------------------------------------------------------------ loading

    @rx.event
    def load(self):
        store = runtime.store()
        self.backend_label = f"{runtime.backend().name}: {runtime.backend().label}"
        if not self.conversation_id or not store.conversation_exists(self.conversation_id):
            self.conversation_id = store.create_conversation()
        stored = store.messages(self.conversation_id)
        self.messages = [_view(m) for m in stored]
        self.ui_state = store.ui_state(self.conversation_id)
        last_ui = next((m for m in reversed(stored) if m.get("source")), None)
        self.canvas_source = last_ui["source"] if last_ui else ""
        self.canvas_message = last_ui["id"] if last_ui else 0
        self.errors = []
        self._rerender()

    @rx.event
    def new_conversation(self):
        self.conversation_id = runtime.store().create_conversation()
        self.messages, self.ui_state, self.canvas_source, self.canvas_html = [], {}, "", ""
        self.canvas_message = 0
        self.errors = []

    # ------------------------------------------------------------ turns

    def _history(self) -> list[Message]:
        return [Message(m["role"], m["text"]) for m in self.messages if m["role"] in ("user", "assistant")]

    @rx.event
    def ask(self, form_data: dict[str, Any]):
        raw = str(form_data.get("message", ""))
        text = raw.strip()
        if text and (reason := refusal(text, self._history())) is not None:
            self.errors = [reason]
            return rx.set_value("ask-input", raw)  # the form has cleared it: give it back to edit
        if text:
            return PlaygroundState.run_turn(text)

    @rx.event
    def toggle_source(self):
        self.show_source = not self.show_source

    @rx.event(background=True)
    async def run_turn(self, text: str):
        store = runtime.store()
        async with self:
            if self.streaming:
                return  # one turn at a time per conversation
            if (reason := refusal(text, self._history())) is not None:  # a send() from the UI: nothing stored
                self.errors = [reason]
                return
            self.streaming = True
            self.errors = []
            self.live_tokens = 0
            cid = self.conversation_id
            mid = store.add_message(cid, "user", text)
            self.messages.append(_view({"id": mid, "role": "user", "text": text}))
            history = [Message(m["role"], m["text"]) for m in self.messages if m["role"] in ("user", "assistant")]
            self.messages.append(_view({"id": 0, "role": "assistant", "text": "…"}))
        backend = runtime.backend()
        started = time.monotonic()
        parser = StreamParser()
        try:
            route = backend.route(history)
        except BackendError as exc:
            await self._finish(cid, text, None, parser, [], f"model source: {exc}", 0.0, backend)
            return
        pieces: list[str] = []
        failure: list[str] = []
        done = asyncio.Event()

        async def pump() -> None:
            # The model streams at its own pace; rendering frames never slows it down.
            try:
                async for piece in backend.stream(history, route):
                    runtime.log_chunk(cid, len(pieces))
                    pieces.append(piece)
            except BackendError as exc:
                failure.append(f"model source: {exc}")
            finally:
                done.set()

        task = asyncio.create_task(pump())
        try:
            await self._frames(route, parser, pieces, done)
        except Exception as exc:  # never leave a turn hanging: end it and say what broke
            failure.append(f"internal error while rendering: {type(exc).__name__}: {exc}")
            done.set()
        await task
        await self._finish(cid, text, route, parser, pieces, failure[0] if failure else "",
                           time.monotonic() - started, backend)

    async def _frames(self, route: Any, parser: StreamParser, pieces: list[str], done: asyncio.Event) -> None:
        """Render a frame whenever new tokens arrived, at most every FRAME_INTERVAL."""
        fed = 0
        while not done.is_set() or fed < len(pieces):
            if fed < len(pieces):
                upto = len(pieces)
                if route.adapter == "ui":
                    for piece in pieces[fed:upto]:
                        parser.feed(piece)
                fed = upto
                await self._show_frame(route.adapter, parser, pieces[:upto])
            try:
                await asyncio.wait_for(done.wait(), timeout=FRAME_INTERVAL)
            except TimeoutError:
                pass

    async def _show_frame(self, adapter: str, parser: StreamParser, pieces: list[str]) -> None:
        html = None
        if adapter == "ui" and parser.ok:
            try:
                html = showable(str(render_tree(parser.tree(), partial=True, theme=theme())))
            except (RenderError, ExprError):
                html = None  # keep the last good frame
        async with self:
            self.live_tokens = len(pieces)
            if html is not None:
                self.canvas_html = html
                self.frame_tokens = len(pieces)
                self.frames += 1
            self.messages[-1]["text"] = (f"Building the interface… {len(pieces)} tokens" if adapter == "ui"
                                         else "".join(pieces))

    async def _finish(self, cid: str, request: str, route: Any, parser: StreamParser, pieces: list[str],
                      failure: str, seconds: float, backend: Any) -> None:
        store = runtime.store()
        output, chunks = "".join(pieces), len(pieces)
        meta: dict[str, Any] = {"backend": backend.name, "seconds": round(seconds, 3)}
        source = None
        errors: list[str] = [failure] if failure else []
        text = output
        html = None
        state: dict[str, Any] = {}
        report = None
        attempts: list[dict[str, Any]] = []
        if route is not None:
            meta.update(route=route.adapter, route_score=route.score, route_reason=route.reason)
        if route is not None and route.adapter == "ui":
            parser.close()
            report = turn.checked(output)
            if not report.ok and not failure:
                # A source that cannot be constrained gets its positioned errors back (decoding.repair_turns).
                async with self:
                    self.messages[-1]["text"] = "Repairing the interface…"
                history = [Message(m["role"], m["text"]) for m in self.messages[:-1]
                           if m["role"] in ("user", "assistant")]
                try:
                    output, report, attempts = await turn.repair(backend, history, route, output, report)
                except BackendError as exc:
                    errors.append(f"model source: {exc}")
                meta["repairs"] = len(attempts)
            compact = tokens.count(output)
            meta["tokens_ui"] = compact
            if report.ok and report.document is not None:
                source = output
                state = report.state
                full = render_document(report.document, standalone=True)
                meta["tokens_html"] = tokens.count(full)
                meta["saving"] = f"{tokens.saving(compact, meta['tokens_html']):.0%}"
                html = showable(str(render_tree(report.document, theme=theme())))
                text = f"Interface ready: {compact} tokens of UI code (the same page as HTML: {meta['tokens_html']})."
            else:
                errors += [d.format("answer") for d in report.diagnostics]
                text = f"The interface has {len(report.diagnostics)} error(s); the last good frame is shown."
                if parser.ok and not attempts:  # valid syntax, invalid props: show the frame with every token
                    html = showable(str(render_tree(parser.tree(), partial=True, theme=theme())))
        meta["errors"] = errors
        mid = store.add_message(cid, "assistant", text or "(empty answer)", source=source, meta=meta)
        if source is not None:
            store.save_ui_state(cid, state)
        if route is not None:
            result = turn.Result(route, backend.name, output, report=report, attempts=attempts, total_s=seconds)
            turn.trace("playground", request, result, store, conversation_id=cid, message_id=mid,
                       rendered=html is not None if report is not None else None)
        async with self:
            self.messages[-1] = _view({"id": mid, "role": "assistant", "text": text or "(empty answer)",
                                       "source": source, "meta": meta})
            if source is not None:
                self.canvas_source = source
                self.canvas_message = mid
                self.ui_state = state
            if html is not None:
                self.canvas_html = html
                self.frame_tokens = chunks
                self.frames += 1
            self.errors = errors
            self.streaming = False

    # ------------------------------------------------------------ traces

    def _event(self, kind: str, data: dict[str, Any], message_id: int | None = None) -> None:
        """Append what the user did to the trace of the turn that made this UI (if it has one)."""
        from ui4a.store import StoreError

        store = runtime.store()
        try:
            trace_id = traces.for_message(message_id or self.canvas_message, store)
            if trace_id is not None:
                traces.event(trace_id, kind, data, store)
        except (StoreError, ValueError) as exc:  # a trace that cannot be written never breaks the UI
            self.errors = [f"trace: {exc}"]

    @rx.event
    def feedback(self, message_id: int, vote: str):
        """The thumbs control under an answer: up or down, recorded on its trace (the last vote counts)."""
        if vote not in FEEDBACK:
            return
        self._event("feedback", {"value": FEEDBACK[vote]}, message_id)
        store = runtime.store()
        for i, m in enumerate(self.messages):
            if m["id"] == message_id and m["role"] == "assistant":
                stored = next((s for s in store.messages(self.conversation_id) if s["id"] == message_id), None)
                if stored is not None:
                    store.update_message(message_id, meta={**stored["meta"], "feedback": FEEDBACK[vote]})
                self.messages[i] = {**m, "feedback": FEEDBACK[vote]}

    # ------------------------------------------------------------ interactions

    def _rerender(self) -> None:
        doc = runtime.parsed(self.canvas_source) if self.canvas_source else None
        if doc is None:
            self.canvas_html = ""
            return
        try:
            html = showable(str(render_tree(doc, self.ui_state, theme=theme())))
            if html is None:
                self.errors = ["state: this state cannot be shown; the previous view stays"]
                return
            self.canvas_html = html
        except (RenderError, ExprError) as exc:
            diagnostics = getattr(exc, "diagnostics", None) or [exc.diagnostic]  # type: ignore[attr-defined]
            self.errors = [d.format("state") for d in diagnostics]

    def _apply(self, source: str, extra: dict[str, Any] | None = None) -> list[tuple[str, Any]]:
        index = LineIndex.of(source)
        state = dict(self.ui_state)
        try:
            effects = ex.Evaluator(state, index).run(ex.parse_program(source, 0, index))
        except ExprError as exc:
            self.errors = [f"action: {exc.diagnostic.message}"]
            return []
        self.ui_state = state
        runtime.store().save_ui_state(self.conversation_id, state)
        self._rerender()
        return effects

    @rx.event
    def run_action(self, source: str):
        self._event("click", {"action": source[:2000]})
        sends = [value for kind, value in self._apply(source) if kind == "send"]
        return [PlaygroundState.run_turn(text) for text in sends] or None

    @rx.event
    def set_bound(self, name: str, value: Any):
        if name in self.ui_state:
            state = dict(self.ui_state)
            state[name] = _coerce(state[name], value)
            self._event("set", {"name": name, "value": state[name]})
            self.ui_state = state
            runtime.store().save_ui_state(self.conversation_id, state)
            self._rerender()

    @rx.event
    def toggle_bound(self, name: str):
        if name in self.ui_state:
            self.set_bound(name, not bool(self.ui_state[name]))

    @rx.event
    def submit_form(self, source: str, form_data: dict[str, Any]):
        values = {k: v for k, v in form_data.items() if not k.startswith("__")}
        self._event("submit", {"values": values})
        summary = "Submitted: " + ", ".join(f"{k}: {v}" for k, v in values.items()) if values else "Submitted"
        effects = self._apply(source) if source else [("submit", None)]
        sends = [summary if kind == "submit" else value for kind, value in effects if kind in ("send", "submit")]
        return [PlaygroundState.run_turn(text) for text in sends] or None


def initial_state(source: str) -> dict[str, Any]:
    doc = runtime.parsed(source)
    return declared_state(doc) if doc is not None else {}
