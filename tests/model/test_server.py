"""`ui4a serve`'s API, driven by the official openai client; faults answered, serving continues."""

from __future__ import annotations

import socket
import threading
import time

import httpx
import pytest

from tests.conftest import run_async
from ui4a.model.backends.scripted import ScriptedBackend
from ui4a.model.server import create_app

SCRIPT = {"dashboard": '<Card title="Sales"><Stat label="MRR" value="$1k" /></Card>', "hello": "Hi there!"}


@pytest.fixture(scope="module")
def server_url():
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(ScriptedBackend(SCRIPT, rate=0), ["ui", "chat"])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/v1"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def client(server_url):
    from openai import OpenAI

    return OpenAI(base_url=server_url, api_key="unused", max_retries=0)


def test_models_lists_the_routed_model_and_adapters(client):
    assert [m.id for m in client.models.list().data] == ["ui4a", "ui", "chat"]


def test_routed_completion_returns_the_route(client):
    resp = client.chat.completions.create(model="ui4a", messages=[{"role": "user", "content": "a dashboard"}])
    assert resp.choices[0].message.content.startswith('<Card title="Sales">')
    assert resp.model == "ui" and resp.model_extra["ui4a"]["route"] == "ui"


def test_streaming_by_adapter_name(client):
    stream = client.chat.completions.create(model="chat", stream=True,
                                            messages=[{"role": "user", "content": "hello"}])
    chunks = list(stream)
    assert chunks[0].model_extra["ui4a"]["route"] == "chat"
    assert "".join(c.choices[0].delta.content or "" for c in chunks) == "Hi there!"
    assert chunks[-1].choices[0].finish_reason == "stop"


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"model": "ui4a", "messages": []}, 400, "'messages' must be a non-empty list"),
        ({"model": "ui4a", "messages": [{"role": "user", "content": "  "}]}, 400,
         "the last message must be a non-empty user message"),
        ({"model": "gpt-9", "messages": [{"role": "user", "content": "x"}]}, 404, "model 'gpt-9' not found"),
        ({"model": "ui4a", "messages": [{"role": "user", "content": "x" * 20000}]}, 400,
         "the limit is 4000 (session.max_message_chars)"),
        ({"model": "ui4a", "messages": [{"role": "user", "content": "\x00\x01bin"}]}, 400,
         "messages[0].content contains control character U+0000 at character 1"),
        ({"model": "ui4a", "messages": [{"role": "robot", "content": "x"}]}, 400, "needs a role"),
    ],
)
def test_bad_requests_get_clear_errors_and_serving_continues(server_url, client, body, status, message):
    resp = httpx.post(f"{server_url}/chat/completions", json=body, timeout=10)
    assert resp.status_code == status
    assert message in resp.json()["error"]["message"]
    ok = client.chat.completions.create(model="chat", messages=[{"role": "user", "content": "hello"}])
    assert ok.choices[0].message.content == "Hi there!"


def test_a_lone_surrogate_escape_is_refused_by_name(server_url, client):
    # Valid JSON, but "\\ud800" decodes to a character no tokenizer takes.
    body = b'{"model": "ui4a", "messages": [{"role": "user", "content": "ab\\ud800"}]}'
    resp = httpx.post(f"{server_url}/chat/completions", content=body, timeout=10,
                      headers={"content-type": "application/json"})
    assert resp.status_code == 400
    assert resp.json()["error"]["message"] == ("the body is not valid JSON: 1:60: a lone UTF-16 surrogate "
                                               "escape in a string is not text")
    ok = client.chat.completions.create(model="chat", messages=[{"role": "user", "content": "hello"}])
    assert ok.choices[0].message.content == "Hi there!"


def test_non_json_body(server_url):
    resp = httpx.post(f"{server_url}/chat/completions", content=b"\xff\xfe not json", timeout=10)
    assert resp.status_code == 400
    assert resp.json()["error"]["message"] == "the body is not UTF-8: byte 0xff at offset 0"


def test_unreachable_openai_endpoint_is_named():

    from ui4a.model.backends.base import BackendError, Message, Route
    from ui4a.model.backends.openai import OpenAIBackend

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    backend = OpenAIBackend(f"http://127.0.0.1:{port}/v1", timeout=2)

    async def turn():
        return [p async for p in backend.stream([Message("user", "hi")], Route("chat", 1.0, "test"))]

    with pytest.raises(BackendError, match=f"model request to http://127.0.0.1:{port}/v1"):
        run_async(turn())


def test_every_served_turn_is_traced(client):
    from ui4a import harness, traces

    with harness.store() as s:
        before = traces.count(s)
    resp = client.chat.completions.create(model="ui4a", messages=[{"role": "user", "content": "a dashboard"}])
    trace_id = resp.model_extra["ui4a"]["trace"]
    list(client.chat.completions.create(model="chat", stream=True, messages=[{"role": "user", "content": "hello"}]))
    with harness.store() as s:
        rows = traces.traces(s, since_id=trace_id - 1)
    assert len(rows) == 2 and rows[0]["id"] == trace_id and before < trace_id
    assert [(r["source"], r["adapter"], r["valid"]) for r in rows] == [("server", "ui", 1), ("server", "chat", None)]
    assert rows[0]["output"].startswith('<Card title="Sales">') and rows[1]["output"] == "Hi there!"
