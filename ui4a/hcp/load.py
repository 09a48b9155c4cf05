"""Loading and saving the manifest: every fault positioned at its TOML line, nothing half-applied.

:func:`load` either returns a whole, checked :class:`Manifest` or raises
:class:`ManifestError` listing every fault found (syntax, unknown keys, types,
secrets, files, names, references), each as ``FILE:LINE:COL: message``.
:func:`save` writes a manifest atomically, after checking that what it writes
loads back to the same manifest.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from ui4a.hcp import bounds, cross_checks
from ui4a.hcp.files import write_atomic
from ui4a.hcp.locate import Locator
from ui4a.hcp.manifest import Manifest
from ui4a.hcp.toml import dumps

DEFAULT_NAME = "harness.toml"
Loc = tuple[str | int, ...]
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_ADAPTERS = {name: TypeAdapter(info.annotation) for name, info in Manifest.model_fields.items()}


class ManifestError(Exception):
    """The manifest is not valid; ``errors`` are ``(line, col, message)``, sorted by position."""

    def __init__(self, path: str | Path, errors: list[tuple[int, int, str]]) -> None:
        self.path = str(path)
        self.errors = errors
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{self.path}:{line}:{col}: {message}" for line, col, message in self.errors]


def load(path: str | Path = DEFAULT_NAME) -> Manifest:
    """Read, parse and check a manifest file; relative paths in it are relative to its folder."""
    path = Path(path)
    data = path.read_bytes()  # OSError propagates: a missing manifest is not a manifest fault
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line, col = good.count("\n") + 1, len(good) - (good.rfind("\n") + 1) + 1
        raise ManifestError(path, [(line, col, f"invalid UTF-8 byte 0x{data[exc.start]:02x} "
                                    "(the manifest must be UTF-8 text)")]) from exc
    return loads(text, path=path, root=path.resolve().parent)


def loads(text: str, path: str | Path = DEFAULT_NAME, root: Path | None = None) -> Manifest:
    """Parse and check manifest text; ``root`` is the folder its relative paths start from."""
    root = Path.cwd() if root is None else root
    if (fault := bounds.first_fault(text)) is not None:  # before tomllib, which recurses
        raise ManifestError(path, [fault])
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.search(message)
        if found:
            line, col = int(found.group(1)), int(found.group(2))
            message = message[: found.start()]
        else:  # "(at end of document)"
            line = text.count("\n") + 1
            col = len(text) - (text.rfind("\n") + 1) + 1
            message = message.replace(" (at end of document)", " at the end of the document")
        raise ManifestError(path, [(line, col, f"TOML syntax: {message[:1].lower()}{message[1:]}")]) from exc
    faults, manifest = validate(raw, root)
    if faults:
        where = Locator(text)
        positioned = sorted({(*where.find(loc), message) for loc, message in faults})
        raise ManifestError(path, positioned)
    assert manifest is not None
    return manifest


def validate(raw: Mapping[str, Any], root: Path) -> tuple[list[tuple[Loc, str]], Manifest | None]:
    """Every fault of parsed TOML data, as ``(loc, message)``, and the manifest when there are none."""
    faults = list(cross_checks.secrets(raw))
    secret_locs = {loc for loc, _ in faults}
    sections: dict[str, Any] = {}
    partial: dict[str, tuple[Any, set[str]]] = {}
    for key in raw:
        if key not in Manifest.model_fields:
            if (key,) not in secret_locs:
                faults.append(((key,), _unknown((key,))))
    for name, adapter in _ADAPTERS.items():
        field = Manifest.model_fields[name]
        if name not in raw:
            if field.is_required():
                faults.append(((), f"missing required table [{name}]"))
                continue
            sections[name] = field.get_default(call_default_factory=True)
            continue
        try:
            sections[name] = adapter.validate_python(raw[name])
        except ValidationError as exc:
            for err in exc.errors():
                loc = (name, *err["loc"])
                if loc not in secret_locs:
                    faults.append((loc, _message(err, loc)))
            partial[name] = _partial(adapter, raw[name], exc)
    # A section with type faults is still checked, without its faulty keys, so all faults show at once.
    for name, (value, _dropped) in partial.items():
        if value is not None:
            sections.setdefault(name, value)
    dropped = {name: d for name, (_v, d) in partial.items()}
    model = sections.get("model")
    if "model" in sections:
        faults += cross_checks.model(model, root)
    if "router" in sections:
        adapters_known = "adapters" not in dropped.get("model", set()) and "model" in sections
        faults += cross_checks.router(sections["router"], model if adapters_known else None,
                                references="labels" not in dropped.get("router", set()))
    if "components" in sections:
        faults += cross_checks.components(sections["components"])
    if "render" in sections:
        faults += cross_checks.render(sections["render"])
    if "prompts" in sections:
        faults += cross_checks.prompt_table(sections["prompts"], root, sections.get("components"),
                                      sections.get("harness"))
    if faults:
        return faults, None
    manifest = Manifest.model_validate(raw)
    manifest._root = root
    return [], manifest


def _partial(adapter: TypeAdapter, value: Any, exc: ValidationError) -> tuple[Any, set[str]]:
    """The section validated without the keys that failed (defaults instead), and those keys."""
    dropped: set[str] = set()
    for _ in range(8):
        if not isinstance(value, Mapping):
            return None, dropped
        bad = {str(err["loc"][0]) for err in exc.errors() if err["loc"]}
        if not bad or not (bad - dropped):
            return None, dropped
        dropped |= bad
        value = {k: v for k, v in value.items() if k not in dropped}
        try:
            return adapter.validate_python(value), dropped
        except ValidationError as again:
            exc = again
    return None, dropped


def save(manifest: Manifest, path: str | Path = DEFAULT_NAME) -> None:
    """Write ``manifest`` as TOML, atomically; refuses (raising ManifestError) what would not load back."""
    path = Path(path)
    text = dumps(manifest.model_dump(mode="json", exclude_none=True))
    again = loads(text, path=path, root=path.resolve().parent)
    if again.model_dump() != manifest.model_dump():  # pragma: no cover - a dumper bug, never user input
        raise ManifestError(path, [(1, 1, "the manifest does not survive a round trip through TOML")])
    write_atomic(path, text)


# ---------------------------------------------------------------- messages

_KINDS = {
    "int_type": "an integer", "int_parsing": "an integer", "int_from_float": "an integer",
    "float_type": "a number", "float_parsing": "a number", "bool_type": "true or false",
    "bool_parsing": "true or false", "string_type": "a string", "list_type": "an array",
    "dict_type": "a table", "model_type": "a table", "model_attributes_type": "a table",
}


def _message(err: Any, loc: Loc) -> str:
    kind, where = err["type"], cross_checks.dotted(loc)
    if kind == "extra_forbidden":
        return _unknown(loc)
    if kind == "missing":
        return f"[{cross_checks.dotted(loc[:-1])}] is missing required key {loc[-1]!r}"
    if kind in _KINDS:
        return f"{where}: expected {_KINDS[kind]}, got {_describe(err['input'])}"
    if kind == "literal_error":
        return f"{where}: expected {err['ctx']['expected']}, got {_describe(err['input'])}"
    if kind == "string_pattern_mismatch" and str(loc[-1]).endswith("_env"):
        return (f"{where}: {_describe(err['input'])} is not an environment-variable name "
                "(capital letters, digits and '_', e.g. OPENAI_API_KEY)")
    if kind == "value_error":
        return f"{where}: {err['msg'].removeprefix('Value error, ')}"
    msg = re.sub(r"^(Input|String|List|Dictionary|Value) should", "must", err["msg"])
    return f"{where}: {msg}, got {_describe(err['input'])}"


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else repr(value[:57] + "...")
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return repr(value)


def _unknown(loc: Loc) -> str:
    key, parent = str(loc[-1]), loc[:-1]
    allowed = _fields_at(parent)
    table = f"[{cross_checks.dotted(parent)}]" if parent else "the top level"
    keys = f" (keys: {', '.join(allowed)})" if allowed else ""
    return f"unknown key {key!r} in {table}{cross_checks.did_you_mean(key, allowed)}{keys}"


def _fields_at(loc: Loc) -> list[str]:
    """The keys the manifest's models allow at ``loc``."""
    tp: Any = Manifest
    for part in loc:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            field = tp.model_fields.get(str(part))
            if field is None:
                return []
            tp = field.annotation
        elif get_origin(tp) is dict:
            tp = get_args(tp)[1]
        elif get_origin(tp) is list:
            tp = get_args(tp)[0]
        else:
            return []
    tp = _unwrap(tp)
    return list(tp.model_fields) if isinstance(tp, type) and issubclass(tp, BaseModel) else []


def _unwrap(tp: Any) -> Any:
    if get_origin(tp) is Union or type(tp).__name__ == "UnionType":
        args = [a for a in get_args(tp) if a is not type(None)]
        return args[0] if len(args) == 1 else tp
    return tp
