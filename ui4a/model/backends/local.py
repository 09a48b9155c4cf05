"""The local runtime: one frozen base, every LoRA adapter loaded, one adapter chosen per turn.

The same code serves the embedded model and any Hugging Face model directory
that has the project's sequence format (``ui4a.model.train.sequence``) and a folder of
adapters. The decoding loop is written out: it is short, and it is where the
KV-cache reuse and the grammar constraint plug in.

KV reuse: the system prefix (the catalog prompt) is run once per adapter and
its cache kept; each turn starts from a copy. A session keeps its own cache per
adapter and only ever appends to it, so turn n costs the tokens of turn n.
"""

from __future__ import annotations

import copy
import queue
import threading
import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a import catalog
from ui4a.model.backends.base import BackendError, Message, RequestTooLong, Route, binary_fault
from ui4a.model.decode.copy_bias import CopyBias
from ui4a.model.train.sequence import ROUTE_LABELS, system_prefix

MAX_BATCH = 8  # turns decoded together
BATCH_WAIT_S = 0.005


@dataclass
class Timing:
    first_token_s: float = 0.0
    total_s: float = 0.0
    tokens: int = 0
    prefix_reused: bool = False
    constraint_s: float = 0.0  # of total_s, spent in the grammar's mask and the answer's guards


@dataclass
class Session:
    """A conversation's append-only caches, one per adapter."""

    caches: dict[str, Any] = field(default_factory=dict)
    lengths: dict[str, int] = field(default_factory=dict)


@contextmanager
def _quietly() -> Iterator[None]:
    """Load without transformers' progress bar (a few MB load in milliseconds) and without the
    deprecation notes its own code raises, which are not the user's to act on."""
    from transformers.utils import logging as hf_logging

    shown = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            yield
    finally:
        if shown:
            hf_logging.enable_progress_bar()


def _clone(cache: Any) -> Any:
    return copy.deepcopy(cache)


