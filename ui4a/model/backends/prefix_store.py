"""System-prompt KV caches kept on disk, so a restarted process does not pay the prefill again.

A prefix's keys and values depend only on the base's weights, the prompt's tokens and the numeric
setup, so the file name is a hash of exactly those; a stale or unreadable file is recomputed, never
trusted. Files are written through a temporary name and renamed, so readers never see half of one.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ui4a.model.base import cache_root


def prefix_key(**parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:32]


def folder() -> Path:
    return cache_root() / "prefixes"


def load(key: str, layers: int) -> list[tuple[Any, Any]] | None:
    """The saved prefix, or None when there is none (or it cannot be read: then it is recomputed)."""
    from safetensors.torch import load_file

    path = folder() / f"{key}.safetensors"
    if not path.exists():
        return None
    try:
        tensors = load_file(path)
        return [(tensors[f"k{i}"], tensors[f"v{i}"]) for i in range(layers)]
    except Exception:  # a truncated or foreign file: recompute rather than fail the turn
        return None


def save(key: str, kv: list[tuple[Any, Any]]) -> None:
    """Keep the prefix for the next process; a cache that cannot be written only costs that speed."""
    from safetensors.torch import save_file

    target = folder() / f"{key}.safetensors"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tensors = {}
        for i, (k, v) in enumerate(kv):
            tensors[f"k{i}"] = k.contiguous()
            tensors[f"v{i}"] = v.contiguous()
        save_file(tensors, tmp)
        os.replace(tmp, target)
    except OSError:
        Path(tmp).unlink(missing_ok=True) if "tmp" in locals() else None
