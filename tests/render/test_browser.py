"""Every example rendered to HTML, opened in Chromium: clean, readable, keyboard-usable.

Screenshots go to test-artifacts/render/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT
from ui4a.checks.browser import PageWatch
from ui4a.render.html import render_source

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ARTIFACTS = ROOT / "test-artifacts" / "render"

# Every enabled control a person can operate must be reachable by keyboard.
_UNREACHABLE = """() => {
  const sel = 'a[href], button, input, select, textarea, summary, [tabindex]';
  return [...document.querySelectorAll(sel)]
    .filter(el => !el.disabled && el.type !== 'hidden' && el.tabIndex < 0 && !el.closest('[hidden]'))
    .filter(el => !(el.type === 'radio' && el.closest('.ui-tabs')))
    .map(el => el.outerHTML.slice(0, 120));
}"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("html")
    files = {}
    for path in EXAMPLES:
        target = out / f"{path.stem}.html"
        target.write_text(render_source(path.read_text(), standalone=True, title=path.stem))
        files[path.stem] = target
    return files


@pytest.mark.parametrize("name", [p.stem for p in EXAMPLES])
def test_example_in_chromium(browser, pages, name):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    watch = PageWatch(stub_images=True)
    watch.attach(page)
    page.goto(pages[name].as_uri())
    page.wait_for_load_state("load")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    watch.assert_clean()
    assert page.evaluate(_UNREACHABLE) == []
    # The page shows real content, not an empty root.
    assert len(page.inner_text(".ui4a").strip()) > 40
    page.close()


def test_tabs_switch_without_javascript(browser, pages):
    page = browser.new_page()
    page.goto(pages["settings_page"].as_uri())
    assert page.get_by_label("Display name").is_visible()
    page.get_by_text("Notifications", exact=True).click()
    assert page.get_by_label("Email notifications").is_visible()
    assert not page.get_by_label("Display name").is_visible()
    page.close()


def test_modal_opens_and_closes_without_javascript(browser, pages):
    page = browser.new_page()
    page.goto(pages["empty_inbox"].as_uri())
    dialog = page.get_by_role("dialog")
    assert not dialog.is_visible()
    page.get_by_text("Compose", exact=True).first.click()
    assert dialog.is_visible()
    page.keyboard.press("Shift+Tab")
    page.close()


def test_dark_theme_changes_the_palette(browser, tmp_path):
    source = (ROOT / "examples" / "sales_dashboard.ui").read_text()
    colors = {}
    for theme in ("light", "dark"):
        target = tmp_path / f"{theme}.html"
        target.write_text(render_source(source, standalone=True, theme=theme))
        page = browser.new_page()
        page.goto(target.as_uri())
        colors[theme] = page.evaluate("getComputedStyle(document.querySelector('.ui4a')).backgroundColor")
        page.close()
    assert colors["light"] != colors["dark"]
    assert re.match(r"rgb\(2[45]\d", colors["light"])  # near white
