"""The conformance table of the expression language, run against both evaluators.

tests/fixtures/expressions.json lists expressions with the value each must give (its typed key,
so 5 and 5.0 differ) or the refusal (message and column): the Python evaluator and the
standalone page's runtime in Chromium must both give exactly that.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.render.runtime_eval import python_answer, runtime_answers, runtime_page
from ui4a.render.wire import from_wire

TABLE = json.loads((ROOT / "tests" / "fixtures" / "expressions.json").read_text(encoding="utf-8"))


def _state() -> dict:
    raw = TABLE["state"]["d"]
    long = raw["long"]
    return {**from_wire({"d": {k: v for k, v in raw.items() if k != "long"}}),
            "long": long["repeat"] * long["times"]}


def _expected(case: dict) -> tuple:
    if "is" in case:
        return ("value", case["is"])
    return ("error", case["error"], case["col"] - 1)


@pytest.mark.parametrize("case", TABLE["cases"], ids=[c["expr"][:40] for c in TABLE["cases"]])
def test_the_python_evaluator_gives_the_table(case):
    assert python_answer(case["expr"], _state()) == _expected(case)


@pytest.mark.browser
def test_the_runtime_gives_the_table(browser):
    page = runtime_page(browser)
    answers = runtime_answers(page, [(c["expr"], _state()) for c in TABLE["cases"]])
    page.close()
    wrong = [(c["expr"][:60], got, _expected(c)) for c, got in zip(TABLE["cases"], answers, strict=True)
             if got != _expected(c)]
    assert wrong == []
