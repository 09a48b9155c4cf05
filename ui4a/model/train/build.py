"""Building ui4a-tiny, the 2M-parameter model trained from scratch: tokenizer, base, adapters, record.

It serves the seconds-long build of the tests and the learning loop's proof; the default model is
adapters on a pretrained base (:mod:`ui4a.model.train.lora`).

Read top to bottom, this is the whole recipe:

1. generate request → answer pairs (``ui4a.model.train.data``), every sequence starting
   with the catalog system prompt, as it will at inference;
2. train a byte-level BPE tokenizer on those sequences;
3. train a small Llama-architecture base on all of them (routing examples
   included), loss on the answer tokens only: first ``short_steps`` mostly on
   the same turns without the catalog prompt (cheaper, and copying from the
   request is learnt far sooner), then ``base_steps`` all with it;
4. freeze the base and train one LoRA adapter per purpose (``ui``, ``chat``);
5. save everything as safetensors with a build record (seed, data hash,
   parameter counts, held-out metrics).

The saved base is an ordinary Hugging Face model directory, so
``from_pretrained(path)`` loads it exactly as it loads any hub model.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ui4a import catalog
from ui4a.model.train import data as datagen
from ui4a.model.train.sequence import (
    ROUTE_LABELS,
    SPECIAL_TOKENS,
    USER,
    route_sequence,
    system_prefix,
    turn_sequence,
)

DEFAULT_DIR = Path(__file__).resolve().parents[3] / "models" / "ui4a-tiny"


@dataclass
class BuildConfig:
    seed: int = 0
    n_train: int = 24000  # request → answer pairs for the base and the adapters
    n_heldout: int = 400
    vocab_size: int = 2048  # byte-level BPE, digits kept single
    hidden_size: int = 192
    layers: int = 4
    heads: int = 4
    intermediate_size: int = 512
    max_positions: int = 1664  # the catalog prompt (~1,200 tokens) + request + answer
    base_steps: int = 1500  # optimizer steps on the mixed data (ui + chat + routing), with the catalog prompt
    short_steps: int = 8800
    """Steps before ``base_steps`` on the same data *without* the catalog prompt (three in four of them; the
    fourth keeps it): they cost about half as much and the model learns to copy from the request much
    sooner when it has not got 1,200 tokens of catalog to look past."""
    adapter_steps: int = 300  # per adapter, base frozen
    batch_size: int = 16
    lr: float = 2e-3  # cosine decay to 10%, linear warm-up over the first 5%
    adapter_lr: float = 2e-3
    lora_rank: int = 8
    lora_alpha: int = 16
    route_share: float = 1.0  # routing examples per training pair (they are short and easy)
    eval_limit: int = 200  # held-out pairs decoded for the build record
    threads: int = 2
    exclude: tuple[str, ...] = field(default=())
    """Components the training data must never use (self-improvement experiments)."""
    components: tuple[str, ...] = field(default=())
    """The catalog allow-list the model is built for (empty: every component); data uses no others."""

    def excluded(self) -> frozenset[str]:
        """Every component the training data leaves out: ``exclude`` and whatever is not allowed."""
        from ui4a import registry

        outside = set(registry.names()) - set(self.components) if self.components else set()
        return frozenset(self.exclude) | outside

    def system(self) -> str:
        """The system prompt every training sequence starts with, as the harness will give it."""
        return catalog.prompt(sorted(self.components) or None)


def _set_seed(seed: int) -> None:
    import numpy as np
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def train_tokenizer(texts: Sequence[str], vocab_size: int):
    """A byte-level BPE tokenizer trained on the model's own sequences, wrapped for transformers."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    # Words and punctuation split as GPT-2 does, digits one by one: the model must copy numbers
    # from the request into the answer, and single digits make copying learnable.
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Digits(individual_digits=True),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
    ])
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=list(SPECIAL_TOKENS),
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), max_token_length=48,
                                  show_progress=False)
    tok.train_from_iterator(texts, trainer)
    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>", pad_token="<pad>",
                                   additional_special_tokens=[t for t in SPECIAL_TOKENS
                                                              if t not in ("<s>", "</s>", "<pad>")])


@dataclass
class Example:
    ids: list[int]
    """The tokens after the shared system prefix."""
    answer_start: int  # loss is taken on ids[answer_start:]


def encode(tokenizer, prefix_len: int, prompt: str, answer: str, max_len: int) -> Example | None:
    """Tokens of one sequence after the shared ``<s><|system|>…`` prefix (``prefix_len`` tokens)."""
    cut = prompt.find(USER)
    if cut > 0 and USER in tokenizer.all_special_tokens:
        # A special token is never merged with its neighbours, so the text from <|user|> on has the same
        # ids alone as at the end of the whole prompt, without re-reading the 1,200-token catalog each time.
        p = tokenizer(prompt[cut:], add_special_tokens=False)["input_ids"]
    else:
        p = tokenizer(prompt, add_special_tokens=False)["input_ids"][prefix_len - 1:]
    a = tokenizer(answer, add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id]
    ids = [*p, *a]
    if prefix_len + len(ids) > max_len:
        return None
    return Example(ids, len(p))


