"""Running a case's checks in Chromium: the one runner behind ``ui4a test``, the pytest plugin and the benchmark.

A check that fails gives one line saying what went wrong; so does a Playwright error raised
while a check runs, a console error, or a request that leaves the machine. A page that carries
UI4A's runtime is checked once the runtime has started; one that never gets there within the
timeout fails with a message saying so.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a.checks.browser import PageWatch
from ui4a.checks.kinds import run_check

VIEWPORT = {"width": 1100, "height": 900}
DEFAULT_TIMEOUT_S = 30.0
# Collects what the page sends (ui4a:send events) for the send check and the page object.
_CAPTURE = ("() => { if (!window.__ui4aSent) { window.__ui4aSent = [];"
            " document.addEventListener('ui4a:send', e => window.__ui4aSent.push(e.detail)); } }")


class PageTimeout(Exception):
    """The page did not finish rendering in time."""


@dataclass
class CheckResult:
    check: dict[str, Any]
    problem: str = ""

    @property
    def passed(self) -> bool:
        return not self.problem


@dataclass
class CaseResult:
    """One case's outcome: each check's result, or the error that stopped the case before its checks."""

    name: str
    checks: list[CheckResult] = field(default_factory=list)
    error: str = ""
    page_problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    screenshot: str | None = None
    path: Path | None = None

    @property
    def passed(self) -> bool:
        return not self.error and not self.page_problems and all(c.passed for c in self.checks)

    def failures(self) -> list[str]:
        """Every failure as one line: the error, each failed check, then the page's own problems."""
        return ([self.error] if self.error else []) + [c.problem for c in self.checks if c.problem] + self.page_problems


def load(page: Any, html: str, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
    """Show ``html`` in ``page`` and wait until it has rendered (its runtime started, when it has one)."""
    ms = timeout_s * 1000
    try:
        page.set_content(html, wait_until="load", timeout=ms)
        if "ui4a-data" in html:
            page.wait_for_selector(".ui4a[data-ui4a-live]", state="attached", timeout=ms)
    except Exception as exc:
        if "Timeout" in type(exc).__name__:
            raise PageTimeout(f"the page did not finish rendering within {timeout_s:g} s") from None
        raise
    page.evaluate(_CAPTURE)


def run_each(target: Any, checks: Iterable[dict[str, Any]]) -> list[CheckResult]:
    """Run every check in order on ``target`` (a page, or a locator that scopes them); each one's result."""
    results = []
    for chk in checks:
        try:
            problem = run_check(target, chk)
        except Exception as exc:  # a Playwright timeout or error is a failed check, with its reason
            problem = f"{chk['kind']} check raised {type(exc).__name__}: {str(exc).splitlines()[0]}"
        results.append(CheckResult(chk, problem))
    return results


def run_all(target: Any, checks: Iterable[dict[str, Any]]) -> list[str]:
    """Run every check in order on ``target`` (the app's canvas, say); the failures, one line each."""
    return [r.problem for r in run_each(target, checks) if r.problem]


class Runner:
    """Checks pages one after another in one browser page (cheaper than a page per case)."""

    def __init__(self, browser: Any, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self.page = browser.new_page(viewport=VIEWPORT)
        self.page.set_default_timeout(min(timeout_s, 10.0) * 1000)
        self.watch = PageWatch(stub_images=True)
        self.watch.attach(self.page)
        self.timeout_s = timeout_s

    def check(self, name: str, html: str, checks: Iterable[dict[str, Any]], screenshot: str | Path | None = None,
              screenshot_failures: str | Path | None = None) -> CaseResult:
        """Load ``html`` and run ``checks``; a screenshot goes to ``screenshot`` always, or to
        ``screenshot_failures`` when the case fails."""
        started = time.perf_counter()
        self.watch.console_errors.clear()
        self.watch.foreign_requests.clear()
        result = CaseResult(name)
        try:
            load(self.page, html, self.timeout_s)
        except PageTimeout as exc:
            result.error = str(exc)
        else:
            result.checks = run_each(self.page, checks)
        result.page_problems = self.watch.problems()
        shot = screenshot or (screenshot_failures if not result.passed else None)
        if shot:
            Path(shot).parent.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(shot), full_page=True)
            result.screenshot = str(shot)
        result.seconds = time.perf_counter() - started
        return result

    def close(self) -> None:
        self.page.close()


def run_checks(browser: Any, html: str, checks: Iterable[dict[str, Any]], screenshot: str | None = None) -> list[str]:
    """Load ``html`` in a fresh page and run every check in order; returns the failures, one line each."""
    runner = Runner(browser)
    try:
        return runner.check("", html, checks, screenshot=screenshot).failures()
    finally:
        runner.close()
