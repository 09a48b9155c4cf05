"""The playground page: chat on the left, the live canvas on the right."""

from __future__ import annotations

import reflex as rx

from app.records import ChatMessage
from app.state import PlaygroundState
from ui4a.model.backends.replay import load_examples

SUGGESTIONS = [e.request for e in load_examples()[:6]]
THUMB = ("M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3zm0 0 4-8a2.5 2.5 0 0 1 2.5 2.5V8h5.2a2 2 0 0 1 2 2.3"
         "l-1.4 8.7a2 2 0 0 1-2 1.7H7")


def header(active: str) -> rx.Component:
    return rx.el.header(
        rx.el.h1("UI4A"),
        rx.el.span(PlaygroundState.backend_label, class_name="pg-source-badge", id="model-source"),
        rx.el.nav(
            rx.el.a("Playground", href="/", aria_current="page" if active == "playground" else None),
            rx.el.a("Components", href="/components", aria_current="page" if active == "components" else None),
            rx.el.a("Examples", href="/examples", aria_current="page" if active == "examples" else None),
        ),
        class_name="pg-header",
    )


def thumbs(msg: rx.Var[ChatMessage]) -> rx.Component:
    """Explicit feedback on an answer; it lands on the turn's trace for the learning loop."""
    def vote(label: str, value: int) -> rx.Component:
        # A drawn thumb (no emoji font needed); the down thumb is the same drawing turned over.
        icon = rx.el.svg(rx.el.path(d=THUMB), view_box="0 0 24 24", width="14", height="14", fill="none",
                         stroke="currentColor", stroke_width="2", stroke_linecap="round", stroke_linejoin="round",
                         aria_hidden="true")
        return rx.el.button(icon, type="button", aria_label=label, title=label,
                            aria_pressed=rx.cond(msg.meta.feedback == value, "true", "false"),
                            class_name=f"pg-thumb pg-thumb-{label.split()[-1]}",
                            on_click=PlaygroundState.feedback(msg.id, label.split()[-1]))

    return rx.el.span(vote("thumbs up", 1), vote("thumbs down", -1), class_name="pg-thumbs")


def turn_meta(msg: rx.Var[ChatMessage]) -> rx.Component:
    """Under an answer: its route and source, and for a UI its tokens against the same page as HTML."""
    meta = msg.meta
    return rx.el.span(
        rx.cond(meta.route != "", rx.fragment("route ", meta.route, " · "), rx.fragment()),
        meta.backend,
        rx.cond(msg.has_ui, rx.fragment(" · ", meta.tokens_ui, " UI tokens vs ", meta.tokens_html, " HTML (",
                                        meta.saving, " fewer)"), rx.fragment()),
        class_name="pg-meta",
    )


def message(msg: rx.Var[ChatMessage]) -> rx.Component:
    assistant = msg.role == "assistant"
    return rx.el.div(
        msg.text,
        rx.cond(assistant, turn_meta(msg), rx.fragment()),
        rx.cond(assistant & (msg.id != 0), thumbs(msg), rx.fragment()),
        class_name=rx.cond(msg.role == "user", "pg-msg pg-msg-user", "pg-msg pg-msg-assistant"),
        data_role=msg.role,
    )


def chat() -> rx.Component:
    return rx.el.section(
        rx.el.div(rx.foreach(PlaygroundState.messages, message), class_name="pg-messages", id="messages",
                  aria_live="polite"),
        rx.cond(
            PlaygroundState.messages.length() == 0,
            rx.el.div(
                *[rx.el.button(s, type="button", on_click=PlaygroundState.run_turn(s)) for s in SUGGESTIONS],
                class_name="pg-suggestions",
            ),
            rx.fragment(),
        ),
        rx.el.form(
            rx.el.input(name="message", placeholder="Ask for an interface…", aria_label="Message",
                        auto_complete="off", id="ask-input"),
            rx.el.button("Send", type="submit", disabled=PlaygroundState.streaming, id="ask-send"),
            on_submit=PlaygroundState.ask,
            reset_on_submit=True,
            class_name="pg-ask",
        ),
        class_name="pg-chat",
        aria_label="Conversation",
    )


def stage() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.cond(PlaygroundState.streaming,
                    rx.el.span("Streaming… ", PlaygroundState.live_tokens, " tokens"),
                    rx.el.span("Ready")),
            rx.el.span(PlaygroundState.frames, " frames", id="frame-count"),
            rx.el.button(rx.cond(PlaygroundState.show_source, "Hide source", "View source"),
                         on_click=PlaygroundState.toggle_source, type="button", id="toggle-source"),
            class_name="pg-toolbar",
        ),
        rx.el.div(PlaygroundState.canvas, class_name="pg-canvas", id="canvas",
                  data_streaming=rx.cond(PlaygroundState.streaming, "true", "false"),
                  data_tokens=PlaygroundState.frame_tokens),
        rx.cond(
            (PlaygroundState.errors.length() > 0) & ~PlaygroundState.streaming,
            rx.el.pre(rx.foreach(PlaygroundState.errors, lambda e: rx.el.div(e)), class_name="pg-errors",
                      id="errors", role="alert"),
            rx.fragment(),
        ),
        rx.cond(PlaygroundState.show_source,
                rx.el.pre(PlaygroundState.canvas_source, class_name="pg-source", id="source"),
                rx.fragment()),
        class_name="pg-stage",
        aria_label="Canvas",
    )


def playground() -> rx.Component:
    return rx.el.div(header("playground"), rx.el.main(chat(), stage(), class_name="pg-main"))
