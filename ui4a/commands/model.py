"""``ui4a model build|eval|distill|info``: the default model (adapters on a pretrained base) and the from-scratch one."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ui4a import atomic
from ui4a.cli_support import CliError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("model", help="build, evaluate or describe the embedded model")
    verbs = p.add_subparsers(dest="verb", required=True, metavar="VERB")
    b = verbs.add_parser("build", help="train the adapters on the pretrained base (or, with --scratch, a "
                         "whole tiny model) from a seed")
    b.add_argument("--out", default=None, help="model directory (default: the manifest's model directory)")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--scratch", action="store_true", help="build the 2M-parameter from-scratch model "
                   "(models/ui4a-tiny: tokenizer, base and adapters) instead")
    b.add_argument("--steps", type=int, default=None, help="optimizer steps of the ui adapter (default 1400; "
                   "--scratch: base steps with the catalog prompt, default 1500)")
    b.add_argument("--work", default=None, help="checkpoints of an unfinished build (default: OUT.work); a "
                   "build that was stopped resumes from them")
    b.add_argument("--continue-from", default=None, metavar="DIR", help="train on a finished model "
                   "directory's adapters from their steps to --steps (on today's data, a fresh optimizer)")
    b.add_argument("--tiny", action="store_true", help="a seconds-long build that proves the code runs")
    b.add_argument("--no-eval", action="store_true", help="skip the held-out evaluation")
    b.set_defaults(func=cmd_build)
    e = verbs.add_parser("eval", help="score a model on its held-out split")
    e.add_argument("--model", default=None, help="model directory (default: the manifest's base)")
    e.add_argument("--limit", type=int, default=None, help="held-out UI requests decoded (default: the "
                   "build's own eval_limit, else 200)")
    e.add_argument("--record", action="store_true", help="also write the figures into the build record's "
                   "heldout block (what `ui4a model build` does after training)")
    e.add_argument("--split", choices=("heldout", "train"), default="heldout", help="train: decode the first "
                   "--limit UI requests of the training split instead (structure there is the data's ceiling "
                   "for the adapter: how much of what it was taught it reproduces); only the UI figures")
    e.set_defaults(func=cmd_eval)
    d = verbs.add_parser("distill", help="rejection sampling: the best of k answers per request by a reward "
                         "(validity, values copied from the request), beside the greedy answer")
    d.add_argument("--model", default=None, help="model directory (default: the manifest's base)")
    d.add_argument("-n", type=int, default=50, help="requests (default 50)")
    d.add_argument("-k", type=int, default=4, help="answers per request: one greedy, k-1 sampled (default 4)")
    d.add_argument("--temperature", type=float, default=0.8)
    d.add_argument("--seed", type=int, default=1, help="draws the requests and the sampling noise")
    d.add_argument("--split", choices=("heldout", "fresh"), default="heldout", help="the model's held-out "
                   "requests, or fresh ones drawn from --seed (default heldout)")
    d.add_argument("--out", default=None, metavar="FILE.jsonl", help="write every request's answers, rewards "
                   "and the answer kept")
    d.set_defaults(func=cmd_distill)
    i = verbs.add_parser("info", help="print a model's build record")
    i.add_argument("--model", default=None)
    i.set_defaults(func=cmd_info)


def _dir(arg: str | None, scratch: bool = False) -> Path:
    """The model directory: the argument, else the manifest's local model when it is of the kind asked
    for (adapters on a pretrained base, or with ``scratch`` a from-scratch model), else that kind's default."""
    from ui4a import harness
    from ui4a.model.train import build, lora

    if arg:
        return Path(arg)
    m = harness.current()
    if m.model.backend == "local" and (m.pretrained() is None) == scratch:
        return m.model_dir()
    return build.DEFAULT_DIR if scratch else lora.DEFAULT_DIR


def tiny_config(seed: int = 0):
    from ui4a.model.train.build import BuildConfig

    return BuildConfig(seed=seed, n_train=300, n_heldout=20, short_steps=8, base_steps=20, adapter_steps=5,
                       batch_size=8, hidden_size=48, layers=2, heads=2, intermediate_size=96, vocab_size=1000,
                       max_positions=2048, eval_limit=5)


def evaluate_dir(path: Path, limit: int) -> dict:
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train import data as datagen
    from ui4a.model.train.build import BuildConfig
    from ui4a.model.train.heldout import score_router, score_ui

    record = json.loads((path / "build.json").read_text())
    if record.get("format") == "chatml":
        from ui4a.model.train.heldout import evaluate_pretrained

        return evaluate_pretrained(path, record, limit)
    cfg = record["config"]
    built = BuildConfig(seed=cfg["seed"], exclude=tuple(cfg.get("exclude", ())),
                        components=tuple(cfg.get("components", ())))
    _, heldout = datagen.dataset(cfg["n_train"], cfg["n_heldout"], seed=cfg["seed"], exclude=built.excluded())
    model = LocalModel(path, system=built.system())
    started = time.monotonic()
    metrics = {
        "router_accuracy": round(score_router(model, heldout, limit), 4),
        "ui_unconstrained": score_ui(model, heldout, constrained=False, limit=limit).as_dict(),
        "ui_constrained": score_ui(model, heldout, constrained=True, limit=limit).as_dict(),
        "heldout_pairs": min(limit, len(heldout)),
    }
    metrics["eval_seconds"] = round(time.monotonic() - started, 1)
    return metrics


