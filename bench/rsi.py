"""The self-improvement loop, end to end: generation 0 never saw some components; generation 1 learns them.

1. Build generation 0 of the embedded model (tokenizer, base, ui/chat adapters) for a
   15-component catalog, with the training data *excluding* three of them (Timeline,
   KeyValue, Progress): they are in its catalog prompt, in none of its examples.
2. Write a harness manifest for it (grammar-constrained decoding, as the product runs;
   the scripted source below cannot be constrained, so its turns get repair turns).
3. Scripted sessions: users ask for UIs that need those components; a teacher source
   answers them — a share of first answers broken on purpose, so the harness's repair
   turn (positioned errors fed back) runs — and some answers get a thumbs down.
   Every turn goes through the harness's own turn runner and is traced in SQLite.
4. ``ui4a rsi export`` → ``train`` (from generation 0's ui adapter) → ``eval`` (both
   generations on the held-out traces) → ``promote`` (the gate) → ``history``.
5. Prints the table of both generations and exits 1 unless generation 1 raised both
   the schema-valid and the check-pass rate and was promoted.

    python -m bench.rsi [--out DIR] [--sessions 120] [--size small|tiny]
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import os
import random
import sys
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from ui4a.model.backends.base import Message, Route

EXCLUDED = ("Timeline", "KeyValue", "Progress")
FAMILIES = ("timeline", "key_value", "progress")
# The harness of the proof allows 15 components (a ~590-token catalog instead of ~1,200), so generation 0
# trains in minutes on a laptop CPU; the three above are in its catalog but in none of its training pairs.
ALLOWED = ("Badge", "Button", "Callout", "Card", "Code", "Heading", "KeyValue", "Link", "List", "Progress", "Row",
           "Stat", "Table", "Text", "Timeline")

SIZES = {
    # about 7 minutes on 2 CPU cores: enough for generation 0 to write the components it saw
    "small": dict(n_train=3000, n_heldout=100, vocab_size=2048, hidden_size=128, layers=3, heads=4,
                  intermediate_size=384, short_steps=0, base_steps=1200, adapter_steps=250, batch_size=16,
                  eval_limit=0),
    # seconds: proves the loop runs (CI); the rates mean little at this size
    "tiny": dict(n_train=300, n_heldout=20, vocab_size=1000, hidden_size=48, layers=2, heads=2,
                 intermediate_size=96, short_steps=0, base_steps=20, adapter_steps=5, batch_size=8, max_positions=2048,
                 eval_limit=0),
}

MANIFEST = """\
[harness]
name = "rsi-proof"
version = "0.1.0"

[model]
backend = "local"
base = "model"
fallback = "none"

[model.adapters.ui]
path = "model/adapters/ui"
purpose = "compact UI code"
version = "0"

[model.adapters.chat]
path = "model/adapters/chat"
purpose = "plain-text answers"
version = "0"

[components]
allow = {allowed}

[router]
labels = ["ui", "chat"]
default = "ui"
threshold = 0.0

[decoding]
constrained = true
max_new_tokens = {max_new_tokens}
repair_turns = 1

