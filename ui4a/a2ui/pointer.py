"""JSON pointers (RFC 6901) into an A2UI data model: parse, resolve, read and write."""

from __future__ import annotations

from typing import Any

_MISSING = object()


def parse_pointer(path: str) -> list[str]:
    """``/contact/first~1name`` → ["contact", "first/name"]; "" and "/" are the root."""
    if path in ("", "/"):
        return []
    if not path.startswith("/"):
        raise ValueError("a data path must start with '/'")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def resolve(path: str, base: list[str]) -> list[str]:
    """An absolute path, or one relative to ``base`` (inside a list template)."""
    if path.startswith("/") or path == "":
        return parse_pointer(path)
    return [*base, *(p.replace("~1", "/").replace("~0", "~") for p in path.split("/") if p)]


def get_at(data: Any, segments: list[str]) -> Any:
    """The value at ``segments``, or ``MISSING``."""
    node = data
    for seg in segments:
        if isinstance(node, dict) and seg in node:
            node = node[seg]
        elif isinstance(node, list) and seg.isdigit() and int(seg) < len(node):
            node = node[int(seg)]
        else:
            return _MISSING
    return node


def missing(value: Any) -> bool:
    return value is _MISSING


def set_at(data: dict, segments: list[str], value: Any) -> None:
    """Write ``value`` at ``segments`` (``None`` deletes), creating objects on the way."""
    node: Any = data
    for seg in segments[:-1]:
        if isinstance(node, dict):
            node = node.setdefault(seg, {})
        elif isinstance(node, list) and seg.isdigit() and int(seg) < len(node):
            node = node[int(seg)]
        else:
            raise ValueError(f"no object or list at {seg!r}")
    last = segments[-1]
    if isinstance(node, dict):
        if value is None:
            node.pop(last, None)
        else:
            node[last] = value
    elif isinstance(node, list) and last.isdigit() and int(last) <= len(node):
        if int(last) == len(node):
            node.append(value)
        else:
            node[int(last)] = value
    else:
        raise ValueError(f"cannot write {last!r} there")
