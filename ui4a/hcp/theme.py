"""The theme's CSS variables, read from ``ui4a/render/base.css`` (the one place they are defined)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

BASE_CSS = Path(__file__).resolve().parents[1] / "render" / "base.css"
_DECLARATION = re.compile(r"--([a-z][a-z0-9-]*)\s*:")


@cache
def css_variables() -> tuple[str, ...]:
    """Every variable declared in base.css, without its leading ``--``, sorted."""
    return tuple(sorted(set(_DECLARATION.findall(BASE_CSS.read_text(encoding="utf-8")))))
