"""``ui4a rsi train``: a candidate adapter, trained from the current one on exported traces.

The candidate starts from the current adapter's weights (the base stays frozen)
and trains on the export's train split, mixed with pairs of the adapter's
original training data (``rsi.rehearsal`` per trace pair, regenerated from the
base model's build record) so that it learns the new without forgetting the old.
It is written whole into ``<generations_dir>/candidates/<adapter>-v<N>`` with a
``candidate.json`` record; nothing the harness uses changes until promotion.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ui4a import harness
from ui4a.hcp.manifest import Manifest
from ui4a.model.train import data as datagen
from ui4a.rsi import export as exports

CANDIDATE = "candidate.json"
LR = 3e-3  # higher than the first build's adapter rate: the new components start from nothing


class TrainError(Exception):
    """The candidate cannot be trained (no local base, no adapter, too little data); says why."""


def next_version(version: str) -> str:
    """``"1"`` → ``"2"``, ``"ui-7"`` → ``"ui-8"``; a version without a trailing number gets ``.1``."""
    found = re.match(r"^(.*?)(\d+)$", version)
    return f"{found.group(1)}{int(found.group(2)) + 1}" if found else f"{version}.1"


def candidates_dir(manifest: Manifest) -> Path:
    return manifest.resolve(manifest.rsi.generations_dir) / "candidates"


def rehearsal_pairs(base_dir: Path, adapter: str, n: int, seed: int) -> list[datagen.Pair]:
    """``n`` pairs of the data the base model and its adapters were built from (from its build record)."""
    if n <= 0:
        return []
    from ui4a.model.train.build import BuildConfig

    try:
        cfg = json.loads((base_dir / "build.json").read_text(encoding="utf-8"))["config"]
        built = BuildConfig(seed=cfg["seed"], exclude=tuple(cfg.get("exclude", ())),
                            components=tuple(cfg.get("components", ())))
    except (OSError, ValueError, KeyError, TypeError):
        return []  # a model built elsewhere: no original data to rehearse
    train, _ = datagen.dataset(cfg["n_train"], cfg["n_heldout"], seed=cfg["seed"], exclude=built.excluded())
    rows = [p for p in train if p.adapter == adapter]
    random.Random(seed).shuffle(rows)
    return rows[:n]


def train(manifest: Manifest, dataset: str | Path, adapter: str = "ui", steps: int | None = None,
          seed: int = 0, lr: float = LR, log: Callable[[str], None] = print) -> Path:
    """Train a candidate for ``adapter``; returns its directory."""
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from ui4a.model.train.build import encode, train_loop
    from ui4a.model.train.sequence import system_prefix, turn_sequence

    m = manifest
    if m.model.backend != "local":
        raise TrainError(f"rsi train needs the local backend (the manifest's is {m.model.backend!r}); train a "
                         "remote adapter where it is served")
    if m.pretrained() is not None:
        raise TrainError(f"rsi train fits candidates on a from-scratch model (such as models/ui4a-tiny); the "
                         f"adapters on the pretrained base {m.pretrained()} are rebuilt by `ui4a model build`")
    if adapter not in m.model.adapters or not m.model.adapters[adapter].path:
        raise TrainError(f"the manifest has no local adapter {adapter!r}")
    base_dir, current = m.resolve(m.model.base), m.model.adapters[adapter]
    parent_dir = m.resolve(current.path or "")
    if not (base_dir / "config.json").exists():
        raise TrainError(f"no base model at {base_dir} (run `ui4a model build`)")
    if not (parent_dir / "adapter_config.json").exists():
        raise TrainError(f"adapter {adapter!r} has no adapter_config.json in {parent_dir}")
    rows, _, info = exports.read(dataset)
    if not rows:
        raise TrainError(f"the export {dataset} has no train pairs")
    steps = steps or m.rsi.train_steps
    torch.manual_seed(seed)
    started = time.monotonic()
    tokenizer = AutoTokenizer.from_pretrained(base_dir)
    base = AutoModelForCausalLM.from_pretrained(base_dir)
    model = PeftModel.from_pretrained(base, parent_dir, is_trainable=True)
    system = harness.render_system(m)
    prefix_ids = [tokenizer.bos_token_id, *tokenizer(system_prefix(system), add_special_tokens=False)["input_ids"]]
    max_len = int(getattr(base.config, "max_position_embeddings", 2048))
    replay = rehearsal_pairs(base_dir, adapter, int(len(rows) * m.rsi.rehearsal), seed)
    examples = [e for p in [*rows, *replay]
                if (e := encode(tokenizer, len(prefix_ids), turn_sequence(system, p.request), p.answer, max_len))]
    if not examples:
        raise TrainError("no exported pair fits in the model's context")
    trainable = [p for p in model.parameters() if p.requires_grad]
    log(f"candidate {adapter}: {len(rows)} trace pairs + {len(replay)} rehearsal pairs, {steps} steps")
    losses = train_loop(model, trainable, examples, steps, lr, min(16, len(examples)), seed,
                        tokenizer.pad_token_id, log, f"candidate {adapter}", prefix_ids)
    version = next_version(current.version)
    out = candidates_dir(m) / f"{adapter}-v{version}"
    record: dict[str, Any] = {
        "adapter": adapter, "version": version, "parent_version": current.version,
        "parent_path": current.path, "dataset": str(Path(dataset).resolve()), "data_hash": info.get("data_hash"),
        "trace_pairs": len(rows), "rehearsal_pairs": len(replay), "steps": steps, "seed": seed, "lr": lr,
        "final_loss": round(sum(losses[-20:]) / len(losses[-20:]), 4), "revision": harness.revision()
        if m is harness.current() else None, "train_seconds": round(time.monotonic() - started, 1),
        "created": time.time(),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        model.save_pretrained(tmp, safe_serialization=True)
        _flatten(tmp)
        (tmp / CANDIDATE).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        os.replace(tmp, out)  # the candidate appears whole or not at all
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def _flatten(directory: Path) -> None:
    """peft saves a non-default adapter name in a sub-folder; keep the files at the top as every adapter has."""
    for sub in [p for p in directory.iterdir() if p.is_dir()]:
        for f in sub.iterdir():
            os.replace(f, directory / f.name)
        sub.rmdir()
