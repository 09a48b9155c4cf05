"""The Mixture-of-LoRA runtime, model against model in one run: the default (adapters on a pretrained
base) beside ui4a-tiny (the 2M-parameter model built from scratch).

For each model it prints, against the targets of issue 19 where they apply:
  the 49 benchmark cases (never trained on): routed ui (100%), schema-valid (100%), share of the
  individual checks passed (>= 60%), cases with every check passing (>= 30%), and per category
  its own held-out split: structural match under the grammar (>= 90% for the default model), router
  accuracy (>= 97% on natural requests), and the chat set's keyword score beside the base alone
  speed: decoded tokens per second under the grammar and first-token latency with the prefix warm,
  and a restart's cost with and without the prefix kept on disk; the adapters' build wall time

    python -m bench.mol [--models DIR,DIR] [--limit 60] [--quick] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def heldout(model: Any, record: dict, limit: int) -> dict[str, Any]:
    """Structural match and router accuracy on the model's own held-out split, and the chat set."""
    from ui4a.model.train.heldout import score_chat, score_router, score_ui

    cfg = record["config"]
    if record.get("format") == "chatml":
        from ui4a.model.train import natural, questions

        _, pairs = natural.split_of(cfg)
        _, routes = questions.route_dataset(cfg["route_train"], cfg["route_heldout"], seed=cfg["seed"])
        router = sum(model.route(r)[0] == label for r, label in routes) / len(routes)
        chat = score_chat(model, "chat")
        base = score_chat(model, None)
    else:
        from ui4a.model.train import data as datagen

        _, pairs = datagen.dataset(cfg["n_train"], cfg["n_heldout"], seed=cfg["seed"],
                                   exclude=frozenset(cfg.get("exclude", ())))
        router = score_router(model, pairs, limit=limit * 2)
        chat, base = score_chat(model, "chat"), None
    ui = score_ui(model, pairs, constrained=True, limit=limit)
    return {"structural": ui.structural, "schema_valid": ui.schema_valid, "closing": ui.closing,
            "seconds_per_answer": ui.seconds_per_answer, "router": round(router, 4), "chat": chat,
            "base_alone": base}


def _recorded(record: dict) -> dict[str, Any] | None:
    """The held-out figures a pretrained build's record holds, in :func:`heldout`'s shape."""
    h = record.get("heldout") or {}
    if "ui_constrained" not in h or "chat" not in h:
        return None
    ui = h["ui_constrained"]
    return {"structural": ui["structural"], "schema_valid": ui["schema_valid"], "closing": ui["closing"],
            "seconds_per_answer": ui["seconds_per_answer"], "router": h["router_accuracy"], "chat": h["chat"],
            "base_alone": h.get("base_alone"), "from_record": True}


def speed(model: Any, requests: Sequence[str], tokens: int = 120) -> dict[str, float]:
    """Median decoded tokens/s (after the first) and first-token ms under the grammar, the prefix warm;
    then a restart's prefix: loaded from disk against computed again."""
    from ui4a.model.backends import prefix_store
    from ui4a.model.backends.local import Timing
    from ui4a.model.decode.mask import grammar_constraint

    model.prefix("ui")
    rates, firsts = [], []
    for i, request in enumerate(requests):
        timing = Timing()
        "".join(model.generate(request, "ui", constraint=grammar_constraint(model.tokenizer),
                               max_new_tokens=tokens, timing=timing))
        if i:  # the first turn also builds the grammar's and the decode weights' one-off state
            rates.append(max(timing.tokens - 1, 0) / max(timing.total_s - timing.first_token_s, 1e-9))
            firsts.append(timing.first_token_s)
    t0 = time.perf_counter()
    kv = model.compute_prefix("ui")
    computed = time.perf_counter() - t0
    loaded = None
    if model.base_key:
        key = prefix_store.prefix_key(base=model.base_key, ids=model.format.prefix_ids("ui"),
                                      dtype=str(model.dtype), torch=model.torch.__version__)
        prefix_store.save(key, kv)
        t0 = time.perf_counter()
        prefix_store.load(key, len(kv))
        loaded = time.perf_counter() - t0
    return {"tokens_per_s": round(statistics.median(rates), 1), "first_token_ms": round(statistics.median(firsts) * 1000),
            "prefix_computed_s": round(computed, 2), "prefix_loaded_s": None if loaded is None else round(loaded, 3)}


