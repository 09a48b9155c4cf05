"""Adapters on a frozen pretrained base: the recipe behind ``ui4a model build``.

Read top to bottom:

1. the base comes from its installed package, converted once (:mod:`ui4a.model.base`);
2. training data is generated from a seed: natural UI requests with their answers
   (:mod:`ui4a.model.train.natural`) and routing examples (:mod:`ui4a.model.train.questions`);
3. each adapter's system prompt (the catalog for ``ui``, a short instruction for ``route``) is run once
   by the frozen base, and its keys and values are shared by every batch — at inference the runtime
   computes that prefix the same way, so training and serving see the same thing;
4. one LoRA adapter per purpose is trained on the answer tokens only, in bf16 autocast, with a
   checkpoint every ``checkpoint_every`` steps so a build that is stopped resumes where it was;
5. the adapters are saved with a build record (seed, data hashes, base sha256, prompt hashes).

``chat`` has no adapter: the base answers plain-text turns itself (its own chat skill is what a
small LoRA would only dilute; the build record says so).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ui4a import atomic, catalog
from ui4a.model.base import DEFAULT_BASE, BaseSpec, locate, materialize, sha256_of
from ui4a.model.train.build import Example, _batches, loss_after
from ui4a.model.train.sequence import (
    CHAT_SYSTEM,
    CHATML_END,
    ROUTE_SYSTEM,
    chatml_prefix,
    chatml_turn,
)

DEFAULT_DIR = Path(__file__).resolve().parents[3] / "models" / "smollm2-ui4a"
TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
FORMAT = "chatml"


@dataclass
class AdapterRecipe:
    rank: int
    alpha: int
    steps: int
    lr: float
    batch_size: int
    targets: tuple[str, ...] = TARGETS


@dataclass
class LoraConfig:
    base: str = DEFAULT_BASE
    seed: int = 0
    n_train: int = 8000  # UI request → answer pairs drawn (each is seen about steps × batch / n_train times)
    n_heldout: int = 300
    route_train: int = 4000
    route_heldout: int = 400
    max_answer_tokens: int = 480  # longer answers are left out of training
    ui: AdapterRecipe = field(default_factory=lambda: AdapterRecipe(rank=16, alpha=32, steps=1400, lr=4e-4,
                                                                       batch_size=4))
    route: AdapterRecipe = field(default_factory=lambda: AdapterRecipe(rank=8, alpha=16, steps=250, lr=5e-4,
                                                                          batch_size=16,
                                                                          targets=("q_proj", "v_proj")))
    checkpoint_every: int = 50
    eval_limit: int = 150  # held-out UI requests decoded for the build record
    threads: int = 2
    components: tuple[str, ...] = ()  # the catalog allow-list (empty: every component)

    def system(self) -> str:
        """The ``ui`` adapter's system prompt: the catalog, exactly as the harness gives it."""
        return catalog.prompt(sorted(self.components) or None)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- tokens

def encode(tokenizer: Any, request: str, answer: str, max_answer: int) -> Example | None:
    """The ids after the adapter's system prefix: the user's turn, then the answer and <|im_end|>."""
    turn = tokenizer(chatml_turn(request), add_special_tokens=False)["input_ids"]
    out = tokenizer(answer, add_special_tokens=False)["input_ids"] + [tokenizer.convert_tokens_to_ids(CHATML_END)]
    if len(out) > max_answer:
        return None
    return Example([*turn, *out], len(turn))


def prefix_ids(tokenizer: Any, system: str) -> list[int]:
    return tokenizer(chatml_prefix(system), add_special_tokens=False)["input_ids"]


# --------------------------------------------------------------------------- the shared prefix

def frozen_prefix(model: Any, ids: list[int]) -> list[tuple[Any, Any]]:
    """Keys and values of ``ids`` per layer, computed once by the frozen base (adapters off)."""
    import torch
    from transformers import DynamicCache

    with torch.no_grad(), _adapters_off(model):
        out = model(input_ids=torch.tensor([ids]), cache=DynamicCache(), use_cache=True)
    return [(layer.keys, layer.values) for layer in out.cache.layers]


class _adapters_off:
    """``model.disable_adapter()`` for a peft model; nothing for a plain one."""

    def __init__(self, model: Any) -> None:
        self.ctx = model.disable_adapter() if hasattr(model, "disable_adapter") else None

    def __enter__(self) -> None:
        if self.ctx is not None:
            self.ctx.__enter__()

    def __exit__(self, *exc: Any) -> None:
        if self.ctx is not None:
            self.ctx.__exit__(*exc)


