"""Hostile documents, expressions, URLs and JSON, generated: deep, long, wide and amplifying.

Properties, for every input: only the project's own error types come out; each call ends in
bounded time; what renders stays within the render budget; no unsafe URL reaches the HTML.

The number of examples comes from the hypothesis profile (``tests/conftest.py``): ``ci`` by
default, a fixed, small budget; ``UI4A_FUZZ=long`` (or ``--hypothesis-profile=long``) runs
many more, with no deadline.
"""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st

from tests.safety import audit
from ui4a.bounded_json import JsonError, loads
from ui4a.hcp import ManifestError
from ui4a.hcp import loads as load_manifest
from ui4a.lang import expr as ex
from ui4a.lang.budget import MAX_HTML
from ui4a.lang.errors import ExprError, LineIndex, UI4AError
from ui4a.render.html import RenderError, render_source
from ui4a.urls import UnsafeUrl, check_image_url
from ui4a.validate import check

SECONDS = 5  # any one check, render or parse, on a loaded 2-core machine

# ------------------------------------------------------------------ generators

NAMES = st.sampled_from(["a", "s", "n", "xs", "o"])
STATE = '<State a="' + "y" * 4000 + '" s="short" n=3 xs=[1, 2, 3] o={k: "v"} />\n'
OPS = st.sampled_from(["+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||"])
ATOMS = st.one_of(NAMES, st.sampled_from(["1", "0", '"t"', "true", "null", "2.5", "xs[0]", "o.k", "s.length"]))


@st.composite
def expressions(draw, depth: int = 0) -> str:
    """Deep (nesting of every kind), long (operator chains), wide (arrays, calls) expressions."""
    kind = draw(st.sampled_from(["atom", "chain", "paren", "unary", "access", "array", "call", "cond", "repeat"]
                                if depth < 40 else ["atom"]))
    if kind == "atom":
        return draw(ATOMS)
    if kind == "chain":
        n = draw(st.integers(2, 400))
        ops = draw(st.lists(OPS, min_size=n - 1, max_size=n - 1))
        items = [draw(ATOMS) for _ in range(n)]
        return items[0] + "".join(f" {o} {x}" for o, x in zip(ops, items[1:], strict=True))
    if kind == "paren":
        return f"({draw(expressions(depth + 1))})"
    if kind == "unary":
        return draw(st.sampled_from(["!", "-"])) * draw(st.integers(1, 60)) + draw(expressions(depth + 1))
    if kind == "access":
        return draw(expressions(depth + 1)) + "".join(draw(st.lists(st.sampled_from(["[0]", ".length", ".k"]),
                                                                    max_size=60)))
    if kind == "array":
        return "[" + ", ".join(draw(st.lists(expressions(depth + 1), max_size=6))) + "]"
    if kind == "call":
        fn = draw(st.sampled_from(["join", "upper", "len", "max", "str", "sum", "round"]))
        return f"{fn}({draw(expressions(depth + 1))})"
    if kind == "cond":
        return f"{draw(expressions(depth + 1))} ? {draw(expressions(depth + 1))} : {draw(expressions(depth + 1))}"
    # repeat: amplification, a reference many times over
    return "[" + ", ".join([draw(NAMES)] * draw(st.integers(1, 3000))) + "]"


@st.composite
def documents(draw) -> str:
    """Documents that nest deep, run long, go wide or amplify their state."""
    kind = draw(st.sampled_from(["deep", "wide", "amplify", "exprs"]))
    if kind == "deep":
        n = draw(st.integers(1, 80))
        tag = draw(st.sampled_from(["Stack", "Card", "Section title=\"t\"", "Row"]))
        return "<" + f"><{tag}".join([tag] * n) + ">x" + "</>" * n
    if kind == "wide":
        n = draw(st.integers(1, 3000))
        el = draw(st.sampled_from(["<Text>{a}</Text>", "<Badge>{s}</Badge>", '<Text>{join(xs, "-")}</Text>',
                                   "<Divider />", "<Text>hi</Text>"]))
        return STATE + "<Stack>" + el * n + "</Stack>"
    if kind == "amplify":
        refs = ", ".join(["a"] * draw(st.integers(1, 400)))
        body = draw(st.sampled_from([f"{{[{refs}]}}", f"{{join([{refs}])}}", f"{{upper([{refs}])}}",
                                     '{"' + "{a}" * draw(st.integers(1, 200)) + '"}',
                                     "{" + " + ".join(["a"] * draw(st.integers(1, 200))) + "}"]))
        return STATE + f"<Text>{body}</Text>" * draw(st.integers(1, 30))
    exprs = draw(st.lists(expressions(), min_size=1, max_size=4))
    return STATE + "".join(f"<Text>{{{e}}}</Text>" for e in exprs)


