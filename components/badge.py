"""Badge: a small coloured pill for a status, count or category."""

from pydantic import BaseModel, ConfigDict, Field

from components._shared.tones import tone_rules
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class BadgeProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tone: Tone = Field(
        "neutral", description="Colour by meaning: success for done, warning for pending, etc."
    )

# The pill, ``<span class="ui-badge ui-badge--<tone>">``; Table's badge columns draw it too and
# carry these rules as well (a document's stylesheet writes them once).
BADGE_CSS = (
    ".ui-badge{display:inline-flex;align-items:center;width:fit-content;"
    "padding:1px 8px;border-radius:999px;font-size:.75rem;font-weight:600;"
    "line-height:1.6;white-space:nowrap;"
    "color:color-mix(in srgb, var(--ui-badge-tone) 70%, var(--ui-text));"
    "background:color-mix(in srgb, var(--ui-badge-tone) 14%, transparent);"
    "border:1px solid color-mix(in srgb, var(--ui-badge-tone) 35%, transparent)}"
    + tone_rules(".ui-badge", "--ui-badge-tone")
)


register(Component(
    name="Badge",
    description="A small pill labelling a status, count or category; its text is the content.",
    props=BadgeProps,
    category="content",
    inline=True,
    children="text",
    template='<span class="ui-badge ui-badge--{{ props.tone }}">{{ children }}</span>',
    css=BADGE_CSS,
    example='<Row gap="sm"><Badge tone="success">Paid</Badge><Badge tone="warning">Due</Badge></Row>',
    tags=("pill", "chip", "label", "status", "tag"),
))
