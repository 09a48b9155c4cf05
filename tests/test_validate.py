"""The validator: every fault collected, positioned, and worded for a repair turn."""

from __future__ import annotations

import json

import pytest

from ui4a.validate import check


def messages(source: str) -> list[str]:
    return [f"{d.line}:{d.col}: {d.message}" for d in check(source).diagnostics]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('<Card title="x"><Txt>hi</Txt></Card>', ["1:17: unknown component <Txt>; did you mean <Text>?"]),
        ('<card />', ["1:1: '<' must start a component tag (component names start with a capital letter,"
                      " e.g. <Card>); write \\< for a literal '<'"]),
        ('<Card titel="x" />', ["1:7: <Card> has no prop 'titel'; did you mean 'title'? (props: title, subtitle, tone)"]),
        ('<Badge tone="green">x</Badge>',
         ["1:8: <Badge> prop 'tone': Input should be 'neutral', 'info', 'success', 'warning', 'danger' or"
          " 'accent' (got 'green')"]),
        ("<Text>{cnt}</Text>", ["1:8: unknown state 'cnt': declare it with <State cnt=… />"]),
        ("<State count=0 /><Text>{cont}</Text>",
         ["1:25: unknown state 'cont'; did you mean 'count'?: declare it with <State cont=… />"]),
        ('<Divider>text</Divider>', ["1:10: <Divider> takes no children, found text"]),
        ('<Tabs><Card /></Tabs>', ["1:7: <Tabs> may contain only <Tab>, found <Card>"]),
        ('<Card id="a" /><Card id="a" />', ['1:22: id "a" is already used at 1:7']),
        ('<Card id="a b" />', ["1:7: <Card> prop 'id' must be a literal name of letters, digits, '-' or '_'"]),
        ('<Button label="x" action="hi" />', ["1:19: <Button> prop 'action' is an action and must be written in braces"]),
        ('<State n=1 /><Button label="x" action={n + 1} />',
         ["1:32: <Button> prop 'action': each statement must set state or call send(), toggle() or submit()"]),
        ('<State n=1 /><NumberField label="N" bind={n + 1} />',
         ["1:37: <NumberField> prop 'bind' must name one state variable in braces"]),
        ('<State n=1 /><State n=2 />', ["1:21: state 'n' is declared twice"]),
        ('<State n={1 + 1} />', ["1:8: state 'n' needs a literal initial value"]),
        ('<Card title="a" title="b" />', ["1:17: <Card> has the prop 'title' twice"]),
        ('<Progress value=5 />', ["1:1: <Progress> is missing the required prop 'label' (What is progressing,"
                                  " e.g. 'Upload')"]),
    ],
)
def test_fault_messages(source, expected):
    assert messages(source) == expected


def test_all_faults_are_collected_in_document_order():
    source = '<Card titel="x">\n  <Txt />\n  <Text>{nope}</Text>\n  <Badge tone="green">b</Badge>\n</Card>'
    found = messages(source)
    assert [m.split(":")[0] for m in found] == ["1", "2", "3", "4"]
    assert len(found) == 4


def test_json_and_file_formats():
    report = check('<Card titel="x" />')
    assert report.format("a.ui") == ("a.ui:1:7: <Card> has no prop 'titel'; did you mean 'title'? "
                                     "(props: title, subtitle, tone)")
    data = json.loads(json.dumps(report.to_json()))
    assert data[0]["line"] == 1 and data[0]["col"] == 7 and data[0]["code"] == "unknown-prop"
    assert data[0]["expected"] == "a prop of Card"


def test_expression_type_errors_surface_at_validation():
    found = messages('<State s="a" /><Progress label="x" value={s * 2} />')
    assert found == ["1:43: '*' needs a number, got text 'a'"]  # points at the operand


def test_element_count_limit():
    source = "<Stack>" + "<Divider />" * 5001 + "</Stack>"
    assert any("more than 5000 elements" in m for m in messages(source))


def test_valid_interactive_document():
    source = """<State guests=2 note="" />
<Form title="Book" onSubmit={send("Book {guests}: {note}")}>
  <NumberField label="Guests" bind={guests} min=1 max=12 />
  <TextField label="Note" bind={note} />
  <Text>Table for {guests}{guests > 6 ? " (large party)" : ""}</Text>
</Form>"""
    report = check(source)
    assert report.ok, report.format()
    assert report.state == {"guests": 2, "note": ""}


def test_interpolation_type_faults_are_found_before_rendering():
    assert messages('<State s="x" />\n<Text>{s * 2}</Text>') == ["2:8: '*' needs a number, got text 'x'"]


def test_sum_counts_booleans():
    from ui4a.render.html import render_source

    assert "2 of 3" in render_source("<State a=true b=false c=true /><Text>{sum([a, b, c])} of 3</Text>")
