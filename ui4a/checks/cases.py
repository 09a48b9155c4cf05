"""Check files: a UI (or the request a model answers) and the checks it must pass; and loading them.

One TOML file per case (docs/testing.md has the whole format; the benchmark's are ``bench/cases/``):

    request  = "Book a table for 4"       # what a model is asked (``ui4a test --model``)
    ui       = '''<Card title="…">…</Card>'''   # the compact code to check, or
    file     = "booking.ui"                # a .ui file, relative to this file
    category = "forms"                     # benchmark cases only, with
    html_lean = '''<!doctype html>…'''      # the hand-written HTML baseline

    [[checks]]            # every kind: ui4a/checks/kinds.py
    kind = "text"
    value = "Book a table"

A malformed file raises CaseError naming the file, the line and what is wrong.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a.checks.kinds import field_faults
from ui4a.hcp.locate import Locator

PROJECT_CASES = Path(__file__).resolve().parents[2] / "bench" / "cases"
"""The project's own cases, in a checkout: the benchmark's, and ``ui4a rsi eval --cases``'s default."""
CATEGORIES = ("forms", "dashboards", "comparisons", "trackers", "calculators", "lists", "charts", "settings",
              "schedules", "pages")
KEYS = ("request", "ui", "file", "category", "html_lean", "checks")
BENCH_KEYS = ("request", "category", "ui", "html_lean", "checks")
"""What a benchmark case must hold; a user's check file needs only checks and a UI or a request."""


class CaseError(Exception):
    """A check file is malformed; the message names the file, the line and what is wrong."""


@dataclass(frozen=True)
class Case:
    """One case: named for its file; ``checks`` are tables as written (see ui4a/checks/kinds.py)."""

    name: str
    request: str
    category: str
    ui: str
    html_lean: str
    checks: tuple[dict[str, Any], ...] = field(default=())
    path: Path | None = None
    """The check file it came from."""

    @property
    def interactive(self) -> bool:
        return any(c["kind"] in ("fill", "check", "select", "click", "send") for c in self.checks)


def load_case(path: Path, bench: bool = True) -> Case:
    """One check file; ``bench`` requires the benchmark's fields. Raises CaseError, positioned."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"at line (\d+)", str(exc))
        raise CaseError(f"{path}:{line.group(1) if line else 1}: not valid TOML: {exc}") from exc
    where = Locator(text)

    def fault(loc: Sequence[str | int], message: str) -> CaseError:
        line, _col = where.find(loc)
        return CaseError(f"{path}:{line}: {message}")

    for key in data:
        if key not in KEYS:
            match = difflib.get_close_matches(key, KEYS, n=1)
            hint = f"; did you mean {match[0]!r}?" if match else ""
            raise fault((key,), f"unknown key {key!r}{hint} (keys: {', '.join(KEYS)})")
    for key in BENCH_KEYS if bench else ("checks",):
        if key not in data:
            raise fault((), f"missing {key!r}")
    if not bench and not any(k in data for k in ("ui", "file", "request")):
        raise fault((), "a check file needs the UI to check: 'ui' (compact code), 'file' (a .ui file) or "
                        "'request' (for a model, with --model)")
    if "ui" in data and "file" in data:
        raise fault(("file",), "give 'ui' or 'file', not both")
    for key in ("request", "ui", "file", "category", "html_lean"):
        if key in data and not isinstance(data[key], str):
            raise fault((key,), f"{key!r} must be a string")
    if "category" in data and data["category"] not in CATEGORIES:
        raise fault(("category",), f"category must be one of {', '.join(CATEGORIES)}")
    checks = data["checks"]
    if not isinstance(checks, list) or not checks or not all(isinstance(c, dict) for c in checks):
        raise fault(("checks",), "checks must be one or more [[checks]] tables")
    for i, chk in enumerate(checks):
        for name, message in field_faults(chk):
            raise fault(("checks", i, name) if name else ("checks", i), f"checks[{i}]: {message}")
    ui = data.get("ui", "")
    if "file" in data:
        ui_path = (path.parent / data["file"]).resolve()
        if not ui_path.is_file():
            raise fault(("file",), f"no UI file {data['file']!r} (looked for {ui_path})")
        ui = ui_path.read_text(encoding="utf-8")
    return Case(path.stem, data.get("request", "").strip(), data.get("category", ""),
                ui.strip() + "\n" if ui.strip() else "", data.get("html_lean", "").strip() + "\n",
                tuple(checks), path)


def load_cases(directory: str | Path, names: Sequence[str] | None = None, bench: bool = True) -> list[Case]:
    """Every case in ``directory`` (``*.toml``), by file name; with ``names``, only those."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CaseError(f"no case directory {directory}")
    paths = sorted(directory.glob("*.toml"))
    if names:
        wanted = set(names)
        paths = [p for p in paths if p.stem in wanted]
        missing = wanted - {p.stem for p in paths}
        if missing:
            raise CaseError(f"no such case(s): {', '.join(sorted(missing))}")
    return [load_case(p, bench) for p in paths]


def check_files(paths: Iterable[str | Path]) -> list[Case]:
    """The check files named (a directory stands for its ``*.toml``), as a user's: only checks needed."""
    cases: list[Case] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            cases += load_cases(path, bench=False)
        elif path.is_file():
            cases.append(load_case(path, bench=False))
        else:
            raise CaseError(f"no check file {path}")
    return cases
