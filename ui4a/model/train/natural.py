"""UI requests that read like people, and their answers in canonical compact code.

``generate(n, seed)`` draws a *plan* (:mod:`plans`: the kind of interface and its
parts, with values from open pools) and a *style* (:mod:`speech`: register, how
data is pasted, numbers, currency, dates), writes the answer from the plan and
the request from plan and style. Guarantees, each checked by
``tests/model/test_natural.py``:

- every answer passes ``ui4a.validate.check`` and is canonical (``data.el``: props
  in model order, defaults dropped; ``<State …/>`` first; one top-level element per line);
- the same seed gives the same pairs;
- every value the answer shows (data, options, state, numbers, dates) is written in
  the request, in one of its forms (:func:`copied`), except in pairs tagged
  ``vague``, whose answers show sample values under a line saying so;
- :func:`dataset` holds out the combinations in :data:`HELDOUT`: no train pair
  carries one, every held-out pair carries at least one.

Families (``Pair.family``, :data:`plans.FAMILIES`): dashboard, report_card, chart, table, form, settings,
tracker, calculator, tabs, modal, faq, comparison, schedule, checklist, article, cards, profile,
details, status, poll, install, layout. Registers: terse, plain, chatty, polite, question, sloppy
(typos, lower case). About 10% of pairs are vague ("a dashboard for my coffee shop").

Tags (``Pair.combo``): ``register:<r>``, ``<family>:<register>``, ``data:<paste>`` and
``<family>:<paste>`` when data is pasted, ``currency:<c>``, ``with:<A>+<B>`` for
every pair of components in the answer, ``vague``, and each plan's own tags.

``python -m ui4a.model.train.natural --stats`` prints the figures of 5,000 pairs.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ui4a.model.train.adversarial import adversarial
from ui4a.model.train.data import Pair, components_of
from ui4a.model.train.plans import FAMILIES, FAMILY_WEIGHTS, Plan, structure_plan, vague_plan
from ui4a.model.train.speech import (
    Style,
    bullets,
    cap_first,
    draw_style,
    finish,
    forms_of,
    joined,
    lower_words,
    typos,
)
from ui4a.model.train.subjects import named, with_subject

__all__ = ["HELDOUT", "adversarial", "answer_values", "copied", "dataset", "generate", "is_heldout", "said_in", "searchable"]

VAGUE_SHARE = 0.06
STRUCTURE_SHARE = 0.04
HELDOUT: frozenset[str] = frozenset({
    "with:PieChart+Table",        # part pairing: each seen with others, never together
    "with:DateField+Slider",      # form field pairing
    "calculator:question",        # register x family
    "schedule:sloppy",            # register x family
    "table:markdown",             # pasted data format x family
    "currency:CHF",               # value pool: Swiss francs
    "pool:plants",                # value pool: plant names
})


# --------------------------------------------------------------------------- requests

OPENERS = {
    "plain": ("show {}", "make {}", "create {}", "build {}", "give me {}", "I need {}", "put together {}",
              "set up {}", "generate {}", "design {}", "I want {}", "add {}", "mock up {}"),
    "polite": ("could you please make {}?", "would you mind building {}?", "please create {}.",
               "I'd be grateful for {}.", "hi! could you put together {}, please?", "can you kindly set up {}?",
               "would you please create {}?", "may I have {}?"),
    "question": ("can you show {}?", "could I get {}?", "could you make {}?", "can I see {}?",
                 "would you be able to build {}?", "is it possible to get {}?", "how about {}?",
                 "can you give me {}?", "any chance you could make {}?", "can u do {}?", "could you show me {}?"),
    "chatty": ("hey! {ctx}, so I'd love {}", "ok so {ctx} and I want {}", "hi there, {ctx}. I was hoping for {}",
               "{ctx}... can you whip up {}", "so basically {ctx}. what I need is {}", "hello! {ctx} - could use {}"),
}
DETAIL_LEADS = ("It should have {}.", "Include {}.", "With {}.", "I'd like {}.", "Put in {}.", "Details: {}.")
CLOSERS = {"chatty": ("", " thanks!!", " 🙏", " (no rush)", " thx!", " that would be amazing", " :)"),
           "polite": ("", " Thank you!", " Thanks in advance.", " Many thanks."),
           "sloppy": ("", "", " thx", " pls", "!!")}
PASTE_LEADS = ("", "", "data:", "here's the data:", "from my sheet:", "pasting it below:", "numbers:")


def _clauses(plan: Plan, terse: bool) -> list[str]:
    return [p.terse if terse else p.said for p in plan.details if (p.terse if terse else p.said)]


def _blocks(plan: Plan) -> list[str]:
    return [p.block for p in plan.details if p.block]


def _detail_text(rng: random.Random, clauses: list[str]) -> str:
    if len(clauses) > 2 and rng.random() < 0.25:
        return "\n" + bullets(clauses, rng)
    return joined(clauses, rng)


def _terse(rng: random.Random, plan: Plan) -> str:
    clauses = _clauses(plan, terse=True)
    if not clauses:
        return plan.noun
    sep = rng.choice((": ", " - ", ": ", "\n"))
    return plan.noun + sep + rng.choice(("; ", ", ", " / ")).join(clauses)


def _sentence(rng: random.Random, plan: Plan, register: str) -> str:
    """The request's sentence(s) in one of the fuller registers."""
    clauses = _clauses(plan, terse=False)
    opener = rng.choice(OPENERS["plain" if register == "sloppy" else register])
    ctx = plan.context or "I need this for work"
    inline = clauses and (rng.random() < 0.6 or register == "question")
    what = plan.what
    if inline:
        what = f"{plan.what} with {_detail_text(rng, clauses)}"
    body = opener.format(what, ctx=ctx)
    if clauses and not inline:
        body = body if body[-1] in ".?!" else body + rng.choice((".", ".", "!", " -"))
        body += " " + rng.choice(DETAIL_LEADS).format(_detail_text(rng, clauses))
    return body


