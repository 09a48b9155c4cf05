"""Card: a bordered surface grouping related content under an optional title."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from components._shared.tones import tone_rules
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class CardProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="Heading shown at the top of the card."
    )
    subtitle: Annotated[str, Field(max_length=300)] | None = Field(
        None, description="One muted line under the title, e.g. a date range or a count."
    )
    tone: Tone | None = Field(
        None, description="Colours the card's top edge to flag its status; none keeps it plain."
    )


register(Component(
    name="Card",
    description="A surface that groups related content, with an optional title and subtitle.",
    props=CardProps,
    category="layout",
    children="any",
    template=(
        '<div class="ui-card{% if props.tone %} ui-card--toned ui-card--{{ props.tone }}'
        '{% endif %}">'
        "{% if props.title or props.subtitle %}"
        '<div class="ui-card__header">'
        '{% if props.title %}<h3 class="ui-card__title">{{ props.title }}</h3>{% endif %}'
        '{% if props.subtitle %}<p class="ui-card__subtitle">{{ props.subtitle }}</p>{% endif %}'
        "</div>{% endif %}"
        '<div class="ui-card__body">{{ children }}</div></div>'
    ),
    css=(
        ".ui-card{background:var(--ui-surface);border:1px solid var(--ui-border);"
        "border-radius:var(--ui-radius);box-shadow:var(--ui-shadow);padding:var(--ui-pad);"
        "display:flex;flex-direction:column;gap:var(--ui-gap);min-width:0}"
        ".ui-card--toned{border-top:3px solid var(--ui-card-tone)}"
        + tone_rules(".ui-card", "--ui-card-tone")
        + ".ui-card__header{display:flex;flex-direction:column;gap:2px}"
        ".ui-card__title{margin:0;font-size:1.1rem;line-height:1.3;font-weight:600}"
        ".ui-card__subtitle{margin:0;color:var(--ui-muted);font-size:.875rem}"
        ".ui-card__body{display:flex;flex-direction:column;gap:var(--ui-gap);min-width:0}"
        ".ui-card__body:empty{display:none}"
    ),
    example='<Card title="Team" subtitle="Engineering"><Text>Five people.</Text></Card>',
    tags=("panel", "box", "surface", "container", "tile"),
))
