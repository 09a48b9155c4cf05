"""Changing a few values of a manifest in place: comments and layout stay, the result is checked.

``ui4a rsi promote`` bumps versions and points an adapter at its new files; a
user's ``harness.toml`` is theirs, so only the value text of those keys is
rewritten (a missing key is added under its table, a missing table at the end).
The new text must load as a valid manifest holding exactly the new values before
it replaces the old file, atomically — never half-applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ui4a.hcp.files import write_atomic
from ui4a.hcp.load import ManifestError, loads
from ui4a.hcp.locate import Locator
from ui4a.hcp.manifest import Manifest
from ui4a.hcp.toml import key as toml_key
from ui4a.hcp.toml import value as toml_value

Key = tuple[str, ...]


def set_values(text: str, changes: Mapping[Key, Any]) -> str:
    """``text`` with each ``(table…, key)`` set to its value (scalars only)."""
    for path, new in changes.items():
        text = _set(text, path, toml_value(new))
    return text


def _set(text: str, path: Key, written: str) -> str:
    where = Locator(text)
    lines = text.splitlines(keepends=True)
    if where.has(path):
        line, col = where.find(path)
        row = lines[line - 1]
        eq = row.index("=", col - 1)
        start = eq + 1 + (len(row[eq + 1:]) - len(row[eq + 1:].lstrip(" \t")))
        end = _value_end(row, start)
        lines[line - 1] = row[:start] + written + row[end:]
        return "".join(lines)
    table, name = path[:-1], path[-1]
    entry = f"{toml_key(name)} = {written}\n"
    if table and where.has(table):
        line, _ = where.find(table)
        lines.insert(line, entry)  # right under the table's header
        return "".join(lines)
    if not text.endswith("\n"):
        lines.append("\n")
    header = f"\n[{'.'.join(toml_key(p) for p in table)}]\n" if table else ""
    return "".join(lines) + header + entry


def _value_end(row: str, start: int) -> int:
    """Where a one-line scalar value starting at ``start`` ends (before a comment or the line end)."""
    i = start
    if i < len(row) and row[i] in "\"'":
        quote = row[i]
        i += 1
        while i < len(row) and row[i] != quote:
            i += 2 if row[i] == "\\" and quote == '"' else 1
        return i + 1
    while i < len(row) and row[i] not in "#\r\n":
        i += 1
    while i > start and row[i - 1] in " \t":
        i -= 1
    return i


def update(path: str | Path, changes: Mapping[Key, Any]) -> Manifest:
    """Apply ``changes`` to the manifest file at ``path`` atomically; returns the new, checked manifest."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    new_text = set_values(text, changes)
    manifest = loads(new_text, path=path, root=path.resolve().parent)  # ManifestError: nothing is written
    data = manifest.model_dump(mode="python")
    for keys, expected in changes.items():
        got: Any = data
        for k in keys:
            got = got.get(k) if isinstance(got, dict) else None
        if got != expected:
            raise ManifestError(path, [(1, 1, f"{'.'.join(keys)} could not be set to {expected!r} "
                                        f"in place (found {got!r}); edit it by hand")])
    write_atomic(path, new_text)
    return manifest
