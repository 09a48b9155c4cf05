"""The UI token benchmark end to end: the quick run's report, and fake model mode."""

from __future__ import annotations

import json

import pytest

from bench.cases import load_cases
from bench.run import (
    BASELINES,
    prune_css,
    quick_subset,
    run_benchmark,
    run_model,
    strip_pseudo,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def quick(browser, tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    return out, run_benchmark(out, quick=True, browser=browser, progress=False)


def test_quick_report_files(quick):
    out, report = quick
    for name in ("report.json", "report.md", "tokens.png"):
        assert (out / name).is_file(), name
    assert (out / "tokens.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    on_disk = json.loads((out / "report.json").read_text())
    assert on_disk["summary"] == json.loads(json.dumps(report["summary"]))
    md = (out / "report.md").read_text()
    assert "## Method" in md and "| case |" in md
    assert ("all met" in md) == report["summary"]["targets_met"]
    for row in report["cases"]:
        for kind in ("ui", "lean", "strict"):
            shot = out / "screens" / f"{row['name']}-{kind}.png"
            assert shot.read_bytes()[:4] == b"\x89PNG", shot


def test_quick_summary(quick):
    _, report = quick
    s = report["summary"]
    assert s["cases"] == 12 == len(report["cases"])
    assert isinstance(s["checks_pass_rate"], float)
    assert s["checks_pass_rate"] == 1.0, s["failing_ui"]
    for key in ("median_savings_vs_html_lean", "median_savings_vs_html_strict", "median_savings_vs_a2ui"):
        assert isinstance(s[key], float) and 0.0 < s[key] < 1.0, key
    for key in ("median_savings_vs_a2ui_express", "median_savings_vs_a2ui_elemental"):
        assert isinstance(s[key], float) and -1.0 < s[key] < 1.0, key  # UI4A need not be ahead
    assert set(s["tokenizers"]) >= {"cl100k_base", "o200k_base"}
    for name, t in s["tokenizers"].items():
        for b in BASELINES:
            assert isinstance(t[f"median_savings_vs_{b}"], float), (name, b)
            assert b not in t["targets"] or isinstance(t["targets"][b]["met"], bool)
    assert s["tokenizers"]["cl100k_base"]["median_savings_vs_a2ui"] == s["median_savings_vs_a2ui"]


def test_strict_looks_the_same(quick):
    _, report = quick
    for row in report["cases"]:
        cmp_ = row["strict_vs_full"]
        assert cmp_["same"], (row["name"], cmp_)
        assert row["strict_pass"], row["failures"]
        counts = row["tokens"]["cl100k_base"]
        assert counts["html_strict"] < counts["html_full"], row["name"]


def test_quick_subset_is_fixed_and_spread():
    cases = load_cases()
    a, b = quick_subset(cases), quick_subset(list(reversed(cases)))
    assert [c.name for c in a] == [c.name for c in b]
    assert len(a) == 12
    assert len({c.category for c in a}) == len({c.category for c in cases})


def test_strip_pseudo():
    assert strip_pseudo(".a:hover::before") == ".a"
    assert strip_pseudo(".ui4a :focus-visible") == ".ui4a *"
    assert strip_pseudo(".x:not(:checked) + .y") == ".x+.y"
    assert strip_pseudo(".a:not(.b):last-child") == ".a:not(.b):last-child"


def test_prune_css_keeps_matching_rules_and_theme():
    css = """/* c */ .ui4a { --ui-bg: #fff; color: red; } .ui4a[data-theme="dark"] { --ui-bg: #000; }
    .used, .unused { margin: 0 } .gone { padding: 1px }
    @media (max-width: 600px) { .used { margin: 1px } .gone { margin: 2px } }
    @media print { .gone { color: red } }"""
    present = {".ui4a", ".used"}
    out = prune_css(css, lambda sels: [s in present for s in sels])
    assert out.splitlines() == [
        ".ui4a{--ui-bg:#fff;color:red}", '.ui4a[data-theme="dark"]{--ui-bg:#000}', ".used{margin:0}",
        "@media (max-width: 600px){.used{margin:1px}}"]


def test_fake_model_mode(browser):
    cases = load_cases()[:3]
    result = run_model(cases, "fake", browser, progress=False)
    assert result["cases"] == 3
    assert result["parse_valid_rate"] == result["schema_valid_rate"] == result["checks_pass_rate"] == 1.0
    assert result["exact_match_rate"] == 1.0
    for row in result["per_case"]:
        assert row["adapter"] == "ui"
        assert row["output_tokens"] > 0
        assert row["first_component_s"] is not None and row["first_component_s"] <= row["total_s"]
