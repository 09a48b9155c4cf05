"""The ui4a command line, run as a user runs it: a real subprocess, real files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOOD = '<Card title="Hi">\n  <Text>Hello</Text>\n</Card>\n'
BAD = '<Card titel="Hi">\n  <Txt>Hello</Txt>\n  <Badge tone="green">x</Badge>\n</Card>\n'


def ui4a(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "ui4a.cli", *args], input=stdin, capture_output=True,
                          cwd=cwd or ROOT, env=env, timeout=120)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "good.ui").write_text(GOOD)
    (tmp_path / "bad.ui").write_text(BAD)
    (tmp_path / "bytes.ui").write_bytes(b"<Card>\n\xff\xfe</Card>")
    return tmp_path


def test_check_ok(files):
    out = ui4a("check", str(files / "good.ui"))
    assert out.returncode == 0 and b"ok: 1 file(s), no errors" in out.stdout


def test_check_reports_every_error_positioned(files):
    out = ui4a("check", str(files / "bad.ui"))
    assert out.returncode == 1
    lines = out.stdout.decode().splitlines()
    path = str(files / "bad.ui")
    assert lines == [
        f"{path}:1:7: <Card> has no prop 'titel'; did you mean 'title'? (props: title, subtitle, tone)",
        f"{path}:2:3: unknown component <Txt>; did you mean <Text>?",
        f"{path}:3:10: <Badge> prop 'tone': Input should be 'neutral', 'info', 'success', 'warning', 'danger'"
        " or 'accent' (got 'green')",
    ]
    assert b"Traceback" not in out.stderr


def test_check_json(files):
    out = ui4a("check", "--json", str(files / "bad.ui"), str(files / "good.ui"))
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert [r["ok"] for r in data] == [False, True]
    assert data[0]["errors"][0] == {"code": "unknown-prop", "message": data[0]["errors"][0]["message"],
                                    "line": 1, "col": 7, "offset": 6, "expected": "a prop of Card"}


def test_check_bad_bytes_and_missing_file(files):
    out = ui4a("check", str(files / "bytes.ui"))
    assert out.returncode == 1
    assert b"bytes.ui:2:1: invalid UTF-8 byte 0xff" in out.stdout
    out = ui4a("check", str(files / "nope.ui"))
    assert out.returncode == 2 and out.stderr.startswith(b"ui4a: cannot read") and b"Traceback" not in out.stderr


def test_check_stdin():
    out = ui4a("check", "-", stdin=b"<Card>")
    assert out.returncode == 1 and b"<input>" not in out.stdout and b"-:1:7: unexpected end of document" in out.stdout


def test_render_to_file_is_atomic_and_standalone(files):
    target = files / "out" / "page.html"
    out = ui4a("render", str(files / "good.ui"), "--standalone", "-o", str(target))
    assert out.returncode == 0
    html = target.read_text()
    assert html.startswith("<!doctype html>") and "<style>" in html and "Hello" in html
    assert [p.name for p in target.parent.iterdir()] == ["page.html"]  # no temp file left


def test_render_standalone_runs_its_state_static_has_no_script(files):
    live = ui4a("render", str(files / "good.ui"), "--standalone")
    static = ui4a("render", str(files / "good.ui"), "--static")
    assert live.returncode == static.returncode == 0
    assert b'id="ui4a-data"' in live.stdout and b"script-src 'sha256-" in live.stdout
    assert static.stdout.startswith(b"<!doctype html>") and b"<script" not in static.stdout


def test_render_standalone_names_what_it_cannot_show_again(tmp_path):
    (tmp_path / "meter.ui").write_text('<State v=5 />\n<NumberField label="V" bind={v} />\n'
                                       '<Progress label="Level" value={v} />\n')
    out = ui4a("render", str(tmp_path / "meter.ui"), "--standalone")
    assert out.returncode == 0
    assert b"meter.ui:3:1: <Progress> shows values that depend on state, but the standalone page cannot" in out.stderr


def test_render_bad_file_writes_nothing(files):
    target = files / "never.html"
    out = ui4a("render", str(files / "bad.ui"), "-o", str(target))
    assert out.returncode == 1 and not target.exists()
    assert b"bad.ui:2:3: unknown component <Txt>" in out.stderr


def test_render_fragment_to_stdout(files):
    out = ui4a("render", str(files / "good.ui"))
    assert out.returncode == 0 and out.stdout.startswith(b'<div class="ui4a"')


def test_catalog_json_lists_every_component():
    from ui4a import registry

    out = ui4a("catalog", "--json")
    data = json.loads(out.stdout)
    assert [c["name"] for c in data] == registry.names()
    assert all({"name", "description", "props", "children", "example"} <= set(c) for c in data)
    card = next(c for c in data if c["name"] == "Card")
    assert card["children"] == "any" and "title" in card["props"]["properties"]


def test_prompt_prints_token_count_within_budget():
    out = ui4a("prompt")
    assert out.returncode == 0
    count = int(out.stderr.decode().split("cl100k_base ")[1].split(",")[0])
    assert 0 < count <= 1500
    sub = ui4a("prompt", "--components", "Card,Text,Button")
    assert b"\nCard " in sub.stdout and b"\nTable " not in sub.stdout
    bad = ui4a("prompt", "--components", "Card,Nope")
    assert bad.returncode == 2 and b"unknown component(s): Nope" in bad.stderr


def test_tokens_compares_with_html(files):
    out = ui4a("tokens", "--json", str(files / "good.ui"))
    row = json.loads(out.stdout)[0]
    for enc in ("cl100k_base", "o200k_base"):
        assert 0 < row[enc]["compact"] < row[enc]["html"]
        assert 0 < row[enc]["saving"] < 1


def test_render_never_shows_a_traceback_for_evaluation_faults(tmp_path):
    path = tmp_path / "eval.ui"
    path.write_text('<State s="x" />\n<Text>{s * 2}</Text>\n')
    out = ui4a("render", str(path))
    assert out.returncode == 1 and b"Traceback" not in out.stderr
    assert out.stderr.decode().strip() == f"{path}:2:8: '*' needs a number, got text 'x'"


def test_model_build_refuses_a_continue_from_without_a_build_record(tmp_path):
    out = ui4a("model", "build", "--continue-from", str(tmp_path), "--out", str(tmp_path / "m"))
    assert out.returncode == 2 and b"no build record there" in out.stderr and b"Traceback" not in out.stderr
    assert not (tmp_path / "m").exists()


def test_model_eval_and_distill_answer_bad_input_in_one_line(tmp_path):
    (tmp_path / "build.json").write_text("{oops")
    cases = [
        (("model", "eval", "--model", str(tmp_path)), "build.json is not JSON"),
        (("model", "eval", "--split", "train", "--record"), "cannot be used with --split train"),
        (("model", "eval", "--split", "train", "--model", "models/ui4a-tiny"), "not adapters on a pretrained base"),
        (("model", "distill", "-k", "1"), "-k"),
        (("model", "distill", "--out", str(tmp_path / "no" / "x.jsonl")), "its folder does not exist"),
    ]
    for args, said in cases:
        out = ui4a(*args)
        err = out.stderr.decode()
        assert out.returncode == 2 and said in err and "Traceback" not in err, (args, err)
        assert len(err.strip().splitlines()) == 1, (args, err)
