"""``ui4a bench``: the UI token benchmark (default) and the other benchmark suites.

  ui4a bench [ui] [--quick] [--out DIR] [--model SPEC]   tokens vs lean/strict HTML and A2UI, checked in Chromium
  ui4a bench parse [--size-kb N]                         streaming vs full parse speed
  ui4a bench mol [--model local:PATH[,PATH]] [--quick]   the default model beside ui4a-tiny: benchmark cases, held-out, speed
  ui4a bench app                                         playground latency
  ui4a bench rsi [--out DIR]                             the learning loop: generation 0 vs 1 (about 10 minutes)

The suites are the project's ``bench/`` package, present in a checkout of UI4A, not in an
installed copy: this command is the one place product code reaches for it, and it says so
when it is not there. (The check runner the suites use is ``ui4a.checks``.)
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from ui4a.cli_support import CliError

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
                                   "mol: local:PATH[,PATH] picks the model directories")
    p.add_argument("--app", action="store_true", help="ui: also render every case in the live Reflex app "
                                                      "(starts the app; about a minute more)")
    p.add_argument("--size-kb", type=int, default=200, help="parse: size of the generated document")
    p.set_defaults(func=run)


def suite(name: str) -> ModuleType:
    """The checkout's ``bench.<name>`` module; a CliError where there is no bench/ to import."""
    try:
        return importlib.import_module(f"bench.{name}")
    except ModuleNotFoundError as exc:
        if exc.name not in ("bench", f"bench.{name}"):
            raise
        raise CliError("the benchmarks live in bench/ of a UI4A checkout; run this command there") from exc


def run(args: argparse.Namespace) -> int:
    if args.suite == "parse":
        return suite("parse_speed").main(["--size-kb", str(args.size_kb)])
    if args.suite == "mol":
        spec = args.model or ""
        return suite("mol").main((["--models", spec.partition(":")[2]] if spec.startswith("local:") else [])
                                 + (["--quick"] if args.quick else []))
    if args.suite == "app":
        return suite("app_latency").main([])
    if args.suite == "rsi":
        return suite("rsi").main(["--out", args.out] if args.out else [])
    from ui4a.model.backends.base import BackendError

    ui = suite("run")
    out = args.out or str(ui.DEFAULT_OUT)
    try:
        report = ui.run_benchmark(out, quick=args.quick, model=args.model, app=args.app)
    except BackendError as exc:
        print(f"ui4a: {exc}", file=sys.stderr)
        return 2
    print(ui.format_summary(report))
    print(f"wrote {out}/report.json, report.md, tokens.png and screens/")
    return ui.exit_code(report)
