"""The stream parser: conformance fixtures, split-point invariance, partial-tree rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import example_sources
from ui4a.lang.nodes import Element
from ui4a.lang.parser import StreamParser, parse

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "stream").glob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_conformance_fixture(path):
    case = json.loads(path.read_text())
    parser = StreamParser()
    for i, chunk in enumerate(case["chunks"]):
        assert parser.feed(chunk) == case["events"][i], f"events after chunk {i}"
        assert parser.tree().to_data() == case["trees"][i], f"tree after chunk {i}"
    parser.close()


def _split_sources():
    sources = example_sources()
    assert sources, "no examples found"
    return sources


@pytest.mark.parametrize(("name", "source"), _split_sources(), ids=[n for n, _ in _split_sources()])
def test_every_split_point_gives_the_full_parse(name, source):
    full = parse(source)
    for cut in range(len(source) + 1):
        parser = StreamParser()
        parser.feed(source[:cut])
        parser.feed(source[cut:])
        parser.close()
        assert parser.error is None, (cut, parser.error)
        assert parser.tree() == full, f"split at {cut}"


@pytest.mark.parametrize(("name", "source"), _split_sources(), ids=[n for n, _ in _split_sources()])
def test_partial_trees_never_show_half_names(name, source):
    final = {el.offset: el for el, _ in parse(source).walk()}
    parser = StreamParser()
    for ch in source:  # one character at a time: the harshest chunking
        parser.feed(ch)
        for el, _ in parser.tree().walk():
            done = final[el.offset]
            assert el.name == done.name
            for prop in el.props:
                target = done.prop(prop.name)
                assert target is not None, f"half-written prop name {prop.name!r}"
                if prop.partial:
                    assert target.literal()[: len(prop.literal())] == prop.literal()
                else:
                    assert prop == target
    parser.close()
    assert parser.tree() == parse(source)


def test_token_by_token_equals_full_parse_on_a_large_document():
    from bench.parse_speed import generate_document

    source = generate_document(40_000)
    parser = StreamParser()
    for i in range(0, len(source), 3):
        parser.feed(source[i:i + 3])
    parser.close()
    assert parser.tree() == parse(source)


def test_partial_text_is_shown_as_it_arrives():
    parser = StreamParser()
    parser.feed("<Text>Hel")
    el = parser.tree().children[0]
    assert isinstance(el, Element) and el.children[0].value == "Hel" and not el.closed


def test_feed_after_error_is_ignored_and_close_is_idempotent():
    parser = StreamParser()
    parser.feed("<Card><")
    parser.feed("1")
    assert parser.error is not None
    assert parser.feed("<Text>x</Text>") == []
    parser.close()
    assert parser.close() == []
