"""Loading check files: every project case loads, a user's file needs only its UI and checks, and a
malformed file is named with the line of the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui4a.checks.cases import PROJECT_CASES, CaseError, check_files, load_case, load_cases

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


def test_a_users_check_file_names_a_ui_file(tmp_path: Path) -> None:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "count.ui").write_text('<Text>Count</Text>')
    (tmp_path / "count.toml").write_text('file = "ui/count.ui"\n\n[[checks]]\nkind = "send"\nclick = "Go"\n')
    [case] = check_files([tmp_path])
    assert case.ui == "<Text>Count</Text>\n" and case.request == "" and case.interactive


@pytest.mark.parametrize(("text", "error"), [
    ('ui = "x"\n\n[[checks]]\nkind = "text"\nvalue = "a"\n\n[[checks]]\nkind = "hover"\n',
     r"bad.toml:8: checks\[1\]: unknown check kind 'hover'; kinds: text, role, fill"),
    ('ui = "x"\n\n[[checks]]\nkind = "fill"\nlabel = "Name"\n', r"bad.toml:3: checks\[0\]: a fill check needs 'value'"),
    ('ui = "x"\nchecks = [{kind = "text", valu = "a"}]\n',
     r"bad.toml:2: checks\[0\]: a text check has no field 'valu'; did you mean 'value'\?"),
    ('ui = "x"\n\n[[checks]]\nkind = "role"\nrole = "button"\ncount = "two"\n',
     r"bad.toml:6: checks\[0\]: role check field 'count' must be an integer"),
    ('uii = "x"\n', r"bad.toml:1: unknown key 'uii'; did you mean 'ui'\?"),
    ('ui = "x"\n', r"bad.toml:1: missing 'checks'"),
    ('category = "forms"\n[[checks]]\nkind = "text"\nvalue = "a"\n', r"bad.toml:1: a check file needs the UI"),
    ('file = "nope.ui"\n[[checks]]\nkind = "text"\nvalue = "a"\n', r"bad.toml:1: no UI file 'nope.ui'"),
    ('ui = "x"\n[[checks]\n', r"bad.toml:2: not valid TOML"),
])
def test_faults_are_named_with_their_line(tmp_path: Path, text: str, error: str) -> None:
    (tmp_path / "bad.toml").write_text(text)
    with pytest.raises(CaseError, match=error):
        load_case(tmp_path / "bad.toml", bench=False)


def test_the_benchmark_needs_its_own_fields(tmp_path: Path) -> None:
    with pytest.raises(CaseError, match="no case directory"):
        load_cases(tmp_path / "missing")
    with pytest.raises(CaseError, match=r"no such case\(s\): nope"):
        load_cases(tmp_path, ["nope"])
    (tmp_path / "bad.toml").write_text(CASE.replace('category = "trackers"\n', ""))
    with pytest.raises(CaseError, match=r"bad.toml:1: missing 'category'"):
        load_cases(tmp_path)
