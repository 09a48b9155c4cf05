"""The full parser: trees and word-for-word error messages."""

from __future__ import annotations

import pytest

from ui4a.lang import expr as ex
from ui4a.lang.errors import ParseError
from ui4a.lang.nodes import Element, Interp, Text
from ui4a.lang.parser import parse


def test_element_props_and_children():
    doc = parse('<Card title="Hi" n=2 x=-1.5 flag v={n + 1}><Text>Hello {n}!</Text></Card>')
    card = doc.children[0]
    assert isinstance(card, Element) and card.name == "Card" and card.closed
    assert [p.name for p in card.props] == ["title", "n", "x", "flag", "v"]
    assert card.prop("title").literal() == "Hi"
    assert card.prop("n").literal() == 2
    assert card.prop("x").literal() == -1.5
    assert card.prop("flag").literal() is True
    assert card.prop("v").braced and isinstance(card.prop("v").value, ex.Binary)
    text = card.children[0]
    assert isinstance(text.children[0], Text) and text.children[0].value == "Hello "
    assert isinstance(text.children[1], Interp) and text.children[1].source == "n"
    assert text.children[2].value == "!"


def test_literal_arrays_and_objects():
    doc = parse('<Table columns=["A", {label:"B", type:"money",}] rows=[["x", 1, true, null],] />')
    table = doc.children[0]
    assert table.prop("columns").literal() == ["A", {"label": "B", "type": "money"}]
    assert table.prop("rows").literal() == [["x", 1, True, None]]
    assert table.self_closing


def test_short_close_and_whitespace_folding():
    doc = parse("<Card>\n  <Text>\n    two   words\n    here\n  </>\n</>")
    card = doc.children[0]
    assert len(card.children) == 1  # whitespace-only lines dropped
    assert card.children[0].children[0].value == "two words here"


def test_text_escapes():
    doc = parse(r"<Text>a \< b \{c\} \\ C:\path</Text>")
    assert doc.children[0].children[0].value == r"a < b {c} \ C:\path"


def test_string_interpolation_and_escapes():
    doc = parse(r'<Text tone="x {n}" t="\{lit\} \"q\" \u00e9" />')
    el = doc.children[0]
    assert isinstance(el.prop("tone").value, ex.Template)
    assert el.prop("t").literal() == '{lit} "q" é'


@pytest.mark.parametrize(
    ("source", "message", "line", "col"),
    [
        ("<Card>", "unexpected end of document: <Card> opened at 1:1 is not closed", 1, 7),
        ("<Card></Text>", "closing tag </Text> does not match <Card> opened at 1:1", 1, 7),
        ("</Card>", "unexpected closing tag </Card>: no element is open", 1, 1),
        ("<div>", "'<' must start a component tag (component names start with a capital letter, e.g. <Card>);"
                  " write \\< for a literal '<'", 1, 1),
        ("<Card title=Sales />", "bare word 'Sales' is not a value; strings need quotes: title=\"Sales\"", 1, 13),
        ("<Card\n  Title=\"x\" />", "expected a prop name, '/>' or '>' in <Card>, found 'T'"
                                  " (prop names start with a lowercase letter)", 2, 3),
        ('<Card title="x />', "unexpected end of document: string opened here is not closed", 1, 13),
        ("<Card rows=[[1, 2] />", "unexpected end of document: '[' opened here is not closed", 1, 12),
        ("<Card rows=[[1, 2}] />", "expected ']' to close '[' from 1:13, found '}'", 1, 18),
        ("<Card rows=[1,,2] />", "missing value in array", 1, 15),
        ("<Card rows=[a] />", "arrays written without braces may hold only literal values", 1, 13),
        ("<Card v={} />", "empty braces '{}'", 1, 9),
        ("<Card v={1 +} />", "expected a value, found the end of the expression", 1, 13),
        ("<Text>}</Text>", "unexpected '}' in text; write \\} for a literal brace", 1, 7),
        ("<Text>{x = 1}</Text>", "text can interpolate an expression, not statements", 1, 7),
        ("<Card a=1 / >", "expected '/>' to end <Card>, found '/ '", 1, 11),
        ("<Card>\n<Text>x</Text>\n", "unexpected end of document: <Card> opened at 1:1 is not closed", 3, 1),
    ],
)
def test_errors_word_for_word(source, message, line, col):
    with pytest.raises(ParseError) as info:
        parse(source)
    assert info.value.diagnostic.message == message
    assert (info.value.line, info.value.col) == (line, col)


def test_depth_limit():
    deep = "<Stack>" * 40 + "</Stack>" * 40
    with pytest.raises(ParseError, match="nested deeper than 32"):
        parse(deep)


def test_size_limit():
    with pytest.raises(ParseError, match="larger than 256 KiB"):
        parse("<Text>" + "x" * 300_000 + "</Text>")


def test_expression_depth_limit():
    with pytest.raises(ParseError, match="nested deeper than 32"):
        parse("<Text>{" + "(" * 40 + "1" + ")" * 40 + "}</Text>")


def test_control_characters_are_refused_with_position():
    with pytest.raises(ParseError) as info:
        parse("<Text>ok\n  \x00</Text>")
    assert info.value.diagnostic.message == "control character U+0000 is not allowed in a document"
    assert (info.value.line, info.value.col) == (2, 3)
