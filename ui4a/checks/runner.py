"""Running a case's checks: on a rendered document in a fresh page, or on any page or locator.

A check that fails gives one line saying what went wrong; so does a Playwright error
raised while a check runs, a console error, or a request that leaves the machine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ui4a.checks.browser import PageWatch
from ui4a.checks.kinds import run_check

VIEWPORT = {"width": 1100, "height": 900}


def run_all(target: Any, checks: Iterable[dict[str, Any]]) -> list[str]:
    """Run every check in order on ``target`` (a page, or a locator that scopes them); the failures."""
    failures = []
    for chk in checks:
        try:
            problem = run_check(target, chk)
        except Exception as exc:  # a Playwright timeout or error is a failed check, with its reason
            problem = f"{chk['kind']} check raised {type(exc).__name__}: {str(exc).splitlines()[0]}"
        if problem:
            failures.append(problem)
    return failures


def run_checks(browser: Any, html: str, checks: Iterable[dict[str, Any]], screenshot: str | None = None) -> list[str]:
    """Load ``html`` in a fresh page and run every check in order; returns the failures."""
    page = browser.new_page(viewport=VIEWPORT)
    watch = PageWatch(stub_images=True)
    watch.attach(page)
    page.set_content(html, wait_until="load")
    failures = run_all(page, checks)
    if screenshot:
        page.screenshot(path=screenshot, full_page=True)
    failures += watch.problems()
    page.close()
    return failures
