"""Icon: a small inline drawing from a fixed set, e.g. a check mark or a bell."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from components._shared.icons import ICON_PX, ICONS, SVG_OPEN, SVG_PATHS, IconName
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Size, Tone


class IconProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: IconName = Field(description="Which drawing to show.")
    label: Annotated[str, Field(min_length=1, max_length=100)] | None = Field(
        None, description="What the icon means when it stands alone; omit when text beside it says it."
    )
    size: Size = Field("md", description="sm 16px, md 20px, lg 28px.")
    tone: Tone | None = Field(None, description="Colour by meaning; none uses the text colour.")


register(Component(
    name="Icon",
    description="A small symbol from a fixed set (check, search, user, calendar, alert, ...).",
    props=IconProps,
    category="content",
    inline=True,
    children="none",
    template=(
        SVG_OPEN
        + ' class="ui-icon{% if props.tone %} ui-icon--{{ props.tone }}{% endif %}"'
        ' width="{{ px }}" height="{{ px }}"'
        '{% if props.label %} role="img" aria-label="{{ props.label }}"'
        '{% else %} aria-hidden="true"{% endif %}>'
        "{% if props.label %}<title>{{ props.label }}</title>{% endif %}"
        + SVG_PATHS
        + "</svg>"
    ),
    prepare=lambda p: {"paths": ICONS[p.name], "px": ICON_PX[p.size]},
    css=(
        ".ui-icon{display:inline-block;flex:none;vertical-align:-.2em}"
        + "".join(
            f".ui-icon--{t}{{color:var(--ui-{t})}}"
            for t in ("neutral", "info", "success", "warning", "danger", "accent")
        )
    ),
    example='<Row gap="sm"><Icon name="check" tone="success" /><Text>Saved</Text></Row>',
    tags=("symbol", "glyph", "svg", "pictogram"),
))
