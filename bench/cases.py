"""The benchmark's cases (``bench/cases/*.toml``), and a check of their quality as a benchmark.

The case format and its loader are product code (``ui4a.checks.cases``); what is
the benchmark's own is here: where its cases live, and the rules a fair baseline
follows (one whole lean HTML document, everything inline).

    python -m bench.cases check [NAME ...]   # validate cases and run their checks on both renders
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

from ui4a.checks import cases as _cases
from ui4a.checks.cases import PROJECT_CASES, Case, CaseError
from ui4a.render.html import render_source
from ui4a.validate import check

CASES_DIR = PROJECT_CASES


def load_cases(names: Sequence[str] | None = None) -> list[Case]:
    """The benchmark's cases, by file name; with ``names``, only those."""
    return _cases.load_cases(CASES_DIR, names)


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
    from ui4a.checks.browser import chromium
    from ui4a.checks.runner import run_checks

    failed = 0
    with chromium() as browser:
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
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
