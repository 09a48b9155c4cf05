"""The SQLite store: round trips, reloads, concurrency, crashes and clear errors."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from ui4a.store import MAX_BYTES, MIGRATIONS, SCHEMA_VERSION, Store, StoreError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(tmp_path: Path):
    s = Store(tmp_path / "data" / "ui4a.sqlite3")
    yield s
    s.close()


def _child(code: str, *args: str) -> subprocess.Popen[str]:
    """A separate Python process running ``code`` with ui4a importable."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


# -- round trips ------------------------------------------------------------------------


def test_open_sets_up_wal_and_schema(store: Store) -> None:
    assert store.path.exists()
    assert store.schema_version == SCHEMA_VERSION == len(MIGRATIONS)
    conn = sqlite3.connect(store.path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"conversations", "messages", "ui_states"} <= tables
    conn.close()


def test_conversation_round_trip(store: Store) -> None:
    cid = store.create_conversation("Weather")
    assert len(cid) == 32 and int(cid, 16) >= 0
    assert store.conversation_exists(cid)
    assert not store.conversation_exists("nope")
    [conv] = store.list_conversations()
    assert conv["id"] == cid and conv["title"] == "Weather" and conv["turns"] == 0
    assert conv["created"] <= conv["updated"]


def test_message_round_trip(store: Store) -> None:
    cid = store.create_conversation()
    meta = {"route": "ui", "adapter": "ui-v1", "tokens": {"in": 12, "out": 40}, "errors": []}
    m1 = store.add_message(cid, "user", "show the weather ☀")
    m2 = store.add_message(cid, "assistant", "Here:", source='Card(title="Oslo")', meta=meta)
    m3 = store.add_message(cid, "system", "note")
    assert m1 < m2 < m3
    msgs = store.messages(cid)
    assert [m["id"] for m in msgs] == [m1, m2, m3]
    assert [m["role"] for m in msgs] == ["user", "assistant", "system"]
    assert msgs[0] == {
        "id": m1,
        "role": "user",
        "text": "show the weather ☀",
        "source": None,
        "meta": {},
        "created": msgs[0]["created"],
    }
    assert msgs[1]["source"] == 'Card(title="Oslo")' and msgs[1]["meta"] == meta
    assert msgs[0]["created"] < msgs[1]["created"] < msgs[2]["created"]
    assert store.list_conversations()[0]["turns"] == 1


def test_messages_are_kept_per_conversation(store: Store) -> None:
    a, b = store.create_conversation("a"), store.create_conversation("b")
    store.add_message(a, "user", "to a")
    store.add_message(b, "user", "to b")
    assert [m["text"] for m in store.messages(a)] == ["to a"]
    assert [m["text"] for m in store.messages(b)] == ["to b"]
    assert store.messages(store.create_conversation()) == []


def test_list_conversations_newest_activity_first(store: Store) -> None:
    a, b, c = (store.create_conversation(t) for t in "abc")
    assert [x["id"] for x in store.list_conversations()] == [c, b, a]
    store.add_message(a, "user", "bump")
    assert [x["id"] for x in store.list_conversations()] == [a, c, b]
    store.save_ui_state(b, {"tab": 1})
    assert [x["id"] for x in store.list_conversations()] == [b, a, c]
    assert [x["id"] for x in store.list_conversations(limit=2)] == [b, a]


def test_update_message(store: Store) -> None:
    cid = store.create_conversation()
    mid = store.add_message(cid, "assistant", "", meta={"partial": True})
    store.update_message(mid, text="Done", source='Text("hi")')
    [m] = store.messages(cid)
    assert (m["text"], m["source"], m["meta"]) == ("Done", 'Text("hi")', {"partial": True})
    store.update_message(mid, meta={"partial": False, "ms": 12.5})
    [m] = store.messages(cid)
    assert (m["text"], m["meta"]) == ("Done", {"partial": False, "ms": 12.5})
    store.update_message(mid)  # nothing to change is not an error
    with pytest.raises(KeyError, match="unknown message 999"):
        store.update_message(999, text="x")


