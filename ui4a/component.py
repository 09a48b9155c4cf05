"""The component contract: what a component is, in one frozen record.

A component is written once — a pydantic props model, a jinja2 template, a CSS
snippet and an example — and everything else (catalog prompt, JSON schema,
validator, renderers, gallery) is derived from that record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

# What may sit between a component's tags:
#   "none"   – nothing (self-closing only)
#   "text"   – text and interpolations only
#   "inline" – text, interpolations and inline components (those registered with inline=True)
#   "any"    – text and any component
#   a tuple of component names – only those components (whitespace text is ignored)
ChildPolicy = Literal["none", "text", "inline", "any"] | tuple[str, ...]

CATEGORIES = ("layout", "content", "data", "chart", "input")


@dataclass(frozen=True)
class Component:
    name: str
    """PascalCase tag name used in compact code, e.g. ``Card``."""
    description: str
    """One sentence for the catalog prompt and the gallery."""
    props: type[BaseModel]
    """The only place the component's interface is written."""
    template: str
    """jinja2 source, rendered with autoescape; see ``ui4a.render.html`` for its context."""
    category: str = "content"
    children: ChildPolicy = "none"
    css: str = ""
    """CSS rules for this component only, written against the theme's CSS variables."""
    example: str = ""
    """A short, valid compact-code document that shows the component in use."""
    prepare: Callable[[BaseModel], dict[str, Any]] | None = None
    """Optional: computes extra template variables from the props (e.g. SVG geometry)."""
    inline: bool = False
    """May sit inside running text (a parent whose children policy is "inline")."""
    keep_whitespace: bool = False
    """Text children keep their line breaks and indentation (code), instead of JSX folding."""
    tags: tuple[str, ...] = field(default=())
    """Free-form keywords that help search in the gallery."""
