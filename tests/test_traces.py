"""Traces of every turn in SQLite: what is recorded, events and feedback, and crash safety."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import run_async
from ui4a import harness, traces
from ui4a.model import turn
from ui4a.model.backends.base import Message, Route
from ui4a.store import Store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store(tmp_path / "t.sqlite3") as s:
        yield s


def test_a_trace_records_the_turn_under_the_manifest_revision(store: Store) -> None:
    tid = traces.record(traces.Turn(source="cli", request="a table", output="<Text>x</Text>", backend="fake",
                                    route=Route("ui", 0.9, "model"), errors=[], valid=True, rendered=True,
                                    latency_ms=12.5, tokens=5), store)
    [row] = traces.traces(store)
    assert row["id"] == tid and row["source"] == "cli" and row["adapter"] == "ui"
    assert row["revision"] == harness.revision() and len(row["revision"]) == 64
    assert row["harness"] == harness.current().harness.name
    assert row["adapter_version"] == harness.current().model.adapters["ui"].version
    assert (row["valid"], row["rendered"], row["route_score"]) == (1, 1, 0.9)
    assert row["events"] == [] and row["feedback"] is None


def test_events_and_the_last_vote_count(store: Store) -> None:
    tid = traces.record(traces.Turn(source="playground", request="r", output="o", backend="fake",
                                    route=Route("chat", 1.0, "rule")), store)
    traces.event(tid, "click", {"action": "count = count + 1"}, store)
    traces.event(tid, "feedback", {"value": 1}, store)
    traces.event(tid, "feedback", {"value": -1}, store)
    [row] = traces.traces(store)
    assert [e["kind"] for e in row["events"]] == ["click", "feedback", "feedback"]
    assert row["feedback"] == -1
    with pytest.raises(ValueError, match="unknown event kind 'hover'"):
        traces.event(tid, "hover", {}, store)
    with pytest.raises(KeyError, match="unknown trace 999"):
        traces.event(999, "click", {}, store)
    with pytest.raises(ValueError, match="unknown trace source"):
        traces.record(traces.Turn(source="web", request="r", output="o", backend="x"), store)


class _Broken:
    """An unconstrained source whose first answer is invalid and whose repair answer is valid."""

    name, label, constrained = "broken-then-fixed", "test", False

    def __init__(self) -> None:
        self.calls = 0

    def route(self, messages):
        return Route("ui", 1.0, "test")

    async def stream(self, messages, route):
        self.calls += 1
        yield '<Text>ok</Text>' if len(messages) > 1 else '<Txet>typo</Txet>'


def test_a_repaired_turn_keeps_each_attempt(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("UI4A_DATA_DIR", str(tmp_path))
    backend = _Broken()
    result = run_async(turn.run(backend, [Message("user", "say ok")]))
    assert result.valid and result.output == "<Text>ok</Text>" and backend.calls == 2
    tid = turn.trace("cli", "say ok", result)
    with harness.store() as s:
        [row] = traces.traces(s)
    assert row["id"] == tid and row["valid"] == 1
    assert row["repairs"][0]["output"] == "<Txet>typo</Txet>"
    assert "Txet" in row["repairs"][0]["errors"][0]


def test_sigkill_while_tracing_loses_no_committed_trace(tmp_path: Path) -> None:
    path = tmp_path / "traces.sqlite3"
    code = textwrap.dedent("""
        import sys
        from ui4a import traces
        from ui4a.model.backends.base import Route
        from ui4a.store import Store
        s = Store(sys.argv[1])
        i = 0
        while True:
            body = str(i % 10) * (5000 + i % 13 * 700)
            tid = traces.record(traces.Turn(source="server", request=f"req {i}", output=body, backend="x",
                                            route=Route("ui", 1.0, "t"), valid=True), s)
            traces.event(tid, "click", {"i": i}, s)
            print(tid, flush=True)  # committed: the parent may count on it
            i += 1
    """)
    child = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    committed = [int(child.stdout.readline())]
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        committed.append(int(child.stdout.readline()))
    child.send_signal(signal.SIGKILL)
    child.wait()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with Store(path) as s:
        rows = traces.traces(s)
        ids = [r["id"] for r in rows]
        assert set(committed) <= set(ids)  # every trace reported committed is there
        for r in rows:
            i = int(r["request"].split()[1])
            assert r["output"] == str(i % 10) * (5000 + i % 13 * 700)  # whole, never half
        assert all(r["events"] for r in rows[:-1])
        traces.record(traces.Turn(source="cli", request="after", output="o", backend="x"), s)
