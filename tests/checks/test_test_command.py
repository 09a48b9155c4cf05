"""``ui4a test``: check files against .ui files or a model's answers, a table, JUnit XML, screenshots, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def ui4a_test(*args: str) -> subprocess.CompletedProcess:
    """``ui4a test`` in a process of its own (this one's Playwright already owns its thread)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "ui4a", "test", *args], capture_output=True, text=True,
                          env=env, timeout=300)

UI = """<State guests=2 />
<Form title="Book a table" submitLabel="Book" onSubmit={send("Book for {guests}")}>
  <NumberField label="Guests" bind={guests} min=1 max=12 />
  <Text>Table for {guests}</Text>
</Form>
"""
CHECKS = """
[[checks]]
kind = "fill"
label = "Guests"
value = "4"

[[checks]]
kind = "text"
value = "Table for 4"

[[checks]]
kind = "send"
click = "Book"
text = "Book for 4"
"""


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "booking.ui").write_text(UI)
    (tmp_path / "booking.toml").write_text('request = "book a table"\nfile = "booking.ui"\n' + CHECKS)
    (tmp_path / "wrong.toml").write_text('ui = "<Text>Table for 2</Text>"\n\n[[checks]]\nkind = "text"\n'
                                         'value = "Table for 3"\n')
    return tmp_path


def test_passing_and_failing_files_give_a_table_junit_and_screenshots(files):
    junit = files / "out" / "junit.xml"
    run = ui4a_test(str(files / "booking.toml"), str(files / "wrong.toml"), "--junit", str(junit),
                    "--artifacts", str(files / "shots"))
    out = run.stdout
    assert run.returncode == 1
    assert "booking   3/3    ok" in out and "wrong     0/1    FAIL" in out
    assert "✗ text 'Table for 3' not on the page" in out
    assert "2 case(s): 1 passed, 1 failed" in out
    assert (files / "shots" / "wrong.png").exists() and not (files / "shots" / "booking.png").exists()
    suite = ElementTree.parse(junit).getroot()
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")


def test_a_model_source_answers_each_request(files):
    script = files / "script.json"
    script.write_text(json.dumps({"book a table": UI, "__rate__": 4000}))
    run = ui4a_test(str(files / "booking.toml"), "--model", f"scripted:{script}")
    assert run.returncode == 0 and "1 case(s): 1 passed, 0 failed" in run.stdout


def test_a_model_that_never_finishes_times_out(files):
    script = files / "script.json"
    script.write_text(json.dumps({"book a table": UI, "__rate__": 2}))
    run = ui4a_test(str(files / "booking.toml"), "--model", f"scripted:{script}", "--timeout", "1")
    assert run.returncode == 1 and "the model did not finish its answer within 1 s" in run.stdout


def test_a_malformed_check_file_is_a_usage_error(files):
    (files / "bad.toml").write_text('ui = "<Text>x</Text>"\n\n[[checks]]\nkind = "hover"\n')
    run = ui4a_test(str(files / "bad.toml"))
    assert run.returncode == 2 and "bad.toml:4: checks[0]: unknown check kind 'hover'" in run.stderr


def test_a_ui_that_does_not_validate_is_an_error_row(files):
    (files / "typo.toml").write_text('ui = "<Txt>x</Txt>"\n\n[[checks]]\nkind = "text"\nvalue = "x"\n')
    run = ui4a_test(str(files / "typo.toml"))
    assert run.returncode == 1 and "✗ the UI does not validate: 1:1: unknown component <Txt>" in run.stdout
