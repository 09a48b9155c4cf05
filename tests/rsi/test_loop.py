"""The learning loop end to end on a seconds-sized model: traces → export → train → eval → gate → history.

The figures of a real run (generation 1 beating generation 0) come from
``python -m bench.rsi``; here the loop's mechanics and its guarantees are
checked: every turn traced, the export split and deduplicated, the candidate
written whole, the gate refusing a loser and stale evaluations, promotion
rewriting the manifest in place and recording the generation.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import rsi as proof
from ui4a import harness
from ui4a.cli import main as cli
from ui4a.hcp.load import load
from ui4a.rsi import export, promote, train
from ui4a.store import Store


@pytest.fixture(scope="module")
def loop(tmp_path_factory):
    out = tmp_path_factory.mktemp("rsi") / "run"
    result = proof.run(out, sessions=24, size="tiny", train_steps=5, max_new_tokens=24, log=lambda _: None)
    return out, result


@pytest.fixture
def active(loop, monkeypatch):
    out, _ = loop
    monkeypatch.setenv(harness.ENV, str(out / "harness.toml"))
    harness.reload()
    yield out
    harness.reload()


def test_every_scripted_turn_is_traced_and_exported(loop) -> None:
    out, result = loop
    assert result["sessions"]["turns"] == 24 and result["sessions"]["repaired"] > 0
    info = result["export"]
    assert info["traces_seen"] == 24 and info["usable"] == 24 - result["sessions"]["disliked"]
    assert info["train"] + info["heldout"] == info["unique_requests"] > 0
    train_rows = (out / "generations" / "datasets" / "ui" / "train.jsonl").read_text().splitlines()
    held_rows = (out / "generations" / "datasets" / "ui" / "heldout.jsonl").read_text().splitlines()
    requests = [json.loads(r)["request"] for r in train_rows + held_rows]
    assert len(requests) == len(set(requests))  # deduplicated, and no request on both sides
    with Store(out / "traces.sqlite3") as s:
        rows = s.query("SELECT source, adapter, valid, repairs FROM traces")
    assert {r["source"] for r in rows} == {"script"} and all(r["valid"] == 1 for r in rows)
    assert any(json.loads(r["repairs"]) for r in rows)


def test_evaluation_scores_both_generations_and_the_gate_decides(loop) -> None:
    _, result = loop
    e = result["eval"]
    assert e["current_version"] == "0" and e["candidate_version"] == "1" and e["items"] > 0
    for who in ("current", "candidate"):
        assert 0 <= e[who]["schema_valid"] <= 1 and 0 <= e[who]["check_pass"] <= 1 and e[who]["checks"] > 0
    expected = "promoted" if e["margin"] >= e["gate_margin"] and e["margin"] > 0 else "rejected"
    assert result["promotion"] == expected
    assert [h["status"] for h in result["history"] if h["adapter"] == "ui"] == ["initial", expected]


def _candidate(out: Path, margin: float) -> Path:
    """A real candidate from the current adapter, with an evaluation that says ``margin``."""
    m = harness.current()
    cand = train.train(m, out / "generations" / "datasets" / "ui", "ui", steps=2, log=lambda _: None)
    current = m.model.adapters["ui"]
    (cand / "eval.json").write_text(json.dumps({
        "adapter": "ui", "candidate_version": json.loads((cand / "candidate.json").read_text())["version"],
        "current_version": current.version, "current_path": current.path, "margin": margin,
        "gate_margin": m.rsi.gate_margin, "current": {"schema_valid": 0.5, "check_pass": 0.2},
        "candidate": {"schema_valid": 0.6, "check_pass": 0.2 + margin}}))
    return cand


def test_the_gate_refuses_a_loser_and_changes_nothing(active: Path, capsys) -> None:
    manifest = active / "harness.toml"
    before = manifest.read_bytes()
    cand = _candidate(active, margin=0.01)  # under the 5% gate
    assert cli(["rsi", "promote", str(cand)]) == 1
    assert "refused" in capsys.readouterr().out
    assert manifest.read_bytes() == before and cand.exists()


def test_promotion_rewrites_the_manifest_in_place_and_records_the_generation(active: Path, capsys) -> None:
    manifest = active / "harness.toml"
    old = load(manifest)
    cand = _candidate(active, margin=0.3)
    version = json.loads((cand / "candidate.json").read_text())["version"]
    assert cli(["rsi", "promote", str(cand)]) == 0
    new = load(manifest)
    assert new.model.adapters["ui"].version == version
    assert new.model.adapters["ui"].path == f"generations/ui/v{version}"
    assert (active / "generations" / "ui" / f"v{version}" / "adapter_model.safetensors").exists()
    assert new.harness.version == promote.bump(old.harness.version) and not cand.exists()
    assert "[model.adapters.ui]" in manifest.read_text() and 'name = "rsi-proof"' in manifest.read_text()
    assert harness.current().model.adapters["ui"].version == version  # the running harness sees it
    capsys.readouterr()
    assert cli(["rsi", "history"]) == 0
    table = capsys.readouterr().out
    assert f"v{version}" in table and "promoted" in table and "rejected" in table


def test_an_evaluation_against_an_older_generation_is_stale(active: Path) -> None:
    cand = _candidate(active, margin=0.5)
    data = json.loads((cand / "eval.json").read_text())
    data["current_version"] = "0"
    (cand / "eval.json").write_text(json.dumps(data))
    with pytest.raises(promote.PromoteError, match="evaluate it again"):
        promote.promote(active / "harness.toml", cand, harness.store())


def test_cli_errors_are_clear(active: Path, tmp_path: Path, capsys) -> None:
    with pytest.raises(export.ExportError, match="not a trace export"):
        export.read(tmp_path)
    assert cli(["rsi", "train", "--data", str(tmp_path)]) == 2
    assert "not a trace export" in capsys.readouterr().err
    empty = active / "empty.toml"
    empty.write_text((active / "harness.toml").read_text().replace('trace_store = "traces.sqlite3"',
                                                                   'trace_store = "none.sqlite3"'))
    assert cli(["--harness", str(empty), "rsi", "export"]) == 2
    assert "no usable ui traces" in capsys.readouterr().err


def test_checks_derived_from_a_reference() -> None:
    from ui4a.rsi.evaluate import derived_checks
    from ui4a.validate import check

    ref = '<Card title="Trip"><KeyValue items=[["Nights", 5], ["Hotel", "Kyoto"]] /></Card>'
    assert derived_checks(check(ref).document, ref) == (7, 7)  # 2 components + 5 texts
    partial = '<Card title="Trip"><KeyValue items=[["Nights", 4]] /></Card>'
    passed, total = derived_checks(check(partial).document, ref)
    assert total == 7 and 3 <= passed < 7
    assert derived_checks(None, ref) == (0, 7)
