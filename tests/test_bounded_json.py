"""Bounded JSON: every malformed or oversized input gets one positioned JsonError, never a
RecursionError, ValueError or a value that breaks an encoder later."""

from __future__ import annotations

import json
import time

import pytest

from ui4a.bounded_json import JsonError, Limits, loads, loads_lines, loads_values


@pytest.mark.parametrize(
    "text",
    ['{"a": [1, 2.5e3, -0.5, true, false, null, "x\\n\\u00e9\\ud83d\\ude00"]}', "[]", "{}", '"\\\\ud800"',
     " 12 ", "[" * 32 + '"deep"' + "]" * 32],
)
def test_valid_json_reads_as_json_loads_reads_it(text):
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("[" * 100_000, "1:33: JSON nested deeper than 32 levels"),
        ('{"a":' * 100_000, "1:161: JSON nested deeper than 32 levels"),
        ("1" * 5000, "1:1: number is longer than 40 characters"),
        ("[1e999]", "1:2: number 1e999 is out of range"),
        ('{"t": "\\ud800"}', "1:7: a lone UTF-16 surrogate escape in a string is not text"),
        ('"\\udc00\\ud800"', "1:1: a lone UTF-16 surrogate escape in a string is not text"),
        ('"\\ud800x\\udc00"', "1:1: a lone UTF-16 surrogate escape in a string is not text"),
        ('"\ud800"', "1:2: a lone UTF-16 surrogate U+D800 is not text"),
        ('{"id": 1, "id": 2}', "1:11: duplicate key 'id' in an object (each key once)"),
        ("NaN", "1:1: expected a value, found 'N'"),
        ("[1, Infinity]", "1:5: expected a value, found 'I'"),
        ("[1,]", "1:4: expected a value, found ']'"),
        ("[1 2]", "1:4: expected ',' or ']' after an array item, found '2'"),
        ('{"a": 1 "b"}', "1:9: expected ',' or '}' after an object value, found '\"b\"'"),
        ('{"a" 1}', "1:6: expected ':' after an object key, found '1'"),
        ("{1: 2}", "1:2: expected a string key, found '1'"),
        ('"a\x01"', "1:1: a string is not closed, or holds a control character or a bad escape"),
        ('"\\x"', "1:1: a string is not closed, or holds a control character or a bad escape"),
        ("[1] [2]", "1:5: unexpected '[' after the JSON value"),
        ("", "1:1: unexpected end of JSON: expected a value"),
        ('{"a": [1,\n  2', "2:4: unexpected end of JSON: '[' is not closed"),
        ("'single'", "1:1: expected a value, found \"'\""),
    ],
)
def test_faults_are_positioned(text, fault):
    with pytest.raises(JsonError) as info:
        loads(text)
    assert str(info.value) == fault
    assert info.value.diagnostic.code == "json"


@pytest.mark.parametrize(
    ("text", "syntax"),
    [("[1,]", True), ("{'a': 1}", True), ("[1", True), ("NaN", True), ("[1] [2]", True),
     ("[[1]]", False), ('{"a": 1, "a": 2}', False), ("[1e999]", False), ('"\\ud800"', False),
     ("1" * 50, False)],
)
def test_a_broken_grammar_is_told_from_a_refusal(text, syntax):
    with pytest.raises(JsonError) as info:
        loads(text, Limits(max_depth=1))
    assert info.value.syntax is syntax


def test_lone_surrogates_can_read_as_u_fffd():
    found: list[int] = []
    text = '["a\\ud800", "\\ud83d\\ude00", "\\\\ud800", "\udc00", {"\\udc00": 1}]'
    assert loads(text, surrogates=found) == ["a\ufffd", "\U0001f600", "\\ud800", "\ufffd", {"\ufffd": 1}]
    assert found == [3, 40, 46]
    with pytest.raises(JsonError) as info:  # positions after a replaced escape still hold
        loads('["\\ud800", 1 2]', surrogates=[])
    assert str(info.value) == "1:14: expected ',' or ']' after an array item, found '2'"


def test_the_items_of_an_array_are_placed():
    starts: list[int] = []
    assert loads('[1, 2,\n {"a": [3, 4]}, "s"]', items=starts) == [1, 2, {"a": [3, 4]}, "s"]
    assert starts == [1, 4, 8, 23]
    starts = []
    with pytest.raises(JsonError, match="2:10: expected a string key, found '}'"):
        loads('[{"a": 1},\n {"b": 2,}, {"c": 3}]', items=starts)
    assert starts == [1, 12]  # the items before the fault


def test_values_one_after_another():
    assert loads_values('{"a": 1}{"b": 2}\n [3] 4') == [(0, {"a": 1}), (8, {"b": 2}), (18, [3]), (22, 4)]
    for text, fault in [('{"a": 1} }', "1:10: expected a value, found '}'"),
                        ("", "1:1: unexpected end of JSON: expected a value")]:
        with pytest.raises(JsonError) as info:
            loads_values(text)
        assert str(info.value) == fault


def test_size_and_string_limits():
    with pytest.raises(JsonError, match="JSON text is longer than 10 characters"):
        loads('"' + "x" * 20 + '"', Limits(max_chars=10))
    with pytest.raises(JsonError, match="1:1: string is longer than 8 characters"):
        loads('"' + "x" * 20 + '"', Limits(max_string=8))
    with pytest.raises(JsonError, match="1:2: JSON nested deeper than 1 levels"):
        loads("[[1]]", Limits(max_depth=1))
    assert loads('"' + "\\u00e9" * 8 + '"', Limits(max_string=8)) == "é" * 8  # characters as read
    with pytest.raises(JsonError, match="1:1: string is longer than 8 characters"):
        loads('"' + "\\u00e9" * 9 + '"', Limits(max_string=8))


def test_jsonl_positions_count_from_the_whole_text():
    assert loads_lines('{"a": 1}\n\n[2]\n') == [{"a": 1}, [2]]
    with pytest.raises(JsonError) as info:
        loads_lines('{"a": 1}\n{"b": [1,]}\n')
    assert str(info.value) == "2:10: expected a value, found ']'"


def test_a_megabyte_of_hostile_json_is_refused_quickly():
    for text in ["[" * 1_000_000, '{"a":' * 200_000, "[" + "1," * 500_000, '"' + "\\ud800" * 150_000 + '"']:
        started = time.perf_counter()
        with pytest.raises(JsonError):
            loads(text)
        assert time.perf_counter() - started < 2
