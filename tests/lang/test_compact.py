"""The canonical compact form keeps the document and drops only meaningless whitespace."""

from __future__ import annotations

import pytest

from tests.conftest import example_sources
from ui4a.lang.parser import parse
from ui4a.lang.writer import canonical as compact
from ui4a.render.html import render_source
from ui4a.tokens import count


@pytest.mark.parametrize(("name", "source"), example_sources(), ids=[n for n, _ in example_sources()])
def test_compact_form_is_the_same_document(name, source):
    small = compact(source)
    assert parse(small).to_data() == parse(source).to_data()
    assert render_source(small) == render_source(source)
    assert count(small) <= count(source)


def test_indentation_between_tags_goes_and_text_stays():
    src = '<Card title="A">\n  <Text>one  two</Text>\n  <Text>three</Text>\n</Card>\n'
    assert compact(src) == '<Card title="A"><Text>one  two</Text><Text>three</Text></Card>'


def test_code_blocks_keep_their_lines():
    src = "<Code>\n  line one\n    line two\n</Code>"
    assert compact(src) == src.strip()


def test_invalid_documents_are_returned_unchanged():
    assert compact("<Card>\n  <Text>") == "<Card>\n  <Text>"
