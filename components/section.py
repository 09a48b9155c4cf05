"""Section: a titled region of a page, with a level-2 heading."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class SectionProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="The section's heading; also names the region for screen readers."
    )
    description: Annotated[str, Field(max_length=1000)] | None = Field(
        None, description="A sentence under the heading explaining what the section holds."
    )


register(Component(
    name="Section",
    description="A titled page region that groups several components under a heading.",
    props=SectionProps,
    category="layout",
    children="any",
    template=(
        '<section class="ui-section" aria-labelledby="{{ uid }}-title">'
        '<div class="ui-section__header">'
        '<h2 class="ui-section__title" id="{{ uid }}-title">{{ props.title }}</h2>'
        "{% if props.description %}"
        '<p class="ui-section__description">{{ props.description }}</p>{% endif %}'
        "</div>"
        '<div class="ui-section__body">{{ children }}</div></section>'
    ),
    css=(
        ".ui-section{display:flex;flex-direction:column;gap:var(--ui-gap);min-width:0}"
        ".ui-section__header{display:flex;flex-direction:column;gap:4px;"
        "padding-bottom:6px;border-bottom:1px solid var(--ui-border)}"
        ".ui-section__title{margin:0;font-size:1.35rem;line-height:1.25;font-weight:650}"
        ".ui-section__description{margin:0;color:var(--ui-muted)}"
        ".ui-section__body{display:flex;flex-direction:column;gap:var(--ui-gap);min-width:0}"
    ),
    example=(
        '<Section title="Billing" description="Your plan and invoices.">'
        "<Text>You are on the Pro plan.</Text></Section>"
    ),
    tags=("region", "group", "heading", "page"),
))
