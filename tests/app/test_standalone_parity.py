"""Every example in the live app and as a standalone page: the same interactions, the same text and state.

The standalone page runs its state with UI4A's runtime (ui4a/render/runtime.js); the app runs it
on the server. Each visible control of each example is operated in turn on both (a text is typed,
a number, a date, a range set to its end, a box ticked, the last option chosen, each button that
changes state clicked); after every step the app must reach the standalone page's state, and at the
end both show the same text.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.app.conftest import ask
from tests.drive import do, steps
from ui4a.checks.browser import PageWatch
from ui4a.model.backends.replay import load_examples
from ui4a.render.html import render_source

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _text(root: Any) -> str:
    """The root's text, whitespace dropped: the app's React tree leaves out whitespace-only text."""
    return re.sub(r"\s+", "", root.text_content())


def test_every_example_behaves_the_same_in_the_app_and_as_a_standalone_page(app_url, browser, tmp_path):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    watch = PageWatch(stub_images=True)  # examples show remote pictures: answered locally
    watch.attach(page)
    page.goto(app_url)
    page.wait_for_selector("#canvas")
    standalone = browser.new_page(viewport={"width": 1300, "height": 900})
    problems: list[str] = []
    for example in load_examples():
        target = tmp_path / f"{example.name}.html"
        target.write_text(render_source(example.source, standalone=True, live=True), encoding="utf-8")
        standalone.goto(target.as_uri())
        standalone.wait_for_selector(".ui4a[data-ui4a-live]")
        ask(page, f"example {example.name}")
        app, own = page.locator("#canvas .ui4a"), standalone.locator(".ui4a")
        assert _text(app) == _text(own), example.name
        for step in steps(own):
            do(own, step)
            state = own.get_attribute("data-ui4a-state")
            assert own.get_attribute("data-ui4a-error") is None, (example.name, step)
            do(app, step)
            try:
                page.wait_for_function("s => document.querySelector('#canvas .ui4a')"
                                       ".getAttribute('data-ui4a-state') === s", arg=state, timeout=8000)
            except Exception:
                problems.append(f"{example.name} {step}: app state {app.get_attribute('data-ui4a-state')} "
                                f"!= standalone {state}")
                break
        if _text(app) != _text(own):
            problems.append(f"{example.name}: text differs\n  app: {_text(app)}\n  own: {_text(own)}")
    standalone.close()
    context.close()
    assert problems == []
    watch.assert_clean()
