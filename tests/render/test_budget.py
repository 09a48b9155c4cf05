"""The render budget: what a document expands to is bounded, refused by ``check`` with a position,
and enforced again while rendering."""

from __future__ import annotations

import time

import pytest

from components._shared.charts import MAX_POINTS
from ui4a.lang import budget
from ui4a.lang import expr as ex
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.lang.parser import parse
from ui4a.render.html import RenderError, render_source, render_tree
from ui4a.validate import check

LONG = "x" * 16_000
OVER_VALUE = "a value's text grows past 256 KiB (the per-value limit of the render budget)"
OVER_DOC = ("the document expands past 512 KiB of text when rendered (the render budget); "
            "show fewer or shorter values")
OVER_STRING = "text grows past 16384 characters (the limit for one string)"


def refs(n: int) -> str:
    return ", ".join(["a"] * n)


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        (f"<Text>{{[{refs(10_000)}]}}</Text>", f"2:8: {OVER_VALUE}"),
        (f"<Text>{{join([{refs(10_000)}])}}</Text>", f"2:13: {OVER_VALUE}"),
        (f"<Text>{{upper([{refs(10_000)}])}}</Text>", f"2:14: {OVER_VALUE}"),
        (f"<Text>{{upper([{refs(5)}])}}</Text>", f"2:8: {OVER_STRING}"),
        ("<Text>{a}</Text>" * 2000, f"2:520: {OVER_DOC}"),
        ('<Text>{"' + "{a}" * 2000 + '"}</Text>', f"2:8: {OVER_STRING}"),
        ("<Text>{" + " + ".join(["a"] * 2000) + "}</Text>", f"2:10: {OVER_STRING}"),
        ("<Stack>" + "<Text>{[a, a, a]}</Text>" * 20 + "</Stack>", f"2:135: {OVER_DOC}"),
    ],
)
def test_check_refuses_amplification_with_a_position(body, fault):
    source = f'<State a="{LONG}" />\n{body}'
    started = time.perf_counter()
    report = check(source)
    assert time.perf_counter() - started < 2
    first = report.diagnostics[0]
    assert f"{first.line}:{first.col}: {first.message}" == fault
    assert first.code == "limit"
    with pytest.raises(RenderError) as info:
        render_source(source)
    assert info.value.diagnostics[0].message == first.message


def test_one_budget_fault_per_document():
    report = check(f'<State a="{LONG}" />\n' + "<Text>{a}</Text>" * 2000)
    assert [d.message for d in report.diagnostics] == [OVER_DOC]


def test_the_renderer_enforces_the_budget_under_a_later_state():
    doc = parse('<State a="short" />\n' + "<Text>{a}</Text>" * 100)
    assert check('<State a="short" />\n' + "<Text>{a}</Text>" * 100).ok
    with pytest.raises(RenderError) as info:
        render_tree(doc, state={"a": LONG})
    assert info.value.diagnostics[0].message == OVER_DOC


def test_the_html_backstop_stops_a_render(monkeypatch):
    monkeypatch.setattr("ui4a.render.html.MAX_HTML", 10_000)
    with pytest.raises(RenderError) as info:
        render_source("<Stack>" + "<Text>hello</Text>" * 2000 + "</Stack>")
    d = info.value.diagnostics[0]
    assert d.code == "limit" and d.message == "the rendered HTML grows past 0 MiB (the render budget)"


def test_actions_cannot_grow_state_without_bound():
    index = LineIndex.of("x = [x, x, x, x]")
    program = ex.parse_program("x = [x, x, x, x]", 0, index)
    state = {"x": "y" * 1000}
    with pytest.raises(ExprError, match="per-value limit of the render budget"):
        for _ in range(20):
            ex.Evaluator(state, index).run(program)
    assert budget.text_size(state["x"]) <= budget.MAX_VALUE
    deep = {"x": 0}
    nest = ex.parse_program("x = [x]", 0, LineIndex.of("x = [x]"))
    with pytest.raises(ExprError, match="a value nests lists or objects deeper than 32 levels"):
        for _ in range(100):
            ex.Evaluator(deep, LineIndex()).run(nest)


@pytest.mark.parametrize("value", ["", "abc", 12, 1.5, True, None, [], [1, [2, "x"]], {"a": [1, {"b": "c"}]}])
def test_text_size_bounds_the_text(value):
    assert len(ex.to_text(value)) <= budget.text_size(value) <= len(ex.to_text(value)) + 8


def test_text_size_stops_early():
    huge = ["x" * 1000] * 1_000_000
    started = time.perf_counter()
    with pytest.raises(budget.Oversize):
        budget.text_size(huge, cap=10_000)
    assert time.perf_counter() - started < 0.5


@pytest.mark.slow
def test_the_heaviest_document_check_accepts_renders_under_the_html_backstop():
    # Charts draw ~30 characters of SVG per character of data: the worst ratio of any component.
    points = ", ".join(f'["{i % 10}", {i % 10}]' for i in range(MAX_POINTS))
    charts = 10
    while check(_charts(points, charts + 10)).ok:
        charts += 10
    html = render_source(_charts(points, charts))
    assert len(html) < budget.MAX_HTML / 2


def _charts(points: str, n: int) -> str:
    return f"<State d=[{points}] />\n<Stack>" + '<BarChart title="t" data={d} />' * n + "</Stack>"
