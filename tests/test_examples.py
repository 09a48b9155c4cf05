"""The examples are realistic UIs: all valid, all rendered, together using every component."""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLES, example_sources
from tests.safety import audit
from ui4a import registry, tokens
from ui4a.render.html import render_source
from ui4a.validate import check


def test_there_are_enough_examples():
    assert len(EXAMPLES) >= 16


@pytest.mark.parametrize(("name", "source"), example_sources(), ids=[n for n, _ in example_sources()])
def test_example_is_valid_and_renders_safely(name, source):
    report = check(source)
    assert report.ok, report.format(name)
    html = render_source(source, standalone=True)
    assert audit(html) == []
    assert tokens.count(source) < tokens.count(html)


def test_examples_use_every_component():
    used = set()
    for _, source in example_sources():
        used |= {el.name for el, _ in check(source).document.walk()}
    assert set(registry.names()) - used == set()


def test_enough_examples_are_interactive():
    interactive = 0
    for _, source in example_sources():
        doc = check(source).document
        names = {el.name for el, _ in doc.walk()}
        has_action = any(p.braced and p.name in ("action", "onSubmit") for el, _ in doc.walk() for p in el.props)
        if "State" in names and has_action:
            interactive += 1
    assert interactive >= 6
