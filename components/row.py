"""Row: children side by side, wrapping onto new lines when space runs out."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Size


class RowProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    gap: Size = Field("md", description="Space between children: sm is tight, lg is airy.")
    align: Literal["center", "start", "end", "stretch", "baseline"] = Field(
        "center", description="Vertical placement of children within the row."
    )
    justify: Literal["start", "center", "end", "between", "around"] = Field(
        "start", description="How leftover width is shared; between pushes children to the edges."
    )
    wrap: bool = Field(
        True, description="Let children flow onto a new line; narrow screens always wrap."
    )


register(Component(
    name="Row",
    description="Lays out its children horizontally, e.g. buttons, badges or stat cards.",
    props=RowProps,
    category="layout",
    children="any",
    template=(
        '<div class="ui-row ui-row--gap-{{ props.gap }} ui-row--a-{{ props.align }}'
        ' ui-row--j-{{ props.justify }}{% if not props.wrap %} ui-row--nowrap{% endif %}">'
        "{{ children }}</div>"
    ),
    css=(
        ".ui-row{display:flex;flex-direction:row;flex-wrap:wrap;gap:var(--ui-gap);min-width:0}"
        ".ui-row--nowrap{flex-wrap:nowrap}"
        ".ui-row--gap-sm{gap:calc(var(--ui-gap) / 2)}.ui-row--gap-lg{gap:calc(var(--ui-gap) * 2)}"
        ".ui-row--a-center{align-items:center}.ui-row--a-start{align-items:flex-start}"
        ".ui-row--a-end{align-items:flex-end}.ui-row--a-stretch{align-items:stretch}"
        ".ui-row--a-baseline{align-items:baseline}"
        ".ui-row--j-center{justify-content:center}.ui-row--j-end{justify-content:flex-end}"
        ".ui-row--j-between{justify-content:space-between}"
        ".ui-row--j-around{justify-content:space-around}"
        "@media (max-width:600px){.ui-row--nowrap{flex-wrap:wrap}}"
    ),
    example=(
        '<Row justify="between"><Heading level=3>Orders</Heading>'
        '<Badge tone="success">12 new</Badge></Row>'
    ),
    tags=("horizontal", "flex", "inline", "toolbar"),
))