def prefixed_loss(model: Any, prefix: list[tuple[Any, Any]], ids: Any, labels: Any, mask: Any) -> Any:
    """The batch's loss after the shared prefix (its cache broadcast over the batch, no gradient)."""
    from transformers import DynamicCache

    batch = ids.shape[0]
    cache = DynamicCache([(k.expand(batch, -1, -1, -1), v.expand(batch, -1, -1, -1)) for k, v in prefix])
    return loss_after(model, cache, prefix[0][0].shape[2], ids, labels, mask)


# --------------------------------------------------------------------------- training one adapter

@dataclass
class Checkpoint:
    """Where a stopped build resumes: the adapter's weights, the optimizer, the step and the seconds
    spent training so far (so the record's wall time counts every run)."""

    folder: Path

    @property
    def file(self) -> Path:
        return self.folder / "state.pt"

    def load(self, model: Any, opt: Any, name: str) -> tuple[int, float]:
        import torch
        from peft import set_peft_model_state_dict

        if not self.file.exists():
            return 0, 0.0
        saved = torch.load(self.file, weights_only=False)
        set_peft_model_state_dict(model, saved["adapter"], adapter_name=name)
        if saved.get("optimizer") is not None:  # None: seeded from a finished build (a fresh optimizer)
            opt.load_state_dict(saved["optimizer"])
        return int(saved["step"]), float(saved.get("seconds", 0.0))

    def save(self, model: Any, opt: Any, name: str, step: int, losses: list[float], seconds: float) -> None:
        from peft import get_peft_model_state_dict

        self.write(get_peft_model_state_dict(model, adapter_name=name), opt.state_dict(), step, losses, seconds)

    def write(self, adapter: dict[str, Any], optimizer: dict[str, Any] | None, step: int, losses: list[float],
              seconds: float) -> None:
        """The checkpoint, whole or not at all (``optimizer`` None: the next run starts a fresh one)."""
        import torch

        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.file.with_suffix(".pt.tmp")
        torch.save({"adapter": adapter, "optimizer": optimizer, "step": step, "losses": losses,
                    "seconds": seconds}, tmp)
        os.replace(tmp, self.file)