def _with_blocks(rng: random.Random, request: str, plan: Plan) -> str:
    blocks = _blocks(plan)
    if not blocks:
        return request
    lead = rng.choice(PASTE_LEADS)
    return request.rstrip() + ("\n" + lead if lead else "") + "\n" + "\n\n".join(blocks)


def request_for(rng: random.Random, plan: Plan, style: Style) -> str:
    """The request a person in ``style`` might type for ``plan`` (values kept as the plan writes them)."""
    reg = style.register
    if reg == "terse":
        s = _terse(rng, plan)
    else:
        s = _sentence(rng, plan, reg)
        s += rng.choice(CLOSERS.get(reg, ("",)))
    s = _with_blocks(rng, s, plan)
    if reg in ("sloppy", "terse"):
        s = lower_words(s)
        if reg == "sloppy":
            s = typos(s, rng).rstrip(".")
    else:
        s = cap_first(s)
    return finish(s)


# --------------------------------------------------------------------------- pairs

def _tags(plan: Plan, style: Style, request: str, answer: str) -> tuple[str, ...]:
    tags = [f"register:{style.register}", f"{plan.family}:{style.register}", *plan.tags]
    if any(p.block for p in plan.details) or any(t.startswith("data:") for t in plan.tags):
        paste = style.paste
        tags += [f"data:{paste}", f"{plan.family}:{paste}"]
    for cur in ("CHF", "€", "£", "¥", "₹"):
        if cur in answer or cur in request or (cur == "CHF" and "francs" in request):
            tags.append(f"currency:{cur}")
    comps = components_of(answer)
    tags += [f"with:{a}+{b}" for i, a in enumerate(comps) for b in comps[i + 1:]]
    return tuple(dict.fromkeys(tags))


def _plan(rng: random.Random, style: Style) -> Plan:
    roll = rng.random()
    if roll < VAGUE_SHARE:
        return vague_plan(rng, style)
    if roll < VAGUE_SHARE + STRUCTURE_SHARE:
        return structure_plan(rng, style)
    names = list(FAMILIES)
    return FAMILIES[rng.choices(names, [FAMILY_WEIGHTS.get(n, 1) for n in names])[0]](rng, style)


