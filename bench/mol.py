"""The Mixture-of-LoRA runtime on the embedded model's held-out split.

Prints, each against its target:
  parse-valid and schema-valid rates of the ui adapter, with and without the grammar (100% with),
  how many grammar-bound answers ended in closing mode, and how many tokens per answer the
  validator's lookahead refused
  structural match with the reference (>= 85%)
  router accuracy (>= 95%)
  first-token latency without / with KV reuse of the catalog prefix (ratio >= 4x)
  per-token overhead of constrained decoding: time in the mask and guards over the model's own (<= 30%)
  adapter-switch overhead as a share of turn latency (<= 5%)

    python -m bench.mol [--model models/ui4a-tiny] [--limit 150] [--copy-bias B]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

TARGETS = {"constrained_schema_valid": 1.0, "structural": 0.85, "router": 0.95, "kv_ratio": 4.0,
           "constraint_overhead": 0.30, "switch_share": 0.05}


def first_token_latency(model, request: str, reuse: bool, repeat: int = 15) -> float:
    from ui4a.model.backends.local import Timing

    def once() -> float:
        timing = Timing()
        gen = model.generate(request, "ui", reuse_prefix=reuse, timing=timing, max_new_tokens=1)
        for _ in gen:
            break
        return timing.first_token_s

    model.prefix_cache("ui")  # computed once per adapter, before any turn
    return statistics.median(once() for _ in range(repeat))


def per_token_seconds(model, requests: Sequence[str], repeat: int = 3) -> tuple[float, float, float]:
    """Median seconds per token without and with the grammar (runs interleaved, so both see the same
    machine), and the median share of a constrained token's time spent masking and guarding it."""
    from ui4a.model.backends.local import Timing
    from ui4a.model.decode.mask import grammar_constraint

    plain, guided, shares = [], [], []
    for _ in range(repeat):
        for request in requests:
            for constrained in (False, True):
                timing = Timing()
                constraint = grammar_constraint(model.tokenizer) if constrained else None
                "".join(model.generate(request, "ui", constraint=constraint, timing=timing, max_new_tokens=120))
                (guided if constrained else plain).append(timing.total_s / max(timing.tokens, 1))
                if constrained:
                    shares.append(timing.constraint_s / max(timing.total_s - timing.constraint_s, 1e-9))
    return statistics.median(plain), statistics.median(guided), statistics.median(shares)


def switch_share(model, requests: Sequence[str]) -> tuple[float, float]:
    """Median set_adapter time vs median turn latency, alternating adapters."""
    switches, turns = [], []
    for i, request in enumerate(requests):
        adapter = ("ui", "chat")[i % 2]
        start = time.perf_counter()
        model.model.set_adapter(adapter)
        switches.append(time.perf_counter() - start)
        start = time.perf_counter()
        "".join(model.generate(request, adapter, max_new_tokens=60))
        turns.append(time.perf_counter() - start)
    return statistics.median(switches), statistics.median(turns)


