"""A real app server for the browser tests: production mode, a free port, a scripted model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.server import AppServer, AppServerError
from ui4a.checks.browser import PageWatch

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "fixtures" / "app" / "script.json"
ARTIFACTS = ROOT / "test-artifacts" / "app"


@pytest.fixture(scope="session")
def app_data(tmp_path_factory) -> Path:
    """The app server's data directory: its SQLite store of conversations and traces."""
    return tmp_path_factory.mktemp("app-data")


@pytest.fixture(scope="session")
def app_url(app_data):
    data = app_data
    # The test script, plus the quick benchmark cases answered with their reference code, and
    # every example answered to "example NAME".
    from bench.app_mode import script_for
    from bench.cases import load_cases
    from bench.run import quick_subset
    from ui4a.model.backends.replay import load_examples

    script = {**script_for(quick_subset(load_cases())), **json.loads(SCRIPT.read_text()),
              **{f"example {e.name}": e.source for e in load_examples()}}
    script["__rate__"] = 120
    script_path = data / "script.json"
    script_path.write_text(json.dumps(script))
    env = {"UI4A_DATA_DIR": str(data), "UI4A_MODEL": f"scripted:{script_path}"}
    server = AppServer(env=env, log_path=data / "server.log")
    try:
        server.start()
    except AppServerError as exc:
        pytest.fail(str(exc))
    yield server.url
    server.stop()


@pytest.fixture
def page(browser, app_url, request):
    """A fresh browser context (its own localStorage: a new conversation) that must stay clean."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    pg = context.new_page()
    watch = PageWatch()
    watch.attach(pg)
    pg.on("dialog", lambda d: watch.console_errors.append(f"unexpected dialog: {d.message}"))
    pg.goto(app_url)
    pg.wait_for_selector("#canvas")
    yield pg
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    context.close()
    watch.assert_clean()


def ask(page, text: str, timeout: float = 30_000) -> None:
    """Send a chat message and wait until its turn has finished."""
    before = page.locator("[data-role=assistant]").count()
    page.fill("#ask-input", text)
    page.click("#ask-send")
    wait_turn(page, before, timeout)


def wait_turn(page, before: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('[data-role=assistant]').length > n"
        " && document.querySelector('#canvas').dataset.streaming === 'false'",
        arg=before, timeout=timeout)
