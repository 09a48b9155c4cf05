"""The playground traces every turn, what the user does with its UI, thumbs feedback and repairs."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.app.conftest import ask
from ui4a import traces
from ui4a.store import Store


def _trace(app_data, request: str) -> dict:
    with Store(app_data / "ui4a.sqlite3") as s:
        return [t for t in traces.traces(s) if t["request"] == request][-1]


def test_a_turn_its_clicks_and_its_thumbs_are_traced(page, app_data):
    ask(page, "counter please")
    page.get_by_role("button", name="Add").click()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Count 1')")
    page.get_by_role("switch", name="Lights").click()
    page.wait_for_function("document.querySelector('#canvas').innerText.includes('Lights are on')")
    answer = page.locator("[data-role=assistant]").last
    answer.get_by_role("button", name="thumbs up").click()
    page.wait_for_function("document.querySelector('[aria-label=\"thumbs up\"]').ariaPressed === 'true'")
    t = _trace(app_data, "counter please")
    assert (t["source"], t["adapter"], t["valid"], t["rendered"]) == ("playground", "ui", 1, 1)
    assert t["conversation_id"] and t["message_id"] and len(t["revision"]) == 64
    kinds = [e["kind"] for e in t["events"]]
    assert kinds == ["click", "set", "feedback"] and t["feedback"] == 1
    assert t["events"][0]["data"]["action"] == "n = n + 1"
    assert t["events"][1]["data"] == {"name": "on", "value": True}
    answer.get_by_role("button", name="thumbs down").click()
    page.wait_for_function("document.querySelector('[aria-label=\"thumbs down\"]').ariaPressed === 'true'")
    assert _trace(app_data, "counter please")["feedback"] == -1
    page.reload()
    page.wait_for_selector("[aria-label='thumbs down'][aria-pressed='true']")  # the vote survives a reload


def test_form_submits_are_traced(page, app_data):
    ask(page, "newsletter form")
    page.get_by_label("Email").fill("ana@example.com")
    page.get_by_role("button", name="Subscribe").click()
    page.wait_for_function("document.querySelectorAll('[data-role=assistant]').length >= 2")
    t = _trace(app_data, "newsletter form")
    submits = [e for e in t["events"] if e["kind"] == "submit"]
    assert submits and submits[-1]["data"]["values"]["email"] == "ana@example.com"


def test_an_unconstrained_source_gets_one_repair_turn(page, app_data):
    ask(page, "fixable ui")
    # The repaired UI comes with the turn's last update, which can land a moment after the turn shows done.
    try:
        page.wait_for_function("document.querySelector('#canvas').innerText.includes('repaired hello')",
                               timeout=15_000)
    except PlaywrightTimeout:
        pytest.fail(f"canvas shows {page.inner_text('#canvas')!r}; trace {_trace(app_data, 'fixable ui')}")
    assert page.locator("#errors").count() == 0
    t = _trace(app_data, "fixable ui")
    assert t["valid"] == 1 and len(t["repairs"]) == 1
    assert "titel" in t["repairs"][0]["errors"][0] and "Txt" in t["repairs"][0]["output"]
