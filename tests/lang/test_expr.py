"""The expression language: parsing, evaluation, actions, and its refusals."""

from __future__ import annotations

import pytest

from ui4a.lang import expr as ex
from ui4a.lang.errors import ExprError, LineIndex


def run(source: str, state: dict | None = None):
    index = LineIndex.of(source)
    return ex.Evaluator(dict(state or {}), index).eval(ex.parse_expression(source, 0, index))


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 / 4", 2.5),
        ("7 % 3", 1),
        ("0.1 + 0.2", 0.3),
        ("-x + 1", -4),
        ("!flag", False),
        ("x > 3 && x < 10", True),
        ("x == 5 ? \"five\" : \"other\"", "five"),
        ("\"n=\" + x", "n=5"),
        ("\"{x} items\"", "5 items"),
        ("items[1]", "b"),
        ("items.length", 3),
        ("obj.name", "Ada"),
        ("round(2.567, 2)", 2.57),
        ("round(2.5)", 2),
        ("fixed(3, 2)", "3.00"),
        ("max(1, x, 3)", 5),
        ("min([4, 2, 9])", 2),
        ("sum([1, 2, 3.5])", 6.5),
        ("len(items)", 3),
        ("upper(obj.name)", "ADA"),
        ("join(items, \"-\")", "a-b-c"),
        ("num(\"42\") + 1", 43),
        ("str(x) + str(flag)", "5true"),
        ("null || \"fallback\"", "fallback"),
        ("[x, x * 2]", [5, 10]),
        ("{a: x}", {"a": 5}),
    ],
)
def test_evaluates(source, value):
    state = {"x": 5, "flag": True, "items": ["a", "b", "c"], "obj": {"name": "Ada"}}
    assert run(source, state) == value


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("y + 1", "unknown state 'y'"),
        ("x / 0", "division by zero in '/'"),
        ("\"a\" * 2", "'*' needs a number, got text 'a'"),
        ("items[9]", "index 9 is out of range for length 3"),
        ("obj.missing", "no field 'missing' on object"),
        ("eval(\"1\")", "unknown function 'eval'"),
        ("send(\"x\")", "send() is an action; use it only in an action prop such as action={…}"),
        ("round(1, 2, 3)", "round() takes 1 to 2 arguments, got 3"),
        ("1e308 * 10", "'*' gives a number too large to show"),
        ("x.__class__", "no field '__class__' on number"),
    ],
)
def test_evaluation_errors(source, message):
    with pytest.raises(ExprError) as info:
        run(source, {"x": 5, "items": ["a", "b", "c"], "obj": {}})
    assert info.value.diagnostic.message == message


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("1 +", "expected a value, found the end of the expression"),
        ("(1", "expected ')' to close '(', found the end of the expression"),
        ("a ? b", "expected ':' in a conditional 'a ? b : c', found the end of the expression"),
        ("1 2", "unexpected '2'"),
        ("a = 1", "expected a single expression here, not statements"),
        ("x @ y", "unexpected character '@' in expression"),
        ("{a: 1, a: 2}", "duplicate key 'a' in object"),
        ("(1)(2)", "only named functions can be called"),
    ],
)
def test_parse_errors(source, message):
    with pytest.raises(ExprError) as info:
        ex.parse_expression(source, 0, LineIndex.of(source))
    assert info.value.diagnostic.message == message


def test_actions_return_effects_in_order():
    source = 'n = n + 1; toggle(open); send("Now {n}"); submit()'
    index = LineIndex.of(source)
    program = ex.parse_program(source, 0, index)
    state = {"n": 1, "open": False}
    effects = ex.Evaluator(state, index).run(program)
    assert effects == [("set", ("n", 2)), ("set", ("open", True)), ("send", "Now 2"), ("submit", None)]
    assert state == {"n": 2, "open": True}


def test_action_refuses_plain_expressions():
    source = "n + 1"
    index = LineIndex.of(source)
    with pytest.raises(ExprError, match="must set state or call"):
        ex.Evaluator({"n": 1}, index).run(ex.parse_program(source, 0, index))


def test_positions_point_into_the_document():
    doc = "<Text>\n  {a +}</Text>"
    index = LineIndex.of(doc)
    with pytest.raises(ExprError) as info:
        ex.parse_expression("a +", 10, index)
    assert (info.value.line, info.value.col) == (2, 7)
