"""``ui4a rsi export``: traces → a deduplicated training set with a held-out split.

A trace is kept when its turn succeeded — a UI turn that validated (first time or
after repairs), or a non-empty text turn — and nobody gave it a thumbs down.
Requests are compared normalised (case and spacing); of several answers to one
request the one with a thumbs up wins, else the latest. The split is by a hash
of the request, so a request is never on both sides and an export is stable.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from ui4a import traces
from ui4a.model.train import data as datagen
from ui4a.store import Store

TRAIN, HELDOUT, INFO = "train.jsonl", "heldout.jsonl", "export.json"


class ExportError(Exception):
    """Nothing usable to export, or the output cannot be written; the message says which."""


def normalise(request: str) -> str:
    return re.sub(r"\s+", " ", request.strip().lower())


def is_heldout(request: str, share: float) -> bool:
    digest = hashlib.sha256(normalise(request).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < share


def usable(trace: dict[str, Any]) -> bool:
    if trace["feedback"] == -1 or not trace["output"].strip():
        return False
    return trace["adapter"] != "ui" or trace["valid"] == 1


def export(store: Store, out_dir: str | Path, adapter: str = "ui", heldout_share: float = 0.2) -> dict[str, Any]:
    """Write ``train.jsonl``, ``heldout.jsonl`` and ``export.json`` into ``out_dir`` (replaced whole)."""
    rows = traces.traces(store, adapter=adapter)
    kept = [t for t in rows if usable(t)]
    best: dict[str, dict[str, Any]] = {}
    for t in kept:  # oldest first: a later answer replaces an earlier one unless that one was liked
        key = normalise(t["request"])
        if key not in best or best[key]["feedback"] != 1 or t["feedback"] == 1:
            best[key] = t
    if not best:
        raise ExportError(f"no usable {adapter} traces among {len(rows)} (a usable trace validated, or was "
                          "repaired until it did, and has no thumbs down)")
    train, heldout = [], []
    for t in sorted(best.values(), key=lambda t: t["id"]):
        pair = datagen.Pair(t["request"], t["output"], adapter, datagen.components_of(t["output"]), "trace",
                            (f"trace:{t['id']}",) + (("repaired",) if t["repairs"] else ()))
        (heldout if is_heldout(t["request"], heldout_share) else train).append(pair)
    info = {
        "created": time.time(), "adapter": adapter, "heldout_share": heldout_share,
        "traces_seen": len(rows), "usable": len(kept), "repaired": sum(1 for t in best.values() if t["repairs"]),
        "unique_requests": len(best), "train": len(train), "heldout": len(heldout),
        "data_hash": datagen.data_hash(train), "heldout_hash": datagen.data_hash(heldout),
        "revisions": sorted({t["revision"] for t in best.values()}),
    }
    _write_dir(Path(out_dir), {TRAIN: train, HELDOUT: heldout}, info)
    return info


def _write_dir(out: Path, splits: dict[str, list[datagen.Pair]], info: dict[str, Any]) -> None:
    """Build the export beside ``out`` and swap it in, so readers never see half of one."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for name, pairs in splits.items():
            datagen.to_jsonl(pairs, tmp / name)
        (tmp / INFO).write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
        if out.exists():
            old = out.with_name(f".{out.name}.old-{os.getpid()}")
            os.replace(out, old)
            os.replace(tmp, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def read(dataset: str | Path) -> tuple[list[datagen.Pair], list[datagen.Pair], dict[str, Any]]:
    """An export's train and held-out pairs and its info; ExportError when it is not one."""
    d = Path(dataset)
    try:
        info = json.loads((d / INFO).read_text(encoding="utf-8"))
        return datagen.read_jsonl(d / TRAIN), datagen.read_jsonl(d / HELDOUT), info
    except (OSError, ValueError, KeyError) as exc:
        raise ExportError(f"{d} is not a trace export (run `ui4a rsi export`): {exc}") from exc
