"""The local runtime: one frozen base, every LoRA adapter loaded, one adapter chosen per turn.

The same code serves the embedded model and any Hugging Face model directory
that has the project's sequence format (``ui4a.mol.format``) and a folder of
adapters. The decoding loop is written out: it is short, and it is where the
KV-cache reuse and the grammar constraint plug in.

KV reuse: the system prefix (the catalog prompt) is run once per adapter and
its cache kept; each turn starts from a copy. A session keeps its own cache per
adapter and only ever appends to it, so turn n costs the tokens of turn n.
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui4a import catalog
from ui4a.mol.backend import BackendError, Message, Route
from ui4a.mol.format import ROUTE_LABELS, system_prefix


@dataclass
class Timing:
    first_token_s: float = 0.0
    total_s: float = 0.0
    tokens: int = 0
    prefix_reused: bool = False


@dataclass
class Session:
    """A conversation's append-only caches, one per adapter."""

    caches: dict[str, Any] = field(default_factory=dict)
    lengths: dict[str, int] = field(default_factory=dict)


def _clone(cache: Any) -> Any:
    return copy.deepcopy(cache)


class LocalModel:
    """Load once, then ``route`` and ``generate`` per turn. Thread-safe (one turn at a time)."""

    def __init__(self, path: str | Path, adapters: Sequence[str] | None = None, system: str | None = None,
                 threads: int | None = None) -> None:
        import torch
        from peft import PeftModel
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.path = Path(path)
        if not (self.path / "config.json").exists():
            raise BackendError(f"no model at {self.path}: config.json is missing (run `ui4a model build`)")
        if threads:
            torch.set_num_threads(threads)
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.path)
            base = AutoModelForCausalLM.from_pretrained(self.path)
        except (OSError, ValueError) as exc:
            raise BackendError(f"cannot load the model at {self.path}: {exc}") from exc
        adapter_dir = self.path / "adapters"
        names = list(adapters) if adapters else sorted(p.name for p in adapter_dir.iterdir() if p.is_dir()) \
            if adapter_dir.exists() else []
        if not names:
            raise BackendError(f"no adapters under {adapter_dir}")
        self.model: Any = None
        for name in names:
            where = adapter_dir / name
            if not (where / "adapter_config.json").exists():
                raise BackendError(f"adapter {name!r} is missing: {where}/adapter_config.json not found")
            try:
                if self.model is None:
                    self.model = PeftModel.from_pretrained(base, where, adapter_name=name)
                else:
                    self.model.load_adapter(where, adapter_name=name)
            except (OSError, ValueError, RuntimeError) as exc:
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
            rest = self._ids(f"<|user|>{request}<|route|>")
            logits, _ = self._forward(rest, cache, None)
            firsts = {label: ids[0] for label, ids in self._label_ids.items()}
            chosen = self.torch.stack([logits[i] for i in firsts.values()])
            probs = self.torch.softmax(chosen, dim=0)
            best = int(probs.argmax())
            return list(firsts)[best], float(probs[best])

    # ------------------------------------------------------------ generation

    def generate(self, request: str, adapter: str, *, max_new_tokens: int = 400, reuse_prefix: bool = True,
                 session: Session | None = None, constraint: Any = None,
                 timing: Timing | None = None) -> Iterator[str]:
        """Greedy decoding, streamed as text pieces.

        ``constraint`` is a logits processor (``ui4a.mol.constrain.GrammarConstraint``):
        called with the ids so far and the scores, it masks what the grammar forbids.
        """
        from transformers import DynamicCache

        timing = timing if timing is not None else Timing()
        started = time.perf_counter()
        with self._lock, self.torch.no_grad():
            self._use(adapter)
            turn_ids = self._ids(f"<|user|>{request}<|assistant|>")
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
                raise BackendError(f"the request is too long: {used + len(feed)} tokens with the context, "
                                   f"the model takes {self.max_positions}")
            budget = min(max_new_tokens, self.max_positions - used - len(feed) - 1)
            logits, cache = self._forward(feed, cache, adapter)
            generated: list[int] = []
            emitted = ""
            seen = self.torch.tensor([feed])  # what the constraint is shown: prompt, then each token
            for _ in range(budget):
                if constraint is not None:
                    logits = constraint(seen, logits.unsqueeze(0))[0]
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


class LocalBackend:
    """The ``Backend`` interface over a LocalModel: router + adapters, streaming asynchronously."""

    name = "local"

    def __init__(self, path: str | Path, router: Any = None, constrained: bool = True) -> None:
        from ui4a.mol.router import Router

        self.model = LocalModel(path)
        self.label = f"embedded model {self.model.path.name} ({', '.join(self.model.adapters)} adapters)"
        self.router = router or Router(labels=tuple(self.model.adapters))
        self.constrained = constrained

    def route(self, messages: Sequence[Message]) -> Route:
        request = messages[-1].content if messages else ""
        previous = next((m.content for m in reversed(messages[:-1]) if m.role == "assistant"), "")
        return self.router.decide(request, self.model, previous_summary=previous[:200])

    async def stream(self, messages: Sequence[Message], route: Route):
        import asyncio

        request = messages[-1].content if messages else ""
        constraint = None
        if self.constrained and route.adapter == "ui":
            from ui4a.mol.constrain import grammar_constraint

            constraint = grammar_constraint(self.model.tokenizer)
        queue: asyncio.Queue = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def work() -> None:
            try:
                for piece in self.model.generate(request, route.adapter, constraint=constraint):
                    loop.call_soon_threadsafe(queue.put_nowait, piece)
            except BackendError as exc:
                loop.call_soon_threadsafe(queue.put_nowait, exc)
            finally:
                loop.call_soon_threadsafe(queue.put_nowait, None)

        thread = threading.Thread(target=work, daemon=True)
        thread.start()
        while (item := await queue.get()) is not None:
            if isinstance(item, BackendError):
                raise item
            yield item
