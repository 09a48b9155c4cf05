"""Running checks in Chromium: a case's checks pass on its render, and a failure says what went wrong."""

from __future__ import annotations

import pytest

from ui4a.checks.cases import PROJECT_CASES, load_cases
from ui4a.checks.runner import run_checks
from ui4a.render.html import render_source

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
