"""A tiny model trained in seconds, shared by the runtime tests (the real one is committed)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def tiny_model_dir(tmp_path_factory):
    from ui4a.commands.model import tiny_config
    from ui4a.model.train.build import build

    out = tmp_path_factory.mktemp("models") / "tiny"
    build(out, tiny_config(seed=3), log=lambda _: None)
    return out


@pytest.fixture(scope="session")
def tiny_model(tiny_model_dir):
    from ui4a.model.backends.local import LocalModel

    return LocalModel(tiny_model_dir)


@pytest.fixture(scope="session")
def tok():
    """The committed embedded model's tokenizer (the guards' tests drive fake models over its vocabulary)."""
    transformers = pytest.importorskip("transformers")
    from ui4a.model.train.build import DEFAULT_DIR

    return transformers.AutoTokenizer.from_pretrained(DEFAULT_DIR)
