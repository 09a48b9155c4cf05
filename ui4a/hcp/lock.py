"""The lock: one revision hash over everything that decides what the harness does.

A *snapshot* gathers the inputs: the validated manifest (normalised: defaults
filled in, comments and layout gone), every prompt as rendered, the catalog
entry (JSON schema, description, example) of every allowed component, and the
bytes of the base model's top-level files and of every adapter's files. The
revision is the sha256 of the snapshot's canonical JSON, so it is stable across
runs and machines and changes when any input does. ``harness.lock`` stores the
snapshot with its revision, so ``ui4a hcp diff harness.lock harness.toml`` says
what changed since.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ui4a.hcp import prompts
from ui4a.hcp.files import hash_tree, write_atomic
from ui4a.hcp.load import load
from ui4a.hcp.manifest import Manifest

LOCK_NAME = "harness.lock"
LOCK_FORMAT = 1


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: Any) -> str:
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


def snapshot(manifest: Manifest) -> dict[str, Any]:
    """Every input of the revision, as JSON data."""
    from ui4a import catalog

    m = manifest.model
    adapters = {}
    for name, adapter in sorted(m.adapters.items()):
        files = hash_tree(manifest.resolve(adapter.path)) if adapter.path else None
        adapters[name] = {**adapter.model_dump(mode="json"), "files": files}
    base = hash_tree(manifest.resolve(m.base), recursive=False) if m.backend in ("local", "scripted") else None
    return {
        "lock_format": LOCK_FORMAT,
        "manifest": manifest.model_dump(mode="json"),
        "prompts": prompts.render_all(manifest),
        "components": {c["name"]: digest(c) for c in catalog.catalog_json(manifest.allowed())},
        "base": base,
        "adapters": adapters,
    }


def revision(snap: dict[str, Any]) -> str:
    return digest({k: v for k, v in snap.items() if k != "revision"})


def lock(manifest_path: str | Path = "harness.toml") -> str:
    """The revision of the manifest at ``manifest_path`` and everything it names."""
    return revision(snapshot(load(manifest_path)))


def lock_text(snap: dict[str, Any]) -> str:
    return json.dumps({"revision": revision(snap), **snap}, indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def write_lock(manifest_path: str | Path = "harness.toml") -> tuple[str, Path]:
    """Store the snapshot and its revision in ``harness.lock`` beside the manifest, atomically."""
    snap = snapshot(load(manifest_path))
    target = Path(manifest_path).resolve().parent / LOCK_NAME
    write_atomic(target, lock_text(snap))
    return revision(snap), target


def read_lock(path: str | Path) -> dict[str, Any]:
    """A stored snapshot; raises ValueError when the file is not a lock this version wrote."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("lock_format") != LOCK_FORMAT or "manifest" not in data:
        raise ValueError(f"{path} is not a harness lock (lock_format {LOCK_FORMAT})")
    return data
