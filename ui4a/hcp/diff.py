"""A semantic diff of two harnesses: prompts, components, adapters, settings.

Either side is a manifest (``harness.toml``, loaded and snapshotted now), a
lock (``harness.lock``, the snapshot stored when it was written), a Manifest or
a snapshot. Comparing a lock with the current manifest shows what changed since
the lock, component schemas and adapter bytes included.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ui4a.hcp.lock import read_lock, snapshot
from ui4a.hcp.manifest import Manifest

SECTIONS = ("prompts", "components", "adapters", "settings")
_UNSET = "(unset)"


@dataclass(frozen=True)
class Change:
    section: str
    """prompts, components, adapters or settings."""
    key: str
    """What changed: a prompt id, a component or adapter name, a dotted setting."""
    summary: str
    detail: str = ""
    """For prompts, a unified diff of the rendered text."""

    def format(self) -> str:
        head = f"{self.section}: {self.summary}"
        return head + ("\n" + self.detail.rstrip("\n") if self.detail else "")


Side = Manifest | Mapping[str, Any] | str | Path


def as_snapshot(side: Side) -> Mapping[str, Any]:
    if isinstance(side, Manifest):
        return snapshot(side)
    if isinstance(side, Mapping):
        return side
    path = Path(side)
    if path.suffix == ".lock":
        return read_lock(path)
    from ui4a.hcp.load import load

    return snapshot(load(path))


def diff(a: Side, b: Side) -> list[Change]:
    """What changes from ``a`` to ``b``, grouped by section in the order of SECTIONS."""
    sa, sb = as_snapshot(a), as_snapshot(b)
    return [*_prompts(sa, sb), *_components(sa, sb), *_adapters(sa, sb), *_settings(sa, sb)]


def _prompts(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    pa, pb = a.get("prompts", {}), b.get("prompts", {})
    out = []
    for pid in sorted(pa.keys() | pb.keys()):
        if pid not in pa:
            out.append(Change("prompts", pid, f"+ {pid} (added)"))
        elif pid not in pb:
            out.append(Change("prompts", pid, f"- {pid} (removed)"))
        elif pa[pid] != pb[pid]:
            lines = difflib.unified_diff(pa[pid].splitlines(keepends=True), pb[pid].splitlines(keepends=True),
                                         f"a/{pid}", f"b/{pid}", n=1)
            text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
            out.append(Change("prompts", pid, f"{pid} changed", "\n".join("  " + ln for ln in text.splitlines())))
    return out


def _components(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    ca, cb = a.get("components", {}), b.get("components", {})
    out = []
    for name in sorted(ca.keys() | cb.keys()):
        if name not in ca:
            out.append(Change("components", name, f"+ {name} (allowed)"))
        elif name not in cb:
            out.append(Change("components", name, f"- {name} (no longer allowed)"))
        elif ca[name] != cb[name]:
            out.append(Change("components", name, f"{name} schema changed"))
    return out


def _adapters(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    aa, ab = a.get("adapters", {}), b.get("adapters", {})
    out = []
    for name in sorted(aa.keys() | ab.keys()):
        if name not in aa:
            out.append(Change("adapters", name, f"+ {name} ({_where(ab[name])})"))
            continue
        if name not in ab:
            out.append(Change("adapters", name, f"- {name} ({_where(aa[name])})"))
            continue
        old, new = aa[name], ab[name]
        for field in ("path", "remote", "version", "purpose"):
            if old.get(field) != new.get(field):
                out.append(Change("adapters", name, f"{name}: {field} {_show(old.get(field))} -> "
                                                    f"{_show(new.get(field))}"))
        fa, fb = old.get("files"), new.get("files")
        if fa != fb:
            if fa is None or fb is None:
                out.append(Change("adapters", name, f"{name}: files {'absent' if fa is None else 'present'}"
                                                    f" -> {'absent' if fb is None else 'present'}"))
            else:
                changed = sorted(f for f in fa.keys() | fb.keys() if fa.get(f) != fb.get(f))
                out.append(Change("adapters", name, f"{name}: files changed ({', '.join(changed)})"))
    if a.get("base") != b.get("base"):
        out.append(Change("adapters", "base", "base model files changed"))
    return out


def _settings(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    fa, fb = _flat(a.get("manifest", {})), _flat(b.get("manifest", {}))
    out = []
    for key in sorted(fa.keys() | fb.keys()):
        if fa.get(key, _UNSET) != fb.get(key, _UNSET):
            out.append(Change("settings", key, f"{key}: {_show(fa.get(key, _UNSET))} -> "
                                               f"{_show(fb.get(key, _UNSET))}"))
    return out


def _flat(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Dotted scalar settings; prompts, the allow-list and adapters are diffed by their own sections."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if dotted in ("prompts", "components.allow", "model.adapters"):
            continue
        if isinstance(value, Mapping):  # an empty table has no settings of its own
            out.update(_flat(value, dotted + "."))
        else:
            out[dotted] = value
    return out


def _where(adapter: Mapping[str, Any]) -> str:
    return adapter.get("path") or f"remote {adapter.get('remote')}"


def _show(value: Any) -> str:
    if value is _UNSET:
        return _UNSET
    return json.dumps(value, ensure_ascii=False)
