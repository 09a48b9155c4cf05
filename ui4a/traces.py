"""Traces: every turn the harness answers, stored in SQLite for the learning loop.

A trace is written once, when its turn ends (CLI, server or playground), in one
transaction, so a crash keeps every committed trace whole and never a half of
one. It records the manifest revision the turn ran under, the route and adapter,
the request, the final output, the validation errors, each repair attempt and
whether the UI rendered. What the user then does with the UI — clicks, bound
inputs, form submits, thumbs up or down — is appended as trace events.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ui4a.store import Store

EVENT_KINDS = ("click", "set", "submit", "feedback")
SOURCES = ("cli", "server", "playground", "script")
_COLUMNS = ("created", "source", "harness", "harness_version", "revision", "conversation_id", "message_id",
            "backend", "route", "route_score", "route_reason", "adapter", "adapter_version", "request", "output",
            "errors", "repairs", "valid", "rendered", "latency_ms", "tokens")


@dataclass
class Turn:
    """One finished turn, as the caller saw it."""

    source: str
    request: str
    output: str
    backend: str
    route: Any = None  # ui4a.model.backends.base.Route, or None when routing failed
    errors: Sequence[str] = ()
    repairs: Sequence[dict[str, Any]] = ()  # each attempt before the final one: {"output", "errors"}
    valid: bool | None = None  # None: not a UI turn
    rendered: bool | None = None
    latency_ms: float | None = None
    tokens: int | None = None
    conversation_id: str | None = None
    message_id: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def record(turn: Turn, store: Store | None = None) -> int:
    """Store a finished turn under the active manifest; returns the trace id."""
    from ui4a import harness

    if turn.source not in SOURCES:
        raise ValueError(f"unknown trace source {turn.source!r}; expected one of {', '.join(SOURCES)}")
    m = harness.current()
    route = turn.route
    adapter = route.adapter if route is not None else None
    row = {
        "created": time.time(), "source": turn.source, "harness": m.harness.name,
        "harness_version": m.harness.version, "revision": harness.revision(),
        "conversation_id": turn.conversation_id, "message_id": turn.message_id, "backend": turn.backend,
        "route": adapter, "route_score": route.score if route is not None else None,
        "route_reason": route.reason if route is not None else None, "adapter": adapter,
        "adapter_version": harness.adapter_version(adapter, m), "request": turn.request[:100_000],
        "output": turn.output, "errors": json.dumps(list(turn.errors), ensure_ascii=False),
        "repairs": json.dumps(list(turn.repairs), ensure_ascii=False),
        "valid": None if turn.valid is None else int(turn.valid),
        "rendered": None if turn.rendered is None else int(turn.rendered),
        "latency_ms": turn.latency_ms, "tokens": turn.tokens,
    }
    store = store or harness.store()
    with store.transaction() as c:
        cur = c.execute(f"INSERT INTO traces ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                        tuple(row[k] for k in _COLUMNS))
        return int(cur.lastrowid or 0)


def event(trace_id: int, kind: str, data: dict[str, Any] | None = None, store: Store | None = None) -> int:
    """Append what the user did with a trace's UI (``kind``: click, set, submit or feedback)."""
    from ui4a import harness

    if kind not in EVENT_KINDS:
        raise ValueError(f"unknown event kind {kind!r}; expected one of {', '.join(EVENT_KINDS)}")
    payload = json.dumps(data or {}, ensure_ascii=False, allow_nan=False)
    store = store or harness.store()
    with store.transaction() as c:
        if c.execute("SELECT 1 FROM traces WHERE id=?", (trace_id,)).fetchone() is None:
            raise KeyError(f"unknown trace {trace_id}")
        cur = c.execute("INSERT INTO trace_events (trace_id, created, kind, data) VALUES (?, ?, ?, ?)",
                        (trace_id, time.time(), kind, payload))
        return int(cur.lastrowid or 0)


def for_message(message_id: int, store: Store) -> int | None:
    """The trace of a playground message, if one was recorded."""
    rows = store.query("SELECT id FROM traces WHERE message_id=? ORDER BY id DESC LIMIT 1", (message_id,))
    return int(rows[0][0]) if rows else None


def traces(store: Store, adapter: str | None = None, since_id: int = 0, limit: int | None = None
           ) -> list[dict[str, Any]]:
    """Stored traces, oldest first, each with its events and its latest feedback (+1, -1 or None)."""
    sql = "SELECT * FROM traces WHERE id > ?"
    args: list[Any] = [since_id]
    if adapter is not None:
        sql += " AND adapter = ?"
        args.append(adapter)
    sql += " ORDER BY id" + (" LIMIT ?" if limit else "")
    if limit:
        args.append(limit)
    rows = [dict(r) for r in store.query(sql, tuple(args))]
    events: dict[int, list[dict[str, Any]]] = {}
    if rows:
        for e in store.query("SELECT trace_id, created, kind, data FROM trace_events WHERE trace_id >= ? "
                             "ORDER BY id", (rows[0]["id"],)):
            events.setdefault(e["trace_id"], []).append({"kind": e["kind"], "created": e["created"],
                                                         "data": json.loads(e["data"])})
    for r in rows:
        r["errors"], r["repairs"] = json.loads(r["errors"]), json.loads(r["repairs"])
        r["events"] = events.get(r["id"], [])
        votes = [e["data"].get("value") for e in r["events"] if e["kind"] == "feedback"]
        r["feedback"] = votes[-1] if votes else None
    return rows


def count(store: Store) -> int:
    return int(store.query("SELECT count(*) FROM traces")[0][0])
