"""Benchmark cases: a user request, the reference compact code, a lean HTML baseline, and checks.

One TOML file per case in ``bench/cases/``:

    request  = "Show Q3 sales: revenue, orders and a monthly chart"
    category = "dashboards"
    ui = '''<Card title="Q3 sales">…</Card>'''
    html_lean = '''<!doctype html><html>…</html>'''

    [[checks]]            # see bench/checks.py for every kind
    kind = "text"
    value = "Q3 sales"

    python -m bench.cases check [NAME ...]   # validate cases and run their checks on both renders
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a.render.html import render_source
from ui4a.validate import check

CASES_DIR = Path(__file__).resolve().parent / "cases"
CATEGORIES = ("forms", "dashboards", "comparisons", "trackers", "calculators", "lists", "charts", "settings",
              "schedules", "pages")
CHECK_KINDS = ("text", "role", "fill", "check", "select", "click")


class CaseError(Exception):
    """A case file is malformed; the message names the file and the field."""


@dataclass(frozen=True)
class Case:
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


def load_cases(names: Sequence[str] | None = None, directory: Path = CASES_DIR) -> list[Case]:
    paths = sorted(directory.glob("*.toml"))
    if names:
        wanted = set(names)
        paths = [p for p in paths if p.stem in wanted]
        missing = wanted - {p.stem for p in paths}
        if missing:
            raise CaseError(f"no such case(s): {', '.join(sorted(missing))}")
    return [load_case(p) for p in paths]


def static_problems(case: Case) -> list[str]:
    """What is wrong with a case before any browser runs."""
    problems = []
    report = check(case.ui)
    problems += [f"ui {d.line}:{d.col}: {d.message}" for d in report.diagnostics]
    lean = case.html_lean.lower()
    if "<html" not in lean or "<style" not in lean:
        problems.append("html_lean must be a whole document with one <style> block")
    if lean.count("<style") > 1:
        problems.append("html_lean has more than one <style> block")
    if re.search(r"<script[^>]+src|<link[^>]+stylesheet|@import|<iframe", lean):
        problems.append("html_lean must not load scripts, stylesheets or frames (everything inline)")
    if "<!--" in lean:
        problems.append("html_lean must not contain comments (a careful author leaves them out)")
    if not case.checks:
        problems.append("no checks")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Validate benchmark cases and run their checks in Chromium.")
    ap.add_argument("command", choices=["check"])
    ap.add_argument("names", nargs="*")
    args = ap.parse_args(argv)
    try:
        cases = load_cases(args.names)
    except CaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from bench.browser import launch
    from bench.checks import run_checks

    failed = 0
    with sync_playwright() as p:
        browser = launch(p)
        for case in cases:
            problems = static_problems(case)
            if not problems:
                for label, html in (("ui", render_source(case.ui, standalone=True)), ("html_lean", case.html_lean)):
                    problems += [f"{label}: {r}" for r in run_checks(browser, html, case.checks) if r]
            status = "ok" if not problems else "FAIL"
            print(f"{status:4} {case.name} ({case.category}, {len(case.checks)} checks"
                  f"{', interactive' if case.interactive else ''})")
            for line in problems:
                print(f"     {line}")
            failed += bool(problems)
        browser.close()
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
