"""What the ``ui4a`` command line and its command modules share: the error type, exit codes, file I/O.

It sits below both ``ui4a.cli`` and ``ui4a.commands``, so a command never imports
the entry point that imports it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from ui4a import atomic
from ui4a.lang.errors import Diagnostic

EXIT_FAULTS = 1
"""Faults in the compact code (or in the active manifest)."""
EXIT_USAGE = 2
"""Usage or I/O problems."""


class CliError(Exception):
    """A usage or I/O problem: printed as ``ui4a: message``, exit 2."""


def read_source(path: str) -> tuple[str, Diagnostic | None]:
    """Read a compact-code file; undecodable bytes become a positioned diagnostic."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line = good.count("\n") + 1
        col = len(good) - (good.rfind("\n") + 1) + 1
        return "", Diagnostic("encoding", f"invalid UTF-8 byte 0x{data[exc.start]:02x} (the file must be UTF-8 text)",
                              line, col, len(good), "UTF-8 text")


def write_atomic(path: str, text: str) -> None:
    """Write via a temporary file and rename, so a failure never leaves half a file."""
    try:
        atomic.write_text(path, text)
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc


def expand(paths: Sequence[str]) -> list[str]:
    """Files as given, with directories expanded to their ``*.ui`` files."""
    out: list[str] = []
    for p in paths:
        if p != "-" and Path(p).is_dir():
            found = sorted(str(f) for f in Path(p).rglob("*.ui"))
            if not found:
                raise CliError(f"no .ui files in {p}")
            out.extend(found)
        else:
            out.append(p)
    return out