def continuable(model_dir: Path, config: LoraConfig) -> dict[str, Any]:
    """The build record of ``model_dir``, whose adapters a build under ``config`` can train on; raises
    ValueError, naming what differs, when it cannot (read before the base is loaded)."""
    try:
        record = json.loads((model_dir / "build.json").read_text())
    except OSError as exc:
        raise ValueError(f"{model_dir}: no build record there (a model directory that `ui4a model build` "
                         f"wrote): {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise ValueError(f"{model_dir}/build.json is not a build record: {exc}") from exc
    if record.get("format") != FORMAT or record.get("base") != config.base:
        raise ValueError(f"{model_dir} holds adapters on {record.get('base')!r}, not on {config.base!r}")
    for name in ("ui", "route"):
        ad, recipe = record.get("adapters", {}).get(name) or {}, getattr(config, name)
        built = record.get("config", {}).get(name, {})
        if built.get("rank") != recipe.rank or tuple(built.get("targets", ())) != tuple(recipe.targets):
            raise ValueError(f"{model_dir}'s {name} adapter has rank {built.get('rank')} on {built.get('targets')}; "
                             f"this build's has rank {recipe.rank} on {list(recipe.targets)}")
        if ad.get("steps", 0) > recipe.steps:
            raise ValueError(f"{model_dir}'s {name} adapter already has {ad['steps']} steps; ask for more")
    return record


def seed_checkpoints(model_dir: Path, record: dict[str, Any], work: Path) -> dict[str, int]:
    """Checkpoints in ``work`` that continue the finished build in ``model_dir`` (its record, checked by
    :func:`continuable`): each adapter's weights at the steps the record says, with a fresh optimizer,
    so ``build`` trains on to its own steps. Returns those steps per adapter."""
    from safetensors.torch import load_file

    steps: dict[str, int] = {}
    for name in ("ui", "route"):
        ad = record["adapters"][name]
        steps[name] = ad["steps"]
        checkpoint = Checkpoint(work / name)
        if checkpoint.file.exists():
            continue  # a continued build that was stopped: it resumes from its own checkpoint
        state = load_file(str(model_dir / ad["path"] / "adapter_model.safetensors"))
        checkpoint.write(state, None, ad["steps"], [], ad.get("train_seconds", 0.0))
    return steps


def train_adapter(model: Any, name: str, recipe: AdapterRecipe, examples: list[Example],
                  prefix: list[tuple[Any, Any]], pad: int, seed: int, checkpoint: Checkpoint | None,
                  checkpoint_every: int, log: Callable[[str], None]) -> tuple[list[float], float]:
    """AdamW with warm-up and cosine decay to 10% over ``recipe.steps``; bf16 autocast. Returns the
    losses of this run and the seconds spent training the adapter, earlier runs included."""
    import torch

    model.set_adapter(name)
    params = []
    for n, p in model.named_parameters():  # only this adapter learns; the base and other adapters stay
        p.requires_grad_("lora_" in n and f".{name}." in n)
        if p.requires_grad:
            params.append(p)
    opt = torch.optim.AdamW(params, lr=recipe.lr, weight_decay=0.0, betas=(0.9, 0.99))
    warm = max(1, recipe.steps // 20)

    def factor(step: int) -> float:
        if step < warm:
            return (step + 1) / warm
        return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * (step - warm) / max(1, recipe.steps - warm)))

    start, earlier = checkpoint.load(model, opt, name) if checkpoint is not None else (0, 0.0)
    if start:
        log(f"adapter {name}: resuming at step {start}")
    batches = _batches(examples, recipe.batch_size, random.Random(seed), pad)
    for _ in range(start):  # the same batches in the same order as an unbroken run
        next(batches)
    losses: list[float] = []
    model.train()
    began = time.monotonic()
    for step in range(start, recipe.steps):
        for group in opt.param_groups:
            group["lr"] = recipe.lr * factor(step)
        ids, labels, mask = next(batches)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = prefixed_loss(model, prefix, ids, labels, mask)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        losses.append(loss.item())
        done = step + 1
        if done % 10 == 0 or done == recipe.steps:
            recent = sum(losses[-20:]) / len(losses[-20:])
            rate = (time.monotonic() - began) / (done - start)
            log(f"adapter {name} step {done}/{recipe.steps} loss {recent:.4f} ({rate:.2f} s/step, "
                f"{rate * (recipe.steps - done) / 60:.0f} min left)")
        if checkpoint is not None and (done % checkpoint_every == 0 or done == recipe.steps):
            checkpoint.save(model, opt, name, done, losses, earlier + time.monotonic() - began)
    model.eval()
    return losses, earlier + time.monotonic() - began


# --------------------------------------------------------------------------- the build

