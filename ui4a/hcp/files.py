"""Atomic writes and file hashing for the manifest, its lock and the adapters it names."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

CHUNK = 1 << 20


def write_atomic(path: str | Path, text: str) -> None:
    """Write through a temporary file in the same folder, then rename: readers see the old or the new file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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
