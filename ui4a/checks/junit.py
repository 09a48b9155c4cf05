"""JUnit XML for CI systems: one test case per check file, its failed checks in the failure message."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree as ET

from ui4a.checks.runner import CaseResult


def junit_xml(results: Sequence[CaseResult], suite: str = "ui4a test") -> str:
    """The results as a JUnit ``<testsuite>`` document (screenshots named as attachments)."""
    failed = [r for r in results if not r.passed and not r.error]
    errors = [r for r in results if r.error]
    root = ET.Element("testsuite", name=suite, tests=str(len(results)), failures=str(len(failed)),
                      errors=str(len(errors)), time=f"{sum(r.seconds for r in results):.3f}")
    for r in results:
        case = ET.SubElement(root, "testcase", classname="ui4a", name=r.name, time=f"{r.seconds:.3f}")
        if r.path is not None:
            case.set("file", str(r.path))
        lines = r.failures()
        if r.error:
            ET.SubElement(case, "error", message=r.error).text = "\n".join(lines)
        elif lines:
            ET.SubElement(case, "failure", message=lines[0]).text = "\n".join(lines)
        if r.screenshot:
            ET.SubElement(case, "system-out").text = f"[[ATTACHMENT|{Path(r.screenshot).resolve()}]]"
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
