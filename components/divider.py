"""Divider: a horizontal rule between blocks, optionally with a centred label."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class DividerProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: Annotated[str, Field(max_length=100)] | None = Field(
        None, description="Short text shown in the middle of the line, e.g. 'or' or 'Older'."
    )


register(Component(
    name="Divider",
    description="A horizontal line separating content, optionally labelled in the middle.",
    props=DividerProps,
    category="layout",
    children="none",
    template=(
        "{% if props.label %}"
        '<div class="ui-divider ui-divider--labelled" role="separator"'
        ' aria-label="{{ props.label }}"><span class="ui-divider__label">{{ props.label }}</span>'
        "</div>"
        '{% else %}<hr class="ui-divider">{% endif %}'
    ),
    css=(
        ".ui-divider{border:0;border-top:1px solid var(--ui-border);margin:4px 0;width:100%}"
        ".ui-divider--labelled{border:0;display:flex;align-items:center;gap:10px;"
        "color:var(--ui-muted);font-size:.8125rem}"
        ".ui-divider--labelled::before,.ui-divider--labelled::after{content:\"\";flex:1;"
        "border-top:1px solid var(--ui-border)}"
    ),
    example='<Stack><Text>Sign in with email</Text><Divider label="or" /><Text>Use a passkey</Text></Stack>',
    tags=("separator", "rule", "hr", "line"),
))
