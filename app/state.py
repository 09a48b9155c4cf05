"""The playground's state: a conversation, its live canvas, and the UI state the canvas binds to.

A turn runs through the pipeline every source shares (``ui4a.model.turn.run``: route,
stream, check, repair); while it streams, every ~40 ms the partial tree is rendered
into the canvas, so the interface builds itself while tokens arrive. A frame that
does not parse leaves the last good frame in place; its error is shown when the
turn ends. Everything a reload needs — messages, the last UI, its state — is in
the SQLite store under the data directory.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from functools import lru_cache
from typing import Any

import reflex as rx

from app import a2ui_paste, runtime
from app.feed import TurnFeed
from app.records import ChatMessage, TurnMeta
from app.wiring import wiring_for
from ui4a import harness, tokens, traces
from ui4a.bound import coerce
from ui4a.lang import expr as ex
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.lang.parser import StreamParser
from ui4a.model import turn
from ui4a.model.backends.base import Backend, BackendError, Message, binary_fault, preflight
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


@lru_cache(maxsize=64)
def convert(html: str, client: str) -> rx.Component:
    """The canvas as Reflex elements for one client; cached, so checking a frame and showing it convert once.

    A converted tree is a mutable object, so the cache is per client: no two clients share one.
    """
    return html_to_reflex(html, wiring_for(PlaygroundState))


def showable(html: str | None, client: str) -> str | None:
    """The frame's HTML if Reflex accepts it, else None (the last good frame stays)."""
    if html is None:
        return None
    try:
        convert(html, client)
    except ValueError:
        return None
    return html


def _coerce(old: Any, value: Any) -> Any:
    """An input's raw value, converted to the type its state variable already has."""
    return coerce(old, value, max_message())


