"""Badge: a small coloured pill for a status, count or category."""

from pydantic import BaseModel, ConfigDict, Field

from components._a_icons import BADGE_CSS
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class BadgeProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tone: Tone = Field(
        "neutral", description="Colour by meaning: success for done, warning for pending, etc."
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
