"""The SQLite store behind the playground: conversations, messages and UI state.

A page reload in the Reflex app loses everything held in backend state, so each
turn and the latest UI state of a conversation are written here as they happen.
One file, opened in WAL mode, is shared by every thread and process of the app:

- each thread gets its own connection (SQLite connections must not be used by
  two threads at once); asyncio tasks on one thread share it, which is safe
  because no method awaits in the middle of a statement;
- every write is one ``BEGIN IMMEDIATE`` transaction, so a crash (even SIGKILL)
  leaves either the whole write or none of it, and writers from several
  processes queue on the lock (``busy_timeout``) instead of failing;
- the schema carries its version in ``PRAGMA user_version``; :data:`MIGRATIONS`
  lists the steps from each version to the next (version 2 added the traces of
  the learning loop, see :mod:`ui4a.traces`).

Faults a user can cause or see come out as :class:`StoreError`, ``KeyError`` or
``ValueError`` with a message that names the path, id or limit involved.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROLES = ("assistant", "system", "user")
MAX_BYTES = 1024 * 1024  # per text, source, meta (as JSON) and UI state (as JSON)
BUSY_TIMEOUT_MS = 5000
DEFAULT_DATA_DIR = ".ui4a-data"
DB_NAME = "ui4a.sqlite3"

# MIGRATIONS[i] takes a database from schema version i to i + 1. Append, never edit.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE conversations (
            id      TEXT PRIMARY KEY,
            title   TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL,
            updated REAL NOT NULL
        )""",
        "CREATE INDEX conversations_updated ON conversations(updated)",
        f"""CREATE TABLE messages (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            role            TEXT NOT NULL CHECK (role IN ({", ".join(repr(r) for r in ROLES)})),
            text            TEXT NOT NULL,
            source          TEXT,
            meta            TEXT NOT NULL DEFAULT '{{}}' CHECK (json_valid(meta)),
            created         REAL NOT NULL
        )""",
        "CREATE INDEX messages_conversation ON messages(conversation_id, id)",
        """CREATE TABLE ui_states (
            conversation_id TEXT PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
            state           TEXT NOT NULL CHECK (json_valid(state)),
            updated         REAL NOT NULL
        )""",
    ),
    (  # 1 -> 2: traces of every turn, what users did with them, and the adapter generations (ui4a.traces)
        """CREATE TABLE traces (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            created         REAL NOT NULL,
            source          TEXT NOT NULL,
            harness         TEXT NOT NULL,
            harness_version TEXT NOT NULL,
            revision        TEXT NOT NULL,
            conversation_id TEXT,
            message_id      INTEGER,
            backend         TEXT NOT NULL,
            route           TEXT,
            route_score     REAL,
            route_reason    TEXT,
            adapter         TEXT,
            adapter_version TEXT,
            request         TEXT NOT NULL,
            output          TEXT NOT NULL,
            errors          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(errors)),
            repairs         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(repairs)),
            valid           INTEGER,
            rendered        INTEGER,
            latency_ms      REAL,
            tokens          INTEGER
        )""",
        "CREATE INDEX traces_adapter ON traces(adapter, valid)",
        "CREATE INDEX traces_message ON traces(message_id)",
        """CREATE TABLE trace_events (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,
            trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
            created  REAL NOT NULL,
            kind     TEXT NOT NULL CHECK (kind IN ('click', 'set', 'submit', 'feedback')),
            data     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data))
        )""",
        "CREATE INDEX trace_events_trace ON trace_events(trace_id)",
        """CREATE TABLE generations (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            created         REAL NOT NULL,
            adapter         TEXT NOT NULL,
            version         TEXT NOT NULL,
            parent_version  TEXT NOT NULL,
            status          TEXT NOT NULL CHECK (status IN ('promoted', 'rejected')),
            path            TEXT NOT NULL,
            harness_version TEXT NOT NULL,
            report          TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(report))
        )""",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """The store cannot be opened or used; the message names the path and the fault."""


class Store:
    """Conversations, their messages and their UI state in one SQLite file."""

    def __init__(self, path: str | Path, max_bytes: int = MAX_BYTES) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        # thread ident -> (thread, connection); pruned as threads end.
        self._conns: dict[int, tuple[threading.Thread, sqlite3.Connection]] = {}
        self._pid = os.getpid()
        self._closed = False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(
                f"cannot create data directory {str(self.path.parent)!r}: {e.strerror or e}"
            ) from e
        if self.path.is_dir():
            raise StoreError(f"store path {str(self.path)!r} is a directory, not a database file")
        try:
            self._migrate()
        except BaseException:
            self.close()
            raise

    @classmethod
    def default(cls) -> Store:
        """The app's store: ``$UI4A_DATA_DIR/ui4a.sqlite3`` (``.ui4a-data`` by default)."""
        return cls(Path(os.environ.get("UI4A_DATA_DIR") or DEFAULT_DATA_DIR) / DB_NAME)

    # -- connections and transactions -------------------------------------------------

    def _conn(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use."""
        if self._closed:
            raise StoreError(f"store {str(self.path)!r} is closed")
        if os.getpid() != self._pid:
            # A forked child must not touch its parent's connections; abandon them.
            self._conns, self._pid = {}, os.getpid()
        me = threading.current_thread()
        entry = self._conns.get(me.ident or 0)
        if entry is not None and entry[0] is me:
            return entry[1]
        conn = self._open()
        with self._lock:
            for ident, (thread, old) in list(self._conns.items()):
                if not thread.is_alive() or ident == me.ident:
                    old.close()
                    del self._conns[ident]
            self._conns[me.ident or 0] = (me, conn)
        return conn

    def _open(self) -> sqlite3.Connection:
        try:
            # isolation_level=None: no implicit transactions; ours are explicit.
            conn = sqlite3.connect(
                self.path,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,
                check_same_thread=False,  # only so close() can close every thread's connection
            )
        except sqlite3.Error as e:
            raise StoreError(f"cannot open store {str(self.path)!r}: {e}") from e
        try:
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self._use_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as e:
            conn.close()
            raise StoreError(f"cannot open store {str(self.path)!r}: {e}") from e
        return conn

    @staticmethod
    def _use_wal(conn: sqlite3.Connection) -> None:
        """Switch the file to WAL, waiting out racers as ``busy_timeout`` would.

        Changing the journal mode needs an exclusive lock, and SQLite answers
        "database is locked" at once, without its busy handler, when another
        process is creating the same new file; so the wait is ours.
        """
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        delay = 0.005
        while True:
            try:
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or time.monotonic() + delay > deadline:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 0.1)

    def _migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`; safe when processes race."""
        with self.transaction() as c:
            version = c.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"store {str(self.path)!r} has schema version {version}, newer than this "
                    f"ui4a understands ({SCHEMA_VERSION}); upgrade ui4a"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    c.execute(statement)
            if version != SCHEMA_VERSION:
                c.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is committed or none of it.

        ``BEGIN IMMEDIATE`` takes the write lock up front, so two writers never
        deadlock upgrading a read lock; the second waits up to ``busy_timeout``.
        """
        conn = self._conn()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise StoreError(f"cannot write to store {str(self.path)!r}: {e}") from e
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as e:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error):
                raise StoreError(f"cannot write to store {str(self.path)!r}: {e}") from e
            raise

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        conn = self._conn()
        try:
            cur = conn.execute(sql, args)
            cur.row_factory = sqlite3.Row
            return cur.fetchall()
        except sqlite3.Error as e:
            raise StoreError(f"cannot read store {str(self.path)!r}: {e}") from e

    @staticmethod
    def _tick(conn: sqlite3.Connection) -> float:
        """Now, but strictly later than any conversation's last update.

        Called under the write lock, so "newest first" is a total order even
        when two writes land in the same clock tick or come from two processes.
        """
        last = conn.execute("SELECT max(updated) FROM conversations").fetchone()[0]
        now = time.time()
        return now if last is None or now > last else last + 1e-6

    @staticmethod
    def _touch(conn: sqlite3.Connection, cid: str) -> float:
        """Mark a conversation as updated; ``KeyError`` if there is none."""
        now = Store._tick(conn)
        if conn.execute("UPDATE conversations SET updated=? WHERE id=?", (now, cid)).rowcount == 0:
            raise KeyError(f"unknown conversation {cid!r}")
        return now

    @property
    def schema_version(self) -> int:
        return self.query("PRAGMA user_version")[0][0]

    # -- conversations ----------------------------------------------------------------

    def create_conversation(self, title: str = "") -> str:
        """Start a conversation and return its id (a uuid4 hex string)."""
        _check_text("title", self.max_bytes, title)
        cid = uuid.uuid4().hex
        with self.transaction() as c:
            now = self._tick(c)
            c.execute(
                "INSERT INTO conversations (id, title, created, updated) VALUES (?, ?, ?, ?)",
                (cid, title, now, now),
            )
        return cid

    def conversation_exists(self, cid: str) -> bool:
        return bool(self.query("SELECT 1 FROM conversations WHERE id=?", (cid,)))

    def rename_conversation(self, cid: str, title: str) -> None:
        _check_text("title", self.max_bytes, title)
        with self.transaction() as c:
            self._touch(c, cid)
            c.execute("UPDATE conversations SET title=? WHERE id=?", (title, cid))

    def delete_conversation(self, cid: str) -> None:
        """Remove a conversation with its messages and UI state."""
        with self.transaction() as c:
            if c.execute("DELETE FROM conversations WHERE id=?", (cid,)).rowcount == 0:
                raise KeyError(f"unknown conversation {cid!r}")

    def list_conversations(self, limit: int = 50) -> list[dict[str, Any]]:
        """Most recently updated first; ``turns`` counts the user's messages."""
        rows = self.query(
            """SELECT c.id, c.title, c.created, c.updated,
                      (SELECT count(*) FROM messages m
                        WHERE m.conversation_id = c.id AND m.role = 'user') AS turns
                 FROM conversations c ORDER BY c.updated DESC, c.rowid DESC LIMIT ?""",
            (limit,),
        )
        return [dict(r) for r in rows]

    # -- messages ---------------------------------------------------------------------

    def add_message(
        self,
        cid: str,
        role: str,
        text: str,
        *,
        source: str | None = None,
        meta: dict[str, Any] | None = None,
    ) -> int:
        """Append a message and return its id.

        ``source`` is the compact UI code of an assistant turn; ``meta`` is any
        JSON object about the turn (route, adapter, tokens, errors, timings).
        """
        if role not in ROLES:
            raise ValueError(
                f"invalid role {role!r}; expected one of {', '.join(repr(r) for r in ROLES)}"
            )
        _check_text("text", self.max_bytes, text)
        if source is not None:
            _check_text("source", self.max_bytes, source)
        meta_json = _to_json("meta", self.max_bytes, {} if meta is None else meta)
        with self.transaction() as c:
            now = self._touch(c, cid)
            cur = c.execute(
                "INSERT INTO messages (conversation_id, role, text, source, meta, created)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (cid, role, text, source, meta_json, now),
            )
            return int(cur.lastrowid or 0)

    def update_message(
        self,
        mid: int,
        *,
        text: str | None = None,
        source: str | None = None,
        meta: dict[str, Any] | None = None,
    ) -> None:
        """Change the given fields of a message (a streamed reply is saved, then finished).

        ``meta`` replaces the old meta as a whole; a field left ``None`` is kept.
        """
        fields: dict[str, str] = {}
        if text is not None:
            fields["text"] = _check_text("text", self.max_bytes, text)
        if source is not None:
            fields["source"] = _check_text("source", self.max_bytes, source)
        if meta is not None:
            fields["meta"] = _to_json("meta", self.max_bytes, meta)
        with self.transaction() as c:
            row = c.execute("SELECT conversation_id FROM messages WHERE id=?", (mid,)).fetchone()
            if row is None:
                raise KeyError(f"unknown message {mid!r}")
            self._touch(c, row[0])
            if fields:
                sets = ", ".join(f"{name}=?" for name in fields)
                c.execute(f"UPDATE messages SET {sets} WHERE id=?", (*fields.values(), mid))

    def messages(self, cid: str) -> list[dict[str, Any]]:
        """A conversation's messages in the order they were added."""
        rows = self.query(
            "SELECT id, role, text, source, meta, created FROM messages"
            " WHERE conversation_id=? ORDER BY id",
            (cid,),
        )
        if not rows and not self.conversation_exists(cid):
            raise KeyError(f"unknown conversation {cid!r}")
        return [{**dict(r), "meta": json.loads(r["meta"])} for r in rows]

    # -- UI state ---------------------------------------------------------------------

    def save_ui_state(self, cid: str, state: dict[str, Any]) -> None:
        """Replace the conversation's current UI state (form values, open tabs, ...)."""
        state_json = _to_json("state", self.max_bytes, state)
        with self.transaction() as c:
            now = self._touch(c, cid)
            c.execute(
                "INSERT INTO ui_states (conversation_id, state, updated) VALUES (?, ?, ?)"
                " ON CONFLICT(conversation_id) DO UPDATE SET state=excluded.state,"
                " updated=excluded.updated",
                (cid, state_json, now),
            )

    def ui_state(self, cid: str) -> dict[str, Any]:
        """The conversation's UI state; ``{}`` when none was saved."""
        rows = self.query("SELECT state FROM ui_states WHERE conversation_id=?", (cid,))
        if rows:
            return json.loads(rows[0][0])
        if not self.conversation_exists(cid):
            raise KeyError(f"unknown conversation {cid!r}")
        return {}

    # -- lifetime ---------------------------------------------------------------------

    def close(self) -> None:
        """Close every thread's connection; later calls raise :class:`StoreError`."""
        with self._lock:
            self._closed = True
            if os.getpid() == self._pid:
                for _, conn in self._conns.values():
                    conn.close()
            self._conns.clear()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"


def _check_text(name: str, limit: int, value: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name} must be a str, not {type(value).__name__}")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError as e:
        raise ValueError(f"{name} is not valid Unicode text: {e.reason} at index {e.start}") from e
    if size > limit:
        raise ValueError(f"{name} is {size} bytes; the limit is {limit} bytes")
    return value


def _to_json(name: str, limit: int, value: dict[str, Any]) -> str:
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be a JSON object (dict), not {type(value).__name__}")
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as e:
        raise ValueError(f"{name} is not JSON-serialisable: {e}") from e
    return _check_text(name, limit, text)