def _batches(examples: list[Example], batch_size: int, rng: random.Random, pad: int):
    """Endless shuffled batches of sequences of about the same length (less padding to compute)."""
    import torch

    if len(examples) < batch_size:
        raise ValueError(f"only {len(examples)} training sequences fit in the context; need at least "
                         f"{batch_size} (raise max_positions or vocab_size)")
    pool = batch_size * 32  # sort by length within pools this size, then shuffle the batches
    while True:
        order = list(range(len(examples)))
        rng.shuffle(order)
        batches = []
        for start in range(0, len(order), pool):
            chunk = sorted(order[start:start + pool], key=lambda j: len(examples[j].ids))
            batches += [chunk[i:i + batch_size] for i in range(0, len(chunk) - batch_size + 1, batch_size)]
        rng.shuffle(batches)
        for members in batches:
            chunk = [examples[j] for j in members]
            width = max(len(e.ids) for e in chunk)
            ids = torch.full((len(chunk), width), pad, dtype=torch.long)
            labels = torch.full((len(chunk), width), -100, dtype=torch.long)
            mask = torch.zeros((len(chunk), width), dtype=torch.long)
            for r, e in enumerate(chunk):
                ids[r, :len(e.ids)] = torch.tensor(e.ids)
                labels[r, e.answer_start:len(e.ids)] = torch.tensor(e.ids[e.answer_start:])
                mask[r, :len(e.ids)] = 1
            yield ids, labels, mask


def shared_prefix_loss(model, prefix: Any, ids: Any, labels: Any, mask: Any) -> Any:
    """The batch's loss with the common system prefix run once, not once per sequence.

    Every sequence starts with the same catalog prompt, so its keys and values are
    computed once (with gradient) and broadcast over the batch; the result equals
    running each full sequence, at a fraction of the cost.
    """

    batch = ids.shape[0]
    cache = model(input_ids=prefix, use_cache=True).cache
    for layer in cache.layers:
        layer.keys = layer.keys.expand(batch, *layer.keys.shape[1:])
        layer.values = layer.values.expand(batch, *layer.values.shape[1:])
    return loss_after(model, cache, prefix.shape[1], ids, labels, mask)


def loss_after(model: Any, cache: Any, p: int, ids: Any, labels: Any, mask: Any) -> Any:
    """The batch's loss on ``ids`` written after ``cache``, the keys and values of ``p`` shared
    positions already broadcast over the batch."""
    import torch

    batch, width = ids.shape
    full_mask = torch.cat([torch.ones(batch, p, dtype=mask.dtype), mask], dim=1)
    positions = torch.arange(p, p + width).unsqueeze(0).expand(batch, width)
    return model(input_ids=ids, attention_mask=full_mask, position_ids=positions, cache=cache,
                 labels=labels).loss


@dataclass
class Short:
    """The curriculum's first part: sequences without the catalog prompt, for ``steps`` steps."""

    examples: list[Example]
    prefix_ids: list[int]
    steps: int

    def takes(self, step: int) -> bool:
        return step < self.steps and step % 4 != 3


def train_loop(model, params, examples: list[Example], steps: int, lr: float, batch_size: int, seed: int,
               pad: int, log: Callable[[str], None], what: str, prefix_ids: list[int],
               short: Short | None = None) -> list[float]:
    """AdamW with warm-up and cosine decay over ``steps`` (``short.steps`` of them first, mostly without
    the catalog prompt); loss on answer tokens only."""
    import torch

    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.01, betas=(0.9, 0.95))
    warm = max(1, steps // 20)

    def schedule(step: int) -> float:
        if step < warm:
            return (step + 1) / warm
        progress = (step - warm) / max(1, steps - warm)
        return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, schedule)
    batches = _batches(examples, batch_size, random.Random(seed), pad)
    prefix = torch.tensor([prefix_ids])
    if short is not None:
        short_batches = _batches(short.examples, batch_size, random.Random(seed + 7), pad)
        short_prefix = torch.tensor([short.prefix_ids])
    losses: list[float] = []
    model.train()
    started = time.monotonic()
    for step in range(steps):
        if short is not None and short.takes(step):
            ids, labels, mask = next(short_batches)
            loss = shared_prefix_loss(model, short_prefix, ids, labels, mask)
        else:
            ids, labels, mask = next(batches)
            loss = shared_prefix_loss(model, prefix, ids, labels, mask)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        losses.append(loss.item())
        if step % 50 == 0 or step == steps - 1:
            recent = sum(losses[-50:]) / len(losses[-50:])
            log(f"{what} step {step + 1}/{steps} loss {recent:.4f} ({time.monotonic() - started:.0f}s)")
    model.eval()
    return losses


