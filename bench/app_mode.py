"""The benchmark's cases rendered by the live Reflex app: each answer streamed into the playground.

A scripted model source answers each case's request with its reference code, so
what is checked is the app's renderer, not a model. The case's checks then run
scoped to the canvas (the chat around it has its own buttons and fields).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ui4a.checks.browser import PageWatch
from ui4a.checks.cases import Case
from ui4a.checks.runner import run_all
from ui4a.lang.writer import canonical as compact

TURN_TIMEOUT_MS = 60_000


def script_for(cases: Sequence[Case], rate: float = 2000.0) -> dict:
    """The scripted source: each request answered by its reference code, streamed fast."""
    return {"__rate__": rate, **{case.request: compact(case.ui) for case in cases}}


def check_in_app(browser, url: str, cases: Sequence[Case], screens: Path | None = None) -> dict[str, list[str]]:
    """Ask the playground each case's request; returns the check failures per case."""
    results: dict[str, list[str]] = {}
    for case in cases:
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        page = context.new_page()
        watch = PageWatch(stub_images=True)
        watch.attach(page)
        failures: list[str] = []
        try:
            page.goto(url)
            page.wait_for_selector("#canvas")
            page.fill("#ask-input", case.request)
            page.click("#ask-send")
            page.wait_for_function(
                "document.querySelectorAll('[data-role=assistant]').length > 0"
                " && document.querySelector('#canvas').dataset.streaming === 'false'", timeout=TURN_TIMEOUT_MS)
            failures += run_all(page.locator("#canvas .ui4a").first, case.checks)
            if screens is not None:
                page.screenshot(path=str(screens / f"{case.name}-app.png"))
        except Exception as exc:
            failures.append(f"the app did not render the answer: {type(exc).__name__}: {str(exc).splitlines()[0]}")
        failures += watch.problems()
        context.close()
        results[case.name] = failures
    return results


def run_in_app(browser, cases: Sequence[Case], screens: Path | None = None) -> dict[str, list[str]]:
    """Start the app with the cases' script, check every case, stop the app."""
    from app.server import AppServer

    work = Path(tempfile.mkdtemp(prefix="ui4a-bench-app-"))
    script = work / "script.json"
    script.write_text(json.dumps(script_for(cases)), encoding="utf-8")
    env = {"UI4A_DATA_DIR": str(work / "data"), "UI4A_MODEL": f"scripted:{script}"}
    with AppServer(env=env, log_path=work / "server.log") as server:
        return check_in_app(browser, server.url, cases, screens)
