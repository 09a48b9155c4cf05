"""Hostile strings in every string prop of every component never become executable HTML."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.safety import audit
from ui4a import registry
from ui4a.lang import expr as ex
from ui4a.lang.parser import parse
from ui4a.render.html import RenderError, render_document, render_source
from ui4a.validate import check

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='alert(1)",
    "javascript:alert(1)",
    " JaVa\tScRiPt:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "</style><script>alert(1)</script>",
    "x;background:url(javascript:alert(1))",
    "expression(alert(1))",
    "{{ 7*7 }}{% raw %}",
    "&lt;script&gt;",
    "<svg onload=alert(1)>",
    "//evil.example/x.js",
    "\u202e\u0000\ufeff",
]


def _string_props(comp):
    """(prop name, example document) pairs where the prop is written as a string literal."""
    doc = parse(comp.example)
    out = []
    for el, _ in doc.walk():
        for prop in el.props:
            if not prop.braced and isinstance(prop.literal(), str):
                out.append((el, prop))
    return doc, out


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("{", "\\{").replace("}", "\\}") + '"'


def _replace(source: str, prop, text: str) -> str:
    start = source.index("=", prop.offset) + 1
    return source[:start] + _quote(text) + source[start + len(prop.source):]


@pytest.mark.parametrize("comp", registry.all_components(), ids=lambda c: c.name)
def test_hostile_string_props(comp):
    """Each string prop of the example, in turn, gets each hostile payload."""
    _, props = _string_props(comp)
    rendered = 0
    for _, prop in props:
        for payload in HOSTILE:
            source = _replace(comp.example, prop, payload)
            report = check(source)
            if not report.ok:
                continue  # refused with positioned errors: nothing reaches the page
            html = render_document(report.document, standalone=True)
            assert audit(html) == [], (source, audit(html))
            rendered += 1
    if comp.children != "none":
        text = HOSTILE[0].replace("<", "\\<")
        source = comp.example.replace(">", ">" + text, 1)
        report = check(source)
        if report.ok:
            html = render_document(report.document, standalone=True)
            assert audit(html) == [] and "<script" not in html
            rendered += 1
    free_text = [p for _, p in props if p.name in ("title", "label", "description", "caption", "alt")]
    if free_text:
        assert rendered, "free-text props must accept hostile text (escaped), not only refuse it"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(registry.all_components()), st.text(max_size=80))
def test_any_text_in_string_props_is_escaped(comp, text):
    doc, props = _string_props(comp)
    if not props:
        return
    el, prop = props[0]
    start = comp.example.index("=", prop.offset) + 1
    source = comp.example[:start] + _quote(text) + comp.example[start + len(prop.source):]
    report = check(source)
    if report.ok:
        assert audit(render_document(report.document, standalone=True)) == []


def test_interpolated_state_is_escaped():
    html = render_source('<State s="<script>alert(1)</script>" /><Text>{s}</Text><Badge>{s}</Badge>')
    assert "<script" not in html and "&lt;script&gt;" in html


def test_unsafe_urls_are_refused_with_positions():
    report = check('<Link href="javascript:alert(1)">x</Link>\n<Image src="//evil/x.png" alt="a" />')
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "prop-type"), (2, "prop-type")]


def test_render_refuses_invalid_documents():
    with pytest.raises(RenderError) as info:
        render_source('<Card titel="x" />')
    assert info.value.diagnostics[0].code == "unknown-prop"


def test_no_python_eval_reachable():
    # Dunder access and unknown functions are refused by the evaluator itself.
    source = "x.__class__"
    index = ex.LineIndex.of(source)
    with pytest.raises(ex.ExprError):
        ex.Evaluator({"x": 1}, index).eval(ex.parse_expression(source, 0, index))
