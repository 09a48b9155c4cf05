"""Property-based tests: random and mutated documents only ever meet the project's own errors."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import example_sources
from tests.safety import audit
from ui4a import registry
from ui4a.cli_support import read_source
from ui4a.lang.errors import UI4AError
from ui4a.lang.parser import StreamParser, parse
from ui4a.render.html import RenderError, render_source, render_tree
from ui4a.validate import check

SEEDS = [src for _, src in example_sources()] + [c.example for c in registry.all_components()]
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PIECES = st.sampled_from(list('<>/{}[]()"\'=,:;\\ \n\tabcXYZ019-+*!?.&|\u00e9') + ["<Card", "</>", "{x}", "<Text>"])
NOISE = st.lists(PIECES, max_size=80).map("".join)


def _bounded_check(source: str):
    start = time.perf_counter()
    report = check(source)
    assert time.perf_counter() - start < 5, "validation must finish in bounded time"
    return report


@st.composite
def mutated(draw):
    source = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        if not source:
            break
        i = draw(st.integers(0, len(source)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "truncate", "duplicate"]))
        piece = draw(st.lists(PIECES, min_size=1, max_size=3).map("".join))
        if op == "insert":
            source = source[:i] + piece + source[i:]
        elif op == "delete":
            source = source[:i] + source[i + draw(st.integers(1, 10)):]
        elif op == "replace":
            source = source[:i] + piece + source[i + len(piece):]
        elif op == "truncate":
            source = source[:i]
        else:
            j = draw(st.integers(i, min(len(source), i + 40)))
            source = source[:j] + source[i:j] + source[j:]
    return source


@FAST
@given(st.text(max_size=300))
def test_random_text_never_crashes(source):
    report = _bounded_check(source)
    for d in report.diagnostics:
        assert d.line >= 1 and d.col >= 1 and d.message


@FAST
@given(NOISE)
def test_markup_shaped_noise_never_crashes(source):
    _bounded_check(source)


@FAST
@given(mutated())
def test_mutated_examples_fail_cleanly_and_render_safely(source):
    report = _bounded_check(source)
    try:
        html = render_source(source, standalone=True)
    except RenderError as exc:
        assert exc.diagnostics
        assert not report.ok
        return
    assert report.ok
    assert audit(html) == []


@FAST
@given(mutated(), st.data())
def test_any_chunking_gives_the_same_result(source, data):
    try:
        full = parse(source)
        error = None
    except UI4AError as exc:
        full, error = None, exc.diagnostic
    cuts = sorted(data.draw(st.lists(st.integers(0, len(source)), max_size=8)))
    parser = StreamParser()
    last = 0
    for cut in cuts + [len(source)]:
        parser.feed(source[last:cut])
        last = cut
        render_tree(parser.tree(), partial=True)  # every frame is renderable
    parser.close()
    assert parser.error == error
    if full is not None:
        assert parser.tree() == full


@FAST
@given(st.binary(max_size=200))
def test_random_bytes_are_reported_not_raised(tmp_path_factory, blob):
    path = tmp_path_factory.mktemp("bytes") / "x.ui"
    path.write_bytes(blob)
    source, bad = read_source(str(path))
    if bad is not None:
        assert bad.code == "encoding" and bad.line >= 1
    else:
        _bounded_check(source)


def test_huge_and_deep_inputs_are_bounded():
    for source in ["<Stack>" * 10_000, "<Card v=" + "[" * 100_000, "<Text>{" + "(" * 50_000, "x" * 400_000,
                   '<Table rows=[' + "[1]," * 60_000 + "] />"]:
        report = _bounded_check(source)
        assert not report.ok