class PlaygroundState(rx.State):
    conversation_id: str = rx.LocalStorage("", name="ui4a_conversation")
    messages: list[ChatMessage] = []
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

    @property
    def _client(self) -> str:
        """This browser tab's token: the key of its own converted canvases."""
        return self.router.session.client_token

    @rx.var
    def canvas(self) -> rx.Component:
        if not self.canvas_html:
            return rx.el.div(
                rx.el.p("Ask for an interface — it builds itself here while the answer streams."),
                class_name="pg-canvas-empty",
            )
        return convert(self.canvas_html, self._client)

    # ------------------------------------------------------------ loading

    @rx.event
    def load(self):
        store = runtime.store()
        self.backend_label = f"{runtime.backend().name}: {runtime.backend().label}"
        if not self.conversation_id or not store.conversation_exists(self.conversation_id):
            self.conversation_id = store.create_conversation()
        stored = store.messages(self.conversation_id)
        self.messages = [ChatMessage.stored(m) for m in stored]
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
        return [Message(m.role, m.text) for m in self.messages if m.role in ("user", "assistant")]

    @rx.event
    def ask(self, form_data: dict[str, Any]):
        raw = str(form_data.get("message", ""))
        text = raw.strip()
        if text and (reason := refusal(text, self._history())) is not None:
            self.errors = [reason]
            return rx.set_value("ask-input", raw)  # the form has cleared it: give it back to edit
        if text and a2ui_paste.looks_like_a2ui(text):
            return PlaygroundState.show_a2ui(text)
        if text:
            return PlaygroundState.run_turn(text)

    @rx.event
    def show_a2ui(self, text: str):
        """An A2UI paste, converted by the importer and shown live; warnings go under the canvas."""
        code, notes = a2ui_paste.convert(text)
        report = turn.checked(code) if code is not None else None
        if report is None or not report.ok or report.document is None:
            self.errors = notes or [d.format("paste") for d in report.diagnostics]
            return rx.set_value("ask-input", text)
        store, cid = runtime.store(), self.conversation_id
        shown = text[:max_message()]
        uid = store.add_message(cid, "user", shown)
        meta = TurnMeta(backend="A2UI import", tokens_ui=tokens.count(code), errors=tuple(notes))
        answer = f"A2UI document shown as {meta.tokens_ui} tokens of UI code ({len(notes)} warning(s))."
        mid = store.add_message(cid, "assistant", answer, source=code, meta=meta.to_json())
        store.save_ui_state(cid, report.state)
        self.messages.append(ChatMessage(uid, "user", shown))
        self.messages.append(ChatMessage(mid, "assistant", answer, True, meta))
        self.canvas_source, self.canvas_message, self.ui_state = code, mid, report.state
        self.canvas_html = showable(str(render_tree(report.document, theme=theme())), self._client)
        self.frames += 1
        self.errors = notes

    @rx.event
    def toggle_source(self):
        self.show_source = not self.show_source

    @rx.event(background=True)
    async def run_turn(self, text: str):
        """One turn through the pipeline every source shares (ui4a.model.turn.run), drawn frame by frame."""
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
            cid, client = self.conversation_id, self._client
            mid = store.add_message(cid, "user", text)
            self.messages.append(ChatMessage(mid, "user", text))
            history = [Message(m.role, m.text) for m in self.messages if m.role in ("user", "assistant")]
            self.messages.append(ChatMessage(0, "assistant", "…"))
        backend = runtime.backend()
        started = time.monotonic()
        feed = TurnFeed(cid, self._repair_notice)
        running = asyncio.create_task(turn.run(backend, history, watch=feed))
        running.add_done_callback(lambda _: feed.ended.set())  # a failed route ends the stream too
        parser = StreamParser()
        failure = ""
        try:
            await self._frames(feed, parser, client)
        except Exception as exc:  # never leave a turn hanging: end it and say what broke
            failure = f"internal error while rendering: {type(exc).__name__}: {exc}"
        finally:
            feed.framed.set()
        result: turn.Result | None = None
        try:
            result = await running
        except turn.Interrupted as exc:  # the stream or a repair broke: what came is kept and checked
            result, failure = exc.result, failure or f"model source: {exc}"
        except BackendError as exc:  # routing failed: there is no answer
            failure = failure or f"model source: {exc}"
        seconds = result.total_s if result is not None else time.monotonic() - started
        await self._finish(feed, client, text, result, parser, failure, seconds, backend)

    async def _repair_notice(self) -> None:
        async with self:
            self.messages[-1] = replace(self.messages[-1], text="Repairing the interface…")

    async def _frames(self, feed: TurnFeed, parser: StreamParser, client: str) -> None:
        """Render a frame whenever new tokens arrived, at most every FRAME_INTERVAL."""
        fed = 0
        while not feed.ended.is_set() or fed < len(feed.pieces):
            if fed < len(feed.pieces) and feed.route is not None:
                upto = len(feed.pieces)
                if feed.route.adapter == "ui":
                    for piece in feed.pieces[fed:upto]:
                        parser.feed(piece)
                fed = upto
                await self._show_frame(feed.route.adapter, parser, feed.pieces[:upto], client)
            try:
                await asyncio.wait_for(feed.ended.wait(), timeout=FRAME_INTERVAL)
            except TimeoutError:
                pass

    async def _show_frame(self, adapter: str, parser: StreamParser, pieces: list[str], client: str) -> None:
        html = None
        if adapter == "ui" and parser.ok:
            try:
                html = showable(str(render_tree(parser.tree(), partial=True, theme=theme())), client)
            except (RenderError, ExprError):
                html = None  # keep the last good frame
        async with self:
            self.live_tokens = len(pieces)
            if html is not None:
                self.canvas_html = html
                self.frame_tokens = len(pieces)
                self.frames += 1
            self.messages[-1] = replace(self.messages[-1], text=(
                f"Building the interface… {len(pieces)} tokens" if adapter == "ui" else "".join(pieces)))

    async def _finish(self, feed: TurnFeed, client: str, request: str, result: turn.Result | None,
                      parser: StreamParser, failure: str, seconds: float, backend: Backend) -> None:
        """Store the answer and its trace, and show it: the UI if it is valid, else its errors."""
        store = runtime.store()
        cid = feed.conversation
        meta = TurnMeta(backend=backend.name, seconds=round(seconds, 3))
        errors: list[str] = [failure] if failure else []
        output = result.output if result is not None else ""
        text, source, html = output, None, None
        state: dict[str, Any] = {}
        if result is not None:
            route = result.route
            meta = replace(meta, route=route.adapter, route_score=route.score, route_reason=route.reason,
                           repairs=len(result.attempts))
        if result is not None and result.report is not None:
            parser.close()
            report = result.report
            compact = tokens.count(output)
            meta = replace(meta, tokens_ui=compact)
            if report.ok and report.document is not None:
                source, state = output, report.state
                full = tokens.count(render_document(report.document, standalone=True))
                meta = replace(meta, tokens_html=full, saving=f"{tokens.saving(compact, full):.0%}")
                html = showable(str(render_tree(report.document, theme=theme())), client)
                text = f"Interface ready: {compact} tokens of UI code (the same page as HTML: {full})."
            else:
                errors += [d.format("answer") for d in report.diagnostics]
                text = f"The interface has {len(report.diagnostics)} error(s); the last good frame is shown."
                if parser.ok and not result.attempts:  # valid syntax, invalid props: show the frame with every token
                    html = showable(str(render_tree(parser.tree(), partial=True, theme=theme())), client)
        meta = replace(meta, errors=tuple(errors))
        text = text or "(empty answer)"
        mid = store.add_message(cid, "assistant", text, source=source, meta=meta.to_json())
        if source is not None:
            store.save_ui_state(cid, state)
        if result is not None:
            turn.trace("playground", request, result, store, conversation_id=cid, message_id=mid,
                       rendered=html is not None if result.report is not None else None)
        async with self:
            self.messages[-1] = ChatMessage(mid, "assistant", text, source is not None, meta)
            if source is not None:
                self.canvas_source = source
                self.canvas_message = mid
                self.ui_state = state
            if html is not None:
                self.canvas_html = html
                self.frame_tokens = len(feed.pieces)
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
            if m.id == message_id and m.role == "assistant":
                stored = next((s for s in store.messages(self.conversation_id) if s["id"] == message_id), None)
                if stored is not None:
                    store.update_message(message_id, meta={**stored["meta"], "feedback": FEEDBACK[vote]})
                self.messages[i] = replace(m, meta=replace(m.meta, feedback=FEEDBACK[vote]))

    # ------------------------------------------------------------ interactions

    def _rerender(self) -> None:
        doc = runtime.parsed(self.canvas_source) if self.canvas_source else None
        if doc is None:
            self.canvas_html = ""
            return
        try:
            html = showable(str(render_tree(doc, self.ui_state, theme=theme())), self._client)
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
