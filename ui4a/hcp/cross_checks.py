"""Checks beyond types: secrets, files, names, patterns and references between sections.

Each check returns ``(loc, message)`` pairs, ``loc`` being the key path of the
offending value, so the loader can put a TOML line on it. Section checks take
only the sections that passed type validation, so one broken section never
hides the faults of another.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ui4a.hcp import prompts
from ui4a.hcp.manifest import Components, Harness, Model, Prompt, Render, Router
from ui4a.hcp.theme import css_variables

Loc = tuple[str | int, ...]
Fault = tuple[Loc, str]
SECRET_KEY = re.compile(r"(?:^|[_-])(?:api[_-]?key|key|token|password|passwd|secret)$", re.IGNORECASE)


def did_you_mean(word: str, options: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def dotted(loc: Loc) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def secrets(raw: Mapping[str, Any], loc: Loc = ()) -> Iterator[Fault]:
    """Keys that look like secrets and hold a literal value: only environment-variable names may be written."""
    for key, value in raw.items():
        here = (*loc, key)
        if isinstance(value, Mapping):
            yield from secrets(value, here)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, Mapping):
                    yield from secrets(item, (*here, i))
        elif SECRET_KEY.search(key) and isinstance(value, str | int | float):
            yield here, (f"{dotted(here)}: secrets are never written in the manifest; name the environment "
                         f"variable that holds it instead, e.g. {key}_env = \"{_env_example(key)}\"")


def _env_example(key: str) -> str:
    return "OPENAI_API_KEY" if key.lower().replace("-", "_") in ("api_key", "apikey") else key.upper().replace("-", "_")


def model(m: Model, root: Path) -> Iterator[Fault]:
    from ui4a.model.base import BaseSpec

    pretrained = BaseSpec.parse(m.base) is not None
    base = _path(root, m.base)
    if m.backend == "openai" and not m.url:
        yield ("model", "backend"), "model.backend: the openai backend needs model.url (the server's base URL)"
    if m.backend == "scripted" and not base.is_file():
        yield ("model", "base"), f"model.base: script file {m.base!r} does not exist"
    if m.backend != "local":
        return
    if pretrained and not m.build:
        yield ("model", "base"), ("model.base: a pretrained base needs model.build, the directory of its "
                                  "adapters' build")
        return
    folder, key, what = ((_path(root, m.build), "build", f"build directory {m.build!r}") if pretrained and m.build
                         else (base, "base", f"base model directory {m.base!r}"))
    if not folder.is_dir():
        if m.fallback == "none":
            yield ("model", key), (f"model.{key}: {what} does not exist "
                                   "(build it with `ui4a model build`, or set fallback = \"replay\")")
        return  # not built yet: the fallback serves, and the adapters come with the build
    for name, adapter in m.adapters.items():
        if adapter.path is None:
            if not pretrained:
                yield ("model", "adapters", name), (f"model.adapters.{name}: the local backend needs a path to "
                                                    "the adapter's files")
        elif not _path(root, adapter.path).exists():
            yield ("model", "adapters", name, "path"), (f"model.adapters.{name}.path: adapter files "
                                                        f"{adapter.path!r} do not exist")


def router(r: Router, m: Model | None, references: bool = True) -> Iterator[Fault]:
    """Duplicate labels, labels without adapters, rule patterns, and (with ``references``) labels used."""
    seen: set[str] = set()
    for i, label in enumerate(r.labels):
        if label in seen:
            yield ("router", "labels", i), f"router.labels[{i}]: label {label!r} is listed twice"
        seen.add(label)
        if m is not None and m.backend in ("local", "openai") and label not in m.adapters:
            yield ("router", "labels", i), (f"router.labels[{i}]: label {label!r} has no adapter in "
                                            f"[model.adapters] ({', '.join(sorted(m.adapters)) or 'none'})")
    for i, rule in enumerate(r.rules):
        try:
            re.compile(rule.pattern)
        except re.error as exc:
            yield ("router", "rules", i, "pattern"), (f"router.rules[{i}].pattern: {rule.pattern!r} is not a "
                                                      f"regular expression: {exc}")
        if references and rule.label not in r.labels:
            yield ("router", "rules", i, "label"), (f"router.rules[{i}].label: {rule.label!r} is not one of "
                                                    f"router.labels ({', '.join(r.labels)})"
                                                    + did_you_mean(rule.label, r.labels))
    if references and r.default not in r.labels:
        yield ("router", "default"), (f"router.default: {r.default!r} is not one of router.labels "
                                      f"({', '.join(r.labels)})" + did_you_mean(r.default, r.labels))


def components(c: Components) -> Iterator[Fault]:
    from ui4a import registry

    known = registry.names()
    seen: set[str] = set()
    for i, name in enumerate(c.allow):
        if name in seen:
            yield ("components", "allow", i), f"components.allow[{i}]: {name!r} is listed twice"
        seen.add(name)
        if name not in known:
            yield ("components", "allow", i), (f"components.allow[{i}]: unknown component {name!r}"
                                               + did_you_mean(name, known) + " (see `ui4a catalog`)")


UNSAFE_CSS = re.compile(r"[;{}<>\\]|url\(|expression\(|@import|/\*", re.IGNORECASE)


def render(r: Render) -> Iterator[Fault]:
    names = css_variables()
    for name, css in r.tokens.items():
        if UNSAFE_CSS.search(css) or not css.strip():
            yield ("render", "tokens", name), (f"render.tokens.{name}: {css!r} is not a plain CSS value "
                                               "(no ; { } < > \\, comments, url() or @import)")
        if name not in names:
            yield ("render", "tokens", name), (f"render.tokens: unknown theme variable {name!r}"
                                               + did_you_mean(name.removeprefix("--"), names)
                                               + " (variables come from ui4a/render/base.css)")


def prompt_table(table: Mapping[str, Prompt], root: Path, allow: Components | None,
                 harness: Harness | None) -> Iterator[Fault]:
    if "system" not in table:
        yield ("prompts",), "[prompts] needs a `system` template (the system prompt)"
    ctx: dict[str, Any] | None = None
    for pid, p in table.items():
        if (p.template is None) == (p.file is None):
            yield ("prompts", pid), f"prompts.{pid}: give exactly one of `template` or `file`"
            continue
        if ctx is None:
            names = sorted(set(allow.allow)) or None if allow is not None else None
            info = {"name": harness.name, "version": harness.version} if harness else {"name": "", "version": ""}
            try:
                ctx = prompts.context(names, info)
            except KeyError:  # unknown components: reported by the components check
                ctx = prompts.context(None, info)
        try:
            prompts.render(p, root, ctx)
        except prompts.PromptError as exc:
            yield ("prompts", pid, exc.key), f"prompts.{pid}.{exc.key}: {exc}"


def _path(root: Path, path: str) -> Path:
    return Path(path) if Path(path).is_absolute() else root / path
