"""Scoring a model on held-out pairs: routing, validity, structural match, exactness.

Structural match compares what the UI is made of — component names, their
nesting and which props are set — and ignores values, which is what matters for
"did it build the right interface"; exact match compares the strings. With the
grammar, ``closing`` is the share of answers that ended in closing mode
(``ui4a.model.decode.ends_within_budget``: a loop was cut or the budget ran low) and ``stopped`` the
share cut short because they could no longer parse, and ``refused`` how many tokens per
answer the validator's lookahead (``ui4a.model.decode.stays_valid``) refused.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ui4a.lang.errors import UI4AError
from ui4a.lang.nodes import Document, Element
from ui4a.lang.parser import parse
from ui4a.validate import check


def structure(doc: Document) -> tuple:
    def node(el: Element) -> tuple:
        kids = tuple(node(c) for c in el.children if isinstance(c, Element))
        return (el.name, tuple(sorted(p.name for p in el.props)), kids)

    return tuple(node(c) for c in doc.children if isinstance(c, Element))


def same_structure(output: str, reference: str) -> bool:
    try:
        return structure(parse(output)) == structure(parse(reference))
    except UI4AError:
        return False


@dataclass
class Scores:
    n: int = 0
    parse_valid: float = 0.0
    schema_valid: float = 0.0
    structural: float = 0.0
    exact: float = 0.0
    seconds_per_answer: float = 0.0
    closing: float = 0.0
    stopped: float = 0.0
    refused: float = 0.0
    by_combo: dict[str, list[int]] = field(default_factory=dict)
    """Per combination tag of the pairs (``Pair.combo``): [structural matches, pairs]."""

    def as_dict(self) -> dict[str, Any]:
        return {k: round(v, 4) if isinstance(v, float) else v for k, v in self.__dict__.items()}


def score_ui(model: Any, pairs: Sequence[Any], constrained: bool, limit: int | None = None,
             copy_bias: float = 0.0) -> Scores:
    from ui4a.model.decode.mask import grammar_constraint

    rows = [p for p in pairs if p.adapter == "ui"][:limit]
    parsed = valid = struct = exact = closing = stopped = refused = 0
    times = []
    by_combo: dict[str, list[int]] = {}
    for p in rows:
        constraint = grammar_constraint(model.tokenizer) if constrained else None
        start = time.perf_counter()
        out = "".join(model.generate(p.request, "ui", constraint=constraint, max_new_tokens=300,
                                      copy_bias=copy_bias))
        times.append(time.perf_counter() - start)
        report = check(out)
        parsed += report.document is not None
        valid += report.ok
        same = same_structure(out, p.answer)
        struct += same
        for tag in getattr(p, "combo", ()):
            tally = by_combo.setdefault(tag, [0, 0])
            tally[0] += same
            tally[1] += 1
        exact += out.strip() == p.answer.strip()
        if constraint is not None:
            closing += constraint.closing.active
            stopped += constraint.closing.stopped
            refused += constraint.lookahead.banned
    n = max(len(rows), 1)
    return Scores(len(rows), parsed / n, valid / n, struct / n, exact / n,
                  statistics.mean(times) if times else 0.0, closing / n, stopped / n, refused / n,
                  dict(sorted(by_combo.items())))


def score_router(model: Any, pairs: Sequence[Any], limit: int | None = None) -> float:
    rows = list(pairs)[:limit]
    right = sum(model.route(p.request)[0] == p.adapter for p in rows)
    return right / max(len(rows), 1)


def score_chat(model: Any, adapter: str | None, limit: int | None = None,
               max_new_tokens: int = 60) -> dict[str, Any]:
    """The share of the fixed general questions (``questions.CHAT_EVAL``) answered with their keywords,
    by ``adapter`` (None: the bare base with its own default system prompt), and how many answers were
    component code instead of text."""
    from ui4a.model.train.questions import CHAT_EVAL, score_keywords

    rows = list(CHAT_EVAL)[:limit]
    right = code = 0
    for question, keywords in rows:
        if adapter is None:
            answer = model.base_answer(question, max_new_tokens=max_new_tokens)
        else:
            answer = "".join(model.generate(question, adapter, max_new_tokens=max_new_tokens))
        right += score_keywords(answer, keywords)
        code += answer.lstrip().startswith("<") and check(answer).document is not None
    return {"n": len(rows), "keyword_score": round(right / max(len(rows), 1), 4), "component_code": code}


def evaluate_pretrained(path: Any, record: dict[str, Any], limit: int) -> dict[str, Any]:
    """Held-out figures of adapters on a pretrained base: UI answers (with and without the grammar),
    routing over natural requests, and the chat set beside the base alone."""
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train import natural, questions

    cfg = record["config"]
    _, heldout = natural.split_of(cfg)
    _, routes = questions.route_dataset(cfg["route_train"], cfg["route_heldout"], seed=cfg["seed"])
    model = LocalModel(path)
    started = time.monotonic()
    right = sum(model.route(request)[0] == label for request, label in routes)
    metrics = {
        "router_accuracy": round(right / max(len(routes), 1), 4),
        "router_n": len(routes),
        "ui_constrained": score_ui(model, heldout, constrained=True, limit=limit).as_dict(),
        "ui_unconstrained": score_ui(model, heldout, constrained=False, limit=min(limit, 60)).as_dict(),
        "chat": score_chat(model, "chat"),
        "base_alone": score_chat(model, None),
        "heldout_pairs": min(limit, len(heldout)),
    }
    metrics["eval_seconds"] = round(time.monotonic() - started, 1)
    return metrics


def fit_pretrained(path: Any, record: dict[str, Any], limit: int) -> dict[str, Any]:
    """The adapter under the grammar on the first ``limit`` UI requests of its own *training* split.

    Beside the held-out figures this separates two causes of a miss: a structure the adapter was taught
    and does not reproduce (too little capacity or training) from one it was never shown (generalisation).
    """
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train import natural

    train, _ = natural.split_of(record["config"])
    model = LocalModel(path)
    started = time.monotonic()
    metrics = {"ui_constrained_train": score_ui(model, train, constrained=True, limit=limit).as_dict(),
               "train_pairs": min(limit, sum(p.adapter == "ui" for p in train))}
    metrics["eval_seconds"] = round(time.monotonic() - started, 1)
    return metrics
