"""How fast the local model answers: tokens per second and first-token latency, each variant against
its baseline in the same process, interleaved (the machine is shared and noisy).

  decoding      merged int8 decode weights (the default) vs the bf16 model with its adapter on the side
  grammar       the ui adapter under the grammar and guards vs unconstrained
  first token   with the catalog prefix warm in memory; and a restart's cost: the prefix loaded from
                disk (prefix_store) vs computed again

    python -m bench.model_speed [--model models/smollm2-ui4a] [--requests 4] [--tokens 120]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

REQUESTS = (
    "a booking form for a table: date, number of guests (1-8) and a note",
    "show my monthly spending as a bar chart: Jan 420, Feb 380, Mar 510, Apr 460",
    "a habit tracker with checkboxes for gym, reading and meditation",
    "a table of open invoices with columns customer, amount and due date: Acme 1200 2025-07-01",
    "settings page with switches for dark mode and notifications and a font size slider",
    "a tip calculator with the bill, a tip percent slider and the total",
)


def _rate(model, request: str, tokens: int, constrained: bool, fast: bool) -> tuple[float, float]:
    """(tokens per second after the first, first-token seconds) of one ui answer."""
    from ui4a.model.backends.local import Timing
    from ui4a.model.decode.mask import grammar_constraint

    model.fast_decode = fast
    timing = Timing()
    constraint = grammar_constraint(model.tokenizer) if constrained else None
    "".join(model.generate(request, "ui", constraint=constraint, max_new_tokens=tokens, timing=timing))
    rest = max(timing.total_s - timing.first_token_s, 1e-9)
    return max(timing.tokens - 1, 0) / rest, timing.first_token_s


def main(argv: Sequence[str] | None = None) -> int:
    from ui4a.model.backends import prefix_store
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train.lora import DEFAULT_DIR

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--requests", type=int, default=4)
    ap.add_argument("--tokens", type=int, default=120)
    args = ap.parse_args(argv)

    started = time.perf_counter()
    model = LocalModel(args.model)
    print(f"model {args.model} loaded in {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    model.prefix("ui")
    print(f"catalog prefix ready in {time.perf_counter() - started:.2f} s (loaded or computed)")
    requests = list(REQUESTS[:args.requests])
    for request in requests[:1]:  # warm-up: builds the fast weights and the grammar once
        _rate(model, request, 8, True, True)
        _rate(model, request, 8, True, False)

    rows: dict[str, list[tuple[float, float]]] = {}
    for request in requests:
        for name, constrained, fast in (("unconstrained, merged int8 decode", False, True),
                                        ("grammar + guards, merged int8 decode (default)", True, True),
                                        ("grammar + guards, bf16 with the adapter on the side", True, False)):
            rows.setdefault(name, []).append(_rate(model, request, args.tokens, constrained, fast))
    print(f"\n{'variant':52} {'tok/s':>7} {'first token':>12}")
    for name, runs in rows.items():
        print(f"{name:52} {statistics.median(r[0] for r in runs):7.1f} "
              f"{statistics.median(r[1] for r in runs) * 1000:9.0f} ms")
    base = statistics.median(r[0] for r in rows["grammar + guards, bf16 with the adapter on the side"])
    fast = statistics.median(r[0] for r in rows["grammar + guards, merged int8 decode (default)"])
    print(f"merged int8 decode: {fast / base:.2f}x the bf16 adapter path (target: >= 30 tok/s end to end)")

    if model.base_key:
        kv = model.compute_prefix("ui")
        key = prefix_store.prefix_key(base=model.base_key, ids=model.format.prefix_ids("ui"),
                                      dtype=str(model.dtype), torch=model.torch.__version__)
        t0 = time.perf_counter()
        model.compute_prefix("ui")
        computed = time.perf_counter() - t0
        prefix_store.save(key, kv)
        t0 = time.perf_counter()
        prefix_store.load(key, len(kv))
        loaded = time.perf_counter() - t0
        print(f"restart: catalog prefix loaded from disk {loaded:.2f} s vs computed {computed:.2f} s "
              f"({computed / max(loaded, 1e-9):.0f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
