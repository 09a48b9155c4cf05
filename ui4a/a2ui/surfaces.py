"""A2UI messages → surfaces: each surface's components by id and its data model.

Reads v0.9, v0.9.1, v0.10 and v1.0 messages alike (with or without ``version``):
``createSurface`` (with v1.0's inline ``components`` and ``dataModel``),
``updateComponents`` (a later component with the same id replaces the earlier one,
as in A2UI; the same id twice in one list is an error), ``updateDataModel`` (at a
JSON pointer; a ``null`` value deletes it) and ``deleteSurface``. Components may
arrive in any order: nothing is resolved until every message has been read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ui4a.a2ui.errors import A2UIError, ImportWarning
from ui4a.a2ui.pointer import parse_pointer, set_at
from ui4a.a2ui.versions import to_v09_value

MESSAGE_TYPES = ("createSurface", "updateComponents", "updateDataModel", "deleteSurface")
IGNORED_TYPES = ("callFunction", "callRendererFunction", "agentFunctionResponse", "beginRendering",
                 "surfaceUpdate", "dataModelUpdate")
KNOWN_VERSIONS = ("v0.9", "v0.9.1", "v0.10", "v1.0", "0.9", "0.10", "1.0")
MAX_COMPONENTS = 5000


@dataclass
class Component:
    id: str
    type: str
    fields: dict[str, Any]
    line: int


@dataclass
class Surface:
    id: str
    line: int
    components: dict[str, Component] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)


def read_surfaces(messages: list[tuple[int, Any]], warnings: list[ImportWarning]) -> list[Surface]:
    """The live surfaces, in the order they were created."""
    live: dict[str, Surface] = {}
    total = 0
    for line, raw in messages:
        if not isinstance(raw, dict):
            raise A2UIError("a message must be a JSON object", line, 1)
        version = raw.get("version")
        if version is not None and version not in KNOWN_VERSIONS:
            warnings.append(ImportWarning(line, None, f"unknown version {version!r}; read as v0.9/v1.0"))
        kinds = [k for k in MESSAGE_TYPES if k in raw]
        if not kinds and any(k in raw for k in IGNORED_TYPES):
            kind = next(k for k in IGNORED_TYPES if k in raw)
            warnings.append(ImportWarning(line, None, f"{kind} has nothing to show; ignored"))
            continue
        if len(kinds) != 1:
            raise A2UIError("a message needs exactly one of " + ", ".join(MESSAGE_TYPES), line, 1)
        kind = kinds[0]
        body = to_v09_value(raw[kind])
        if not isinstance(body, dict):
            raise A2UIError(f"{kind} must be an object", line, 1)
        sid = body.get("surfaceId")
        if not isinstance(sid, str) or not sid:
            raise A2UIError(f"{kind} needs a surfaceId (a string)", line, 1)
        if kind == "deleteSurface":
            if live.pop(sid, None) is None:
                warnings.append(ImportWarning(line, None, f"deleteSurface: no surface {sid!r} to delete"))
            continue
        surface = live.get(sid)
        if kind == "createSurface":
            if surface is not None:
                warnings.append(ImportWarning(line, None, f"surface {sid!r} created again; the new one replaces it"))
            surface = live[sid] = Surface(sid, line)
            if "dataModel" in body:
                _update_data(surface, "/", body["dataModel"], line)
            if "components" in body:
                total += _add_components(surface, body["components"], line)
        elif surface is None:
            warnings.append(ImportWarning(line, None, f"{kind} for surface {sid!r} before its createSurface;"
                                          " the surface is created here"))
            surface = live[sid] = Surface(sid, line)
        if kind == "updateComponents":
            total += _add_components(surface, body.get("components"), line)
        elif kind == "updateDataModel":
            if "value" not in body:
                raise A2UIError("updateDataModel needs a value", line, 1)
            _update_data(surface, body.get("path", "/"), body["value"], line)
        if total > MAX_COMPONENTS:
            raise A2UIError(f"more than {MAX_COMPONENTS} components", line, 1)
    return list(live.values())


def _add_components(surface: Surface, components: Any, line: int) -> int:
    if not isinstance(components, list):
        raise A2UIError("components must be a list", line, 1)
    seen: set[str] = set()
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            raise A2UIError(f"component #{i + 1} is not an object", line, 1)
        cid = comp.get("id")
        if not isinstance(cid, str) or not cid:
            raise A2UIError(f"component #{i + 1} has no id", line, 1)
        if cid in seen:
            raise A2UIError(f"duplicate component id {cid!r} in one components list", line, 1)
        seen.add(cid)
        kind = comp.get("component")
        if isinstance(kind, dict) and len(kind) == 1:  # v0.8-style {"Text": {...}}
            (kind, inner), = kind.items()
            comp = {"id": cid, "component": kind, **(inner if isinstance(inner, dict) else {})}
        if not isinstance(kind, str) or not kind:
            raise A2UIError(f"component {cid!r} has no component type", line, 1)
        fields = {k: v for k, v in comp.items() if k not in ("id", "component")}
        surface.components[cid] = Component(cid, kind, fields, line)
    return len(components)


def _update_data(surface: Surface, path: Any, value: Any, line: int) -> None:
    if not isinstance(path, str):
        raise A2UIError("updateDataModel path must be a string", line, 1)
    try:
        segments = parse_pointer(path)
    except ValueError as exc:
        raise A2UIError(f"updateDataModel path {path!r}: {exc}", line, 1) from None
    if not segments:
        if not isinstance(value, dict):
            raise A2UIError("the data model at '/' must be an object", line, 1)
        surface.data = value
        return
    try:
        set_at(surface.data, segments, value)
    except ValueError as exc:
        raise A2UIError(f"updateDataModel path {path!r}: {exc}", line, 1) from None
