"""Cases: a user request, the reference compact code, a lean HTML baseline, and the checks its UI must pass.

One TOML file per case in a directory (the project's own are ``bench/cases/``):

    request  = "Show Q3 sales: revenue, orders and a monthly chart"
    category = "dashboards"
    ui = '''<Card title="Q3 sales">…</Card>'''
    html_lean = '''<!doctype html><html>…</html>'''

    [[checks]]            # every kind: ui4a/checks/kinds.py
    kind = "text"
    value = "Q3 sales"
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a.checks.kinds import CHECK_KINDS

PROJECT_CASES = Path(__file__).resolve().parents[2] / "bench" / "cases"
"""The project's own cases, in a checkout: the benchmark's, and ``ui4a rsi eval --cases``'s default."""
CATEGORIES = ("forms", "dashboards", "comparisons", "trackers", "calculators", "lists", "charts", "settings",
              "schedules", "pages")


class CaseError(Exception):
    """A case file is malformed; the message names the file and the field."""


@dataclass(frozen=True)
class Case:
    """One case: named for its file; ``checks`` are tables as written (see ui4a/checks/kinds.py)."""

    name: str
    request: str
    category: str
    ui: str
    html_lean: str
    checks: tuple[dict[str, Any], ...] = field(default=())

    @property
    def interactive(self) -> bool:
        return any(c["kind"] in ("fill", "check", "select", "click") for c in self.checks)


def load_case(path: Path) -> Case:
    """One case file; a malformed one raises CaseError naming the file and the field."""
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CaseError(f"{where}: not valid TOML: {exc}") from exc
    for key in ("request", "category", "ui", "html_lean", "checks"):
        if key not in data:
            raise CaseError(f"{where}: missing {key!r}")
    unknown = set(data) - {"request", "category", "ui", "html_lean", "checks"}
    if unknown:
        raise CaseError(f"{where}: unknown keys {sorted(unknown)}")
    if data["category"] not in CATEGORIES:
        raise CaseError(f"{where}: category must be one of {', '.join(CATEGORIES)}")
    for i, chk in enumerate(data["checks"]):
        if chk.get("kind") not in CHECK_KINDS:
            raise CaseError(f"{where}: checks[{i}].kind must be one of {', '.join(CHECK_KINDS)}")
    return Case(path.stem, data["request"].strip(), data["category"], data["ui"].strip() + "\n",
                data["html_lean"].strip() + "\n", tuple(data["checks"]))


def load_cases(directory: str | Path, names: Sequence[str] | None = None) -> list[Case]:
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
    return [load_case(p) for p in paths]

