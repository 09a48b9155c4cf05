"""Rejection sampling under the grammar: several answers per request, the best one by a reward.

The self-distillation recipe: for each request the ``ui`` adapter writes one greedy answer and
``k - 1`` sampled ones (:meth:`LocalModel.generate_batch`, one batch, all under the grammar and its
guards, so every answer parses; then mended, as every turn of the product is, so every answer
validates), each is scored by :func:`reward`, and the best is kept — as the
answer to train on next, or, measured here, to see how much better than the greedy answer the best
of ``k`` is. The reward needs no reference answer, only the request:

- 0 for an answer the validator rejects;
- otherwise the mean of *faithfulness* (the share of the answer's data values written in the
  request, :func:`natural.answer_values`: nothing made up) and *coverage* (the share of the request's
  numbers and content words that the answer shows: nothing left out).

On generated requests the reference is known too, so :func:`measure` also reports how often the
greedy and the chosen answers have the reference's structure (``heldout.same_structure``): whether
the reward picks better interfaces, not only better-scored ones.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ui4a.lang.errors import UI4AError
from ui4a.validate import check

# Words of the request that ask for the interface rather than name its content.
_ASKING = frozenset("""
a an the and or but of to in on at for with without from by per as is are was be it its this that these those
i i'm i've me my mine we our us you your please pls can could would should will just also some any each every
all one ones show shows showing make build create give want need like let have has had get put add into about
what which how many much when where there here so then than very really thanks thx hi hello hey quick simple
little small nice page card cards ui interface screen view widget display list table chart graph form
tracker dashboard panel section tab tabs button buttons box boxes field fields checkbox checkboxes slider
dropdown select toggle switch switches row rows column columns item items label labels title something
""".split())
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_TAG_OR_PROP = re.compile(r"</?[A-Z]\w*|\b\w+(?==)")


def _numbers(text: str) -> set[float]:
    out = set()
    for raw in _NUMBER.findall(text):
        try:
            out.add(float(raw.replace(",", "")))
        except ValueError:
            continue
    return out


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text) if len(w) > 2}


def request_terms(request: str) -> tuple[set[float], set[str]]:
    """The numbers and content words of ``request``: what a faithful answer would show."""
    return _numbers(request), _words(request) - _ASKING


def faithfulness(request: str, answer: str) -> float:
    """The share of the answer's data values written in the request (1.0 when it shows none)."""
    from ui4a.model.train.natural import answer_values, said_in, searchable

    values = [v for v in answer_values(answer) if v != ""]
    if not values:
        return 1.0
    text = searchable(request)
    return sum(said_in(v, text) for v in values) / len(values)


def coverage(request: str, answer: str) -> float:
    """The share of the request's numbers and content words that the answer shows (1.0 when it has none)."""
    numbers, words = request_terms(request)
    if not numbers and not words:
        return 1.0
    shown = _TAG_OR_PROP.sub(" ", answer)
    found = len(numbers & _numbers(shown)) + len(words & _words(shown))
    return found / (len(numbers) + len(words))


def reward(request: str, answer: str) -> float:
    """0 for an answer that does not validate; else the mean of faithfulness and coverage, in [0, 1]."""
    try:
        if not check(answer).ok:
            return 0.0
        return (faithfulness(request, answer) + coverage(request, answer)) / 2
    except UI4AError:
        return 0.0


@dataclass
class Choice:
    """One request's answers and the one kept."""

    request: str
    answers: list[str]  # the greedy answer first, then the sampled ones
    rewards: list[float]
    best: int  # index of the answer kept (the greedy one on a tie)
    mended: list[bool]  # which answers the mender changed (``ui4a.mend``) before they were scored
    reference: str | None = None

    @property
    def chosen(self) -> str:
        return self.answers[self.best]


def best_of(model: Any, request: str, k: int, temperature: float = 0.8, seed: int = 0,
            max_new_tokens: int = 400, reference: str | None = None) -> Choice:
    """``k`` answers of ``model``'s ``ui`` adapter to ``request`` (the first greedy, the rest sampled at
    ``temperature``), all under the grammar and mended as the product mends them, and the best by
    :func:`reward`."""
    from ui4a.mend import mend
    from ui4a.model.decode.mask import grammar_constraint

    raw = model.generate_batch([request] * k, ["ui"] * k, max_new_tokens=max_new_tokens,
                               constraints=[grammar_constraint(model.tokenizer) for _ in range(k)],
                               temperatures=[0.0] + [temperature] * (k - 1), seed=seed)
    fixed = [mend(a) for a in raw]
    answers = [f.source for f in fixed]
    rewards = [round(reward(request, a), 4) for a in answers]
    best = max(range(k), key=lambda i: (rewards[i], -i))
    return Choice(request, answers, rewards, best, [f.changed for f in fixed], reference)


def measure(choices: Sequence[Choice]) -> dict[str, Any]:
    """Greedy against best-of-k: mean reward, and where references are known, structural matches."""
    from ui4a.model.train.heldout import same_structure

    n = max(len(choices), 1)
    out: dict[str, Any] = {
        "requests": len(choices),
        "k": len(choices[0].answers) if choices else 0,
        "greedy_reward": round(statistics.fmean(c.rewards[0] for c in choices), 4) if choices else 0.0,
        "best_reward": round(statistics.fmean(c.rewards[c.best] for c in choices), 4) if choices else 0.0,
        "sampled_chosen": round(sum(c.best != 0 for c in choices) / n, 4),
        "greedy_mended": round(sum(c.mended[0] for c in choices) / n, 4),
        "chosen_mended": round(sum(c.mended[c.best] for c in choices) / n, 4),
    }
    known = [c for c in choices if c.reference]
    if known:
        out["greedy_structural"] = round(sum(same_structure(c.answers[0], c.reference) for c in known) / len(known), 4)
        out["chosen_structural"] = round(sum(same_structure(c.chosen, c.reference) for c in known) / len(known), 4)
        out["any_structural"] = round(sum(any(same_structure(a, c.reference) for a in c.answers)
                                          for c in known) / len(known), 4)
    return out


def run(model: Any, pairs: Sequence[Any], k: int, temperature: float, seed: int,
        on_choice: Callable[[int, Choice], None] | None = None) -> list[Choice]:
    """Best-of-``k`` for each pair's request (its answer kept as the reference)."""
    choices = []
    for i, pair in enumerate(pairs):
        choice = best_of(model, pair.request, k, temperature, seed=seed + i, reference=pair.answer)
        choices.append(choice)
        if on_choice is not None:
            on_choice(i, choice)
    return choices


def as_jsonl(choices: Sequence[Choice]) -> str:
    """One line per request: the request, the answer kept, its reward, and every answer with its reward."""
    lines = []
    for c in choices:
        row = asdict(c)
        row["chosen"] = c.chosen
        lines.append(json.dumps(row, ensure_ascii=False))
    return "\n".join(lines) + ("\n" if lines else "")
