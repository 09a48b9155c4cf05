"""Stack: children laid out top to bottom with even spacing."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Size


class StackProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    gap: Size = Field("md", description="Space between children: sm is tight, lg is airy.")
    align: Literal["stretch", "start", "center", "end"] = Field(
        "stretch", description="Horizontal placement of children; stretch makes them full width."
    )


register(Component(
    name="Stack",
    description="Stacks its children vertically with consistent spacing.",
    props=StackProps,
    category="layout",
    children="any",
    template=(
        '<div class="ui-stack ui-stack--gap-{{ props.gap }} ui-stack--{{ props.align }}">'
        "{{ children }}</div>"
    ),
    css=(
        ".ui-stack{display:flex;flex-direction:column;gap:var(--ui-gap);min-width:0}"
        ".ui-stack--gap-sm{gap:calc(var(--ui-gap) / 2)}"
        ".ui-stack--gap-lg{gap:calc(var(--ui-gap) * 2)}"
        ".ui-stack--start{align-items:flex-start}.ui-stack--center{align-items:center}"
        ".ui-stack--end{align-items:flex-end}"
    ),
    example='<Stack gap="sm"><Heading>Today</Heading><Text>Three meetings.</Text></Stack>',
    tags=("column", "vertical", "flex", "spacing"),
))
