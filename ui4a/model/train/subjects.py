"""Whose or what an interface is for, and the title that follows from it.

People name the subject of what they ask for ("an RSVP form for Maya's wedding", "a fuel calculator for
the Bergen trip"), and a good interface carries that name as its title. The families' own titles are
generic ("RSVP", "Tracker"); :func:`with_subject` gives some plans a subject drawn from open pools, says
it in the request, and makes it the title of the plan's outer Card or Form, so the model learns to copy
the title from the request instead of recalling a fixed one. :func:`named` does the same with the
request's own name for the interface when it is a short noun phrase ("a running speed calculator" →
"Running speed calculator", where the family's title was "Pace").
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

from ui4a.model.train import pools
from ui4a.model.train.data import cap
from ui4a.model.train.plans import Plan
from ui4a.model.train.speech import finish, val

SUBJECT_SHARE = 0.35
# Families whose outer Card or Form carries a generic title.
FAMILIES = frozenset({"tracker", "calculator", "form", "settings", "checklist"})
EVENTS = ("birthday", "wedding", "garden party", "new job", "exams", "house move", "book club", "recital")
OUTINGS = ("trip", "weekend", "move", "half marathon", "office", "studio", "flat", "retreat")
_OUTER_TITLE = re.compile(r'^<(Card|Form) title="([^"\\{}]*)"')
# "a running speed calculator", "an RSVP form": an article and at most four words, none that
# starts a clause ("a calculator for how much paint I need" names no title).
_NAME = re.compile(r"^(an?) ((?:[\w'-]+ ){0,3}[\w'-]+)$")
_CLAUSE_WORDS = frozenset({"for", "to", "of", "with", "that", "how", "what", "I", "my", "our"})


def subject(rng: random.Random) -> str:
    """'the Bergen trip', "Maya's wedding", 'Oak Print' (made-up words mixed in by the pools)."""
    roll = rng.random()
    if roll < 0.4:
        return f"the {pools.place(rng)} {rng.choice(OUTINGS)}"
    if roll < 0.75:
        return f"{pools.first_name(rng)}'s {rng.choice(EVENTS)}"
    return pools.company(rng)


def title_of(subject_words: str, generic: str) -> str:
    """The title a subject gives to an interface generically titled ``generic``: ('the Bergen trip',
    'Packing') → 'Bergen trip packing', ("Maya's wedding", 'RSVP') → "Maya's wedding RSVP",
    ('Oak Print', 'Report a bug') → 'Oak Print: report a bug'."""
    words = subject_words.removeprefix("the ")
    if generic[1:2].islower():  # a word, not an acronym
        generic = generic[:1].lower() + generic[1:]
    return f"{words[:1].upper()}{words[1:]}{':' if ' ' in generic else ''} {generic}"


def with_subject(rng: random.Random, plan: Plan) -> Plan:
    """``plan``, sometimes for a named subject whose title its outer Card or Form takes."""
    if plan.family not in FAMILIES or plan.vague or rng.random() >= SUBJECT_SHARE:
        return plan
    lines = list(plan.lines)
    found = _outer_title(lines)
    if found is None or any(found[1][2].lower() in (p.said + p.block).lower() for p in plan.details):
        return plan  # no outer title, or one the request already asks for
    at, match = found
    words = subject(rng)
    title = title_of(words, match[2])
    lines[at] = f'<{match[1]} title="{title}"' + lines[at][match.end():]
    return replace(plan, what=f"{plan.what} for {val(words)}", noun=f"{val(words)} {plan.noun}", lines=tuple(lines))


def _outer_title(lines: list[str]) -> tuple[int, re.Match[str]] | None:
    """Where the plan's outer Card or Form is, and its title; None when it has none."""
    at = next((i for i, line in enumerate(lines) if not line.startswith("<State")), None)
    match = _OUTER_TITLE.match(lines[at]) if at is not None else None
    return (at, match) if match is not None and match[2] else None


def named(plan: Plan) -> Plan:
    """``plan`` titled by the request's own name for it, when that name is a short noun phrase and the
    request says it the same way in every register ("a bug report form" and, tersely, "bug report form")."""
    if plan.family not in FAMILIES or plan.vague:
        return plan
    lines = list(plan.lines)
    found = _outer_title(lines)
    match = _NAME.match(finish(plan.what))
    if found is None or match is None or finish(plan.noun) != match[2] or _CLAUSE_WORDS.intersection(match[2].split()):
        return plan
    at, outer = found
    name = match[2]
    lines[at] = f'<{outer[1]} title="{cap(name)}"' + lines[at][outer.end():]
    # The name is a value now: casing and typos in the request leave it as the title writes it.
    return replace(plan, what=f"{match[1]} {val(name)}", noun=val(name), lines=tuple(lines))
