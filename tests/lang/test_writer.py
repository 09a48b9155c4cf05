"""The writer: every value it writes parses back to the same value, in every position."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui4a.lang import writer
from ui4a.lang.nodes import Text
from ui4a.lang.parser import parse

# Text that is hard to write: braces, quotes, backslashes, line breaks, control
# characters, non-ASCII letters and symbols outside the Basic Multilingual Plane.
_HARD = st.sampled_from(list('{}"\'\\\n\r\t<>/$\x00\x1f\x7fé漢🙂') + ["${", "\\{", "{x}", "\\u0041"])
strings = st.lists(st.one_of(st.text(max_size=6), _HARD), max_size=6).map("".join)
numbers = st.one_of(
    st.integers(min_value=-(10**15) + 1, max_value=10**15 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, strings)
keys = st.one_of(st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,5}", fullmatch=True), strings)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=12,
)


def _prop_value(source: str):
    el = parse(source).children[0]
    return el.props[0].literal() if el.props else None


@settings(max_examples=400, deadline=None)
@given(values)
def test_every_value_reads_back_as_a_prop(v):
    code = writer.element("Card", [("title", v)])
    assert _same(_prop_value(code), v)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(scalars, st.lists(scalars, max_size=3)), min_size=1, max_size=4))
def test_state_values_read_back(items):
    names = [f"v{i}" for i in range(len(items))]
    doc = parse(writer.state(dict(zip(names, items, strict=True))))
    got = {p.name: p.literal() for p in doc.children[0].props}
    assert all(_same(got[n], v) for n, v in zip(names, items, strict=True))


@settings(max_examples=300, deadline=None)
@given(strings)
def test_text_content_reads_back(s):
    # Whitespace folds as in JSX (a run holding a line break next to a tag or an
    # interpolation is layout), so the text is compared with its whitespace folded.
    doc = parse(writer.element("Text", children=[writer.text(s)]))
    kids = doc.children[0].children if doc.children[0].children else []
    shown = "".join(k.raw if isinstance(k, Text) else k.expr.value for k in kids)
    assert _fold(shown) == _fold(s)


@settings(max_examples=200, deadline=None)
@given(strings)
def test_a_brace_in_a_string_never_interpolates(s):
    code = writer.element("Button", [("label", s + "{total}"), ("action", writer.Expr("submit()"))])
    prop = parse(code).children[0].props[0]
    assert not prop.braced and prop.literal() == s + "{total}"


def test_canonical_form_of_nested_values():
    assert writer.value({"label": "Price", "rows": [["Jan", 12], ["Feb", 2.0]], "x y": None}) \
        == '{label:"Price",rows:[["Jan",12],["Feb",2]],"x y":null}'
    assert writer.string('Price {total} "each"\n') == '"Price \\{total\\} \\"each\\"\\n"'
    assert writer.element("Row", [("wrap", True), ("gap", "sm")], ["<Text>a</Text>"]) \
        == '<Row wrap gap="sm"><Text>a</Text></Row>'


@pytest.mark.parametrize("bad", [math.nan, math.inf, 10**16, {1: 2}, {"a"}, b"x"])
def test_values_compact_code_cannot_hold_are_refused(bad):
    with pytest.raises(writer.WriteError):
        writer.value(bad)


def _fold(s: str) -> str:
    return re.sub(r"[ \t\n\r]+", " ", s).strip()


def _same(a, b) -> bool:
    """Equal as compact code means them: 2.0 and 2 are one number."""
    if isinstance(b, tuple):
        b = list(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b
