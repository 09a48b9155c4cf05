"""The decoding loop, written once: one row or several that share an adapter and its prefix.

Each step, every row's next-token scores go through its copy bias and its guard chain (the grammar's
mask first: :mod:`ui4a.model.decode.chain`), then the best token is taken. A row with a temperature
samples instead: its scores are divided by the temperature and given Gumbel noise *before* the guards,
so the best token after them is a sample from what the guards allow (the Gumbel-max trick) and every
guard still vets the token that is actually taken. Rows are left-padded after
the shared prefix, with explicit positions and an attention mask, so a row decodes the same in a
batch as alone. Text is streamed as whole UTF-8 characters.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ui4a.model.backends.base import RequestTooLong


@dataclass
class Timing:
    first_token_s: float = 0.0
    total_s: float = 0.0
    tokens: int = 0
    prefix_reused: bool = False
    constraint_s: float = 0.0  # of total_s, spent in the grammar's mask and the answer's guards


@dataclass
class Row:
    """One turn being decoded."""

    request: str
    adapter: str
    weights: str | None  # the loaded adapter it runs with (None: the bare base)
    ids: list[int]  # the turn's tokens after the prefix
    constraint: Any = None  # the grammar's mask, or None
    copier: Any = None  # a copy bias, or None
    make_guards: Callable[[Any, Any, int], Any] | None = None
    out: list[int] = field(default_factory=list)
    done: bool = False
    text: str = ""  # everything decoded so far (may end inside a character)
    emitted: str = ""  # what was streamed: whole characters only
    cache: Any = None  # after decoding alone: the cache with the whole turn (for sessions)
    temperature: float = 0.0  # 0: greedy; above: sampled
    generator: Any = None  # the torch.Generator a sampled row draws its noise from (reproducible)


def decode(model: Any, rows: list[Row], cache: Any, max_new_tokens: int, timing: Timing,
           started: float | None = None) -> Iterator[tuple[int, str]]:
    """Decode ``rows`` (one adapter) from ``cache`` (their shared prefix); yields (row, text piece).

    ``started``: when the turn began, for the first-token time (default: now)."""
    torch = model.torch
    started = time.perf_counter() if started is None else started
    n, weights = len(rows), rows[0].weights
    used = cache.get_seq_length()
    width = max(len(r.ids) for r in rows)
    if used + width + 1 >= model.max_positions:
        raise RequestTooLong(f"the request is too long: {used + width} tokens with the context, "
                           f"the model takes {model.max_positions}")
    budget = min(max_new_tokens, model.max_positions - used - width - 1)
    pad = model.tokenizer.pad_token_id if model.tokenizer.pad_token_id is not None else 0
    ids = torch.full((n, width), pad, dtype=torch.long)
    turn_mask = torch.zeros((n, width), dtype=torch.long)
    for i, r in enumerate(rows):
        ids[i, width - len(r.ids):] = torch.tensor(r.ids)
        turn_mask[i, width - len(r.ids):] = 1
    batched = n > 1  # alone, a row needs no mask or positions: the plain path is the reference
    mask = torch.cat([torch.ones((n, used), dtype=torch.long), turn_mask], dim=1) if batched else None
    positions = (used + turn_mask.cumsum(-1) - 1).clamp(min=used) if batched else None
    out = model.forward(ids, cache, weights, attention_mask=mask, position_ids=positions)
    logits, cache = out.logits[:, -1], out.cache
    last = positions[:, -1] if batched else None
    guards = [r.make_guards(r.constraint, model.tokenizer, budget) if r.make_guards else None for r in rows]
    for _ in range(budget):
        step = []
        for i, r in enumerate(rows):
            token = pad
            if not r.done:
                token = _choose(model, r, guards[i], logits[i], timing)
                if token is None:
                    r.done, token = True, pad
                else:
                    r.out.append(token)
                    r.text = text = model.tokenizer.decode(r.out, skip_special_tokens=True)
                    if not text.endswith("\ufffd") and len(text) > len(r.emitted):  # whole characters only
                        piece, r.emitted = text[len(r.emitted):], text
                        if timing.tokens == 0:
                            timing.first_token_s = time.perf_counter() - started
                        timing.tokens += 1
                        yield i, piece
            step.append(token)
        if all(r.done for r in rows):
            break
        if batched:
            mask = torch.cat([mask, torch.tensor([[0 if r.done else 1] for r in rows])], dim=1)
            last = last + 1
        out = model.step(torch.tensor(step).unsqueeze(1), cache, weights, attention_mask=mask,
                         position_ids=last.unsqueeze(1) if batched else None)
        logits, cache = out.logits[:, -1], out.cache
    if n == 1:
        rows[0].cache = cache


def _choose(model: Any, row: Row, guards: Any, logits: Any, timing: Timing) -> int | None:
    """The row's next token after its bias, its sampling noise and its guards; None when the answer ends."""
    torch = model.torch
    masking = time.perf_counter()
    if row.copier is not None:
        logits = row.copier(row.text, logits)
    if row.temperature > 0:
        uniform = torch.rand(logits.shape, generator=row.generator).clamp_(1e-10, 1.0)
        logits = logits.float() / row.temperature - torch.log(-torch.log(uniform))
    if guards is not None:
        seen = torch.tensor([[*row.ids, *row.out]])
        logits = guards(seen, logits.unsqueeze(0))[0]
    if row.copier is not None or guards is not None:
        timing.constraint_s += time.perf_counter() - masking
    token = int(logits.argmax())
    if token in model.stop_ids or not torch.isfinite(logits[token]):
        return None
    return token
