"""A2UI export/import: message shapes, SDK validation, round trips, bad input, the CLI, token sanity."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ui4a import a2ui, registry, tokens
from ui4a.a2ui.catalog import catalog_id, validate
from ui4a.a2ui.load import load
from ui4a.render.html import render_source
from ui4a.validate import check

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ui"))
SURFACE = {"surfaceId": "main"}


def _components(src: str) -> list[dict]:
    return a2ui.export(src)[1]["updateComponents"]["components"]


# ---------------------------------------------------------------- message shapes


def test_small_document_exact_messages():
    src = ('<State guests=2 />\n<Card title="Book"><NumberField label="Guests" bind={guests} min=1 />'
           '<Text>Table for {guests}</Text><Button label="Book" action={send("Book for {guests}")} /></Card>')
    fmt = {"call": "formatString", "args": {"value": "Table for ${/guests}"}, "returnType": "string"}
    send = {"call": "formatString", "args": {"value": "Book for ${/guests}"}, "returnType": "string"}
    assert a2ui.export(src) == [
        {"version": "v0.9", "createSurface": {**SURFACE, "catalogId": catalog_id("0.9")}},
        {"version": "v0.9", "updateComponents": {**SURFACE, "components": [
            {"id": "root", "component": "Card", "child": "c1", "title": "Book"},
            {"id": "c1", "component": "Column", "children": ["c2", "c3", "c4"]},
            {"id": "c2", "component": "TextField", "label": "Guests", "variant": "number",
             "value": {"path": "/guests"}, "min": 1},
            {"id": "c3", "component": "Text", "text": fmt},
            {"id": "c4", "component": "Button", "variant": "primary", "child": "c5",
             "action": {"event": {"name": "send", "context": {"text": send}}}},
            {"id": "c5", "component": "Text", "text": "Book"},
        ]}},
        {"version": "v0.9", "updateDataModel": {**SURFACE, "value": {"guests": 2}}},
    ]


def test_jsonl_is_compact_one_object_per_line():
    text = a2ui.to_jsonl(a2ui.export('<Heading level=1>Café</Heading>'))
    lines = text.splitlines()
    assert len(lines) == 2  # no state: no data-model message
    assert lines[1] == ('{"version":"v0.9","updateComponents":{"surfaceId":"main","components":'
                        '[{"id":"root","component":"Text","variant":"h1","text":"Café"}]}}')


def test_several_top_level_elements_get_a_root_column():
    comps = _components('<Text>a</Text><Divider />')
    assert comps[0] == {"id": "root", "component": "Column", "children": ["c1", "c2"]}
    assert comps[2] == {"id": "c2", "component": "Divider"}


def test_own_ids_are_kept_and_generated_ids_avoid_them():
    comps = _components('<Stack><Text id="c1">a</Text><Text>b</Text></Stack>')
    assert [c["id"] for c in comps] == ["root", "c1", "c2"]
    back = a2ui.import_document(a2ui.export('<Stack><Text id="intro">a</Text></Stack>')).code
    assert 'id="intro"' in back


def test_standard_mappings():
    comps = {c["id"]: c for c in _components(
        '<State on=false t="" c="A" /><Stack>'
        '<Switch label="On" bind={on} /><TextField label="T" bind={t} multiline />'
        '<Select label="C" bind={c} options=["A", {label:"Bee", value:"B"}] />'
        '<Icon name="map-pin" /><Row justify="between"><Text>x</Text></Row>'
        '<Button label="Go" variant="ghost" action={toggle(on)} /></Stack>')}
    assert comps["c1"] == {"id": "c1", "component": "CheckBox", "label": "On",
                           "value": {"path": "/on"}, "switch": True}
    assert comps["c2"]["variant"] == "longText" and comps["c2"]["value"] == {"path": "/t"}
    assert comps["c3"]["component"] == "ChoicePicker"
    assert comps["c3"]["options"] == [{"label": "A", "value": "A"}, {"label": "Bee", "value": "B"}]
    assert comps["c4"] == {"id": "c4", "component": "Icon", "name": "locationOn"}
    assert comps["c5"]["justify"] == "spaceBetween"
    assert comps["c7"]["variant"] == "borderless"
    assert comps["c7"]["action"] == {"functionCall": {"call": "ui4aRun", "args": {"program": "toggle(on)"}}}


def test_custom_components_carry_their_props():
    comps = _components('<Stat label="MRR" value="$12k" delta=4.2 />')
    assert comps == [{"id": "root", "component": "Stat", "label": "MRR", "value": "$12k", "delta": 4.2}]
    comps = _components('<State n=1 /><Badge tone="info">{n * 2} new</Badge>')
    assert comps[0]["text"] == {"call": "ui4aFormat", "args": {"value": "{n * 2} new"}}


def test_computed_values_use_the_custom_expression_function():
    comps = _components('<State n=1 /><Progress label="P" value={n * 10} />')
    assert comps[0]["value"] == {"call": "ui4aExpr", "args": {"expr": "n * 10"}}


# ---------------------------------------------------------------- round trip


class _Summary(HTMLParser):
    COUNTED = ("button", "input", "select", "textarea", "a", "h1", "h2", "h3", "h4", "h5", "h6")

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags = dict.fromkeys(self.COUNTED, 0)

    def handle_starttag(self, tag, attrs):
        if tag in self.tags:
            self.tags[tag] += 1

    def handle_data(self, data):
        self.text.append(data)


def _summary(html: str) -> tuple[str, dict]:
    s = _Summary()
    s.feed(html)
    return re.sub(r"\s+", " ", " ".join(s.text)).strip(), s.tags


CASES = [pytest.param(p.read_text(encoding="utf-8"), id=p.name) for p in EXAMPLES] + [
    pytest.param(c.example, id=f"example-{c.name}") for c in registry.all_components()
]


@pytest.mark.parametrize("src", CASES)
def test_round_trip_renders_the_same(src):
    back = a2ui.import_document(a2ui.to_jsonl(a2ui.export(src))).code
    report = check(back)
    assert report.ok, report.format() + "\n" + back
    assert _summary(render_source(back)) == _summary(render_source(src))


def test_import_accepts_a_list_of_messages():
    src = '<State x="hi" /><Text>{x}</Text>'
    assert a2ui.import_document(a2ui.export(src)).code == '<State x="hi" />\n<Text>{x}</Text>\n'


# ---------------------------------------------------------------- bad input


def _jsonl(*objs) -> str:
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objs)


def _update(*components) -> dict:
    return {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": list(components)}}


CREATE = {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "x"}}


@pytest.mark.parametrize("text, line, message", [
    (_jsonl(CREATE, "{not json"), 2, "not JSON"),
    (_jsonl(CREATE, _update({"component": "Text", "text": "a"})), 2, "component #1 has no id"),
    (_jsonl(CREATE, _update({"id": "root", "component": "Column", "children": ["a", "b"]},
                            {"id": "a", "component": "Text", "text": "x"})), 2,
     "component 'root': children names 'b', which does not exist"),
    (_jsonl(CREATE, _update({"id": "root", "component": "Column", "children": ["a"]},
                            {"id": "a", "component": "Row", "children": ["root"]})), 2,
     "component 'root' is in a cycle: root → a → root"),
    (_jsonl({"version": "v0.9", "bogus": {}}), 1, "exactly one of"),
    (_jsonl(CREATE, _update({"id": "root", "component": "Text", "text": "a"},
                            {"id": "root", "component": "Text", "text": "b"})), 2,
     "duplicate component id 'root' in one components list"),
])
def test_bad_input_is_positioned(text, line, message):
    with pytest.raises(a2ui.A2UIError) as info:
        a2ui.import_document(text)
    assert info.value.line == line
    assert message in str(info.value)


@pytest.mark.parametrize("text, error", [
    (_jsonl(CREATE, '{"a": ' + "1" * 65 + "}"), "2:7: number is longer than 64 characters"),
    (_jsonl(CREATE, '{"a": "' + "x" * 16385 + '"}'), "2:7: string is longer than 16384 characters"),
    (_jsonl(CREATE, '{"a":' + "[" * 70 + "]" * 70 + "}"), "2:69: JSON nested deeper than 64 levels"),
    ('{"a":' + "[" * 5000 + "\n{}\n", "1:69: JSON nested deeper than 64 levels"),
    (_jsonl(CREATE, '{"a": 1, "a": 2}'), "2:10: duplicate key 'a' in an object (each key once)"),
    (_jsonl(CREATE, "{not json"), "2:2: not JSON: unexpected 'n'"),
    (_jsonl(CREATE, '{"a": NaN}'), "2:7: not JSON: expected a value, found 'N'"),
    (json.dumps(CREATE) + '{"a": }', "1:81: not JSON: expected a value, found '}'"),
    ("[\n" + json.dumps(CREATE) + ',\n{"a": 1,},\n{"b": "' + "x" * 16385 + '"}\n]',
     "3:9: not JSON: expected a string key, found '}'; the SDK's payload fixer reads it, but then:"
     " string is longer than 16384 characters"),
])
def test_json_faults_are_positioned_word_for_word(text, error):
    with pytest.raises(a2ui.A2UIError) as info:
        load(text)
    assert str(info.value) == error


def test_more_than_1000_messages_are_refused_by_their_count():
    for text, error in [(_jsonl(*[CREATE] * 1001, "{broken"), "1001:1: 1002 messages, over the limit of 1000"),
                        (json.dumps([CREATE] * 1001), "1:1: 1001 messages, over the limit of 1000"),
                        (json.dumps(CREATE) * 1001, "1:1: 1001 messages, over the limit of 1000")]:
        with pytest.raises(a2ui.A2UIError) as info:
            load(text)
        assert str(info.value) == error


def test_messages_are_placed_on_the_line_they_start_on():
    assert [line for line, _ in load(json.dumps([CREATE, {"a": 1}], indent=1)).messages] == [2, 9]
    stream = json.dumps(CREATE) + json.dumps(CREATE) + "\n" + json.dumps({"a": 1}, indent=1)
    assert [line for line, _ in load(stream).messages] == [1, 1, 2]
    # Through the payload fixer: the items after its fault start on or after the fault's line.
    fixed = load("[\n" + json.dumps(CREATE) + ',\n{"a": 1,},\n{"b": 2}\n]')
    assert fixed.messages == [(2, CREATE), (3, {"a": 1}), (3, {"b": 2})]
    assert [(w.line, w.message) for w in fixed.warnings] == [
        (1, "not strict JSON; read through the SDK's payload fixer (smart quotes, trailing commas)")]


def test_lone_surrogates_become_u_fffd_with_one_warning_a_message():
    surrogate = "a lone surrogate (\\ud800-\\udfff) is not text; shown as U+FFFD"
    array = load("[\n" + json.dumps(CREATE) + ',\n{"t": "\\ud800", "\\udc00": "x\udc00"},\n{"u": "\\ud83d\\ude00"}\n]')
    assert array.messages[1:] == [(3, {"t": "\ufffd", "\ufffd": "x\ufffd"}), (4, {"u": "\U0001f600"})]
    assert [(w.line, w.message) for w in array.warnings] == [(3, surrogate)]
    jsonl = load(_jsonl(CREATE, '{"t": "\\ud800",}', '{"u": "\\udc00"}'))
    assert [m for _, m in jsonl.messages[1:]] == [{"t": "\ufffd"}, {"u": "\ufffd"}]
    assert [(w.line, w.message[:14]) for w in jsonl.warnings] == [
        (2, "not strict JSO"), (2, surrogate[:14]), (3, surrogate[:14])]


def test_missing_root_is_an_error():
    with pytest.raises(a2ui.A2UIError, match="surface 's' has no component with the id 'root'"):
        a2ui.import_document(_jsonl(CREATE, _update({"id": "a", "component": "Text", "text": "x"})))


def test_self_child_is_named():
    with pytest.raises(a2ui.A2UIError, match="component 'root' lists itself as a child"):
        a2ui.import_document([CREATE, _update({"id": "root", "component": "Card", "child": "root"})])


# ---------------------------------------------------------------- the SDK's validator

REFERENCES = [pytest.param(p.read_text(encoding="utf-8"), id=p.name) for p in EXAMPLES] + [
    pytest.param(c.example, id=f"example-{c.name}") for c in registry.all_components()
]


def _bench_references() -> list:
    from bench.cases import load_cases

    return [pytest.param(c.ui, id=f"bench-{c.name}") for c in load_cases()]


@pytest.mark.parametrize("version", ["0.9", "1.0"])
@pytest.mark.parametrize("src", REFERENCES + _bench_references())
def test_every_export_passes_the_sdk_validator(src, version):
    messages = a2ui.export(src, version=version)
    validate(messages, version)
    assert all(m["version"] == f"v{version}" for m in messages)


# ---------------------------------------------------------------- CLI


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "ui4a.cli", "a2ui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, input=stdin, timeout=60)


def test_cli_export_and_import(tmp_path):
    src = ROOT / "examples" / "tip_calculator.ui"
    out = tmp_path / "tip.jsonl"
    r = _cli(str(src), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8") == a2ui.to_jsonl(a2ui.export(src.read_text(encoding="utf-8")))
    r = _cli("--import", str(out))
    assert r.returncode == 0, r.stderr
    assert check(r.stdout).ok
    back = tmp_path / "tip.ui"
    assert _cli("--import", str(out), "-o", str(back)).returncode == 0
    assert back.read_text(encoding="utf-8") == r.stdout


def test_cli_bad_jsonl_exits_1_with_a_position(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(_jsonl(CREATE, _update({"id": "root", "component": "Card", "child": "nope"})))
    r = _cli("--import", str(bad))
    assert r.returncode == 1
    assert r.stderr.strip() == f"{bad}:2:1: component 'root': child names 'nope', which does not exist"
    assert "Traceback" not in r.stderr


def test_cli_bad_compact_code_exits_1(tmp_path):
    bad = tmp_path / "bad.ui"
    bad.write_text("<Card titel=\"x\" />")
    r = _cli(str(bad))
    assert r.returncode == 1
    assert r.stderr.startswith(f"{bad}:1:7: ")
    assert "Traceback" not in r.stderr


def test_cli_missing_file_is_a_usage_error(tmp_path):
    r = _cli(str(tmp_path / "nope.ui"))
    assert r.returncode == 2 and r.stderr.startswith("ui4a: cannot read")


# ---------------------------------------------------------------- tokens


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_jsonl_is_longer_than_compact_code(path):
    src = path.read_text(encoding="utf-8")
    assert tokens.count(a2ui.to_jsonl(a2ui.export(src))) > tokens.count(src)


# ---------------------------------------------------------------- v1.0 and the CLI's options


def test_v1_export_is_one_create_surface_with_components_and_data_inline():
    (msg,) = a2ui.export('<State n="Ada" /><Heading level=2>Hi {n}</Heading>', version="1.0")
    body = msg["createSurface"]
    assert msg["version"] == "v1.0" and body["catalogId"] == catalog_id("1.0")
    assert body["dataModel"] == {"n": "Ada"}
    assert body["components"] == [{"id": "root", "component": "Text",
                                   "text": {"@call": "formatString", "args": {"value": "## Hi ${/n}"}}}]
    assert a2ui.import_document([msg]).code == '<State n="Ada" />\n<Heading>Hi {n}</Heading>\n'


def test_cli_exports_v1_and_strict_import_fails_on_warnings(tmp_path):
    src = ROOT / "examples" / "tip_calculator.ui"
    r = _cli(str(src), "--version", "1.0")
    assert r.returncode == 0 and json.loads(r.stdout)["version"] == "v1.0"
    doc = tmp_path / "media.jsonl"
    doc.write_text(_jsonl(CREATE, _update({"id": "root", "component": "Video", "url": "https://example.com/v.mp4"})))
    r = _cli("--import", str(doc))
    assert r.returncode == 0 and "<Link" in r.stdout
    assert f"{doc}:2: warning: component 'root': UI4A has no video player" in r.stderr
    r = _cli("--import", "--strict", str(doc))
    assert r.returncode == 1 and r.stderr.startswith(f"{doc}:2:1: component 'root': UI4A has no video player")
    assert "Traceback" not in r.stderr
