"""The router: picks the adapter for each turn, and records every decision.

Order of precedence: configured rules (regular expressions over the message),
then the model's constrained choice among the adapter labels (the base model
asked to name a label, as multi-LoRA harnesses do), then the default label when
the model's confidence is under the threshold. The previous turn's summary is
given to the model with the message, so "make it a chart" after a table still
routes to the UI adapter.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ui4a.model.backends.base import Route


class Chooser(Protocol):
    def route(self, request: str) -> tuple[str, float]: ...


@dataclass(frozen=True)
class Rule:
    pattern: str
    label: str

    def matches(self, text: str) -> bool:
        return re.search(self.pattern, text, re.IGNORECASE) is not None


@dataclass
class Decision:
    time: float
    request: str
    label: str
    score: float
    reason: str


@dataclass
class Router:
    labels: Sequence[str] = ("ui", "chat")
    rules: Sequence[Rule] = ()
    default: str = "chat"
    threshold: float = 0.5
    use_summary: bool = False
    """Give the model the previous turn's summary too (off for the embedded model: it was not trained so)."""
    log_path: Path | None = None
    decisions: list[Decision] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        for rule in self.rules:
            re.compile(rule.pattern)
            if rule.label not in self.labels:
                raise ValueError(f"rule {rule.pattern!r} routes to unknown label {rule.label!r}")
        if self.default not in self.labels:
            raise ValueError(f"default label {self.default!r} is not one of {list(self.labels)}")

    def decide(self, request: str, chooser: Chooser | None, previous_summary: str = "") -> Route:
        for rule in self.rules:
            if rule.matches(request):
                return self._record(request, Route(rule.label, 1.0, f"rule /{rule.pattern}/"))
        if chooser is None:
            return self._record(request, Route(self.default, 0.0, "no model to choose; default"))
        text = f"{previous_summary.strip()} {request}".strip() if previous_summary and self.use_summary else request
        label, score = chooser.route(text)
        if score < self.threshold:
            return self._record(request, Route(self.default, round(score, 4),
                                               f"model chose {label} at {score:.2f} < {self.threshold}; default"))
        return self._record(request, Route(label, round(score, 4), "model's constrained choice"))

    def _record(self, request: str, route: Route) -> Route:
        decision = Decision(time.time(), request[:500], route.adapter, route.score, route.reason)
        with self._lock:
            self.decisions.append(decision)
            del self.decisions[:-1000]  # keep the recent ones in memory; the log keeps all
            if self.log_path is not None:
                self.log_path.parent.mkdir(parents=True, exist_ok=True)
                with open(self.log_path, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(asdict(decision)) + "\n")
        return route

    @classmethod
    def from_config(cls, data: dict[str, Any]) -> Router:
        rules = tuple(Rule(r["pattern"], r["label"]) for r in data.get("rules", []))
        return cls(labels=tuple(data.get("labels", ("ui", "chat"))), rules=rules,
                   default=data.get("default", "chat"), threshold=float(data.get("threshold", 0.5)),
                   use_summary=bool(data.get("use_summary", False)))