[rsi]
trace_store = "traces.sqlite3"
generations_dir = "generations"
gate_margin = 0.05
heldout_share = 0.25
train_steps = {train_steps}
rehearsal = 1.0
"""


def break_answer(answer: str, rng: random.Random) -> str:
    """A plausible model mistake the validator catches: a misspelt component, or a dropped closing tag."""
    from ui4a.model.train.data import components_of

    name = rng.choice(components_of(answer) or ("Text",))
    if rng.random() < 0.5:
        return answer.replace(f"<{name}", f"<{name}s", 1)
    return answer[: answer.rfind("<")] if "</" in answer else answer.replace("/>", ">", 1)


class Teacher:
    """Answers the scripted requests; the first answer to some of them is broken (repaired on request)."""

    name = "teacher"
    label = "scripted teacher for the RSI proof"
    constrained = False

    def __init__(self, answers: dict[str, str], broken: dict[str, str]) -> None:
        self.answers, self.broken = answers, broken

    def route(self, messages: Sequence[Message]) -> Route:
        return Route("ui", 1.0, "scripted")

    async def stream(self, messages: Sequence[Message], route: Route) -> AsyncIterator[str]:
        request = messages[0].content
        repairing = len(messages) > 1
        text = self.answers[request] if repairing or request not in self.broken else self.broken[request]
        for i in range(0, len(text), 12):
            yield text[i:i + 12]
            await asyncio.sleep(0)


def scripted_sessions(n: int, seed: int, broken_share: float = 0.3, dislike_share: float = 0.05) -> dict:
    """Run ``n`` traced turns through the harness; returns counts."""
    from ui4a import harness, traces
    from ui4a.model import turn
    from ui4a.model.train import data as datagen

    rng = random.Random(seed)
    pairs, seen = [], set()
    while len(pairs) < n:
        p = datagen.UI_FAMILIES[FAMILIES[len(pairs) % len(FAMILIES)]](rng)
        if p.request not in seen:
            seen.add(p.request)
            pairs.append(p)
    answers = {p.request: p.answer for p in pairs}
    broken = {p.request: break_answer(p.answer, rng) for p in pairs if rng.random() < broken_share}
    teacher = Teacher(answers, broken)
    store = harness.store()
    counts = {"turns": 0, "repaired": 0, "valid": 0, "disliked": 0}

    async def run_all() -> None:
        for p in pairs:
            result = await turn.run(teacher, [Message("user", p.request)])
            trace_id = turn.trace("script", p.request, result)
            counts["turns"] += 1
            counts["repaired"] += bool(result.attempts)
            counts["valid"] += bool(result.valid)
            if trace_id is not None and rng.random() < dislike_share:
                traces.event(trace_id, "feedback", {"value": -1}, store)
                counts["disliked"] += 1

    # In a thread of its own: the caller's thread may already run an event loop (Playwright's, in tests).
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run_all()).result()
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.rsi", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="bench/results/rsi", help="work folder (replaced)")
    ap.add_argument("--sessions", type=int, default=120)
    ap.add_argument("--size", choices=sorted(SIZES), default="small")
    ap.add_argument("--train-steps", type=int, default=800)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    result = run(Path(args.out), args.sessions, args.size, args.train_steps, args.seed)
    print(format_table(result))
    return 0 if result["raised"] else 1


def run(out: Path, sessions: int, size: str, train_steps: int, seed: int = 0, max_new_tokens: int = 300,
        log=lambda line: print(line, flush=True)) -> dict:
    import shutil

    from ui4a import harness
    from ui4a.model.train.build import BuildConfig, build
    from ui4a.rsi import evaluate, export, promote, train

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    started = time.monotonic()
    cfg = BuildConfig(seed=seed, exclude=EXCLUDED, components=ALLOWED, **SIZES[size])
    log(f"generation 0: building a model whose training data has no {', '.join(EXCLUDED)}")
    build(out / "model", cfg, log=lambda line: None)
    manifest_path = out / "harness.toml"
    manifest_path.write_text(MANIFEST.format(train_steps=train_steps, max_new_tokens=max_new_tokens,
                                             allowed=json.dumps(list(ALLOWED))), encoding="utf-8")
    previous = os.environ.get(harness.ENV)
    os.environ[harness.ENV] = str(manifest_path)
    harness.reload()
    try:
        counts = scripted_sessions(sessions, seed + 1)
        log(f"sessions: {counts['turns']} traced turns, {counts['repaired']} repaired, "
            f"{counts['disliked']} thumbs down")
        m = harness.current()
        data = out / "generations" / "datasets" / "ui"
        info = export.export(harness.store(), data, "ui", m.rsi.heldout_share)
        log(f"export: {info['train']} train + {info['heldout']} held-out pairs ({info['repaired']} repaired)")
        candidate = train.train(m, data, "ui", log=lambda line: None)
        scored = evaluate.evaluate(m, candidate, log=lambda line: None)
        promoted = promote.promote(manifest_path, candidate, harness.store())
        hist = promote.history(harness.store(), harness.current())
    finally:
        if previous is None:
            os.environ.pop(harness.ENV, None)
        else:
            os.environ[harness.ENV] = previous
        harness.reload()
    g0, g1 = scored["current"], scored["candidate"]
    result = {
        "excluded": list(EXCLUDED), "size": size, "sessions": counts, "export": info, "eval": scored,
        "promotion": promoted["status"], "history": hist, "seconds": round(time.monotonic() - started, 1),
        "raised": g1["schema_valid"] > g0["schema_valid"] and g1["check_pass"] > g0["check_pass"]
        and promoted["status"] == "promoted",
    }
    (out / "report.json").write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
    return result


def format_table(result: dict) -> str:
    e = result["eval"]
    rows = [(f"generation 0 (v{e['current_version']})", e["current"]),
            (f"generation 1 (v{e['candidate_version']})", e["candidate"])]
    lines = [f"held-out requests needing {', '.join(result['excluded'])}: {e['items']} "
             f"({'grammar-constrained' if e['constrained'] else 'unconstrained'} decoding)",
             f"{'':<22}{'schema-valid':>14}{'checks passed':>15}{'all checks':>12}"]
    lines += [f"{name:<22}{s['schema_valid']:>14.1%}{s['check_pass']:>15.1%}{s['all_checks']:>12.1%}"
              for name, s in rows]
    lines.append(f"gate margin {e['gate_margin']:.0%}: {result['promotion']}; {result['seconds']:.0f} s in all")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
