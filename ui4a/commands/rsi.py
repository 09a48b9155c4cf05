"""``ui4a rsi export|train|eval|promote|history``: the self-improvement loop over the active harness.

Every verb reads the active manifest (``--harness FILE``, ``$UI4A_HARNESS`` or
./harness.toml) and its trace store. Exit codes: 0 done; 1 the gate refused the
candidate (promote) or it lost (eval); 2 usage, missing data or files.
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path

from ui4a.checks.cases import PROJECT_CASES
from ui4a.cli_support import CliError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rsi", help="the learning loop: export traces, train, evaluate, promote, history")
    verbs = p.add_subparsers(dest="verb", required=True, metavar="VERB")
    e = verbs.add_parser("export", help="build a training set (train + held-out) from the stored traces")
    e.add_argument("--adapter", default="ui")
    e.add_argument("-o", "--out", default=None, help="folder (default: <generations_dir>/datasets/<adapter>)")
    e.set_defaults(func=cmd_export)
    t = verbs.add_parser("train", help="train a candidate adapter from the current one on an export")
    t.add_argument("--adapter", default="ui")
    t.add_argument("--data", default=None, help="an export folder (default: the adapter's latest export)")
    t.add_argument("--steps", type=int, default=None, help="optimizer steps (default: rsi.train_steps)")
    t.add_argument("--seed", type=int, default=0)
    t.set_defaults(func=cmd_train)
    v = verbs.add_parser("eval", help="score a candidate against the current adapter (writes eval.json)")
    v.add_argument("candidate", nargs="?", default=None, help="candidate folder (default: the newest)")
    v.add_argument("--adapter", default="ui")
    v.add_argument("--cases", nargs="?", const=str(PROJECT_CASES), default=None, metavar="DIR",
                   help="also the cases in DIR (default: the project's benchmark cases), with their checks "
                        "(Chromium)")
    v.add_argument("--limit", type=int, default=None)
    v.add_argument("--unconstrained", action="store_true", help="score raw adapter output, without the grammar")
    v.set_defaults(func=cmd_eval)
    pr = verbs.add_parser("promote", help="make an evaluated candidate current if it passed the gate")
    pr.add_argument("candidate", nargs="?", default=None, help="candidate folder (default: the newest)")
    pr.add_argument("--adapter", default="ui")
    pr.set_defaults(func=cmd_promote)
    h = verbs.add_parser("history", help="every generation of every adapter, promoted or refused")
    h.add_argument("--json", action="store_true")
    h.set_defaults(func=cmd_history)


def _dataset_dir(m, adapter: str) -> Path:
    return m.resolve(m.rsi.generations_dir) / "datasets" / adapter


def _newest_candidate(m, adapter: str) -> Path:
    from ui4a.rsi.train import CANDIDATE, candidates_dir

    found = sorted((p for p in candidates_dir(m).glob(f"{adapter}-v*") if (p / CANDIDATE).exists()),
                   key=lambda p: p.stat().st_mtime)
    if not found:
        raise CliError(f"no {adapter} candidate in {candidates_dir(m)} (run `ui4a rsi train`)")
    return found[-1]


def cmd_export(args: argparse.Namespace) -> int:
    from ui4a import harness
    from ui4a.rsi.export import ExportError, export

    m = harness.current()
    out = Path(args.out) if args.out else _dataset_dir(m, args.adapter)
    try:
        info = export(harness.store(), out, args.adapter, m.rsi.heldout_share)
    except ExportError as exc:
        raise CliError(str(exc)) from exc
    print(f"exported {info['train']} train + {info['heldout']} held-out pairs to {out} "
          f"({info['usable']} usable of {info['traces_seen']} {args.adapter} traces, {info['repaired']} repaired, "
          f"{info['unique_requests']} unique requests)")
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    from ui4a import harness
    from ui4a.rsi.export import ExportError
    from ui4a.rsi.train import TrainError, train

    m = harness.current()
    data = Path(args.data) if args.data else _dataset_dir(m, args.adapter)
    try:
        out = train(m, data, args.adapter, args.steps, args.seed, log=lambda line: print(line, flush=True))
    except (TrainError, ExportError) as exc:
        raise CliError(str(exc)) from exc
    print(f"candidate written to {out}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from ui4a import harness
    from ui4a.rsi.evaluate import EvalError, evaluate
    from ui4a.rsi.export import ExportError

    m = harness.current()
    cand = Path(args.candidate) if args.candidate else _newest_candidate(m, args.adapter)
    try:
        result = evaluate(m, cand, cases=args.cases, limit=args.limit,
                          constrained=False if args.unconstrained else None)
    except (EvalError, ExportError) as exc:
        raise CliError(str(exc)) from exc
    print(f"{'':<22}{'schema-valid':>14}{'checks passed':>15}{'all checks':>12}")
    for who in ("current", "candidate"):
        version = result[f"{who}_version"]
        s = result[who]
        print(f"{who + ' v' + version:<22}{s['schema_valid']:>14.1%}{s['check_pass']:>15.1%}"
              f"{s['all_checks']:>12.1%}")
    verdict = "wins" if result["wins"] else "does not win"
    print(f"candidate {verdict}: margin {result['margin']:+.1%} (gate {result['gate_margin']:.1%}) over "
          f"{result['items']} requests; written to {cand / 'eval.json'}")
    return 0 if result["wins"] else 1


def cmd_promote(args: argparse.Namespace) -> int:
    from ui4a import harness
    from ui4a.rsi.promote import PromoteError, promote

    m = harness.current()
    cand = Path(args.candidate) if args.candidate else _newest_candidate(m, args.adapter)
    path = harness.manifest_path()
    if path is None:
        raise CliError("no manifest to promote into (write a harness.toml or pass --harness)")
    try:
        done = promote(path, cand, harness.store(m))
    except PromoteError as exc:
        raise CliError(str(exc)) from exc
    if done["status"] == "rejected":
        print(f"refused: {done['adapter']} v{done['version']} beat the current adapter by {done['margin']:+.1%}, "
              f"the gate needs {done['gate_margin']:+.1%}; nothing changed")
        return 1
    print(f"promoted {done['adapter']} v{done['version']} ({done['path']}); harness version "
          f"{done['harness_version']}; margin {done['margin']:+.1%}")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from ui4a import harness
    from ui4a.rsi.promote import history

    m = harness.current()
    rows = history(harness.store(m), m)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    print(f"{'adapter':<9}{'version':<9}{'from':<6}{'status':<10}{'when':<18}{'current':>9}{'candidate':>11}"
          f"  harness")
    for r in rows:
        when = datetime.datetime.fromtimestamp(r["created"]).strftime("%Y-%m-%d %H:%M") if r["created"] else "-"
        rep = r["report"]
        cur = f"{rep['current']['check_pass']:.1%}" if rep else "-"
        new = f"{rep['candidate']['check_pass']:.1%}" if rep else "-"
        print(f"{r['adapter']:<9}{'v' + r['version']:<9}{r['parent_version'] or '-':<6}{r['status']:<10}"
              f"{when:<18}{cur:>9}{new:>11}  {r['harness_version'] or '-'}")
    return 0
