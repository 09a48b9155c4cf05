"""The local runtime: one frozen base, its LoRA adapters loaded, one adapter chosen per turn.

A model directory holds ``build.json`` and ``adapters/``. Its format (:mod:`ui4a.model.train.sequence`)
says how turns are written: ``chatml`` for a pretrained chat base named by the record (converted once
from its package, :mod:`ui4a.model.base`), ``tiny`` for the embedded from-scratch model, whose base
weights sit in the directory itself. An adapter recorded as ``base`` has no weights: the bare base
answers with that adapter's system prompt.

KV reuse: each adapter's system prefix is run once and kept (on disk too, for a pretrained base:
:mod:`ui4a.model.backends.prefix_store`); every turn starts from it, and a session's cache only grows.
The decoding loop (:mod:`ui4a.model.backends.decoding`) is written once for one row or many.
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a import catalog
from ui4a.model.backends import prefix_store
from ui4a.model.backends.base import BackendError, Message, Route, binary_fault
from ui4a.model.backends.decoding import Row, Timing, decode
from ui4a.model.train.sequence import CHAT_SYSTEM, FORMATS, ROUTE_LABELS, ROUTE_SYSTEM, Format

MAX_BATCH = 8  # turns decoded together
BATCH_WAIT_S = 0.005

__all__ = ["LocalBackend", "LocalModel", "Session", "Timing"]


@dataclass
class Session:
    """A conversation's append-only caches, one per adapter."""

    caches: dict[str, Any] = field(default_factory=dict)
    lengths: dict[str, int] = field(default_factory=dict)


