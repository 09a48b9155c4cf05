"""Heading: a title line of level 1-4; its text is the element's content."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class HeadingProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    level: Annotated[int, Field(ge=1, le=4)] = Field(
        2, description="Outline level: 1 for the page title, 2 for sections, 3-4 below that."
    )


register(Component(
    name="Heading",
    description="A heading; the text between the tags is the title.",
    props=HeadingProps,
    category="content",
    children="inline",
    template=(
        '<h{{ props.level }} class="ui-heading ui-heading--{{ props.level }}">'
        "{{ children }}</h{{ props.level }}>"
    ),
    css=(
        ".ui-heading{margin:0;font-weight:650;line-height:1.25;color:var(--ui-text)}"
        ".ui-heading--1{font-size:1.75rem}.ui-heading--2{font-size:1.4rem}"
        ".ui-heading--3{font-size:1.15rem;font-weight:600}"
        ".ui-heading--4{font-size:1rem;font-weight:600}"
    ),
    example="<Heading level=1>Quarterly sales</Heading>",
    tags=("title", "h1", "h2", "header", "text"),
))