def draw(rng: random.Random) -> Pair:
    """One natural request and its answer."""
    style = draw_style(rng)
    plan = named(with_subject(rng, _plan(rng, style)))
    request = request_for(rng, plan, style)
    answer = "\n".join(plan.lines)
    return Pair(request, answer, "ui", components_of(answer), plan.family, _tags(plan, style, request, answer))


def generate(n: int, seed: int) -> list[Pair]:
    """``n`` pairs (held-out combinations included), the same for the same seed."""
    rng = random.Random(f"ui4a-natural-{seed}")
    return [draw(rng) for _ in range(n)]


def is_heldout(pair: Pair) -> bool:
    return any(tag in HELDOUT for tag in pair.combo)


def _stream(seed: str) -> Iterator[Pair]:
    rng = random.Random(seed)
    while True:
        yield draw(rng)


def dataset(n_train: int, n_heldout: int, seed: int) -> tuple[list[Pair], list[Pair]]:
    """A train split with no :data:`HELDOUT` combination and a held-out split where each pair has one.

    The held-out split draws its pairs tag by tag in turn, so every held-out combination is measured.
    """
    train = [p for p in _take(_stream(f"ui4a-natural-train-{seed}"), n_train, lambda p: not is_heldout(p))]
    held: list[Pair] = []
    source = _stream(f"ui4a-natural-heldout-{seed}")
    order = sorted(HELDOUT)
    pending: dict[str, list[Pair]] = {t: [] for t in order}
    while len(held) < n_heldout:
        want = order[len(held) % len(order)]
        while not pending[want]:
            p = next(source)
            for t in p.combo:
                if t in pending:
                    pending[t].append(p)
                    break
        held.append(pending[want].pop(0))
    return train, held


def split_of(config: Mapping[str, Any]) -> tuple[list[Pair], list[Pair]]:
    """The train and held-out splits a build record's ``config`` names (its counts and seed)."""
    return dataset(config["n_train"], config["n_heldout"], seed=config["seed"])


def _take(source: Iterable[Pair], n: int, keep) -> list[Pair]:
    out: list[Pair] = []
    for p in source:
        if len(out) == n:
            break
        if keep(p):
            out.append(p)
    return out


# --------------------------------------------------------------------------- copy check

_SKIP_PROPS = frozenset({"tone", "variant", "type", "gap", "align", "justify", "level", "size", "name", "bind",
                         "action", "onSubmit", "height", "currency", "unit", "language", "selected", "icon",
                         "title", "label", "subtitle", "caption", "description", "hint", "placeholder",
                         "trigger", "submitLabel", "actionLabel", "deltaUnit", "key", "alt", "columns"})
_TABLE_SKIP = frozenset({"type", "key", "align", "tones"})