def _record(path: Path) -> dict[str, Any]:
    try:
        return json.loads((path / "build.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise BackendError(f"cannot read the build record {path}/build.json: {exc}") from exc


class LocalModel:
    """Load once, then ``route`` and ``generate`` per turn. Thread-safe (one turn at a time)."""

    def __init__(self, path: str | Path, adapters: Sequence[str] | Mapping[str, Path] | None = None,
                 system: str | None = None, threads: int | None = None) -> None:
        """``adapters``: names under ``PATH/adapters``, or ``{name: directory}`` (a harness's own paths)."""
        import torch

        self.path = Path(path)
        self.torch = torch
        if threads:
            torch.set_num_threads(threads)
        self.record = _record(self.path)
        fmt = self.record.get("format", "tiny")
        if fmt not in FORMATS:
            raise BackendError(f"{self.path}/build.json has an unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        self.base_dir, self.base_key = self._base_dir(fmt)
        # A pretrained base runs in bf16 (its adapters were trained under bf16 autocast) and decodes with
        # merged int8 weights (fast_weights); the tiny model stays as it was trained, in fp32.
        self.dtype = torch.bfloat16 if fmt == "chatml" else torch.float32
        self.fast_decode = fmt == "chatml" and os.environ.get("UI4A_FAST_DECODE", "1") != "0"
        self._fast: dict[str | None, Any] = {}
        self.tokenizer, base = self._load_base()
        self.model, self.weights = self._load_adapters(base, adapters)
        self.adapters = list(self.weights)
        self.system = system if system is not None else catalog.prompt()
        prompts = {"ui": self.system, "chat": CHAT_SYSTEM, "route": ROUTE_SYSTEM,
                   **self.record.get("prompts", {})} if fmt == "chatml" else {"ui": self.system}
        prompts["ui"] = self.system
        self.format: Format = FORMATS[fmt](self.tokenizer, prompts)
        self.max_positions = int(getattr(base.config, "max_position_embeddings", 2048))
        self.eos_id = self.tokenizer.eos_token_id
        self.stop_ids = self.format.stop_ids
        self._prefix_cache: dict[tuple[str, str], Any] = {}
        self._lock = threading.RLock()
        self._label_ids = {label: self._ids(label) for label in ROUTE_LABELS}

    # ------------------------------------------------------------ loading

    def _base_dir(self, fmt: str) -> tuple[Path, str]:
        """Where the base weights are, and what identifies them (for the persisted prefixes)."""
        if fmt != "chatml":
            if not (self.path / "config.json").exists():
                raise BackendError(f"no model at {self.path}: config.json is missing (run `ui4a model build`)")
            return self.path, ""
        from ui4a.model.base import BaseError, materialize

        spec, sha = self.record.get("base"), self.record.get("base_sha256")
        if not spec or not sha:
            raise BackendError(f"{self.path}/build.json names no base (base, base_sha256): rebuild it with "
                               "`ui4a model build`")
        try:
            return materialize(spec, sha, trained_for=f"the adapters in {self.path}"), sha
        except BaseError as exc:
            raise BackendError(str(exc)) from exc

    def _load_base(self) -> tuple[Any, Any]:
        from transformers import AutoModelForCausalLM, AutoTokenizer

        from ui4a.model.quiet import quietly

        try:
            with quietly():
                tokenizer = AutoTokenizer.from_pretrained(self.base_dir)
                base = AutoModelForCausalLM.from_pretrained(self.base_dir, dtype=self.dtype,
                                                            attn_implementation="sdpa")
        except Exception as exc:  # safetensors, JSON and OS errors all mean a corrupt or partial artifact
            raise BackendError(f"cannot load the model at {self.base_dir}: {exc}") from exc
        return tokenizer, base

    def _load_adapters(self, base: Any, adapters: Sequence[str] | Mapping[str, Path] | None
                       ) -> tuple[Any, dict[str, str | None]]:
        """The peft model and, per adapter name, the weights it uses (None: the bare base)."""
        from peft import PeftModel

        from ui4a.model.quiet import quietly

        recorded = self.record.get("adapters", {})
        adapter_dir = self.path / "adapters"
        if isinstance(adapters, Mapping):
            places: dict[str, Path | None] = {name: Path(where) for name, where in adapters.items()}
        else:
            names = list(adapters) if adapters else sorted(p.name for p in adapter_dir.iterdir() if p.is_dir()) \
                if adapter_dir.exists() else []
            places = {name: adapter_dir / name for name in names}
        for name, info in recorded.items():  # served by the bare base: no folder to load
            wanted = adapters is None or isinstance(adapters, Mapping) or name in adapters
            if isinstance(info, dict) and info.get("base") and wanted:
                places[name] = None
        if not places:
            raise BackendError(f"no adapters under {adapter_dir}")
        model: Any = None
        for name, where in places.items():
            if where is None:
                continue
            if not (where / "adapter_config.json").exists():
                raise BackendError(f"adapter {name!r} is missing: {where}/adapter_config.json not found")
            try:
                with quietly():
                    if model is None:
                        model = PeftModel.from_pretrained(base, where, adapter_name=name)
                    else:
                        model.load_adapter(where, adapter_name=name)
            except Exception as exc:  # as above, for the adapter's files
                raise BackendError(f"adapter {name!r} at {where} cannot be loaded: {exc}") from exc
        if model is None:
            raise BackendError(f"no adapter weights under {adapter_dir}")
        self.adapter_dirs = {name: where for name, where in places.items() if where is not None}
        model.eval()
        return model, {name: (None if where is None else name) for name, where in places.items()}

    # ------------------------------------------------------------ helpers

    def _ids(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def _checked(self, request: str) -> str:
        """A request the tokenizer would fail on (a lone surrogate) is refused by name first."""
        if (fault := binary_fault(request)) is not None:
            raise BackendError(f"the request contains {fault}")
        return request

    def context_fault(self, request: str) -> str | None:
        """Why ``request`` cannot be answered within the context (with the token counts), or None.
        Only the tokenizer runs: no lock, no model call."""
        tokens = len(self.format.turn_ids(self._checked(request)))
        prefix = max(len(self.format.prefix_ids(a)) for a in self.adapters)
        if prefix + tokens + 1 >= self.max_positions:
            return (f"the request is too long: {tokens} tokens, and with the {prefix}-token system prompt "
                    f"that is {prefix + tokens} of the {self.max_positions} the model takes")
        return None

    def _weights(self, adapter: str | None) -> str | None:
        """The loaded weights an adapter name uses (None: the bare base); unknown names are refused."""
        if adapter is None:
            return None
        if adapter not in self.weights:
            raise BackendError(f"unknown adapter {adapter!r}; loaded: {', '.join(self.adapters)}")
        return self.weights[adapter]

    def forward(self, ids: Any, cache: Any, weights: str | None, **kwargs: Any) -> Any:
        """One forward pass with ``weights`` (an adapter's name, or None for the bare base)."""
        if weights is None:
            with self.model.disable_adapter():
                return self.model(input_ids=ids, cache=cache, use_cache=True, **kwargs)
        self.model.set_adapter(weights)
        return self.model(input_ids=ids, cache=cache, use_cache=True, **kwargs)

    def step(self, ids: Any, cache: Any, weights: str | None, **kwargs: Any) -> Any:
        """One decoding step: with the merged int8 weights of ``weights`` where they are used, else
        as :meth:`forward`."""
        if not self.fast_decode:
            return self.forward(ids, cache, weights, **kwargs)
        if weights not in self._fast:
            from ui4a.model.backends import fast_weights

            self._fast[weights] = fast_weights.build(self.base_dir, self.model, weights)
        return self._fast[weights](input_ids=ids, cache=cache, use_cache=True, **kwargs)

    def prefix(self, adapter: str | None) -> list[tuple[Any, Any]]:
        """The adapter's system prefix as keys and values per layer, computed once (and kept on disk
        for a pretrained base, where the bare base computes it)."""
        key = ("" if self.format.prefix_by_base else self._weights(adapter) or "", self.format.prompt(adapter))
        if key not in self._prefix_cache:
            disk = prefix_store.prefix_key(base=self.base_key, ids=self.format.prefix_ids(adapter),
                                           dtype=str(self.dtype), torch=self.torch.__version__) \
                if self.base_key else None
            kv = prefix_store.load(disk, self.model.config.num_hidden_layers) if disk else None
            if kv is None:
                kv = self.compute_prefix(adapter)
                if disk:
                    prefix_store.save(disk, kv)
            self._prefix_cache[key] = kv
        return self._prefix_cache[key]

    def compute_prefix(self, adapter: str | None) -> list[tuple[Any, Any]]:
        """The prefix computed now (the bare base runs it for a pretrained base; else the adapter)."""
        from transformers import DynamicCache

        owner = None if self.format.prefix_by_base else self._weights(adapter)
        with self.torch.no_grad():
            out = self.forward(self.torch.tensor([self.format.prefix_ids(adapter)]), DynamicCache(), owner)
        return [(layer.keys, layer.values) for layer in out.cache.layers]

    def start_cache(self, adapter: str | None, rows: int = 1, reuse: bool = True) -> Any:
        """A fresh cache holding the adapter's prefix for ``rows`` rows (views: the prefix is never
        written); ``reuse=False`` computes the prefix anew instead of taking the kept one."""
        from transformers import DynamicCache

        kv = self.prefix(adapter) if reuse else self.compute_prefix(adapter)
        return DynamicCache([(k.expand(rows, -1, -1, -1), v.expand(rows, -1, -1, -1)) for k, v in kv])

    # ------------------------------------------------------------ routing

    def route(self, request: str) -> tuple[str, float]:
        """Ask the routing weights to name an adapter, choosing only among the labels (their first tokens)."""
        adapter = self.format.route_adapter
        if adapter is not None and adapter not in self.weights:
            raise BackendError(f"this model has no {adapter!r} adapter to route with (loaded: "
                               f"{', '.join(self.adapters)})")
        with self._lock, self.torch.no_grad():
            rest = self.format.route_ids(self._checked(request))
            cache = self.start_cache(adapter)
            if cache.get_seq_length() + len(rest) >= self.max_positions:
                raise BackendError(f"the request is too long: {cache.get_seq_length() + len(rest)} tokens with "
                                   f"the context, the model takes {self.max_positions}")
            out = self.forward(self.torch.tensor([rest]), cache, self._weights(adapter))
            logits = out.logits[0, -1]
            firsts = {label: ids[0] for label, ids in self._label_ids.items()}
            probs = self.torch.softmax(self.torch.stack([logits[i] for i in firsts.values()]), dim=0)
            best = int(probs.argmax())
            return list(firsts)[best], float(probs[best])

    # ------------------------------------------------------------ generation

    def generate(self, request: str, adapter: str, *, max_new_tokens: int = 400, reuse_prefix: bool = True,
                 session: Session | None = None, constraint: Any = None,
                 timing: Timing | None = None, copy_bias: float = 0.0) -> Iterator[str]:
        """Greedy decoding of one turn, streamed as text pieces.

        ``constraint`` is a grammar mask (``ui4a.model.decode.mask.GrammarConstraint``); a constrained
        answer also gets the guards of ``ui4a.model.decode.chain`` (closing mode among them), so it ends
        complete within ``max_new_tokens``. ``copy_bias`` > 0 favours, in a ``ui`` answer's values, the
        tokens that copy the request (``ui4a.model.decode.copy_bias``), before any mask.
        """
        timing = timing if timing is not None else Timing()
        started = time.perf_counter()
        with self._lock, self.torch.no_grad():
            row = self._row(request, adapter, constraint, copy_bias)
            if session is not None and adapter in session.caches:
                cache, timing.prefix_reused = session.caches[adapter], True
            else:
                cache, timing.prefix_reused = self.start_cache(adapter, reuse=reuse_prefix), reuse_prefix
            for _, piece in decode(self, [row], cache, max_new_tokens, timing, started):
                yield piece
            if session is not None:
                # Append the finished turn (answer and end-of-turn) so the next turn only adds its own tokens.
                out = self.forward(self.torch.tensor([[self.eos_id]]), row.cache, row.weights)
                session.caches[adapter] = out.cache
                session.lengths[adapter] = out.cache.get_seq_length()
        timing.total_s = time.perf_counter() - started

    def generate_batch(self, requests: Sequence[str], adapters: Sequence[str], *, max_new_tokens: int = 400,
                       constraints: Sequence[Any] | None = None, on_piece: Any = None,
                       copy_bias: float = 0.0, temperatures: Sequence[float] | None = None,
                       seed: int = 0) -> list[str]:
        """Several turns at once: rows of the same adapter share one batch (and its cached prefix).

        ``on_piece(row, text)`` receives each row's text as it grows, for streaming. A row whose
        temperature (``temperatures``, default all 0) is above 0 is sampled, from noise seeded by
        ``seed`` and its place, so the same call gives the same answers.
        """
        constraints = list(constraints) if constraints is not None else [None] * len(requests)
        temperatures = list(temperatures) if temperatures is not None else [0.0] * len(requests)
        texts = [""] * len(requests)
        groups: dict[str, list[int]] = {}
        for i, adapter in enumerate(adapters):
            self._weights(adapter)
            groups.setdefault(adapter, []).append(i)
        with self._lock, self.torch.no_grad():
            for adapter, members in groups.items():
                rows = [self._row(requests[i], adapter, constraints[i], copy_bias) for i in members]
                for i, row in zip(members, rows, strict=True):
                    if temperatures[i] > 0:
                        row.temperature = temperatures[i]
                        row.generator = self.torch.Generator().manual_seed(seed * 1_000_003 + i)
                cache = self.start_cache(adapter, len(rows))
                for r, piece in decode(self, rows, cache, max_new_tokens, Timing()):
                    texts[members[r]] += piece
                    if on_piece is not None:
                        on_piece(members[r], piece)
        return texts

    def base_answer(self, request: str, max_new_tokens: int = 60) -> str:
        """The bare base's answer under its own chat template and default system prompt: the reference
        a chat adapter is measured against."""
        from transformers import DynamicCache

        text = self.tokenizer.apply_chat_template([{"role": "user", "content": self._checked(request)}],
                                                  tokenize=False, add_generation_prompt=True)
        row = Row(request, "chat", None, self._ids(text))
        with self._lock, self.torch.no_grad():
            return "".join(piece for _, piece in decode(self, [row], DynamicCache(), max_new_tokens, Timing()))

    def _row(self, request: str, adapter: str, constraint: Any, copy_bias: float) -> Row:
        from ui4a.model.decode.chain import answer_guards
        from ui4a.model.decode.copy_bias import CopyBias

        weights = self._weights(adapter)
        ids = self.format.turn_ids(self._checked(request))
        copier = CopyBias(self.tokenizer, request, copy_bias) if copy_bias and adapter == "ui" else None
        return Row(request, adapter, weights, ids, constraint, copier, answer_guards)


class LocalBackend:
    """The ``Backend`` interface over a LocalModel: router + adapters, streaming asynchronously."""

    name = "local"

    def __init__(self, path: str | Path, router: Any = None, constrained: bool = True, *,
                 adapters: Mapping[str, Path] | None = None, system: str | None = None,
                 components: Sequence[str] | None = None, max_new_tokens: int = 400,
                 copy_bias: float = 0.0) -> None:
        from ui4a.model.router import Router

        self.model = LocalModel(path, adapters=adapters, system=system)
        routing = [a for a in self.model.adapters if a in ROUTE_LABELS] or self.model.adapters
        self.label = f"local model {self.model.path.name} ({', '.join(self.model.adapters)} adapters)"
        self.router = router or Router(labels=tuple(routing))
        self.constrained = constrained
        self.components = list(components) if components else None  # the grammar's allow-list
        self.max_new_tokens = max_new_tokens
        self.copy_bias = copy_bias
        self._jobs: queue.Queue = queue.Queue()
        self._worker: threading.Thread | None = None
        self._worker_lock = threading.Lock()

    def context_fault(self, messages: Sequence[Message]) -> str | None:
        return self.model.context_fault(messages[-1].content if messages else "")

    def route(self, messages: Sequence[Message]) -> Route:
        request = messages[-1].content if messages else ""
        previous = next((m.content for m in reversed(messages[:-1]) if m.role == "assistant"), "")
        return self.router.decide(request, self.model, previous_summary=previous[:200])

    async def stream(self, messages: Sequence[Message], route: Route):
        """Stream one turn; turns that arrive together are decoded as batches."""
        import asyncio

        request = messages[-1].content if messages else ""
        constraint = None
        if self.constrained and route.adapter == "ui":
            from ui4a.model.decode.mask import grammar_constraint

            # Building a grammar matcher takes ~0.15 s: off the event loop, which other requests share.
            constraint = await asyncio.to_thread(grammar_constraint, self.model.tokenizer, self.components)
        pieces: asyncio.Queue = asyncio.Queue()
        self._jobs.put(_Job(request, route.adapter, constraint, pieces, asyncio.get_running_loop()))
        self._ensure_worker()
        while (item := await pieces.get()) is not None:
            if isinstance(item, BackendError):
                raise item
            yield item

    def _ensure_worker(self) -> None:
        with self._worker_lock:
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, daemon=True)
                self._worker.start()

    def _work(self) -> None:
        import queue as queues

        while True:
            try:
                jobs = [self._jobs.get(timeout=30)]
            except queues.Empty:
                return  # idle: the next turn starts a new worker
            time.sleep(BATCH_WAIT_S)  # let turns that arrive together join one batch
            while len(jobs) < MAX_BATCH:
                try:
                    jobs.append(self._jobs.get_nowait())
                except queues.Empty:
                    break
            try:
                self.model.generate_batch([j.request for j in jobs], [j.adapter for j in jobs],
                                          constraints=[j.constraint for j in jobs],
                                          max_new_tokens=self.max_new_tokens, copy_bias=self.copy_bias,
                                          on_piece=lambda row, text, batch=jobs: batch[row].send(text))
            except BackendError as exc:
                for job in jobs:
                    job.send(exc)
            finally:
                for job in jobs:
                    job.send(None)


@dataclass
class _Job:
    request: str
    adapter: str
    constraint: Any
    queue: Any
    loop: Any

    def send(self, item: Any) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, item)