def build(out_dir: Path = DEFAULT_DIR, config: BuildConfig | None = None,
          log: Callable[[str], None] = print) -> dict:
    """Train the embedded model from scratch and save it to ``out_dir``; returns the build record."""
    import torch
    from peft import LoraConfig, get_peft_model
    from safetensors.torch import save_file  # noqa: F401  (safetensors must be present)
    from transformers import LlamaConfig, LlamaForCausalLM

    cfg = config or BuildConfig()
    torch.set_num_threads(cfg.threads)
    _set_seed(cfg.seed)
    started = time.monotonic()
    system = cfg.system()
    train, heldout = datagen.dataset(cfg.n_train, cfg.n_heldout, seed=cfg.seed, exclude=cfg.excluded())
    log(f"data: {len(train)} train, {len(heldout)} held-out pairs (seed {cfg.seed})")

    turns = [(turn_sequence(system, p.request), p.answer, p.adapter) for p in train]
    routes = [(route_sequence(system, p.request), p.adapter, "route")
              for p in train[: int(len(train) * cfg.route_share)]]
    tokenizer = train_tokenizer([a + b for a, b, _ in turns] + [a + b for a, b, _ in routes[:1000]],
                                cfg.vocab_size)
    prefix_ids = [tokenizer.bos_token_id, *tokenizer(system_prefix(system), add_special_tokens=False)["input_ids"]]
    prefix_len = len(prefix_ids)
    log(f"tokenizer: {len(tokenizer)} tokens; the catalog prompt is {prefix_len} tokens")

    def encoded(rows):
        out = [encode(tokenizer, prefix_len, a, b, cfg.max_positions) for a, b, _ in rows]
        return [e for e in out if e is not None]

    model_cfg = LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=cfg.hidden_size, intermediate_size=cfg.intermediate_size,
        num_hidden_layers=cfg.layers, num_attention_heads=cfg.heads, num_key_value_heads=cfg.heads,
        max_position_embeddings=cfg.max_positions, tie_word_embeddings=True,
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, rope_theta=10000.0,
    )
    model = LlamaForCausalLM(model_cfg)
    n_params = sum(p.numel() for p in model.parameters())
    log(f"base: {n_params / 1e6:.2f}M parameters")
    base_data = encoded(turns) + encoded(routes)
    short = None
    if cfg.short_steps:
        short_ids = [tokenizer.bos_token_id, *tokenizer(system_prefix(""), add_special_tokens=False)["input_ids"]]
        rows = [(turn_sequence("", p.request), p.answer) for p in train]
        rows += [(route_sequence("", p.request), p.adapter) for p in train[: int(len(train) * cfg.route_share)]]
        short = Short([e for a, b in rows if (e := encode(tokenizer, len(short_ids), a, b, cfg.max_positions))],
                      short_ids, cfg.short_steps)
    base_losses = train_loop(model, list(model.parameters()), base_data, cfg.short_steps + cfg.base_steps, cfg.lr,
                             cfg.batch_size, cfg.seed, tokenizer.pad_token_id, log, "base", prefix_ids, short)

    tmp = Path(tempfile.mkdtemp(prefix=".ui4a-build-", dir=out_dir.parent if out_dir.parent.exists() else None))
    try:
        model.save_pretrained(tmp, safe_serialization=True)
        tokenizer.save_pretrained(tmp)
        adapters = {}
        for name in ("ui", "chat"):
            for p in model.parameters():
                p.requires_grad_(False)
            lora = LoraConfig(r=cfg.lora_rank, lora_alpha=cfg.lora_alpha, lora_dropout=0.0,
                              target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                                              "down_proj"], task_type="CAUSAL_LM")
            peft_model = get_peft_model(model, lora)
            rows = [t for t in turns if t[2] == name]
            trainable = [p for p in peft_model.parameters() if p.requires_grad]
            losses = train_loop(peft_model, trainable, encoded(rows), cfg.adapter_steps, cfg.adapter_lr,
                                cfg.batch_size, cfg.seed + 1, tokenizer.pad_token_id, log, f"adapter {name}",
                                prefix_ids)
            peft_model.save_pretrained(tmp / "adapters" / name, safe_serialization=True)
            adapters[name] = {"parameters": sum(p.numel() for p in trainable), "final_loss": round(
                sum(losses[-50:]) / len(losses[-50:]), 4), "path": f"adapters/{name}"}
            model = peft_model.unload()  # back to the plain base for the next adapter
        record = {
            "name": "ui4a-tiny",
            "seed": cfg.seed,
            "config": asdict(cfg),
            "data_hash": datagen.data_hash(train),
            "heldout_hash": datagen.data_hash(heldout),
            "catalog_prompt_tokens": prefix_len,
            # The model only knows this exact prompt: a changed catalog means a rebuild.
            "catalog_prompt_sha256": hashlib.sha256(system.encode("utf-8")).hexdigest(),
            "vocab_size": len(tokenizer),
            "base_parameters": n_params,
            "base_final_loss": round(sum(base_losses[-50:]) / len(base_losses[-50:]), 4),
            "adapters": adapters,
            "route_labels": list(ROUTE_LABELS),
            "train_seconds": round(time.monotonic() - started, 1),
            "torch": torch.__version__,
        }
        (tmp / "build.json").write_text(json.dumps(record, indent=2) + "\n")
        if out_dir.exists():
            shutil.rmtree(out_dir)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, out_dir)  # the new model appears whole or not at all
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return record
