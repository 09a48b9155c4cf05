"""JUnit XML: one test case per check file, failures and errors told apart, screenshots attached."""

from __future__ import annotations

from xml.etree import ElementTree

from ui4a.checks.junit import junit_xml
from ui4a.checks.runner import CaseResult, CheckResult


def test_junit_names_each_case_and_its_failures(tmp_path) -> None:
    results = [CaseResult("ok", [CheckResult({"kind": "text"})], seconds=0.5),
               CaseResult("bad", [CheckResult({"kind": "text"}, "text 'x' not on the page")], seconds=0.25,
                          screenshot=str(tmp_path / "bad.png")),
               CaseResult("broken", error="the UI does not validate: 1:2: unknown component <Txt>")]
    root = ElementTree.fromstring(junit_xml(results))
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("3", "1", "1")
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert cases["bad"].find("failure").get("message") == "text 'x' not on the page"
    assert "bad.png" in cases["bad"].find("system-out").text
    assert cases["broken"].find("error").get("message").startswith("the UI does not validate: 1:2")
    assert cases["ok"].find("failure") is None
