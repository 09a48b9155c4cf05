"""Writing TOML: enough of it for the manifest (tables, scalars, arrays, inline tables)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def dumps(data: Mapping[str, Any]) -> str:
    """TOML text for ``data`` (no None values): scalars first, then one ``[table]`` per nested mapping."""
    lines: list[str] = []
    _table(lines, (), data)
    return "\n".join(lines).strip("\n") + "\n"


def _table(lines: list[str], path: tuple[str, ...], data: Mapping[str, Any]) -> None:
    scalars = [(k, v) for k, v in data.items() if not isinstance(v, Mapping)]
    tables = [(k, v) for k, v in data.items() if isinstance(v, Mapping)]
    if path and (scalars or not tables):
        lines.append(f"[{'.'.join(key(p) for p in path)}]")
    for k, v in scalars:
        lines.append(f"{key(k)} = {value(v)}")
    if path and (scalars or not tables):
        lines.append("")
    for k, v in tables:
        _table(lines, (*path, k), v)


def key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def value(v: Any) -> str:
    if v is None:
        raise ValueError("TOML has no null value")
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
        return repr(v)
    if isinstance(v, str):
        if "\n" in v and '"""' not in v and "\\" not in v and not v.endswith('"') and not _CONTROL.search(v):
            return '"""\n' + v + '"""'
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items() if x is not None) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")