def cases(spec: str, quick: bool) -> dict[str, Any]:
    """The benchmark's cases answered by ``spec`` and checked in Chromium (bench.run's model mode)."""
    from playwright.sync_api import sync_playwright

    from bench.cases import load_cases
    from bench.run import quick_subset, run_model
    from ui4a.checks.browser import launch

    chosen = load_cases()
    chosen = quick_subset(chosen) if quick else chosen
    with sync_playwright() as p:
        browser = launch(p)
        try:
            return run_model(chosen, spec, browser, progress=False)
        finally:
            browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train.build import DEFAULT_DIR as TINY
    from ui4a.model.train.lora import DEFAULT_DIR

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default=f"{DEFAULT_DIR},{TINY}", help="model directories, comma-separated")
    ap.add_argument("--limit", type=int, default=60, help="held-out UI requests decoded per model")
    ap.add_argument("--quick", action="store_true", help="the 12-case subset of the benchmark")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--fresh", action="store_true", help="score the held-out split again even where the build "
                    "record holds its figures (`ui4a model eval` wrote them with the same code)")
    args = ap.parse_args(argv)

    from bench.model_speed import REQUESTS

    figures: dict[str, Any] = {}
    for path in [Path(p) for p in args.models.split(",") if p]:
        record = json.loads((path / "build.json").read_text())
        started = time.perf_counter()
        model = LocalModel(path)
        load_s = time.perf_counter() - started
        print(f"== {path.name}: loaded in {load_s:.1f} s", flush=True)
        row = {"load_s": round(load_s, 1), "build_s": record.get("train_seconds"),
               "speed": speed(model, REQUESTS[:4]),
               "heldout": _recorded(record) if not args.fresh and _recorded(record) else heldout(model, record, args.limit)}
        del model
        row["cases"] = {k: v for k, v in cases(f"local:{path}", args.quick).items() if k != "per_case"}
        figures[path.name] = row
        print(json.dumps(row, indent=1), flush=True)
    _table(figures)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


def _table(figures: dict[str, Any]) -> None:
    def pct(x: float | None) -> str:
        return "—" if x is None else f"{x:.1%}"

    names = list(figures)
    rows = [
        ("benchmark: routed ui (100%)", lambda f: pct(f["cases"]["routed_ui_rate"])),
        ("benchmark: schema-valid (100%)", lambda f: pct(f["cases"]["schema_valid_rate"])),
        ("benchmark: checks passed, share (>= 60%)", lambda f: pct(f["cases"]["check_share"])),
        ("benchmark: cases with every check (>= 30%)", lambda f: pct(f["cases"]["checks_pass_rate"])),
        ("benchmark: answers mended", lambda f: pct(f["cases"]["mended_rate"])),
        ("held-out: structural, grammar (>= 90%)", lambda f: pct(f["heldout"]["structural"])),
        ("held-out: schema-valid, grammar", lambda f: pct(f["heldout"]["schema_valid"])),
        ("router accuracy (>= 97%)", lambda f: pct(f["heldout"]["router"])),
        ("chat keyword score", lambda f: pct(f["heldout"]["chat"]["keyword_score"])),
        ("  the base alone", lambda f: pct((f["heldout"]["base_alone"] or {}).get("keyword_score"))),
        ("decoded tokens/s, grammar (>= 30)", lambda f: f"{f['speed']['tokens_per_s']:.1f}"),
        ("first token, prefix warm (<= 500 ms)", lambda f: f"{f['speed']['first_token_ms']} ms"),
        ("restart: prefix computed", lambda f: f"{f['speed']['prefix_computed_s']} s"),
        ("restart: prefix from disk", lambda f: "—" if f["speed"]["prefix_loaded_s"] is None
         else f"{f['speed']['prefix_loaded_s']} s"),
        ("build wall time", lambda f: f"{f['build_s'] / 60:.0f} min" if f["build_s"] else "—"),
    ]
    print("\n| measure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for label, cell in rows:
        print(f"| {label} | " + " | ".join(cell(figures[n]) for n in names) + " |")
    for name in names:
        cats = figures[name]["cases"]["by_category"]
        print(f"\n{name} by category: " + ", ".join(f"{c} {pct(v['check_share'])}" for c, v in cats.items()))


if __name__ == "__main__":
    sys.exit(main())
