"""``ui4a rsi eval``: the candidate and the current adapter answer the same requests; both are scored.

Two sets of requests; every answer is checked (schema-valid) and its checks are run:

- the export's held-out traces: the checks are derived from the trace's answer —
  every component it uses must be there and every piece of its visible text must
  show (like the benchmark's ``text`` checks, on the rendered HTML);
- cases (``ui4a.checks.cases``; with ``cases=DIR``, such as the project's own
  ``bench/cases``): their own Playwright checks, in Chromium.

The gate score is the check-pass rate: the share of all checks passed. The result is written to
``eval.json`` in the candidate's folder, where ``ui4a rsi promote`` reads it.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from ui4a import atomic, harness
from ui4a.hcp.manifest import Manifest
from ui4a.lang.nodes import Document
from ui4a.render.html import RenderError, render_document
from ui4a.rsi import export as exports
from ui4a.rsi.train import CANDIDATE
from ui4a.validate import check

EVAL = "eval.json"


class EvalError(Exception):
    """The candidate cannot be evaluated (missing files, nothing to score); says why."""


@dataclass(frozen=True)
class Item:
    request: str
    reference: str | None = None  # a trace's answer: checks are derived from it
    checks: tuple[dict[str, Any], ...] = ()  # a benchmark case's own checks
    kind: str = "trace"


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._skip += tag in ("style", "script", "title")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("style", "script", "title") and self._skip > 0

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.chunks.append(" ".join(data.split()))


def visible_text(doc: Document) -> list[str]:
    parser = _Text()
    parser.feed(render_document(doc))
    return parser.chunks


def derived_checks(output_doc: Document | None, reference: str) -> tuple[int, int]:
    """(passed, total) of the checks a reference answer implies: each component it uses (with its
    count) is there, and each piece of its visible text shows — like the benchmark's ``text`` checks."""
    ref = check(reference)
    if ref.document is None:
        return 0, 0
    want = Counter(el.name for el, _ in ref.document.walk())
    texts = visible_text(ref.document)
    total = len(want) + len(texts)
    if output_doc is None:
        return 0, total
    have = Counter(el.name for el, _ in output_doc.walk())
    passed = sum(have[name] >= n for name, n in want.items())
    try:
        shown = " ".join(visible_text(output_doc))
    except RenderError:
        return passed, total
    return passed + sum(t in shown for t in texts), total


def score(answers: Sequence[str], items: Sequence[Item], browser: Any = None) -> dict[str, Any]:
    """Rates of ``answers`` to ``items`` (the same order).

    ``schema_valid``: answers that parse and validate; ``check_pass``: the share of
    all checks passed (an invalid answer passes none); ``all_checks``: answers
    passing every one of their checks.
    """
    from ui4a.model.turn import checked

    valid = whole = passed_checks = total_checks = 0
    per_kind: dict[str, list[int]] = {}
    for answer, item in zip(answers, items, strict=True):
        report = checked(answer)
        ok = report.ok and report.document is not None
        if item.reference is not None:
            passed, total = derived_checks(report.document if ok else None, item.reference)
        else:
            total, passed = len(item.checks), 0
            if ok and browser is not None:
                from ui4a.checks.runner import run_checks

                failures = run_checks(browser, render_document(report.document, standalone=True), item.checks)
                passed = max(0, total - len(failures))
        valid += ok
        whole += ok and passed == total
        passed_checks += passed
        total_checks += total
        per_kind.setdefault(item.kind, []).append(int(ok and passed == total))
    n = max(len(items), 1)
    return {"n": len(items), "schema_valid": round(valid / n, 4),
            "check_pass": round(passed_checks / max(total_checks, 1), 4), "checks": total_checks,
            "all_checks": round(whole / n, 4),
            "all_checks_by_set": {k: round(sum(v) / len(v), 4) for k, v in per_kind.items()}}


def case_items(directory: str | Path, allowed: Sequence[str] | None) -> list[Item]:
    """The cases in ``directory`` whose reference uses only allowed components."""
    from ui4a.checks.cases import CaseError, load_cases

    try:
        cases = load_cases(directory)
    except CaseError as exc:
        raise EvalError(f"cannot load the cases: {exc}") from exc
    out = []
    for case in cases:
        used = {el.name for el, _ in check(case.ui).document.walk()} if check(case.ui).document else set()
        if allowed is None or used <= set(allowed):
            out.append(Item(case.request, None, tuple(case.checks), "bench"))
    return out


def evaluate(manifest: Manifest, candidate: str | Path, dataset: str | Path | None = None,
             cases: str | Path | None = None,
             limit: int | None = None, constrained: bool | None = None,
             log: Callable[[str], None] = print) -> dict[str, Any]:
    """Score the candidate against the manifest's current adapter; writes and returns ``eval.json``."""
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.decode.mask import grammar_constraint

    cand = Path(candidate)
    try:
        record = json.loads((cand / CANDIDATE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EvalError(f"{cand} is not a candidate adapter (run `ui4a rsi train`): {exc}") from exc
    adapter = record["adapter"]
    current = manifest.model.adapters.get(adapter)
    if current is None or not current.path:
        raise EvalError(f"the manifest has no local adapter {adapter!r} to compare with")
    _, heldout, _ = exports.read(dataset or record["dataset"])
    items = [Item(p.request, p.answer) for p in heldout]
    if cases is not None:
        items += case_items(cases, manifest.allowed())
    items = items[:limit] if limit else items
    if not items:
        raise EvalError("nothing to evaluate on: the export has no held-out traces (use --cases for the "
                        "benchmark's)")
    constrained = manifest.decoding.constrained if constrained is None else constrained
    model = LocalModel(manifest.resolve(manifest.model.base),
                       adapters={"current": manifest.resolve(current.path), "candidate": cand},
                       system=harness.render_system(manifest))
    started = time.monotonic()
    answers: dict[str, list[str]] = {"current": [], "candidate": []}
    for who in answers:
        for i, item in enumerate(items):
            limit_c = grammar_constraint(model.tokenizer, manifest.allowed()) if constrained else None
            answers[who].append("".join(model.generate(item.request, who, constraint=limit_c,
                                                       max_new_tokens=manifest.decoding.max_new_tokens)))
            if (i + 1) % 10 == 0:
                log(f"eval {who}: {i + 1}/{len(items)}")
    if cases is not None:
        from ui4a.checks.browser import chromium

        with chromium() as browser:
            scores = {who: score(a, items, browser) for who, a in answers.items()}
    else:
        scores = {who: score(a, items) for who, a in answers.items()}
    margin = round(scores["candidate"]["check_pass"] - scores["current"]["check_pass"], 4)
    result = {
        "adapter": adapter, "candidate_version": record["version"], "current_version": current.version,
        "current_path": current.path, "constrained": constrained, "items": len(items),
        "current": scores["current"], "candidate": scores["candidate"], "margin": margin,
        "gate_margin": manifest.rsi.gate_margin, "wins": margin >= manifest.rsi.gate_margin and margin > 0,
        "seconds": round(time.monotonic() - started, 1), "created": time.time(),
        "samples": [{"request": it.request, "current": a, "candidate": b}
                    for it, a, b in list(zip(items, answers["current"], answers["candidate"], strict=True))[:5]],
    }
    atomic.write_text(cand / EVAL, json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return result