def build(out_dir: Path = DEFAULT_DIR, config: LoraConfig | None = None, log: Callable[[str], None] = print,
          work_dir: Path | None = None, continue_from: Path | None = None) -> dict:
    """Train the adapters on the base and save them with their build record into ``out_dir``.

    ``work_dir`` keeps checkpoints between runs (default: ``out_dir`` + ``.work``); the finished
    adapters replace ``out_dir`` whole or not at all. ``continue_from`` (a finished model directory)
    seeds the checkpoints with its adapters, so they train on from their steps on today's data; the
    record says so.
    """
    import torch
    from peft import LoraConfig as PeftLoraConfig
    from peft import get_peft_model
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from ui4a.model.quiet import quietly
    from ui4a.model.train import natural, questions
    from ui4a.model.train.data import data_hash

    cfg = config or LoraConfig()
    earlier = continuable(Path(continue_from), cfg) if continue_from is not None else None
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)
    began = time.monotonic()
    spec = BaseSpec.parse(cfg.base)
    if spec is None:
        raise ValueError(f"base must be PACKAGE:FILE.gguf, got {cfg.base!r}")
    base_dir = materialize(spec)
    base_file = locate(spec)
    base_sha = sha256_of(base_file.path)
    with quietly():
        tokenizer = AutoTokenizer.from_pretrained(base_dir)
        base = AutoModelForCausalLM.from_pretrained(base_dir, dtype=torch.float32, attn_implementation="sdpa")
    for p in base.parameters():
        p.requires_grad_(False)
    log(f"base {spec} ({base_file.version}, sha256 {base_sha[:12]}…): "
        f"{sum(p.numel() for p in base.parameters()) / 1e6:.1f}M parameters")

    system = cfg.system()
    train, heldout = natural.dataset(cfg.n_train, cfg.n_heldout, seed=cfg.seed)
    route_train, route_heldout = questions.route_dataset(cfg.route_train, cfg.route_heldout, seed=cfg.seed)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    ui_examples = [e for p in train if (e := encode(tokenizer, p.request, p.answer, cfg.max_answer_tokens))]
    route_examples = [e for r, label in route_train if (e := encode(tokenizer, r, label, 8))]
    log(f"data: {len(ui_examples)} ui examples of {len(train)} (answers over {cfg.max_answer_tokens} tokens "
        f"left out), {len(route_examples)} routing examples; held out {len(heldout)} ui, "
        f"{len(route_heldout)} routing")

    recipes = {"ui": (cfg.ui, ui_examples, system), "route": (cfg.route, route_examples, ROUTE_SYSTEM)}
    model: Any = None
    for name, (recipe, _, _) in recipes.items():
        lora = PeftLoraConfig(r=recipe.rank, lora_alpha=recipe.alpha, lora_dropout=0.0,
                              target_modules=list(recipe.targets), task_type="CAUSAL_LM")
        if model is None:
            model = get_peft_model(base, lora, adapter_name=name)
        else:
            model.add_adapter(name, lora)
    work = work_dir or out_dir.with_name(out_dir.name + ".work")
    continued = None
    if continue_from is not None:
        continued = {"from": Path(continue_from).name, "steps": seed_checkpoints(Path(continue_from), earlier, work)}
        log(f"continuing {continue_from}'s adapters from steps {continued['steps']}")
    adapters: dict[str, Any] = {}
    for name, (recipe, examples, prompt) in recipes.items():
        ids = prefix_ids(tokenizer, prompt)
        prefix = frozen_prefix(model, ids)
        log(f"adapter {name}: system prefix {len(ids)} tokens, {len(examples)} examples, {recipe.steps} steps "
            f"of {recipe.batch_size}")
        losses, seconds = train_adapter(model, name, recipe, examples, prefix, pad, cfg.seed + len(adapters),
                               Checkpoint(work / name), cfg.checkpoint_every, log)
        trainable = sum(p.numel() for n, p in model.named_parameters() if f".{name}." in n and "lora_" in n)
        adapters[name] = {"parameters": trainable, "rank": recipe.rank, "steps": recipe.steps,
                          "final_loss": round(sum(losses[-50:]) / max(1, len(losses[-50:])), 4) if losses else None,
                          "path": f"adapters/{name}", "system_prefix_tokens": len(ids),
                          "train_seconds": round(seconds, 1)}
    adapters["chat"] = {"base": True, "path": None,
                        "why": "the base answers text turns itself, with its own skill intact; build.json's heldout.chat sets it beside the base under its default prompt"}

    record = {
        "name": out_dir.name,
        "format": FORMAT,
        "base": str(spec),
        "base_version": base_file.version,
        "base_sha256": base_sha,
        "seed": cfg.seed,
        "config": asdict(cfg),
        "data_hash": data_hash(train),
        "heldout_hash": data_hash(heldout),
        "route_data_hash": sha(json.dumps(route_train)),
        "route_heldout_hash": sha(json.dumps(route_heldout)),
        "catalog_prompt_tokens": len(prefix_ids(tokenizer, system)),
        "catalog_prompt_sha256": sha(system),
        "prompts": {"route": ROUTE_SYSTEM, "chat": CHAT_SYSTEM},
        "adapters": adapters,
        "route_labels": ["ui", "chat"],
        "train_seconds": round(time.monotonic() - began, 1),
        "torch": torch.__version__,
    }
    if continued is not None:
        record["continued"] = continued | {"note": "trained on from these steps with a fresh optimizer state, "
                                                   "on the data this record hashes"}
    _save(model, out_dir, record, [n for n in recipes])
    shutil.rmtree(work, ignore_errors=True)
    return record


def _save(model: Any, out_dir: Path, record: dict, names: Sequence[str]) -> None:
    """Adapters and build record into ``out_dir``, through a temporary folder renamed into place."""
    with atomic.folder(out_dir) as tmp:
        for name in names:
            model.save_pretrained(tmp / "adapters", selected_adapters=[name], safe_serialization=True)
        # peft writes every adapter but the default into a folder of its name; keep one layout
        for name in names:
            nested = tmp / "adapters" / name
            if not nested.exists():
                (tmp / "adapters" / name).mkdir(parents=True)
                for f in ("adapter_config.json", "adapter_model.safetensors"):
                    os.replace(tmp / "adapters" / f, nested / f)
        (tmp / "adapters" / "README.md").unlink(missing_ok=True)  # peft's model card names this machine's paths
        (tmp / "build.json").write_text(json.dumps(record, indent=2) + "\n")
