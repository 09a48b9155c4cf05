"""Disclosure: content hidden behind a clickable summary line (<details>/<summary>)."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class DisclosureProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="The always-visible summary line that toggles the content."
    )
    open: bool = Field(False, description="Start expanded instead of collapsed.")


register(Component(
    name="Disclosure",
    description="A collapsible block: a summary line that expands to show its content.",
    props=DisclosureProps,
    category="layout",
    children="any",
    template=(
        '<details class="ui-disclosure"{% if props.open %} open{% endif %}>'
        '<summary class="ui-disclosure__summary">{{ props.title }}</summary>'
        '<div class="ui-disclosure__body">{{ children }}</div></details>'
    ),
    css=(
        ".ui-disclosure{border:1px solid var(--ui-border);border-radius:var(--ui-radius);"
        "background:var(--ui-bg);min-width:0}"
        ".ui-disclosure__summary{display:flex;align-items:center;gap:8px;cursor:pointer;"
        "padding:10px var(--ui-pad);font-weight:600;list-style:none;"
        "border-radius:var(--ui-radius)}"
        ".ui-disclosure__summary::-webkit-details-marker{display:none}"
        ".ui-disclosure__summary::before{content:\"\";flex:none;width:7px;height:7px;"
        "border-right:2px solid var(--ui-muted);border-bottom:2px solid var(--ui-muted);"
        "transform:rotate(-45deg);transition:transform .15s}"
        ".ui-disclosure[open]>.ui-disclosure__summary::before{transform:rotate(45deg)}"
        ".ui-disclosure__summary:hover{background:var(--ui-surface)}"
        ".ui-disclosure__body{display:flex;flex-direction:column;gap:var(--ui-gap);"
        "padding:4px var(--ui-pad) var(--ui-pad)}"
    ),
    example=(
        '<Disclosure title="What is included?"><Text>Hosting, backups and support.</Text>'
        "</Disclosure>"
    ),
    tags=("details", "summary", "collapse", "expand", "faq", "toggle"),
))