class LocalModel:
    """Load once, then ``route`` and ``generate`` per turn. Thread-safe (one turn at a time)."""

    def __init__(self, path: str | Path, adapters: Sequence[str] | Mapping[str, Path] | None = None,
                 system: str | None = None, threads: int | None = None) -> None:
        """``adapters``: names under ``PATH/adapters``, or ``{name: directory}`` (a harness's own paths)."""
        import torch
        from peft import PeftModel
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.path = Path(path)
        if not (self.path / "config.json").exists():
            raise BackendError(f"no model at {self.path}: config.json is missing (run `ui4a model build`)")
        if threads:
            torch.set_num_threads(threads)
        try:
            with _quietly():
                self.tokenizer = AutoTokenizer.from_pretrained(self.path)
                base = AutoModelForCausalLM.from_pretrained(self.path)
        except Exception as exc:  # safetensors, JSON and OS errors all mean a corrupt or partial artifact
            raise BackendError(f"cannot load the model at {self.path}: {exc}") from exc
        adapter_dir = self.path / "adapters"
        if isinstance(adapters, Mapping):
            places = {name: Path(where) for name, where in adapters.items()}
        else:
            names = list(adapters) if adapters else sorted(p.name for p in adapter_dir.iterdir() if p.is_dir()) \
                if adapter_dir.exists() else []
            places = {name: adapter_dir / name for name in names}
        if not places:
            raise BackendError(f"no adapters under {adapter_dir}")
        names = list(places)
        self.adapter_dirs = places
        self.model: Any = None
        for name, where in places.items():
            if not (where / "adapter_config.json").exists():
                raise BackendError(f"adapter {name!r} is missing: {where}/adapter_config.json not found")
            try:
                with _quietly():
                    if self.model is None:
                        self.model = PeftModel.from_pretrained(base, where, adapter_name=name)
                    else:
                        self.model.load_adapter(where, adapter_name=name)
            except Exception as exc:  # as above, for the adapter's files
                raise BackendError(f"adapter {name!r} at {where} cannot be loaded: {exc}") from exc
        self.model.eval()
        self.adapters = names
        self.system = system if system is not None else catalog.prompt()
        self.max_positions = int(getattr(base.config, "max_position_embeddings", 2048))
        self.eos_id = self.tokenizer.eos_token_id
        self._prefix_ids = [self.tokenizer.bos_token_id, *self._ids(system_prefix(self.system))]
        self._prefix_cache: dict[str, Any] = {}
        self._lock = threading.RLock()
        self._label_ids = {label: self._ids(label) for label in ROUTE_LABELS}
        self.torch = torch

    # ------------------------------------------------------------ helpers

    def _ids(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def _turn_ids(self, request: str, ask: str) -> list[int]:
        """The ids of one turn's ``<|user|>request`` followed by ``ask`` (what the model is to write); a
        request the tokenizer would fail on (a lone surrogate) is refused by name first."""
        if (fault := binary_fault(request)) is not None:
            raise BackendError(f"the request contains {fault}")
        return self._ids(f"<|user|>{request}{ask}")

    def context_fault(self, request: str) -> str | None:
        """Why ``request`` cannot be answered within the context (with the token counts), or None.
        Only the tokenizer runs: no lock, no model call."""
        tokens = len(self._turn_ids(request, "<|assistant|>"))
        prefix = len(self._prefix_ids)
        if prefix + tokens + 1 >= self.max_positions:
            return (f"the request is too long: {tokens} tokens, and with the {prefix}-token system prompt "
                    f"that is {prefix + tokens} of the {self.max_positions} the model takes")
        return None

    def _use(self, adapter: str | None) -> None:
        if adapter is not None and adapter not in self.adapters:
            raise BackendError(f"unknown adapter {adapter!r}; loaded: {', '.join(self.adapters)}")
        if adapter is not None:
            self.model.set_adapter(adapter)

    def _forward(self, ids: list[int], cache: Any, adapter: str | None) -> tuple[Any, Any]:
        torch = self.torch
        x = torch.tensor([ids])
        if adapter is None:
            with self.model.disable_adapter():
                out = self.model(input_ids=x, cache=cache, use_cache=True)
        else:
            out = self.model(input_ids=x, cache=cache, use_cache=True)
        return out.logits[0, -1], out.cache

    def prefix_cache(self, adapter: str | None) -> Any:
        """The system prefix's KV cache for an adapter (None = the bare base), computed once."""
        key = adapter or ""
        if key not in self._prefix_cache:
            from transformers import DynamicCache

            self._use(adapter)
            with self.torch.no_grad():
                _, cache = self._forward(self._prefix_ids, DynamicCache(), adapter)
            self._prefix_cache[key] = cache
        return self._prefix_cache[key]

    # ------------------------------------------------------------ routing

    def route(self, request: str) -> tuple[str, float]:
        """Ask the base to name an adapter, choosing only among the labels (their first tokens)."""
        with self._lock, self.torch.no_grad():
            cache = _clone(self.prefix_cache(None))
            rest = self._turn_ids(request, "<|route|>")
            logits, _ = self._forward(rest, cache, None)
            firsts = {label: ids[0] for label, ids in self._label_ids.items()}
            chosen = self.torch.stack([logits[i] for i in firsts.values()])
            probs = self.torch.softmax(chosen, dim=0)
            best = int(probs.argmax())
            return list(firsts)[best], float(probs[best])

    # ------------------------------------------------------------ generation

    def generate(self, request: str, adapter: str, *, max_new_tokens: int = 400, reuse_prefix: bool = True,
                 session: Session | None = None, constraint: Any = None,
                 timing: Timing | None = None, copy_bias: float = 0.0) -> Iterator[str]:
        """Greedy decoding, streamed as text pieces.

        ``constraint`` is a logits processor (``ui4a.model.decode.mask.GrammarConstraint``):
        called with the ids so far and the scores, it masks what the grammar forbids.
        A constrained answer also gets ``ui4a.model.decode.chain.answer_guards`` (closing mode
        among them), so it ends complete within ``max_new_tokens``. ``copy_bias`` > 0 favours, in
        a ``ui`` answer's values, the tokens that copy the request (``ui4a.model.decode.copy_bias``), before any mask.
        """
        from transformers import DynamicCache

        from ui4a.model.decode.chain import answer_guards

        timing = timing if timing is not None else Timing()
        started = time.perf_counter()
        with self._lock, self.torch.no_grad():
            self._use(adapter)
            turn_ids = self._turn_ids(request, "<|assistant|>")
            if session is not None and adapter in session.caches:
                cache, feed = session.caches[adapter], turn_ids
                timing.prefix_reused = True
            elif reuse_prefix:
                cache, feed = _clone(self.prefix_cache(adapter)), turn_ids
                timing.prefix_reused = True
            else:
                cache, feed = DynamicCache(), self._prefix_ids + turn_ids
            used = cache.get_seq_length() if hasattr(cache, "get_seq_length") else 0
            if used + len(feed) + 1 >= self.max_positions:
                raise RequestTooLong(f"the request is too long: {used + len(feed)} tokens with the context, "
                                   f"the model takes {self.max_positions}")
            budget = min(max_new_tokens, self.max_positions - used - len(feed) - 1)
            logits, cache = self._forward(feed, cache, adapter)
            guards = answer_guards(constraint, self.tokenizer, budget)
            copier = CopyBias(self.tokenizer, request, copy_bias) if copy_bias and adapter == "ui" else None
            generated: list[int] = []
            emitted = text = ""
            seen = self.torch.tensor([feed])  # what the constraint is shown: prompt, then each token
            for _ in range(budget):
                if constraint is not None or copier is not None:
                    masking = time.perf_counter()
                    if copier is not None:
                        logits = copier(text, logits)
                    if constraint is not None:
                        logits = guards(seen, logits.unsqueeze(0))[0]
                    timing.constraint_s += time.perf_counter() - masking
                token = int(logits.argmax())
                if token == self.eos_id or not self.torch.isfinite(logits[token]):
                    break
                generated.append(token)
                seen = self.torch.cat([seen, self.torch.tensor([[token]])], dim=1)
                text = self.tokenizer.decode(generated, skip_special_tokens=True)
                if not text.endswith("\ufffd"):  # wait until a UTF-8 character is whole
                    piece, emitted = text[len(emitted):], text
                    if piece:
                        if timing.tokens == 0:
                            timing.first_token_s = time.perf_counter() - started
                        timing.tokens += 1
                        yield piece
                logits, cache = self._forward([token], cache, adapter)
            if session is not None:
                # Append the finished turn (answer and end-of-turn) so the next turn only adds its own tokens.
                _, cache = self._forward([self.eos_id], cache, adapter)
                session.caches[adapter] = cache
                session.lengths[adapter] = cache.get_seq_length()
        timing.total_s = time.perf_counter() - started


    def generate_batch(self, requests: Sequence[str], adapters: Sequence[str], *, max_new_tokens: int = 400,
                       constraints: Sequence[Any] | None = None,
                       on_piece: Any = None, copy_bias: float = 0.0) -> list[str]:
        """Several turns at once, each with its own adapter (peft's mixed-adapter batches).

        Prompts are left-padded into one batch; each row may have its own grammar constraint.
        ``on_piece(row, text)`` receives each row's text as it grows, for streaming.
        """
        from transformers import DynamicCache

        from ui4a.model.decode.chain import answer_guards

        torch = self.torch
        for adapter in adapters:
            if adapter not in self.adapters:
                raise BackendError(f"unknown adapter {adapter!r}; loaded: {', '.join(self.adapters)}")
        prompts = [self._prefix_ids + self._turn_ids(r, "<|assistant|>") for r in requests]
        width = max(len(p) for p in prompts)
        if width + 1 >= self.max_positions:
            raise RequestTooLong(f"a request is too long: {width} tokens, the model takes {self.max_positions}")
        pad = self.tokenizer.pad_token_id
        rows = len(prompts)
        ids = torch.full((rows, width), pad, dtype=torch.long)
        mask = torch.zeros((rows, width), dtype=torch.long)
        for r, p in enumerate(prompts):
            ids[r, width - len(p):] = torch.tensor(p)
            mask[r, width - len(p):] = 1
        names = list(adapters)
        budget = min(max_new_tokens, self.max_positions - width - 1)
        outputs: list[list[int]] = [[] for _ in range(rows)]
        done = [False] * rows
        emitted = [0] * rows
        seen = [torch.tensor([p]) for p in prompts]
        guards = [answer_guards(c, self.tokenizer, budget) for c in constraints or [None] * rows]
        copiers = [CopyBias(self.tokenizer, r, copy_bias) if copy_bias and a == "ui" else None
                   for r, a in zip(requests, adapters, strict=True)]
        with self._lock, torch.no_grad():
            positions = (mask.cumsum(-1) - 1).clamp(min=0)
            out = self.model(input_ids=ids, attention_mask=mask, position_ids=positions, cache=DynamicCache(),
                             use_cache=True, adapter_names=names)
            logits, cache = out.logits[:, -1], out.cache
            last = positions[:, -1]
            for _ in range(budget):
                step = []
                for r in range(rows):
                    row = logits[r]
                    if copiers[r] is not None and not done[r]:
                        row = copiers[r](self.tokenizer.decode(outputs[r], skip_special_tokens=True), row)
                    if constraints is not None and constraints[r] is not None and not done[r]:
                        row = guards[r](seen[r], row.unsqueeze(0))[0]
                    token = int(row.argmax())
                    if done[r] or token == self.eos_id or not torch.isfinite(row[token]):
                        done[r] = True
                        token = pad
                    else:
                        outputs[r].append(token)
                        seen[r] = torch.cat([seen[r], torch.tensor([[token]])], dim=1)
                        if on_piece is not None:
                            text = self.tokenizer.decode(outputs[r], skip_special_tokens=True)
                            if not text.endswith("\ufffd") and len(text) > emitted[r]:
                                on_piece(r, text[emitted[r]:])
                                emitted[r] = len(text)
                    step.append(token)
                if all(done):
                    break
                mask = torch.cat([mask, torch.tensor([[0 if d else 1] for d in done])], dim=1)
                last = last + 1
                out = self.model(input_ids=torch.tensor(step).unsqueeze(1), attention_mask=mask,
                                 position_ids=last.unsqueeze(1), cache=cache, use_cache=True, adapter_names=names)
                logits, cache = out.logits[:, -1], out.cache
        return [self.tokenizer.decode(o, skip_special_tokens=True) for o in outputs]


class LocalBackend:
    """The ``Backend`` interface over a LocalModel: router + adapters, streaming asynchronously."""

    name = "local"

    def __init__(self, path: str | Path, router: Any = None, constrained: bool = True, *,
                 adapters: Mapping[str, Path] | None = None, system: str | None = None,
                 components: Sequence[str] | None = None, max_new_tokens: int = 400,
                 copy_bias: float = 0.0) -> None:
        from ui4a.model.router import Router

        self.model = LocalModel(path, adapters=adapters, system=system)
        self.label = f"embedded model {self.model.path.name} ({', '.join(self.model.adapters)} adapters)"
        self.router = router or Router(labels=tuple(self.model.adapters))
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
        """Stream one turn; turns that arrive together are decoded as one mixed-adapter batch."""
        import asyncio

        request = messages[-1].content if messages else ""
        constraint = None
        if self.constrained and route.adapter == "ui":
            from ui4a.model.decode.mask import grammar_constraint

            # Building a grammar matcher takes ~0.15 s: off the event loop, which other requests share.
            constraint = await asyncio.to_thread(grammar_constraint, self.model.tokenizer, self.components)
        queue: asyncio.Queue = asyncio.Queue()
        self._jobs.put(_Job(request, route.adapter, constraint, queue, asyncio.get_running_loop()))
        self._ensure_worker()
        while (item := await queue.get()) is not None:
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
                if len(jobs) == 1:
                    job = jobs[0]
                    for piece in self.model.generate(job.request, job.adapter, constraint=job.constraint,
                                                     max_new_tokens=self.max_new_tokens, copy_bias=self.copy_bias):
                        job.send(piece)
                else:
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
