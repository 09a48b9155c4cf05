"""`ui4a serve` against hostile requests: every one is a 4xx naming its fault before any stream
starts, no client fault leaves a traceback in the log, and slow work never blocks the event loop."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Sequence

import httpx
import pytest

from ui4a.model.backends.base import Message, Route
from ui4a.model.backends.scripted import ScriptedBackend
from ui4a.model.server import create_app

SCRIPT = {"hello": "Hi there!", "dashboard": '<Card title="Sales"><Stat label="MRR" value="$1k" /></Card>'}


class SmallContext(ScriptedBackend):
    """A scripted model with a 100-token context (a token is a character here) and a slow router."""

    route_seconds = 0.0

    def context_fault(self, messages: Sequence[Message]) -> str | None:
        n = len(messages[-1].content)
        return f"the request is too long: {n} tokens of the 100 the model takes" if n > 100 else None

    def route(self, messages: Sequence[Message]) -> Route:
        time.sleep(self.route_seconds)  # a model's routing forward pass, holding its lock
        return super().route(messages)


@pytest.fixture(scope="module")
def backend() -> SmallContext:
    return SmallContext(SCRIPT, rate=0)


@pytest.fixture(scope="module")
def url(backend):
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(backend, ["ui", "chat"]), host="127.0.0.1", port=port,
                                           log_level="info"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def user(content) -> dict:
    return {"model": "ui4a", "messages": [{"role": "user", "content": content}]}


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (user([{"type": "text", "text": 5}]), 400, "messages[0].content[0].text must be a string, got a number"),
        (user([{"type": "text", "text": None}]), 400, "messages[0].content[0].text must be a string, got null"),
        (user([{"type": "text", "text": ["a"]}]), 400, "messages[0].content[0].text must be a string, got a list"),
        (user([{"type": "image_url", "image_url": {}}]), 400,
         "messages[0].content[0] has type 'image_url'; only text parts are supported"),
        (user([5]), 400, "messages[0].content[0] must be a string or a text part, got a number"),
        (user({"text": "x"}), 400, "messages[0].content must be text or a list of text parts, got an object"),
        (user(None), 400, "messages[0].content must be text or a list of text parts, got null"),
        ({**user("hello"), "model": 7}, 400, "'model' must be a string, got a number"),
        ({**user("hello"), "stream": "yes"}, 400, "'stream' must be true or false, got a string"),
        ({**user("hello"), "temperature": "hot"}, 400, "'temperature' must be an integer or a number, got a string"),
        ({**user("hello"), "max_tokens": True}, 400, "'max_tokens' must be an integer, got a boolean"),
        ([1, 2], 400, "the body must be a JSON object"),
        (user("x" * 150), 400, "the request is too long: 150 tokens of the 100 the model takes"),
        ({**user("x" * 150), "stream": True}, 400, "the request is too long: 150 tokens of the 100 the model takes"),
    ],
)
def test_faults_are_answered_before_any_stream(url, body, status, message, caplog):
    with caplog.at_level(logging.INFO):
        resp = httpx.post(f"{url}/v1/chat/completions", json=body, timeout=10)
    assert resp.status_code == status
    assert resp.headers["content-type"].startswith("application/json")
    assert resp.json()["error"]["message"] == message
    assert "Traceback" not in caplog.text and not [r for r in caplog.records if r.exc_info]


@pytest.mark.parametrize(
    ("raw", "status", "message"),
    [
        (b"[" * 100_000, 400, "the body is not valid JSON: 1:17: JSON nested deeper than 16 levels"),
        (b'{"messages": [{"role": "user", "content": "a"}], "x": ' + b"1" * 5000 + b"}", 400,
         "the body is not valid JSON: 1:55: number is longer than 40 characters"),
        (b'{"model": "ui4a", "model": "chat"}', 400,
         "the body is not valid JSON: 1:19: duplicate key 'model' in an object (each key once)"),
        (b'{"messages": NaN}', 400, "the body is not valid JSON: 1:14: expected a value, found 'N'"),
        (b'{"a": "\xc3\x28"}', 400, "the body is not UTF-8: byte 0xc3 at offset 7"),
        (b" " * (1024 * 1024 + 1), 413, "request body over 1048576 bytes"),
    ],
)
def test_hostile_bodies(url, raw, status, message, caplog):
    with caplog.at_level(logging.INFO):
        resp = httpx.post(f"{url}/v1/chat/completions", content=raw, timeout=20,
                          headers={"content-type": "application/json"})
    assert (resp.status_code, resp.json()["error"]["message"]) == (status, message)
    assert not [r for r in caplog.records if r.exc_info]
    ok = httpx.post(f"{url}/v1/chat/completions", json=user("hello"), timeout=10)
    assert ok.json()["choices"][0]["message"]["content"] == "Hi there!"


def test_a_slow_route_never_stalls_health(url, backend):
    backend.route_seconds = 1.0
    try:
        slow = threading.Thread(target=httpx.post, args=(f"{url}/v1/chat/completions",),
                                kwargs={"json": user("hello"), "timeout": 10})
        slow.start()
        time.sleep(0.2)  # the route is now sleeping in its thread
        worst = 0.0
        for _ in range(10):
            started = time.perf_counter()
            assert httpx.get(f"{url}/health", timeout=5).status_code == 200
            worst = max(worst, time.perf_counter() - started)
        slow.join()
        assert worst < 0.2, f"/health took {worst:.3f} s while a request was routed"
    finally:
        backend.route_seconds = 0.0


def test_a_stream_that_fails_midway_ends_with_an_error_event(url, backend, monkeypatch, caplog):
    async def broken(messages, route):
        yield "Hi"
        raise RuntimeError("the decoder broke")

    monkeypatch.setattr(backend, "stream", broken)
    with httpx.stream("POST", f"{url}/v1/chat/completions", json={**user("hello"), "stream": True}) as resp:
        events = [json.loads(line[6:]) for line in resp.iter_lines() if line.startswith("data: {")]
    assert events[-1] == {"error": {"message": "internal error (RuntimeError)", "type": "server_error"}}
