"""Every answer of the ui adapter validates, whatever was asked: the proof, in figures.

Three sets of requests go through the ui adapter under the grammar and its guards, each answer checked
as it left the model ("raw") and after the pipeline's mend (ui4a/mend.py, which drops what is faulty):
  the 49 benchmark requests; the generated adversarial requests (random words, other languages,
  one-word requests, things outside the catalog, 2,000-character requests, code and markup); and
  random logits in place of the model (the guards alone against SmolLM2's 49k-token vocabulary).

    python -m bench.always_valid [--model DIR] [--adversarial 200] [--fuzz 40] [--tokens 300]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path


def _answer(model, request: str, tokens: int) -> tuple[str, bool]:
    from ui4a.model.decode.mask import grammar_constraint

    constraint = grammar_constraint(model.tokenizer)
    text = "".join(model.generate(request, "ui", constraint=constraint, max_new_tokens=tokens))
    return text, bool(constraint.closing and constraint.closing.active)


def _random_answer(model, seed: int, tokens: int) -> tuple[str, bool]:
    """The guard chain driving random scores: what the guards guarantee with no model's help."""
    import torch

    from ui4a.model.decode.chain import answer_guards
    from ui4a.model.decode.mask import grammar_constraint

    gen = torch.Generator().manual_seed(seed)
    constraint = grammar_constraint(model.tokenizer)
    guards = answer_guards(constraint, model.tokenizer, tokens)
    ids: list[int] = [model.tokenizer.convert_tokens_to_ids("<|im_start|>")]
    out: list[int] = []
    for _ in range(tokens):
        scores = torch.randn(len(model.tokenizer), generator=gen) * 4
        scores = guards(torch.tensor([ids + out]), scores.unsqueeze(0))[0]
        token = int(scores.argmax())
        if token in model.stop_ids or not torch.isfinite(scores[token]):
            break
        out.append(token)
    return model.tokenizer.decode(out, skip_special_tokens=True), bool(constraint.closing.active)


def _row(name: str, answers: list[tuple[str, bool]], seconds: float) -> dict:
    from ui4a.mend import mend
    from ui4a.validate import check

    raw = [check(text).ok for text, _ in answers]
    mended = [mend(text) for text, _ in answers]
    return {"set": name, "n": len(answers), "raw_valid": sum(raw) / len(answers),
            "valid_after_mend": sum(m.report.ok for m in mended) / len(answers),
            "mended": sum(m.changed for m in mended), "notice": sum(m.dropped[-1:] == [
                "everything: nothing of the answer validated"] for m in mended),
            "closing": sum(c for _, c in answers) / len(answers), "seconds": round(seconds, 1),
            "faults": [check(t).diagnostics[0].message for (t, _), ok in zip(answers, raw, strict=True)
                       if not ok][:5]}


def main(argv: Sequence[str] | None = None) -> int:
    from bench.cases import load_cases
    from ui4a.model.backends.local import LocalModel
    from ui4a.model.train import natural
    from ui4a.model.train.lora import DEFAULT_DIR

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--adversarial", type=int, default=200)
    ap.add_argument("--fuzz", type=int, default=40)
    ap.add_argument("--tokens", type=int, default=300)
    args = ap.parse_args(argv)

    model = LocalModel(args.model)
    sets = {"benchmark requests": [c.request for c in load_cases()],
            "adversarial requests": natural.adversarial(args.adversarial, seed=7)}
    rows = []
    for name, requests in sets.items():
        started = time.perf_counter()
        answers = [_answer(model, r, args.tokens) for r in requests]
        rows.append(_row(name, answers, time.perf_counter() - started))
        print(rows[-1], flush=True)
    started = time.perf_counter()
    rows.append(_row("random logits", [_random_answer(model, s, args.tokens) for s in range(args.fuzz)],
                     time.perf_counter() - started))
    print(rows[-1], flush=True)
    print("\n| set | answers | valid as written | valid after mend | mended | closing mode |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['set']} | {r['n']} | {r['raw_valid']:.1%} | {r['valid_after_mend']:.1%} | {r['mended']} "
              f"({r['notice']} to the notice) | {r['closing']:.1%} |")
    return 0 if all(r["valid_after_mend"] == 1.0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
