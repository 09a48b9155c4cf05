"""The benchmark's quick cases, streamed into the live playground, pass their checks there too."""

from __future__ import annotations

import pytest

from bench.app_mode import check_in_app
from bench.cases import load_cases
from bench.run import quick_subset

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_quick_cases_pass_their_checks_in_the_app(browser, app_url, tmp_path):
    failures = check_in_app(browser, app_url, quick_subset(load_cases()), screens=tmp_path)
    assert {name: f for name, f in failures.items() if f} == {}
