"""In-place manifest updates: comments and layout kept, checked before written, never half-applied."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ui4a.hcp import edit, load
from ui4a.hcp.load import ManifestError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def manifest(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "models" / "smollm2-ui4a", tmp_path / "models" / "smollm2-ui4a")
    path = tmp_path / "harness.toml"
    path.write_text((ROOT / "harness.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_values_change_in_place_and_comments_stay(manifest: Path) -> None:
    before = manifest.read_text(encoding="utf-8")
    m = edit.update(manifest, {("harness", "version"): "0.1.1", ("model", "adapters", "ui", "version"): "2",
                               ("rsi", "gate_margin"): 0.05})
    after = manifest.read_text(encoding="utf-8")
    assert (m.harness.version, m.model.adapters["ui"].version, m.rsi.gate_margin) == ("0.1.1", "2", 0.05)
    assert load(manifest).harness.version == "0.1.1"
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]
    assert changed == [('version = "0.1.0"', 'version = "0.1.1"'), ('version = "1"', 'version = "2"'),
                       ("gate_margin = 0.02", "gate_margin = 0.05")]
    assert "# Secrets are never written here" in after


def test_a_missing_key_is_added_under_its_table(manifest: Path) -> None:
    m = edit.update(manifest, {("decoding", "seed"): 7, ("model", "adapters", "ui", "remote"): "ui-remote"})
    assert m.decoding.seed == 7 and m.model.adapters["ui"].remote == "ui-remote"
    text = manifest.read_text(encoding="utf-8")
    assert text.index("seed = 7") > text.index("[decoding]")


def test_a_change_that_would_not_validate_writes_nothing(manifest: Path) -> None:
    before = manifest.read_text(encoding="utf-8")
    with pytest.raises(ManifestError, match="version"):
        edit.update(manifest, {("harness", "version"): "not a version"})
    with pytest.raises(ManifestError, match="do not exist"):
        edit.update(manifest, {("model", "adapters", "ui", "path"): "models/nowhere"})
    assert manifest.read_text(encoding="utf-8") == before
    assert not [p for p in manifest.parent.iterdir() if p.name.endswith(".tmp")]
