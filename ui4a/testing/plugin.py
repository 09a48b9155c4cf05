"""The pytest fixtures and options of ``ui4a.testing``.

Fixtures:
  render_ui     render compact code (a string, a .ui file, or a model source's answer to a
                request) as a live standalone page in headless Chromium; returns a UIPage
  ui4a_browser  the Chromium they share (a session's ``browser`` fixture when there is one,
                pytest-playwright's included; else one launched for the session)

Options: ``--ui4a-model SPEC`` (the model source for ``render_ui(request=…)``; default
``$UI4A_MODEL``, else the harness's), ``--ui4a-artifacts DIR`` (screenshots; default
``test-artifacts/ui4a``). A failed test leaves a screenshot of every page it rendered there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ui4a.testing.page import UIPage

DEFAULT_ARTIFACTS = "test-artifacts/ui4a"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ui4a", "UI4A: render and check generated UIs")
    group.addoption("--ui4a-model", default=None, help="model source for render_ui(request=…) (default: $UI4A_MODEL)")
    group.addoption("--ui4a-artifacts", default=None, help=f"screenshots of failing tests (default {DEFAULT_ARTIFACTS})")
    parser.addini("ui4a_artifacts", f"where UI screenshots go (default {DEFAULT_ARTIFACTS})", default=DEFAULT_ARTIFACTS)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[Any]:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def ui4a_browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A headless Chromium: the session's ``browser`` fixture when it has one, else its own."""
    try:
        shared = request.getfixturevalue("browser")
    except pytest.FixtureLookupError:
        shared = None
    if shared is not None and hasattr(shared, "new_page"):
        yield shared
        return
    from ui4a.checks.browser import ChromiumNotFound, chromium

    try:
        with chromium() as browser:
            yield browser
    except ChromiumNotFound as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture
def render_ui(request: pytest.FixtureRequest, ui4a_browser: Any) -> Iterator[Callable[..., UIPage]]:
    """Render compact code as a live page: ``render_ui(code)``, ``render_ui(Path("x.ui"))``,
    ``render_ui(file="x.ui")`` or ``render_ui(request="…", model="scripted:…")``; ``state=`` starts it
    from other values. Returns a UIPage; every page closes after the test (screenshotted if it failed)."""
    from ui4a.checks.source import SourceError, answer, page_for

    config, node = request.config, request.node
    artifacts = Path(config.getoption("--ui4a-artifacts") or config.getini("ui4a_artifacts"))
    pages: list[UIPage] = []

    def render(source: str | Path | None = None, *, file: str | Path | None = None, request: str | None = None,
               model: str | None = None, state: dict[str, Any] | None = None, timeout: float = 30.0) -> UIPage:
        if isinstance(source, Path) or (isinstance(source, str) and "<" not in source and source.endswith(".ui")):
            file, source = source, None
        problem = ""
        try:
            if file is not None:
                source = Path(file).read_text(encoding="utf-8")
            elif request is not None:
                spec = model or config.getoption("--ui4a-model") or os.environ.get("UI4A_MODEL")
                source = answer(request, spec, timeout)
            if source is None:
                raise TypeError("render_ui needs compact code, a file or a request")
            html = page_for(source, state).html
        except SourceError as exc:
            problem = f"render_ui({'request=' + repr(request) if request else ''}): {exc}"
        if problem:
            pytest.fail(problem, pytrace=False)
        name = _name(node.nodeid, len(pages))
        page = UIPage(ui4a_browser, html, source, artifacts, name=name, timeout_s=timeout)
        pages.append(page)
        return page

    yield render
    failed = node.stash.get(_FAILED, False)
    for page in pages:
        if failed:
            page.screenshot()
        page.close()


def _name(nodeid: str, n: int) -> str:
    base = re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid)
    return base if n == 0 else f"{base}-{n + 1}"
