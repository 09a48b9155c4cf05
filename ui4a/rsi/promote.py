"""``ui4a rsi promote`` and ``ui4a rsi history``: the gate, and the record of every generation.

A candidate is promoted only when its ``eval.json`` says it beat the adapter that
is current *now* by at least the gate margin. Promotion moves the candidate to
``<generations_dir>/<adapter>/v<N>``, then rewrites the manifest in place
(atomically: the adapter's path and version, and the harness's patch version),
then records the generation. A refused candidate is recorded too, and nothing
else changes.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from ui4a import harness
from ui4a.hcp import edit
from ui4a.hcp.manifest import Manifest
from ui4a.rsi.evaluate import EVAL
from ui4a.rsi.train import CANDIDATE
from ui4a.store import Store


class PromoteError(Exception):
    """The candidate cannot be promoted (not evaluated, stale, lost); says why."""


def bump(version: str) -> str:
    """The harness's next patch version: 0.1.0 → 0.1.1 (a pre-release or build tail is dropped)."""
    parts = re.match(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?", version)
    assert parts is not None  # the manifest's pattern guarantees a leading number
    major, minor, patch = (int(g or 0) for g in parts.groups())
    return f"{major}.{minor}.{patch + 1}"


def promote(manifest_path: str | Path, candidate: str | Path, store: Store) -> dict[str, Any]:
    """Promote ``candidate`` if its evaluation passed the gate; returns the generation record."""
    from ui4a.hcp.load import load

    path = Path(manifest_path)
    m = load(path)
    cand = Path(candidate)
    try:
        record = json.loads((cand / CANDIDATE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PromoteError(f"{cand} is not a candidate adapter: {exc}") from exc
    try:
        result = json.loads((cand / EVAL).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PromoteError(f"{cand} has not been evaluated (run `ui4a rsi eval {cand}`)") from exc
    adapter = record["adapter"]
    current = m.model.adapters.get(adapter)
    if current is None:
        raise PromoteError(f"the manifest has no adapter {adapter!r}")
    if result["current_version"] != current.version or result["current_path"] != current.path:
        raise PromoteError(f"{cand} was evaluated against {adapter} v{result['current_version']}, but the "
                           f"current one is v{current.version}: evaluate it again")
    report = {"margin": result["margin"], "gate_margin": m.rsi.gate_margin, "current": result["current"],
              "candidate": result["candidate"], "trace_pairs": record.get("trace_pairs"),
              "data_hash": record.get("data_hash"), "from": str(cand)}
    wins = result["margin"] >= m.rsi.gate_margin and result["margin"] > 0
    if not wins:
        _record(store, adapter, record["version"], current.version, "rejected", str(cand), m.harness.version,
                report)
        return {"status": "rejected", "adapter": adapter, "version": record["version"], **report}
    target = m.resolve(m.rsi.generations_dir) / adapter / f"v{record['version']}"
    if target.exists():
        if m.resolve(current.path or "") == target.resolve():
            raise PromoteError(f"generation v{record['version']} of {adapter} is already the current one")
        import shutil

        shutil.rmtree(target)  # left by a promotion killed before it changed the manifest; never in use
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(cand, target)  # same file system: the whole folder moves at once
    new_version = bump(m.harness.version)
    relative = os.path.relpath(target, m.root)
    try:
        edit.update(path, {("model", "adapters", adapter, "path"): relative,
                           ("model", "adapters", adapter, "version"): record["version"],
                           ("harness", "version"): new_version})
    except BaseException:
        os.replace(target, cand)  # the manifest was not changed: put the candidate back
        raise
    _record(store, adapter, record["version"], current.version, "promoted", relative, new_version, report)
    harness.reload()
    return {"status": "promoted", "adapter": adapter, "version": record["version"], "path": relative,
            "harness_version": new_version, **report}


def _record(store: Store, adapter: str, version: str, parent: str, status: str, where: str,
            harness_version: str, report: dict[str, Any]) -> None:
    with store.transaction() as c:
        c.execute("INSERT INTO generations (created, adapter, version, parent_version, status, path, "
                  "harness_version, report) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  (time.time(), adapter, version, parent, status, where, harness_version,
                   json.dumps(report, ensure_ascii=False)))


def history(store: Store, manifest: Manifest) -> list[dict[str, Any]]:
    """Every recorded generation, oldest first, after the generation each adapter started from."""
    rows = [{**dict(r), "report": json.loads(r["report"])}
            for r in store.query("SELECT * FROM generations ORDER BY id")]
    first = {}
    for name, a in manifest.model.adapters.items():
        earliest = next((r for r in rows if r["adapter"] == name), None)
        version = earliest["parent_version"] if earliest else a.version
        first[name] = {"id": 0, "created": None, "adapter": name, "version": version, "parent_version": "",
                       "status": "initial", "path": a.path if not earliest else "", "harness_version": "",
                       "report": {}}
    return list(first.values()) + rows
