"""``ui4a test FILES…``: run check files against their UIs, or a model's answers, in headless Chromium.

Each check file (docs/testing.md; the benchmark's case format) names a UI — ``ui`` or ``file`` —
or a ``request`` for a model source (``--model``). Its UI becomes a live standalone page, its
checks run in order, and a table shows each file's result. ``--junit PATH`` writes JUnit XML;
screenshots of failing cases (of every case with ``--screenshots all``) go to ``--artifacts``.
Exit 0 when every case passes, 1 when one fails, 2 on a malformed check file or no browser.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ui4a.cli_support import EXIT_FAULTS, CliError, write_atomic

DEFAULT_ARTIFACTS = "test-artifacts/ui4a-test"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("test", help="run check files against .ui files or a model's answers in headless Chromium")
    p.add_argument("files", nargs="+", help="check files (.toml), or directories of them")
    p.add_argument("--model", default=None,
                   help="answer each file's request with this model source (scripted:PATH, openai:URL, local, replay)")
    p.add_argument("--junit", metavar="PATH", help="write JUnit XML here")
    p.add_argument("--artifacts", default=DEFAULT_ARTIFACTS, help=f"screenshots go here (default {DEFAULT_ARTIFACTS})")
    p.add_argument("--screenshots", choices=["failures", "all"], default="failures")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds a model answer or a page's rendering may take (default 30)")
    p.set_defaults(func=cmd_test)


def cmd_test(args: argparse.Namespace) -> int:
    from ui4a.checks.browser import ChromiumNotFound, chromium
    from ui4a.checks.cases import CaseError, check_files
    from ui4a.checks.junit import junit_xml
    from ui4a.checks.runner import CaseResult, Runner
    from ui4a.checks.source import SourceError, answer, page_for

    try:
        cases = check_files(args.files)
    except CaseError as exc:
        raise CliError(str(exc)) from exc
    artifacts = Path(args.artifacts)
    started = time.perf_counter()
    results: list[CaseResult] = []
    try:
        with chromium() as browser:
            runner = Runner(browser, timeout_s=args.timeout)
            for case in cases:
                t0 = time.perf_counter()
                try:
                    source = answer(case.request, args.model, args.timeout) if args.model else case.ui
                    if not source.strip():
                        raise SourceError("no UI: give the check file 'ui' or 'file' (or run with --model)")
                    html = page_for(source, title=case.name).html
                except SourceError as exc:
                    results.append(CaseResult(case.name, error=str(exc), seconds=time.perf_counter() - t0,
                                              path=case.path))
                    continue
                shot = artifacts / f"{case.name}.png"
                result = runner.check(case.name, html, case.checks,
                                      screenshot=shot if args.screenshots == "all" else None,
                                      screenshot_failures=shot)
                result.seconds = time.perf_counter() - t0
                result.path = case.path
                results.append(result)
            runner.close()
    except ChromiumNotFound as exc:
        raise CliError(str(exc)) from exc
    print(table(results, time.perf_counter() - started))
    if args.junit:
        write_atomic(args.junit, junit_xml(results))
        print(f"wrote {args.junit}", file=sys.stderr)
    return 0 if all(r.passed for r in results) else EXIT_FAULTS


def table(results: list, seconds: float) -> str:
    """One row per case (checks passed, result, time), its failures under it, then a summary line."""
    width = max([len("case"), *(len(r.name) for r in results)])
    lines = [f"{'case':<{width}}  checks  result  time"]
    for r in results:
        ok = sum(c.passed for c in r.checks)
        status = "ok" if r.passed else ("ERROR" if r.error else "FAIL")
        lines.append(f"{r.name:<{width}}  {ok:>2}/{len(r.checks):<3}  {status:<6}  {r.seconds:.2f} s")
        lines += [f"  ✗ {line}" for line in r.failures()]
        if r.screenshot and not r.passed:
            lines.append(f"    screenshot: {r.screenshot}")
    failed = sum(not r.passed for r in results)
    lines.append(f"{len(results)} case(s): {len(results) - failed} passed, {failed} failed ({seconds:.1f} s)")
    return "\n".join(lines)
