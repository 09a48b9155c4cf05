"""The stream parser's cursor: where it stands at the end of the text so far, however it was chunked."""

from __future__ import annotations

import pytest

from ui4a.lang.cursor import Cursor, Mode
from ui4a.lang.parser import StreamParser


def cursor_of(*chunks: str) -> Cursor:
    parser = StreamParser()
    for chunk in chunks:
        parser.feed(chunk)
    return parser.cursor


CASES = [
    # between elements
    ("", Cursor(Mode.TEXT)),
    ("Hello", Cursor(Mode.TEXT)),
    ("Hi <", Cursor(Mode.TEXT)),  # a '<' alone may still become '</' or '<Name'
    ("<Card>x</Card>", Cursor(Mode.TEXT, tag_start=7)),
    ("<Card><Text>", Cursor(Mode.TEXT, depth=2, element="Text", tag_start=6)),
    # a component name: never shown half-written; the open element is still the parent
    ("<Ca", Cursor(Mode.TAG_NAME)),
    ("<Card", Cursor(Mode.TAG_NAME)),
    ("<Card><Te", Cursor(Mode.TAG_NAME, depth=1, element="Card", tag_start=6)),
    # in a tag
    ("<Card ", Cursor(Mode.ATTRS, depth=1, element="Card")),
    ("<Card ti", Cursor(Mode.ATTRS, depth=1, element="Card")),  # a half-written prop name is not the prop
    ("<Card title", Cursor(Mode.ATTRS, depth=1, element="Card")),  # nor one that may go on
    ("<Card title ", Cursor(Mode.AFTER_PROP, depth=1, element="Card", prop="title")),
    ("<Card title=", Cursor(Mode.BEFORE_VALUE, depth=1, element="Card", prop="title")),
    ("<Slider min=1", Cursor(Mode.BEFORE_VALUE, depth=1, element="Slider", prop="min")),  # a bare value may go on
    ('<Card title="Hi" ', Cursor(Mode.ATTRS, depth=1, element="Card", props=("title",))),
    ("<Slider min=1 max=9 ", Cursor(Mode.ATTRS, depth=1, element="Slider", props=("min", "max"))),
    # in a value
    ('<Card title="Hel', Cursor(Mode.STRING, depth=1, element="Card", prop="title", value='"Hel',
                                value_start=12, quote='"')),
    ('<Card title="a {b', Cursor(Mode.STRING, depth=1, element="Card", prop="title", value='"a {b',
                                 value_start=12, quote='"')),  # an interpolation does not end the string
    ("<Card title='it", Cursor(Mode.STRING, depth=1, element="Card", prop="title", value="'it",
                               value_start=12, quote="'")),
    ('<Chart data=[["Mon",1],["Tu', Cursor(Mode.ARRAY, depth=1, element="Chart", prop="data",
                                           value='[["Mon",1],["Tu', value_start=12, quote='"')),
    ("<Chart data=[1,2", Cursor(Mode.ARRAY, depth=1, element="Chart", prop="data", value="[1,2", value_start=12)),
    ('<Button label="Go" action={send("x', Cursor(Mode.EXPRESSION, depth=1, element="Button", props=("label",),
                                                  prop="action", value='{send("x', value_start=26, quote='"')),
    ("<Text>Hi {na", Cursor(Mode.INTERPOLATION, depth=1, element="Text", value="{na", value_start=9)),
    ("{a", Cursor(Mode.INTERPOLATION, value="{a")),
    # a closing tag
    ("<Card></Ca", Cursor(Mode.CLOSING_TAG, depth=1, element="Card", tag_start=6)),
    ("<Card></", Cursor(Mode.CLOSING_TAG, depth=1, element="Card", tag_start=6)),
    # a fault: nothing more parses
    ("}", Cursor(Mode.ERROR)),
    ("<Card ti=oops ", Cursor(Mode.ERROR, depth=1, element="Card")),
]


@pytest.mark.parametrize("text, expected", CASES, ids=[repr(t) for t, _ in CASES])
def test_the_cursor_at_each_kind_of_position(text, expected):
    assert cursor_of(text) == expected


@pytest.mark.parametrize("text, expected", CASES, ids=[repr(t) for t, _ in CASES])
def test_a_chunk_boundary_anywhere_gives_the_same_cursor(text, expected):
    # Mid-name ("<Ca" + "rd ti"), mid-string ('"He' + 'l'), mid-escape: the cursor does not depend on the split.
    for cut in range(len(text) + 1):
        assert cursor_of(text[:cut], text[cut:]) == expected, cut
    assert cursor_of(*text) == expected  # one character at a time


def test_a_name_split_by_a_chunk_is_shown_once_complete():
    parser = StreamParser()
    parser.feed("<Ca")
    assert parser.cursor.mode is Mode.TAG_NAME and parser.cursor.element is None
    parser.feed("rd ti")
    assert parser.cursor == Cursor(Mode.ATTRS, depth=1, element="Card")
    parser.feed("tle=")
    assert parser.cursor == Cursor(Mode.BEFORE_VALUE, depth=1, element="Card", prop="title")
    parser.feed('"Wee')
    parser.feed('kly \\"')
    assert parser.cursor.value == '"Weekly \\"' and parser.cursor.quote == '"'  # an escaped quote is text
    parser.feed('" />')
    assert parser.cursor == Cursor(Mode.TEXT)


def test_the_cursor_is_the_same_object_until_the_next_feed():
    parser = StreamParser()
    parser.feed("<Card ")
    at = parser.cursor
    assert parser.cursor is at
    parser.feed("/>")
    assert parser.cursor is not at and parser.cursor.mode is Mode.TEXT and at.mode is Mode.ATTRS


def test_closing_the_document_updates_the_cursor():
    parser = StreamParser()
    parser.feed("<Card title")
    assert parser.cursor.mode is Mode.ATTRS
    parser.close()  # the prop name is complete now, and the tag is not: a fault
    assert parser.cursor.mode is Mode.ERROR


@pytest.mark.parametrize("mode, in_tag, in_value", [
    (Mode.TEXT, False, False), (Mode.TAG_NAME, False, False), (Mode.ATTRS, True, False),
    (Mode.AFTER_PROP, True, False), (Mode.BEFORE_VALUE, True, False), (Mode.STRING, False, True),
    (Mode.ARRAY, False, True), (Mode.EXPRESSION, False, True), (Mode.INTERPOLATION, False, True),
    (Mode.CLOSING_TAG, False, False), (Mode.ERROR, False, False),
])
def test_mode_groups(mode, in_tag, in_value):
    assert (mode.in_tag, mode.in_value) == (in_tag, in_value)