def main(argv: Sequence[str] | None = None) -> int:
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train import data as datagen
    from ui4a.model.train.build import DEFAULT_DIR
    from ui4a.model.train.heldout import score_router, score_ui

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=str(DEFAULT_DIR))
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--copy-bias", type=float, default=None,
                    help="the copy bias of grammar-bound answers (default: the active manifest's [decoding])")
    args = ap.parse_args(argv)
    if args.copy_bias is None:
        from ui4a import harness

        args.copy_bias = harness.current().decoding.copy_bias

    path = Path(args.model)
    record = json.loads((path / "build.json").read_text())
    cfg = record["config"]
    _, heldout = datagen.dataset(cfg["n_train"], cfg["n_heldout"], seed=cfg["seed"],
                                 exclude=frozenset(cfg.get("exclude", ())))
    model = LocalModel(path)
    ui_requests = [p.request for p in heldout if p.adapter == "ui"]
    print(f"model {path.name}: {record['base_parameters'] / 1e6:.2f}M base parameters, catalog prefix "
          f"{record['catalog_prompt_tokens']} tokens; held-out: {len(heldout)} pairs, scoring {args.limit}")

    fresh = [p for p in datagen.generate(args.limit * 4, seed=cfg["seed"] + 99) if not datagen.is_heldout(p)]
    familiar = score_ui(model, fresh, constrained=True, limit=args.limit, copy_bias=args.copy_bias)
    free = score_ui(model, heldout, constrained=False, limit=args.limit)
    bound = score_ui(model, heldout, constrained=True, limit=args.limit, copy_bias=args.copy_bias)
    uncopied = score_ui(model, heldout, constrained=True, limit=args.limit) if args.copy_bias else None
    router = score_router(model, heldout, limit=args.limit * 2)
    request = ui_requests[0]
    cold = first_token_latency(model, request, reuse=False)
    warm = first_token_latency(model, request, reuse=True)
    plain, guided, share = per_token_seconds(model, ui_requests[:5])
    switch, turn = switch_share(model, ui_requests[:20])
    figures = {
        "copy_bias": args.copy_bias, "constrained_without_copy_bias": uncopied.as_dict() if uncopied else None,
        "unconstrained": free.as_dict(), "constrained": bound.as_dict(), "in_distribution": familiar.as_dict(), "router_accuracy": round(router, 4),
        "first_token_ms": {"without_reuse": round(cold * 1000, 2), "with_reuse": round(warm * 1000, 2)},
        "kv_ratio": round(cold / warm, 2), "per_token_ms": {"plain": round(plain * 1000, 3),
                                                            "constrained": round(guided * 1000, 3)},
        "constraint_overhead": round(share, 4), "end_to_end_ratio": round(guided / plain, 4),
        "switch_ms": round(switch * 1000, 3), "turn_ms": round(turn * 1000, 2), "switch_share": round(switch / turn, 4),
    }

    def verdict(ok: bool) -> str:
        return "meets" if ok else "MISSES"

    print(f"ui adapter, no grammar:  parse-valid {free.parse_valid:.1%}, schema-valid {free.schema_valid:.1%}, "
          f"structural {free.structural:.1%}, exact {free.exact:.1%}")
    if uncopied is not None:
        print(f"ui adapter, grammar, no copy bias: schema-valid {uncopied.schema_valid:.1%}, "
              f"structural {uncopied.structural:.1%}, exact {uncopied.exact:.1%}")
    print(f"ui adapter, grammar{f' + copy bias {args.copy_bias:g}' if args.copy_bias else ''}: "
          f"parse-valid {bound.parse_valid:.1%}, schema-valid {bound.schema_valid:.1%}, "
          f"structural {bound.structural:.1%}, exact {bound.exact:.1%}  "
          f"({verdict(bound.schema_valid >= 1.0)} 100% schema-valid)")
    print(f"closing mode (grammar):  {bound.closing:.1%} of answers ended in it (a loop cut or the budget "
          f"running low), {bound.stopped:.1%} cut short once they could no longer parse; the validator's "
          f"lookahead refused {bound.refused:.1f} tokens per answer")
    print(f"structural match (grammar): {bound.structural:.1%}  ({verdict(bound.structural >= .85)} >= 85%)")
    held = {tag: hits for tag, hits in bound.by_combo.items() if tag in datagen.HELDOUT}
    print("  by held-out combination: " + ", ".join(f"{tag} {a}/{n}" for tag, (a, n) in held.items()))
    print(f"for comparison, fresh requests drawn like the training data (grammar): schema-valid "
          f"{familiar.schema_valid:.1%}, structural {familiar.structural:.1%}, exact {familiar.exact:.1%}")
    print(f"router accuracy: {router:.1%}  ({verdict(router >= .95)} >= 95%)")
    print(f"first token: {cold * 1000:.1f} ms without KV reuse, {warm * 1000:.1f} ms with; ratio {cold / warm:.2f}x  "
          f"({verdict(cold / warm >= 4)} >= 4x)")
    print(f"per token: constraining takes {share:.1%} on top of the model's own time  "
          f"({verdict(share <= .30)} <= 30%); end to end {plain * 1000:.2f} ms plain, {guided * 1000:.2f} ms "
          f"constrained (different answers, so different lengths and noise)")
    print(f"adapter switch: {switch * 1000:.3f} ms of a {turn * 1000:.1f} ms turn = {switch / turn:.2%}  "
          f"({verdict(switch / turn <= .05)} <= 5%)")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