def _literals(value: object) -> Iterator[str | float]:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str | int | float):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in _TABLE_SKIP:
                yield from _literals(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _literals(v)


def answer_values(answer: str) -> list[str | float]:
    """The data values an answer shows: literals of data props (rows, items, data, options, series,
    values, links, images) and initial state; not titles, labels, expressions or styling."""
    from ui4a.lang.parser import parse

    out: list[str | float] = []
    doc = parse(answer)
    stack = list(doc.children)
    while stack:
        node = stack.pop()
        children = getattr(node, "children", None)
        if children:
            stack.extend(children)
        props = getattr(node, "props", None) or ()
        computed = any(p.braced and p.name == "value" for p in props)
        for prop in props:
            name, value = prop.name, prop.literal()
            if prop.braced or _skipped(node.name, name, value) or (computed and name == "max"):
                continue
            if name == "columns" and node.name == "Table":
                out += [c if isinstance(c, str) else c["label"] for c in value]
                continue
            if name == "items" and node.name == "KeyValue":
                out += [x for pair in value for x in _literals(pair)]
                continue
            out += list(_literals(value))
    return out


def _skipped(component: str, prop: str, value: object) -> bool:
    """Props that are not data: styling, labels, titles, a field's bounds, a state's empty start."""
    if component == "Table" and prop == "columns":
        return False
    if component in ("NumberField", "Slider", "DateField") and prop in ("min", "max", "step"):
        return True
    if component == "State":
        return value in (0, "") and not isinstance(value, bool)
    return prop in _SKIP_PROPS


def _written(form: str, request: str) -> bool:
    """``form`` occurs in ``request``; a form that starts or ends with a digit must not be part of a
    longer number there ('5' is not in '15', nor '12' in '12.5')."""
    if form not in request:
        return False
    head = r"(?<![\d.])(?<!\d,)" if form[:1].isdigit() else ""
    tail = r"(?![\d]|[.,]\d)" if form[-1:].isdigit() else ""
    return re.search(head + re.escape(form) + tail, request) is not None


def searchable(request: str) -> str:
    """``request`` as :func:`said_in` looks into it: case-folded, each run of spaces one space."""
    return re.sub(r"\s+", " ", request.casefold())


def said_in(value: str | float, text: str) -> bool:
    """``value`` is written, in one of its forms, in ``text`` (a request made :func:`searchable` once)."""
    return value == "" or any(_written(f.casefold(), text) for f in forms_of(value) if f)


def copied(pair: Pair) -> bool:
    """Every data value of the answer is written in the request, in one of its forms."""
    text = searchable(pair.request)
    return all(said_in(v, text) for v in answer_values(pair.answer))


# --------------------------------------------------------------------------- figures

def stats(n: int = 5000, seed: int = 0) -> str:
    """The figures of ``n`` pairs: families, registers, components, answer lengths, copied share."""
    from ui4a import registry, tokens

    registry.load()
    pairs = generate(n, seed)
    fam = Counter(p.family for p in pairs)
    reg = Counter(t.split(":")[1] for p in pairs for t in p.combo if t.startswith("register:"))
    paste = Counter(t.split(":")[1] for p in pairs for t in p.combo if t.startswith("data:"))
    comps = Counter(c for p in pairs for c in p.components)
    lengths = sorted(tokens.count(p.answer) for p in pairs)
    req_len = sorted(len(p.request) for p in pairs)
    vague = sum("vague" in p.combo for p in pairs)
    copy = sum(copied(p) for p in pairs)
    copy_exact = sum(copied(p) for p in pairs if "vague" not in p.combo)
    missing = sorted(set(registry.names()) - set(comps))
    lines = [f"{n} pairs (seed {seed})", "", "families:"]
    lines += [f"  {k:<14} {v:5d}" for k, v in fam.most_common()]
    lines += ["", "registers:"] + [f"  {k:<14} {v:5d}" for k, v in reg.most_common()]
    lines += ["", "pasted data:"] + [f"  {k:<14} {v:5d}" for k, v in paste.most_common()]
    lines += ["", f"components ({len(comps)} of {len(registry.names())}; missing: {', '.join(missing) or 'none'}):"]
    lines += [f"  {k:<14} {v:5d}" for k, v in comps.most_common()]
    lines += ["", f"answer tokens (cl100k): median {statistics.median(lengths):.0f}, "
                  f"p95 {lengths[int(0.95 * len(lengths))]}, max {lengths[-1]}",
              f"request chars: median {statistics.median(req_len):.0f}, max {req_len[-1]}",
              f"vague pairs: {vague} ({vague / n:.1%})",
              f"every value copied from the request: {copy} ({copy / n:.1%}); "
              f"of non-vague pairs: {copy_exact / max(1, n - vague):.1%}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stats", action="store_true", help="print the figures of 5,000 pairs")
    ap.add_argument("--show", type=int, default=0, help="print N pairs")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if args.stats:
        print(stats(5000, args.seed))
    for p in generate(args.show, args.seed):
        print(f"--- {p.family} {' '.join(p.combo[:3])}\n{p.request}\n>>> {p.answer}\n")


if __name__ == "__main__":
    main()
