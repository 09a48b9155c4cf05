"""``ui4a test`` over the benchmark's 49 cases against the benchmark's check runner as it was before it.

    python -m bench.checks_speed [--rounds N]

Both run every case's checks in one headless Chromium, launch included: the earlier runner on
each case's script-free standalone page (a fresh browser page per case, as ``bench/run.py`` ran
it), ``ui4a test bench/cases`` on live pages with the runtime (prepared markup included). The
rounds alternate; the medians are compared (target: ``ui4a test`` ≤ 1.0× the earlier runner).
Also prints the runtime's size (target ≤ 15 KB).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence

from ui4a.checks.browser import PageWatch, chromium
from ui4a.checks.cases import PROJECT_CASES, load_cases
from ui4a.checks.kinds import run_check
from ui4a.checks.runner import VIEWPORT
from ui4a.render.html import render_source
from ui4a.render.runtime import script


def earlier_runner() -> tuple[float, int]:
    """The benchmark's check runner as it was: a fresh page per case, a static page; (seconds, failures)."""
    started = time.perf_counter()
    failed = 0
    with chromium() as browser:
        for case in load_cases(PROJECT_CASES):
            html = render_source(case.ui, standalone=True)
            page = browser.new_page(viewport=VIEWPORT)
            watch = PageWatch(stub_images=True)
            watch.attach(page)
            page.set_content(html, wait_until="load")
            problems = []
            for chk in case.checks:
                try:
                    problems.append(run_check(page, chk))
                except Exception as exc:  # as the runner counted a Playwright error: a failed check
                    problems.append(str(exc))
            failed += any(problems) or bool(watch.problems())
            page.close()
    return time.perf_counter() - started, failed


def ui4a_test() -> tuple[float, int]:
    """``ui4a test bench/cases`` in this process; (seconds, exit code)."""
    from ui4a.cli import main

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(io.StringIO()):
        code = main(["test", str(PROJECT_CASES), "--artifacts", out])
    return time.perf_counter() - started, code


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds of each (default 2)")
    args = ap.parse_args(argv)
    before, after = [], []
    for _ in range(args.rounds):
        seconds, failed = earlier_runner()
        before.append(seconds)
        seconds, code = ui4a_test()
        after.append(seconds)
        if failed or code:
            print(f"failures: earlier runner {failed} case(s), ui4a test exit {code}", file=sys.stderr)
    b, a = statistics.median(before), statistics.median(after)
    size = len(script().encode("utf-8"))
    print(f"49 cases, {args.rounds} rounds: earlier runner {b:.1f} s, ui4a test {a:.1f} s: "
          f"{a / b:.2f}x (target <= 1.0x)")
    print(f"runtime: {size:,} bytes ({size / 1024:.1f} KiB; {len(gzip.compress(script().encode()))} gzipped; "
          "target <= 15 KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
