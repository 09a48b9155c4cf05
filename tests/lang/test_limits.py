"""Hostile expressions: long chains evaluate in a loop, deep nesting is refused by name, and no
input reaches a RecursionError."""

from __future__ import annotations

import inspect
import sys

import pytest

from ui4a.lang import expr as ex
from ui4a.lang.errors import ExprError, LineIndex
from ui4a.validate import check


def run(source: str, state: dict | None = None):
    index = LineIndex.of(source)
    return ex.Evaluator(dict(state or {}), index).eval(ex.parse_expression(source, 0, index))


def refusal(source: str, state: dict | None = None) -> str:
    with pytest.raises(ExprError) as info:
        run(source, state)
    d = info.value.diagnostic
    return f"{d.col}: {d.message}"


@pytest.mark.parametrize(
    ("source", "value"),
    [
        (" + ".join(["1"] * 5000), 5000),
        (" - ".join(["1"] * 5000), -4998),
        (" * ".join(["1"] * 5000), 1),
        (" == ".join(["true"] * 3000), True),
        (" && ".join(["x"] * 5000), 5),
        (" || ".join(["0"] * 5000) + " || 7", 7),
        (" + ".join(["x"] * 2000) + ' + "!"', "10000!"),
    ],
)
def test_long_flat_chains_evaluate(source, value):
    assert run(source, {"x": 5}) == value


def test_chains_keep_left_to_right_meaning():
    assert run('1 + 2 + "a"') == "3a"
    assert run('"a" + 1 + 2') == "a12"
    assert run("10 - 2 - 3") == 5
    assert run("2 * 3 + 4 * 5 == 26 && 1 || 0") == 1
    assert run("0 && x.missing") == 0  # short-circuit: the right side is never evaluated


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("a" + "[0]" * 1000, "93: expression nested deeper than 32 levels"),
        ("s" + ".length" * 1000, "219: expression nested deeper than 32 levels"),
        ("!" * 1000 + "x", "32: expression nested deeper than 32 levels"),
        ("-" * 1000 + "x", "32: expression nested deeper than 32 levels"),
        ("(" * 1000 + "1" + ")" * 1000, "33: expression nested deeper than 32 levels"),
        ("[" * 1000 + "]" * 1000, "17: expression nested deeper than 32 levels"),
        ("{a: " * 1000 + "1" + "}" * 1000, "65: expression nested deeper than 32 levels"),
        ("max(" * 1000 + ")" * 1000, "65: expression nested deeper than 32 levels"),
        ("x ? " * 1000 + "1" + " : 2" * 1000, "129: expression nested deeper than 32 levels"),
    ],
)
def test_deep_nesting_is_refused_with_the_limit(source, message):
    assert refusal(source, {"a": [0], "s": "x", "x": 1}) == message


def test_the_tallest_accepted_tree_evaluates_in_a_bounded_stack():
    # Six precedence levels under each of 31 parentheses: the tallest tree the parser makes.
    source = "x"
    for _ in range(31):
        source = f"0 || 1 && 1 == 1 < 2 + 1 * ({source})"
    index = LineIndex.of(source)
    node = ex.parse_expression(source, 0, index)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 500)
    try:
        # evaluated inside out: the innermost level is reached before '*' meets a boolean
        with pytest.raises(ExprError, match="'\\*' needs a number, got boolean"):
            ex.Evaluator({"x": 1}, index).eval(node)
    finally:
        sys.setrecursionlimit(limit)


def test_a_hand_built_tree_too_deep_is_refused_not_a_recursion_error():
    node = ex.Const(1, 0)
    for _ in range(ex.MAX_TREE_DEPTH + 5):
        node = ex.Unary("-", node, 0)
    with pytest.raises(ExprError, match=f"expression tree is deeper than {ex.MAX_TREE_DEPTH} levels"):
        ex.Evaluator({}).eval(node)


def test_deep_values_become_text_without_recursion():
    value: list = []
    for _ in range(5000):
        value = [value, "x"]
    assert ex.to_text(value).endswith(", x, x")


@pytest.mark.parametrize(
    "source",
    [
        "<Text>{" + "+".join(["1"] * 500) + "}</Text>",
        "<State a=[1] />\n<Text>{a" + "[0]" * 1000 + "}</Text>",
        "<State s=\"x\" />\n<Text>{s" + ".length" * 1000 + "}</Text>",
        "<Text>{" + " == ".join(["1"] * 1000) + "}</Text>",
        "<Text>{" + " && ".join(["1"] * 1000) + "}</Text>",
    ],
)
def test_check_answers_every_chain_with_a_report(source):
    report = check(source)  # no RecursionError, whatever the verdict
    assert all(d.line >= 1 and d.col >= 1 for d in report.diagnostics)
