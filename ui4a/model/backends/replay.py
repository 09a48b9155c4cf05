"""The replay backend: streams the bundled example that best matches the request.

It is not a model. It exists so the playground works end to end before a model
is configured, and it says so on every turn. Matching is plain word overlap
between the request and each example's request in ``examples/README.md``; the
chosen example is streamed token by token (cl100k tokens) at a steady rate, as a
model would.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ui4a.model.backends.base import Message, Route

EXAMPLES_DIR = Path(__file__).resolve().parents[3] / "examples"
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an and are as at be by can do for from how i in is it me my of on or show the this "
                  "to what with you your should give let make need want".split())
MIN_SCORE = 0.25


@dataclass(frozen=True)
class Example:
    name: str
    request: str
    source: str


@lru_cache(maxsize=4)
def load_examples(directory: Path = EXAMPLES_DIR) -> tuple[Example, ...]:
    """Examples with the request each answers, from the index table in README.md."""
    requests: dict[str, str] = {}
    index = directory / "README.md"
    if index.exists():
        for line in index.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\|\s*\[?([a-z0-9_]+)\.ui\]?[^|]*\|\s*\"?([^|\"]+)\"?\s*\|", line)
            if m:
                requests[m.group(1)] = m.group(2).strip()
    return tuple(
        Example(p.stem, requests.get(p.stem, p.stem.replace("_", " ")), p.read_text(encoding="utf-8"))
        for p in sorted(directory.glob("*.ui"))
    )


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}


def best_match(request: str, examples: Sequence[Example]) -> tuple[Example | None, float]:
    asked = _words(request)
    if not asked:
        return None, 0.0
    best, best_score = None, 0.0
    for ex in examples:
        known = _words(ex.request) | _words(ex.name.replace("_", " "))
        score = len(asked & known) / len(asked)
        if score > best_score:
            best, best_score = ex, score
    return best, best_score


def chunk_tokens(text: str) -> list[str]:
    """Split text into cl100k tokens, merged where a token splits a UTF-8 character."""
    import quicktok

    enc = quicktok.get_encoding("cl100k_base")
    out: list[str] = []
    pending: list[int] = []
    for tok in enc.encode(text):
        pending.append(tok)
        piece = enc.decode(pending)
        if "\ufffd" not in piece:
            out.append(piece)
            pending = []
    if pending:
        out.append(enc.decode(pending))
    return out


class ReplayBackend:
    name = "replay"
    label = "replay of the bundled examples — not a model"

    def __init__(self, rate: float = 50.0, examples: Sequence[Example] | None = None) -> None:
        self.rate = rate
        self.examples = tuple(examples) if examples is not None else load_examples()

    def route(self, messages: Sequence[Message]) -> Route:
        request = messages[-1].content if messages else ""
        example, score = best_match(request, self.examples)
        if example is not None and score >= MIN_SCORE:
            return Route("ui", round(score, 3), f"matches example {example.name}")
        return Route("chat", round(1 - score, 3), "no example matches")

    async def stream(self, messages: Sequence[Message], route: Route) -> AsyncIterator[str]:
        request = messages[-1].content if messages else ""
        if route.adapter == "ui":
            example, _ = best_match(request, self.examples)
            assert example is not None
            text = example.source
        else:
            asks = "; ".join(f"“{e.request}”" for e in self.examples[:3])
            text = (f"(Replay backend — no model is configured.) I noted: “{request.strip()[:300]}”. "
                    f"I can replay bundled answers, for example: {asks}")
        delay = 1.0 / self.rate if self.rate > 0 else 0.0
        for piece in chunk_tokens(text):
            yield piece
            if delay:
                await asyncio.sleep(delay)