def lora_tiny_config(seed: int = 0):
    from ui4a.model.train.lora import AdapterRecipe, LoraConfig

    return LoraConfig(seed=seed, n_train=40, n_heldout=10, route_train=40, route_heldout=10,
                      ui=AdapterRecipe(rank=4, alpha=8, steps=2, lr=1e-4, batch_size=2),
                      route=AdapterRecipe(rank=4, alpha=8, steps=2, lr=1e-4, batch_size=4,
                                          targets=("q_proj", "v_proj")), eval_limit=3)


def cmd_build(args: argparse.Namespace) -> int:
    log = lambda line: print(line, flush=True)  # noqa: E731
    if args.scratch:
        from ui4a.model.train.build import BuildConfig, build

        if args.continue_from:
            raise CliError("--continue-from continues adapters on a pretrained base; --scratch builds anew")

        out = _dir(args.out, scratch=True)
        cfg = tiny_config(args.seed) if args.tiny else BuildConfig(seed=args.seed)
        if args.steps:
            cfg.base_steps = args.steps
            cfg.adapter_steps = max(5, args.steps // 3)
        record = build(out, cfg, log=log)
    else:
        from ui4a.model.base import BaseError
        from ui4a.model.train import lora

        out = Path(args.out) if args.out else _dir(None)
        cfg = lora_tiny_config(args.seed) if args.tiny else lora.LoraConfig(seed=args.seed)
        if args.steps:
            cfg.ui.steps = args.steps
        try:
            record = lora.build(out, cfg, log=log, work_dir=Path(args.work) if args.work else None,
                                continue_from=Path(args.continue_from) if args.continue_from else None)
        except (BaseError, ValueError) as exc:
            raise CliError(str(exc)) from exc
    if not args.no_eval:
        print("evaluating on the held-out split…", flush=True)
        record["heldout"] = evaluate_dir(out, cfg.eval_limit)
        atomic.write_text(out / "build.json", json.dumps(record, indent=2) + "\n")
    print(json.dumps({k: record[k] for k in ("base", "base_parameters", "catalog_prompt_tokens", "train_seconds",
                                             "heldout") if k in record}, indent=2))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    path = _dir(args.model)
    record = _record(path)
    limit = args.limit or record.get("config", {}).get("eval_limit") or 200
    if args.split == "train":
        if args.record:
            raise CliError("--record keeps held-out figures; it cannot be used with --split train")
        if record.get("format") != "chatml":
            raise CliError(f"{path} is not adapters on a pretrained base; --split train scores the default model's kind")
        from ui4a.model.train.heldout import fit_pretrained

        print(json.dumps(fit_pretrained(path, record, limit), indent=2))
        return 0
    metrics = evaluate_dir(path, limit)
    if args.record:
        record = _record(path)  # re-read: the evaluation takes minutes
        record["heldout"] = metrics
        atomic.write_text(path / "build.json", json.dumps(record, indent=2) + "\n")
    print(json.dumps(metrics, indent=2))
    return 0


def cmd_distill(args: argparse.Namespace) -> int:
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train import distill, natural

    if args.n < 1 or args.k < 2 or args.temperature <= 0:
        raise CliError("distill needs -n >= 1, -k >= 2 and --temperature > 0")
    if args.out and not Path(args.out).resolve().parent.is_dir():  # known before minutes of sampling, not after
        raise CliError(f"cannot write {args.out}: its folder does not exist")
    path = _dir(args.model)
    record = _record(path)
    if record.get("format") != "chatml":
        raise CliError(f"{path} is not adapters on a pretrained base; distill samples the default model's kind")
    cfg = record["config"]
    if args.split == "heldout":
        _, pairs = natural.split_of(cfg)
        pairs = [p for p in pairs if p.adapter == "ui"][:args.n]
    else:
        pairs = [p for p in natural.generate(args.n, args.seed) if p.adapter == "ui"]
    model = LocalModel(path)
    started = time.monotonic()

    def progress(i: int, choice: distill.Choice) -> None:
        print(f"{i + 1}/{len(pairs)} rewards {choice.rewards} kept {choice.best}", file=sys.stderr, flush=True)

    choices = distill.run(model, pairs, args.k, args.temperature, args.seed, on_choice=progress)
    figures = distill.measure(choices) | {"temperature": args.temperature, "split": args.split,
                                          "seconds": round(time.monotonic() - started, 1)}
    if args.out:
        atomic.write_text(Path(args.out), distill.as_jsonl(choices))
    print(json.dumps(figures, indent=2))
    return 0


def _record(path: Path) -> dict:
    try:
        return json.loads((path / "build.json").read_text())
    except OSError as exc:
        raise CliError(f"no build record at {path}/build.json (run `ui4a model build`)") from exc
    except json.JSONDecodeError as exc:
        raise CliError(f"{path}/build.json is not JSON: line {exc.lineno}: {exc.msg}") from exc


def cmd_info(args: argparse.Namespace) -> int:
    path = _dir(args.model) / "build.json"
    try:
        sys.stdout.write(path.read_text())
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return 0
