"""Atomic writes and file hashing for the manifest, its lock and the adapters it names."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ui4a import atomic

CHUNK = 1 << 20


write_atomic = atomic.write_text  # the project's one atomic writer, under the name hcp uses


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def hash_tree(path: Path, recursive: bool = True) -> dict[str, str] | None:
    """``{relative posix path: sha256}`` of a file or of every file under a folder, sorted; None if absent."""
    if path.is_file():
        return {path.name: sha256_file(path)}
    if not path.is_dir():
        return None
    found = path.rglob("*") if recursive else path.iterdir()
    files = sorted(p for p in found if p.is_file())
    return {p.relative_to(path).as_posix(): sha256_file(p) for p in files}
