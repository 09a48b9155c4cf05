"""Whose or what an interface is for, and the title that follows from it.

People name the subject of what they ask for ("an RSVP form for Maya's wedding", "a fuel calculator for
the Bergen trip"), and a good interface carries that name as its title. The families' own titles are
generic ("RSVP", "Tracker"); :func:`with_subject` gives some plans a subject drawn from open pools, says
it in the request, and makes it the title of the plan's outer Card or Form, so the model learns to copy
the title from the request instead of recalling a fixed one.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

from ui4a.model.train import pools
from ui4a.model.train.plans import Plan
from ui4a.model.train.speech import val

SUBJECT_SHARE = 0.35
# Families whose outer Card or Form carries a generic title.
FAMILIES = frozenset({"tracker", "calculator", "form", "settings", "checklist"})
EVENTS = ("birthday", "wedding", "garden party", "new job", "exams", "house move", "book club", "recital")
OUTINGS = ("trip", "weekend", "move", "half marathon", "office", "studio", "flat", "retreat")
_OUTER_TITLE = re.compile(r'^<(Card|Form) title="([^"\\{}]*)"')


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
    at = next((i for i, line in enumerate(lines) if not line.startswith("<State")), None)
    match = _OUTER_TITLE.match(lines[at]) if at is not None else None
    if match is None or not match[2] or any(match[2].lower() in (p.said + p.block).lower() for p in plan.details):
        return plan  # no outer title, or one the request already asks for
    words = subject(rng)
    title = title_of(words, match[2])
    lines[at] = f'<{match[1]} title="{title}"' + lines[at][match.end():]
    return replace(plan, what=f"{plan.what} for {val(words)}", noun=f"{val(words)} {plan.noun}", lines=tuple(lines))