def test_ui_state_replaces(store: Store) -> None:
    cid = store.create_conversation()
    assert store.ui_state(cid) == {}
    store.save_ui_state(cid, {"form": {"city": "Oslo"}, "tab": 2})
    assert store.ui_state(cid) == {"form": {"city": "Oslo"}, "tab": 2}
    store.save_ui_state(cid, {"tab": 3})
    assert store.ui_state(cid) == {"tab": 3}
    other = store.create_conversation()
    assert store.ui_state(other) == {}


def test_rename_and_delete(store: Store) -> None:
    cid = store.create_conversation("old")
    store.add_message(cid, "user", "hi")
    store.save_ui_state(cid, {"x": 1})
    store.rename_conversation(cid, "new")
    assert store.list_conversations()[0]["title"] == "new"
    store.delete_conversation(cid)
    assert not store.conversation_exists(cid)
    rows = sqlite3.connect(store.path).execute("SELECT count(*) FROM messages").fetchone()
    assert rows[0] == 0  # cascaded
    with pytest.raises(KeyError):
        store.delete_conversation(cid)


def test_reload_persists_across_store_objects(tmp_path: Path) -> None:
    path = tmp_path / "ui4a.sqlite3"
    with Store(path) as first:
        cid = first.create_conversation("kept")
        mid = first.add_message(cid, "assistant", "hi", source='Text("hi")', meta={"n": 1})
        first.save_ui_state(cid, {"open": True})
    with Store(path) as second:
        assert second.conversation_exists(cid)
        assert [m["id"] for m in second.messages(cid)] == [mid]
        assert second.messages(cid)[0]["meta"] == {"n": 1}
        assert second.ui_state(cid) == {"open": True}
        assert second.list_conversations()[0]["title"] == "kept"


def test_default_uses_data_dir_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UI4A_DATA_DIR", str(tmp_path / "d"))
    with Store.default() as s:
        assert s.path == tmp_path / "d" / "ui4a.sqlite3"
        assert s.path.exists()
    monkeypatch.delenv("UI4A_DATA_DIR")
    monkeypatch.chdir(tmp_path)
    with Store.default() as s:
        assert s.path == Path(".ui4a-data") / "ui4a.sqlite3"
        assert (tmp_path / ".ui4a-data" / "ui4a.sqlite3").exists()


# -- errors -----------------------------------------------------------------------------


def test_unknown_conversation_is_key_error(store: Store) -> None:
    for call in (
        lambda: store.add_message("nope", "user", "x"),
        lambda: store.messages("nope"),
        lambda: store.save_ui_state("nope", {}),
        lambda: store.ui_state("nope"),
        lambda: store.rename_conversation("nope", "t"),
    ):
        with pytest.raises(KeyError) as info:
            call()
        assert info.value.args == ("unknown conversation 'nope'",)


def test_invalid_role(store: Store) -> None:
    cid = store.create_conversation()
    with pytest.raises(ValueError) as info:
        store.add_message(cid, "tool", "x")
    assert str(info.value) == "invalid role 'tool'; expected one of 'assistant', 'system', 'user'"


