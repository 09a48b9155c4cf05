"""Standalone pages that run their state: every example, operated control by control in Chromium.

After every step the page must show exactly what the Python renderer renders for the page's new
state, and sent messages must be what the Python evaluator makes of the action. The page runs
nothing but its own hashed script and requests nothing.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import EXAMPLES
from tests.drive import do, steps
from ui4a.checks.browser import PageWatch
from ui4a.lang import expr as ex
from ui4a.lang.errors import LineIndex
from ui4a.render.html import render_document, render_source
from ui4a.validate import check

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_SENT = "() => { window.__sent = []; document.addEventListener('ui4a:send', e => window.__sent.push(e.detail)); }"


def _text(root) -> str:
    return re.sub(r"\s+", " ", root.inner_text()).strip()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_step_shows_what_python_renders(browser, tmp_path, path):
    doc = check(path.read_text()).document
    page, reference = browser.new_page(), browser.new_page()
    watch = PageWatch(stub_images=True)
    watch.attach(page)
    target = tmp_path / "page.html"
    target.write_text(render_source(path.read_text(), standalone=True, live=True), encoding="utf-8")
    page.goto(target.as_uri())
    page.wait_for_selector(".ui4a[data-ui4a-live]")
    root = page.locator(".ui4a")
    for step in steps(root):
        do(root, step)
        assert root.get_attribute("data-ui4a-error") is None, step
        state = json.loads(root.get_attribute("data-ui4a-state"))
        reference.set_content(render_document(doc, state, standalone=True))
        assert _text(root) == _text(reference.locator(".ui4a")), (path.stem, step)
    page.close()
    reference.close()
    watch.assert_clean()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_sends_carry_what_the_action_makes(browser, tmp_path, path):
    page = browser.new_page()
    target = tmp_path / "page.html"
    target.write_text(render_source(path.read_text(), standalone=True, live=True), encoding="utf-8")
    page.goto(target.as_uri())
    page.wait_for_selector(".ui4a[data-ui4a-live]")
    page.evaluate(_SENT)
    buttons = page.locator("button[data-ui4a-action]")
    for i in range(buttons.count()):
        button = buttons.nth(i)
        source = json.loads(button.get_attribute("data-ui4a-action"))
        if "send(" not in source or not button.is_visible():
            continue
        state = json.loads(page.get_attribute(".ui4a", "data-ui4a-state"))
        index = LineIndex.of(source)
        effects = ex.Evaluator(state, index).run(ex.parse_program(source, 0, index))
        page.evaluate("() => window.__sent.length = 0")
        button.click()
        sent = page.evaluate("() => window.__sent")
        assert [s["text"] for s in sent] == [v for k, v in effects if k == "send"]
    for form in page.locator("form[data-ui4a-form]").all():
        if not form.is_visible():
            continue
        page.evaluate("() => window.__sent.length = 0")
        valid = form.evaluate("f => f.checkValidity()")  # a required field left empty stops the browser
        form.locator("button[type=submit]").last.click()
        sent = page.evaluate("() => window.__sent")
        values = form.evaluate("f => Object.fromEntries(new FormData(f))")
        assert (bool(sent) and all(s["values"] == values for s in sent)) if valid else sent == []
    page.close()
