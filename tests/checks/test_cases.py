"""Loading cases: every project case loads, and a malformed file or directory is named in the error."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui4a.checks.cases import PROJECT_CASES, CaseError, load_cases

CASE = '''request = "A counter"
category = "trackers"
ui = """<Card title="Count"><Text>0</Text></Card>"""
html_lean = """<!doctype html><html><style>p{}</style><p>Count</p></html>"""

[[checks]]
kind = "text"
value = "Count"
'''


def test_the_project_cases_load_in_name_order() -> None:
    cases = load_cases(PROJECT_CASES)
    assert len(cases) == 49
    assert [c.name for c in cases] == sorted(c.name for c in cases)
    assert all(c.checks for c in cases)


def test_a_directory_of_cases_loads_by_name(tmp_path: Path) -> None:
    (tmp_path / "counter.toml").write_text(CASE)
    (tmp_path / "other.toml").write_text(CASE)
    [case] = load_cases(tmp_path, ["counter"])
    assert (case.name, case.request, case.category) == ("counter", "A counter", "trackers")
    assert case.checks == ({"kind": "text", "value": "Count"},) and not case.interactive


def test_faults_are_named(tmp_path: Path) -> None:
    with pytest.raises(CaseError, match="no case directory"):
        load_cases(tmp_path / "missing")
    with pytest.raises(CaseError, match=r"no such case\(s\): nope"):
        load_cases(tmp_path, ["nope"])
    (tmp_path / "bad.toml").write_text(CASE.replace('kind = "text"', 'kind = "hover"'))
    with pytest.raises(CaseError, match=r"bad.toml: checks\[0\].kind must be one of text, role"):
        load_cases(tmp_path)