URL_PIECES = st.sampled_from(["/", "\\", "//", "\\\\", "\t", "\n", "\r", " ", "\x01", "evil.example", "x.png",
                              "javascript:", "JaVa", "script:", "http:", "https:", "data:", "image/png;base64,",
                              "AAAA", "mailto:", ".", "..", "#", "?", ":", "%2F", "\u00a0", "@"])
URLS = st.lists(URL_PIECES, min_size=1, max_size=8).map("".join)


def _literal(text: str) -> str:
    out = []
    for ch in text:
        out.append("\\" + ch if ch in '"\\{}' else f"\\u{ord(ch):04x}" if ord(ch) < 0x20 else ch)
    return '"' + "".join(out) + '"'


@st.composite
def json_texts(draw) -> str:
    kind = draw(st.sampled_from(["deep", "number", "string", "dups", "noise"]))
    if kind == "deep":
        n = draw(st.integers(1, 20_000))
        opener = draw(st.sampled_from(["[", '{"a":', '[{"a":']))
        return opener * n + draw(st.sampled_from(["1", "", "[]"])) + draw(st.sampled_from(["", "]" * n, "}" * n]))
    if kind == "number":
        return "[" + draw(st.sampled_from(["1" * draw(st.integers(1, 6000)), "1e999", "-0.0e-999", "NaN"])) + "]"
    if kind == "string":
        return '"' + draw(st.sampled_from(["\\ud800", "\\udc00\\ud800", "\\ud83d\\ude00", "\\\\ud800", "\x01",
                                           "ok"])) * draw(st.integers(1, 50)) + '"'
    if kind == "dups":
        return "{" + ",".join(f'"{draw(st.sampled_from("abc"))}": 1' for _ in range(draw(st.integers(1, 6)))) + "}"
    return draw(st.text(alphabet='[]{}:,"\\0123456789.eE+-truefalsn ', max_size=200))


# ------------------------------------------------------------------ properties


def _timed(fn, *args):
    started = time.perf_counter()
    try:
        return fn(*args)
    finally:
        assert time.perf_counter() - started < SECONDS, f"{fn.__name__} took too long"


@given(documents())
def test_documents_meet_only_positioned_faults_and_render_within_budget(source):
    report = _timed(check, source)  # never raises
    for d in report.diagnostics:
        assert d.line >= 1 and d.col >= 1 and d.message
    try:
        html = _timed(render_source, source, True)
    except RenderError as exc:
        assert exc.diagnostics and not report.ok
        return
    assert report.ok, "what renders must pass check"
    assert len(html) <= MAX_HTML
    assert audit(html) == []


@given(expressions())
def test_expressions_raise_only_expr_errors(source):
    index = LineIndex.of(source)
    state = {"a": "y" * 4000, "s": "short", "n": 3, "xs": [1, 2, 3], "o": {"k": "v"}}
    try:
        node = _timed(ex.parse_expression, source, 0, index)
        value = _timed(ex.Evaluator(state, index).show, node)
    except ExprError as exc:
        assert exc.diagnostic.line >= 1
        return
    assert len(ex.to_text(value)) <= 256 * 1024


@given(URLS, st.sampled_from(["Image", "Link"]))
def test_no_unsafe_url_reaches_the_html(url, component):
    prop = "src" if component == "Image" else "href"
    source = f"<{component} {prop}={_literal(url)} alt=\"x\" />" if component == "Image" else \
        f"<Link href={_literal(url)}>x</Link>"
    try:
        html = render_source(source)
    except RenderError:
        try:
            check_image_url(url)
        except UnsafeUrl:
            return
        return  # refused for another reason (an empty link, say)
    assert audit(html) == [], (url, html)


@given(json_texts())
def test_json_raises_only_json_errors(text):
    try:
        _timed(loads, text)
    except JsonError as exc:
        assert exc.diagnostic.line >= 1 and isinstance(exc, UI4AError)


@given(st.integers(1, 20_000), st.sampled_from(["[", "{a = ", "a.", "[t."]))
def test_manifests_raise_only_manifest_errors(n, piece):
    text = f"x = {piece * n}" if piece in ("[", "{a = ") else piece * n + "b = 1"
    try:
        _timed(load_manifest, "[harness]\nname = \"x\"\n" + text + "\n")
    except ManifestError as exc:
        assert exc.errors
