"""Callout: a highlighted box for a tip, notice, warning or error."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from components._shared.icons import ICONS, SVG_OPEN, SVG_PATHS, TONE_ICON
from components._shared.tones import tone_rules
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone


class CalloutProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tone: Tone = Field(
        "info",
        description="Kind of message; warning and danger are announced at once to screen readers.",
    )
    title: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="A bold first line summarising the message."
    )


register(Component(
    name="Callout",
    description="A coloured box that draws attention to a note, tip, warning or error.",
    props=CalloutProps,
    category="content",
    children="any",
    template=(
        '<div class="ui-callout ui-callout--{{ props.tone }}"'
        ' role="{{ "alert" if props.tone in ("warning", "danger") else "note" }}">'
        + SVG_OPEN
        + ' class="ui-callout__icon" width="20" height="20" aria-hidden="true">'
        + SVG_PATHS
        + "</svg>"
        '<div class="ui-callout__content">'
        '{% if props.title %}<p class="ui-callout__title">{{ props.title }}</p>{% endif %}'
        "{{ children }}</div></div>"
    ),
    prepare=lambda p: {"paths": ICONS[TONE_ICON[p.tone]]},
    css=(
        ".ui-callout{display:flex;gap:10px;align-items:flex-start;padding:12px var(--ui-pad);"
        "border:1px solid color-mix(in srgb, var(--ui-callout-tone) 40%, transparent);"
        "border-left:4px solid var(--ui-callout-tone);border-radius:var(--ui-radius);"
        "background:color-mix(in srgb, var(--ui-callout-tone) 9%, var(--ui-bg))}"
        + tone_rules(".ui-callout", "--ui-callout-tone")
        + ".ui-callout__icon{flex:none;margin-top:1px;color:var(--ui-callout-tone)}"
        ".ui-callout__content{display:flex;flex-direction:column;gap:6px;min-width:0;flex:1}"
        ".ui-callout__title{margin:0;font-weight:650;"
        "color:color-mix(in srgb, var(--ui-callout-tone) 70%, var(--ui-text))}"
    ),
    example=(
        '<Callout tone="warning" title="Card expiring">'
        "<Text>Update your payment method before 1 May.</Text></Callout>"
    ),
    tags=("alert", "notice", "banner", "admonition", "warning", "tip", "note"),
))