def test_limits(store: Store) -> None:
    cid = store.create_conversation()
    store.add_message(cid, "user", "x" * MAX_BYTES, source="y" * MAX_BYTES)  # at the limit
    with pytest.raises(ValueError, match=r"text is 1048577 bytes; the limit is 1048576"):
        store.add_message(cid, "user", "x" * (MAX_BYTES + 1))
    with pytest.raises(ValueError, match=r"text is 1048578 bytes"):  # counted in UTF-8 bytes
        store.add_message(cid, "user", "é" * (MAX_BYTES // 2 + 1))
    with pytest.raises(ValueError, match=r"^source is 1048577 bytes"):
        store.add_message(cid, "assistant", "", source="y" * (MAX_BYTES + 1))
    mid = store.add_message(cid, "assistant", "ok")
    with pytest.raises(ValueError, match=r"^source is"):
        store.update_message(mid, source="y" * (MAX_BYTES + 1))
    with pytest.raises(ValueError, match=r"^meta is"):
        store.add_message(cid, "user", "x", meta={"big": "z" * MAX_BYTES})
    assert len(store.messages(cid)) == 2  # refused writes left nothing behind


def test_meta_must_be_json(store: Store) -> None:
    cid = store.create_conversation()
    with pytest.raises(ValueError, match="meta is not JSON-serialisable"):
        store.add_message(cid, "user", "x", meta={"when": object()})
    with pytest.raises(ValueError, match="meta is not JSON-serialisable"):
        store.add_message(cid, "user", "x", meta={"nan": float("nan")})
    with pytest.raises(ValueError, match="meta must be a JSON object"):
        store.add_message(cid, "user", "x", meta=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="state is not JSON-serialisable"):
        store.save_ui_state(cid, {"s": {1, 2}})
    mid = store.add_message(cid, "user", "x")
    with pytest.raises(ValueError, match="meta is not JSON-serialisable"):
        store.update_message(mid, text="changed", meta={"b": b"bytes"})
    assert store.messages(cid)[0]["text"] == "x"
    with pytest.raises(ValueError, match="text is not valid Unicode"):
        store.add_message(cid, "user", "bad \ud800")


def test_corrupt_file_is_store_error(tmp_path: Path) -> None:
    path = tmp_path / "ui4a.sqlite3"
    path.write_bytes(os.urandom(8192))
    with pytest.raises(StoreError) as info:
        Store(path)
    assert str(path) in str(info.value) and "not a database" in str(info.value)


def test_unwritable_data_dir_is_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    # A path below a regular file cannot be created, even by root.
    with pytest.raises(StoreError) as info:
        Store(blocker / "data" / "ui4a.sqlite3")
    assert str(info.value).startswith(f"cannot create data directory {str(blocker / 'data')!r}")


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores directory permissions")
def test_read_only_data_dir_is_store_error(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        with pytest.raises(StoreError, match="cannot open store"):
            Store(ro / "ui4a.sqlite3")
    finally:
        ro.chmod(0o700)


def test_path_is_a_directory(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        Store(tmp_path)


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ui4a.sqlite3"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer than this ui4a understands"):
        Store(path)


def test_closed_store(tmp_path: Path) -> None:
    s = Store(tmp_path / "x.sqlite3")
    s.close()
    with pytest.raises(StoreError, match="is closed"):
        s.create_conversation()


# -- concurrency ------------------------------------------------------------------------


def test_concurrent_threads(store: Store) -> None:
    n_threads, n_msgs = 8, 50
    errors: list[BaseException] = []
    ids: dict[int, str] = {}
    start = threading.Barrier(n_threads)

    def work(t: int) -> None:
        try:
            cid = store.create_conversation(f"t{t}")
            ids[t] = cid
            start.wait()
            for i in range(n_msgs):
                store.add_message(cid, "user", f"{t}:{i}", meta={"i": i})
                if i % 10 == 0:
                    store.save_ui_state(cid, {"i": i})
                    store.messages(cid)
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(n_threads)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    for t, cid in ids.items():
        assert [m["text"] for m in store.messages(cid)] == [f"{t}:{i}" for i in range(n_msgs)]
        assert store.ui_state(cid) == {"i": 40}
    assert len(store.list_conversations()) == n_threads


def test_second_process_writes_while_first_reads(store: Store) -> None:
    cid = store.create_conversation("shared")
    n = 200
    child = _child(
        """
        import sys
        from ui4a.store import Store
        s = Store(sys.argv[1])
        for i in range(int(sys.argv[3])):
            s.add_message(sys.argv[2], "user", f"m{i}", meta={"i": i})
        s.close()
        """,
        str(store.path),
        cid,
        str(n),
    )
    seen = [0]
    while child.poll() is None:
        msgs = store.messages(cid)
        assert [m["text"] for m in msgs] == [f"m{i}" for i in range(len(msgs))]
        assert len(msgs) >= seen[-1]
        seen.append(len(msgs))
        store.list_conversations()
    _, err = child.communicate()
    assert child.returncode == 0, err
    assert [m["text"] for m in store.messages(cid)] == [f"m{i}" for i in range(n)]
    assert store.list_conversations()[0]["turns"] == n


def test_two_processes_write_the_same_file(store: Store) -> None:
    """Writers in several processes queue on the lock instead of failing."""
    cid = store.create_conversation()
    code = """
        import sys
        from ui4a.store import Store
        s = Store(sys.argv[1])
        for i in range(100):
            s.add_message(sys.argv[2], "user", f"{sys.argv[3]}{i}")
        """
    children = [_child(code, str(store.path), cid, tag) for tag in "ab"]
    for i in range(100):
        store.add_message(cid, "user", f"p{i}")
    for c in children:
        _, err = c.communicate(timeout=60)
        assert c.returncode == 0, err
    texts = [m["text"] for m in store.messages(cid)]
    for tag in "abp":
        assert [t for t in texts if t[0] == tag] == [f"{tag}{i}" for i in range(100)]


def test_sigkilled_writer_leaves_whole_messages(tmp_path: Path) -> None:
    path = tmp_path / "ui4a.sqlite3"
    with Store(path) as s:
        cid = s.create_conversation()
    child = _child(
        """
        import sys
        from ui4a.store import Store
        s = Store(sys.argv[1])
        print("ready", flush=True)
        i = 0
        while True:
            body = str(i) * (20000 + i % 7 * 1000)
            mid = s.add_message(sys.argv[2], "assistant", body, source=body, meta={"i": i, "n": len(body)})
            s.update_message(mid, meta={"i": i, "n": len(body), "done": True})
            s.save_ui_state(sys.argv[2], {"last": i, "pad": body})
            i += 1
        """,
        str(path),
        cid,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.3)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL

    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with Store(path) as s:
        msgs = s.messages(cid)
        assert len(msgs) > 0
        for k, m in enumerate(msgs):
            i = m["meta"]["i"]
            assert i == k  # no gaps: each write is all or nothing
            body = str(i) * (20000 + i % 7 * 1000)
            assert m["text"] == body and m["source"] == body and m["meta"]["n"] == len(body)
        # Every message but perhaps the last got its update; the UI state is a whole one.
        assert all(m["meta"].get("done") for m in msgs[:-1])
        state = s.ui_state(cid)
        if state:
            assert state["pad"] == str(state["last"]) * (20000 + state["last"] % 7 * 1000)
            assert state["last"] >= len(msgs) - 2
        s.add_message(cid, "user", "still writable")


def test_processes_racing_to_create_the_file(tmp_path: Path) -> None:
    """The first open's migration is one locked transaction, so racers never collide."""
    path = tmp_path / "new" / "ui4a.sqlite3"
    code = """
        import sys
        from ui4a.store import Store
        s = Store(sys.argv[1])
        s.add_message(s.create_conversation(), "user", "hi")
        """
    children = [_child(code, str(path)) for _ in range(6)]
    for c in children:
        _, err = c.communicate(timeout=60)
        assert c.returncode == 0, err
    with Store(path) as s:
        assert s.schema_version == SCHEMA_VERSION
        assert len(s.list_conversations()) == 6


def test_asyncio_tasks_and_worker_threads(store: Store) -> None:
    """The Reflex backend calls in from event-loop tasks and from ``to_thread`` workers."""

    async def turn(k: int) -> str:
        cid = store.create_conversation(f"c{k}")
        for i in range(10):
            store.add_message(cid, "user", f"{k}.{i}")
            await asyncio.to_thread(store.add_message, cid, "assistant", f"{k}.{i}!")
            await asyncio.sleep(0)
        return cid

    async def main() -> list[str]:
        return await asyncio.gather(*(turn(k) for k in range(20)))

    # A fresh thread: Playwright's sync API may already run an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        cids = pool.submit(asyncio.run, main()).result()
    for k, cid in enumerate(cids):
        texts = [m["text"] for m in store.messages(cid)]
        assert texts == [t for i in range(10) for t in (f"{k}.{i}", f"{k}.{i}!")]
