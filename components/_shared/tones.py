"""CSS that colours a component by its ``tone`` prop (Badge, Card, Callout, Table's badge columns)."""

from __future__ import annotations

from typing import get_args

from ui4a.types import Tone


def tone_rules(block: str, var: str) -> str:
    """CSS giving ``block--<tone>`` the custom property ``var`` set to that tone's colour."""
    return "".join(f"{block}--{t}{{{var}:var(--ui-{t})}}" for t in get_args(Tone))
