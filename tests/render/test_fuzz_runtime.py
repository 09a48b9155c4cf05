"""Fuzzing the standalone page's runtime against the Python evaluator and renderer (Hypothesis).

Random expressions under random states must give the same value in both, or the same refusal
at the same place; random documents, re-shown in Chromium under random states (the runtime's
``ui4a.update``), must show the text the Python renderer renders, or both refuse. Hostile
strings in state and props (markup, script, quotes, line separators) stay text: the page never
gains an element, an attribute or a global from them, and its console stays clean. The number
of examples follows the suite's Hypothesis profile (``UI4A_FUZZ=long`` for a deliberate search).
"""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.render.runtime_eval import python_answer, runtime_answers, runtime_page
from ui4a.checks.browser import PageWatch
from ui4a.lang import expr as ex
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.render.html import RenderError, render_document, render_source
from ui4a.render.wire import to_wire
from ui4a.validate import check

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HOSTILE = ["</script><script>window.__pwned=1</script>", "<img src=x onerror=window.__pwned=1>",
           "${window.__pwned=1}", "\u2028\u2029", "\"'`", "<!--", "]]>", "&amp;&lt;", "\ue0000\ue001"]
ALPHABET = (string.ascii_letters + string.digits + " .,-+_e<>&$`'!?:;/@#%^*=|~()[]"
            + "éßΣςİ😀ǅﬀ١٤\u00a0\u3000\u0085\t\u2028")
NAMES = ["a", "b", "c", "xs", "o"]
FUNCS = ["round", "fixed", "min", "max", "abs", "len", "sum", "upper", "lower", "join", "str", "num"]

texts = st.one_of(st.text(ALPHABET, max_size=12), st.sampled_from(HOSTILE))
numbers = st.one_of(st.integers(-10**6, 10**6), st.integers(-10**19, 10**19),
                    st.floats(allow_nan=False, allow_infinity=False, width=64),
                    st.sampled_from([0.1, 0.5, 2.5, 1e15, 1e16, 1e-5, -0.0, 1 / 3, 0.125, 7654321.5]))
scalars = st.one_of(numbers, texts, st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["k", "v", "length", "a b"]), inner, max_size=3)), max_leaves=8)
states = st.fixed_dictionaries({name: values for name in NAMES})


def _string_literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("{", "\\{").replace("}", "\\}") + '"'


def _number_literal(n: int | float) -> str:
    text = repr(n)
    return f"({text})" if text.startswith("-") else text


atoms = st.one_of(numbers.map(_number_literal), texts.map(_string_literal), st.sampled_from(NAMES),
                  st.sampled_from(["true", "false", "null", "1e999", "[]", "{}"]))


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    ops = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||"]
    return st.one_of(
        st.tuples(inner, st.sampled_from(ops), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(st.sampled_from(["!", "-"]), inner).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} ? {t[1]} : {t[2]})"),
        st.tuples(st.sampled_from(FUNCS), st.lists(inner, max_size=3)).map(lambda t: f"{t[0]}({', '.join(t[1])})"),
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
        st.tuples(inner, st.sampled_from(["length", "k", "v"])).map(lambda t: f"({t[0]}).{t[1]}"),
        st.tuples(inner, inner).map(lambda t: f"({t[0]})[{t[1]}]"),
        st.lists(inner, min_size=1, max_size=3).map(lambda parts: '"' + "-".join("{" + p + "}" for p in parts) + '"'),
    )


expressions = st.recursive(atoms, _compound, max_leaves=10)


def _parses(source: str) -> bool:
    try:
        ex.parse_expression(source, 0, LineIndex.of(source))
    except ExprError:
        return False
    return True


def _comparable(answer: tuple) -> tuple:
    """An answer with the quoted preview left out of a refusal's message (Python writes it with repr)."""
    if answer[0] != "error":
        return answer
    return ("error", re.sub(r" (got|with) .*", r" \1 …", answer[1]), answer[2])


@pytest.fixture(scope="module")
def evaluator_page(browser):
    page = runtime_page(browser)
    yield page
    page.close()


@given(st.lists(expressions, min_size=1, max_size=20), states)
def test_both_evaluators_agree(evaluator_page, sources, state):
    jobs = [(s, state) for s in sources if _parses(s)]
    js = runtime_answers(evaluator_page, jobs)
    for (source, _), got in zip(jobs, js, strict=True):
        assert _comparable(got) == _comparable(python_answer(source, state)), source


# ---------------------------------------------------------------- documents

TEXTS = ['"{a} and {b}"', "b + a", "upper(b)", "lower(b) + str(c)", 'c ? b : "no"', 'join(xs, "-")', "str(o)",
         "b + len(b)", '"<{b}>"', "xs"]
NUMBERS = ["a", "a + 1", "a * 2.5", "round(a / 3, 2)", "len(b)", "sum([a, 1])", "abs(a) % 7", "max(a, 0)"]
texts_in_doc = st.one_of(st.sampled_from(TEXTS), expressions)
# A number prop keeps numbers: the runtime re-shows a prop's value but does not re-check its type
# against the props model (text where a number was) or its range; the renderer's check does.
numbers_in_doc = st.sampled_from(NUMBERS)


def _document(texts_shown: list[str], stats: list[tuple[str, str]]) -> str:
    lines = ['<State a=1 b="x" c=true xs=[1, 2] o=1 />', '<Card title="Fuzz">']
    lines += [f"<Text>{{{e}}}</Text>" for e in texts_shown]
    lines += [f"<Stat label={{{label}}} value={{{value}}} />" for label, value in stats]
    return "\n".join(lines + ["</Card>"])


doc_states = st.fixed_dictionaries({"a": st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6)), "b": texts, "c": st.booleans(),
                                    "xs": st.lists(st.one_of(numbers, texts), max_size=4), "o": values})


@pytest.fixture(scope="module")
def document_page(browser):
    page = browser.new_page()
    watch = PageWatch()
    watch.attach(page)
    yield page, watch
    page.close()
    watch.assert_clean()


@given(st.lists(texts_in_doc, min_size=1, max_size=4), st.lists(st.tuples(texts_in_doc, numbers_in_doc), max_size=2),
       doc_states)
def test_documents_show_what_python_renders(document_page, shown, stats, state):
    page, _watch = document_page
    source = _document([e for e in shown if _parses(e)] or ["a"], [t for t in stats if _parses(t[0]) and _parses(t[1])])
    report = check(source)
    if not report.ok:
        return  # a document that does not validate never becomes a page
    page.set_content(render_source(source, standalone=True, live=True))
    page.wait_for_selector(".ui4a[data-ui4a-live]")
    shown = page.evaluate("s => window.ui4a.update(s)", to_wire(state))
    try:
        expected = render_document(report.document, state, standalone=True)
    except RenderError:
        expected = None
    assert shown == (expected is not None), page.get_attribute(".ui4a", "data-ui4a-error")
    if expected is not None:
        page_text = re.sub(r"\s+", " ", page.text_content(".ui4a")).strip()
        reference = page.evaluate("html => { const d = new DOMParser().parseFromString(html, 'text/html');"
                                  " return d.querySelector('.ui4a').textContent; }", expected)
        assert page_text == re.sub(r"\s+", " ", reference).strip()
    # Hostile text stayed text: no new element, no handler attribute, no global.
    assert page.evaluate("() => window.__pwned") is None
    assert page.evaluate("() => document.querySelectorAll('script').length") == 2
    assert page.evaluate("() => [...document.querySelectorAll('.ui4a *')].every("
                         "el => [...el.attributes].every(a => !a.name.startsWith('on')))")
