"""``ui4a bench``: the UI token benchmark (default) and the other benchmark suites.

  ui4a bench [ui] [--quick] [--out DIR] [--model SPEC]   tokens vs lean/strict HTML and A2UI, checked in Chromium
  ui4a bench parse [--size-kb N]                         streaming vs full parse speed
  ui4a bench mol [--model local:PATH]                    the Mixture-of-LoRA runtime on the held-out split
  ui4a bench app                                         playground latency
  ui4a bench rsi [--out DIR]                             the learning loop: generation 0 vs 1 (about 10 minutes)
"""

from __future__ import annotations

import argparse
import sys

SUITES = ("ui", "parse", "mol", "app", "rsi")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="run a benchmark (default: the UI token benchmark) and write its report")
    p.add_argument("suite", nargs="?", choices=SUITES, default="ui",
                   help="ui: tokens vs HTML and A2UI (default); parse: parser speed; mol: model runtime; "
                        "app: playground latency; rsi: the learning loop's proof")
    p.add_argument("--quick", action="store_true", help="ui: a fixed 12-case subset (CI, under 5 minutes)")
    p.add_argument("--out", help="ui: folder for report.json, report.md, tokens.png, screens/ "
                                 "(default: bench/results/)")
    p.add_argument("--model", help="ui: also score a model source: local[:PATH], openai:URL, replay or fake; "
                                   "mol: local:PATH picks the model directory")
    p.add_argument("--app", action="store_true", help="ui: also render every case in the live Reflex app "
                                                      "(starts the app; about a minute more)")
    p.add_argument("--size-kb", type=int, default=200, help="parse: size of the generated document")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.suite == "parse":
        from bench.parse_speed import main as parse_main

        return parse_main(["--size-kb", str(args.size_kb)])
    if args.suite == "mol":
        from bench.mol import main as mol_main

        spec = args.model or ""
        return mol_main(["--model", spec.partition(":")[2]] if spec.startswith("local:") else [])
    if args.suite == "app":
        from bench.app_latency import main as app_main

        return app_main([])
    if args.suite == "rsi":
        from bench.rsi import main as rsi_main

        return rsi_main(["--out", args.out] if args.out else [])
    from bench.run import DEFAULT_OUT, exit_code, format_summary, run_benchmark
    from ui4a.model.backends.base import BackendError

    out = args.out or str(DEFAULT_OUT)
    try:
        report = run_benchmark(out, quick=args.quick, model=args.model, app=args.app)
    except BackendError as exc:
        print(f"ui4a: {exc}", file=sys.stderr)
        return 2
    print(format_summary(report))
    print(f"wrote {out}/report.json, report.md, tokens.png and screens/")
    return exit_code(report)
