"""The committed embedded model: the product's default path, end to end on CPU."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui4a.model.train.build import DEFAULT_DIR
from ui4a.validate import check

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (DEFAULT_DIR / "build.json").exists(), reason="no committed model")]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def model():
    from ui4a.model.backends.local import LocalModel

    return LocalModel(DEFAULT_DIR)


def test_build_record_is_complete():
    record = json.loads((DEFAULT_DIR / "build.json").read_text())
    for key in ("seed", "data_hash", "base_parameters", "adapters", "heldout", "catalog_prompt_tokens"):
        assert key in record, key
    size = sum(p.stat().st_size for p in DEFAULT_DIR.rglob("*") if p.is_file())
    assert size <= 40 * 1024 * 1024


@pytest.mark.parametrize(("request_text", "label"), [
    ("show a progress bar for the upload at 40%", "ui"),
    ("make a bar chart of sales: Jan 12, Feb 15, Mar 9", "ui"),
    ("hi", "chat"),
    ("thanks!", "chat"),
])
def test_router_sends_requests_to_the_right_adapter(model, request_text, label):
    assert model.route(request_text)[0] == label


@pytest.mark.parametrize("request_text", [
    "show a progress bar for the upload at 40%",
    "make a bar chart of sales: Jan 12, Feb 15, Mar 9",
    "create a card titled Team with a stat Members 12",
])
def test_constrained_ui_output_parses_and_uses_real_components(model, request_text):
    from ui4a.model.decode.mask import grammar_constraint

    out = "".join(model.generate(request_text, "ui", constraint=grammar_constraint(model.tokenizer)))
    report = check(out)
    assert report.document is not None, out
    assert not [d for d in report.diagnostics if d.code in ("unknown-component", "unknown-prop", "syntax")], out


def test_chat_cli_prints_route_output_validation_and_timings():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("UI4A_MODEL", None)
    out = subprocess.run([sys.executable, "-m", "ui4a.cli", "chat", "--json",
                          "show a progress bar for the upload at 40%"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=180)
    result = json.loads(out.stdout)
    assert result["backend"] == "local" and result["route"] == "ui"
    assert set(result["timings_ms"]) == {"route", "first_token", "total"}
    assert "valid" in result and result["tokens"] > 0


def test_model_was_trained_on_the_catalog_prompt_it_will_be_given():
    """A component or prompt change alters the system prefix: rebuild the model (`ui4a model build`)."""
    import hashlib

    from ui4a import catalog

    record = json.loads((DEFAULT_DIR / "build.json").read_text())
    assert hashlib.sha256(catalog.prompt().encode("utf-8")).hexdigest() == record["catalog_prompt_sha256"]


def test_model_was_trained_on_the_data_the_generator_now_draws():
    """A change to ``ui4a/model/train/data.py`` or the build's defaults means a rebuild (`ui4a model build`):
    the record's figures are only true of the data it names."""
    from ui4a.model.train import data as datagen
    from ui4a.model.train.build import BuildConfig

    record = json.loads((DEFAULT_DIR / "build.json").read_text())
    cfg = record["config"]
    train, heldout = datagen.dataset(cfg["n_train"], cfg["n_heldout"], seed=cfg["seed"])
    assert datagen.data_hash(heldout) == record["heldout_hash"]
    assert datagen.data_hash(train) == record["data_hash"]
    keys = ("n_train", "short_steps", "base_steps", "hidden_size", "layers")
    assert {k: cfg[k] for k in keys} == {k: getattr(BuildConfig(), k) for k in keys}
