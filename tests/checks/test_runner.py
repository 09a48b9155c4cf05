"""Running checks in Chromium: a case's checks pass on its render, and a failure says what went wrong."""

from __future__ import annotations

import pytest

from ui4a.checks.cases import PROJECT_CASES, load_cases
from ui4a.checks.runner import Runner, run_checks
from ui4a.checks.source import page_for
from ui4a.render.html import render_source
from ui4a.render.runtime import script

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_case_passes_its_checks_on_its_render(browser) -> None:
    [case] = load_cases(PROJECT_CASES, ["forms_event_rsvp"])
    assert run_checks(browser, render_source(case.ui, standalone=True), case.checks) == []


def test_failures_and_foreign_requests_are_reported(browser) -> None:
    html = '<!doctype html><html><body><p>Hello</p><img src="https://example.com/x.js"><script ' \
           'src="https://example.com/a.js"></script></body></html>'
    failures = run_checks(browser, html, [{"kind": "text", "value": "Hello"}, {"kind": "text", "value": "Bye"},
                                          {"kind": "role", "role": "button", "count": 1}])
    assert failures[:2] == ["text 'Bye' not on the page", "role=button: 0 found, expected 1"]
    assert "network request: https://example.com/a.js" in failures


def test_a_live_page_sends_and_holds_state(browser) -> None:
    source = ('<State guests=2 />\n<Form title="Book" submitLabel="Book it" onSubmit={send("Table for {guests}")}>\n'
              '<NumberField label="Guests" bind={guests} />\n</Form>')
    runner = Runner(browser)
    result = runner.check("book", page_for(source).html, [
        {"kind": "fill", "label": "Guests", "value": "4"},
        {"kind": "state", "name": "guests", "value": 4},
        {"kind": "send", "click": "Book it", "text": "Table for 4", "values": {"guests": "4"}},
        {"kind": "send", "click": "Book it", "text": "Table for 5"},
        {"kind": "state", "name": "nobody", "value": 1},
    ])
    runner.close()
    assert [c.problem for c in result.checks] == [
        "", "", "", "clicking 'Book it' sent 'Table for 4', expected 'Table for 5'",
        "no state 'nobody' (state: guests)"]


def test_a_page_that_never_finishes_rendering_times_out(browser) -> None:
    html = page_for("<Text>hi</Text>").html
    stuck = html.replace(f"<script>{script()}</script>", "")  # the data, and no runtime to start
    runner = Runner(browser, timeout_s=0.5)
    result = runner.check("stuck", stuck, [{"kind": "text", "value": "hi"}])
    runner.close()
    assert result.error == "the page did not finish rendering within 0.5 s" and not result.passed

