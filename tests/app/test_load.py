"""Ten browser sessions streaming at once each end with their own correct final UI."""

from __future__ import annotations

import pytest

from ui4a.checks.browser import PageWatch

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SESSIONS = 10


def test_ten_concurrent_sessions_do_not_cross_talk(browser, app_url):
    contexts, pages, watches = [], [], []
    for _ in range(SESSIONS):
        ctx = browser.new_context(viewport={"width": 1200, "height": 800})
        pg = ctx.new_page()
        watch = PageWatch()
        watch.attach(pg)
        pg.goto(app_url)
        pg.wait_for_selector("#canvas")
        contexts.append(ctx)
        pages.append(pg)
        watches.append(watch)
    # Start every turn before waiting for any, so all ten stream at the same time.
    for i, pg in enumerate(pages):
        pg.fill("#ask-input", f"session {i} report")
        pg.click("#ask-send")
    for pg in pages:
        pg.wait_for_function("document.querySelector('#canvas').dataset.streaming === 'true'"
                             " || document.querySelectorAll('[data-role=assistant]').length > 0")
    for i, pg in enumerate(pages):
        pg.wait_for_function(f"document.querySelector('#canvas').innerText.includes('Final state for session {i}.')"
                             " && document.querySelector('#canvas').dataset.streaming === 'false'", timeout=90_000)
        text = pg.inner_text("#canvas")
        assert f"Report {i}" in text
        others = [j for j in range(SESSIONS) if j != i and f"Report {j}" in text]
        assert others == [], f"session {i} shows reports {others}"
        assert pg.locator("[data-role=user]").all_inner_texts() == [f"session {i} report"]
    for ctx, watch in zip(contexts, watches, strict=True):
        ctx.close()
        watch.assert_clean()
