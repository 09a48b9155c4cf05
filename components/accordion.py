"""Accordion: a bordered stack of Disclosures, e.g. an FAQ."""

from pydantic import BaseModel, ConfigDict

from ui4a.component import Component
from ui4a.registry import register


class AccordionProps(BaseModel):
    model_config = ConfigDict(extra="forbid")


register(Component(
    name="Accordion",
    description="Groups several Disclosures into one bordered list of expandable rows.",
    props=AccordionProps,
    category="layout",
    children=("Disclosure",),
    template='<div class="ui-accordion">{{ children }}</div>',
    css=(
        ".ui-accordion{display:flex;flex-direction:column;border:1px solid var(--ui-border);"
        "border-radius:var(--ui-radius);overflow:hidden;background:var(--ui-bg)}"
        ".ui-accordion>.ui-disclosure{border:0;border-radius:0}"
        ".ui-accordion>.ui-disclosure+.ui-disclosure{border-top:1px solid var(--ui-border)}"
        ".ui-accordion>.ui-disclosure>.ui-disclosure__summary{border-radius:0}"
    ),
    example=(
        '<Accordion><Disclosure title="Shipping"><Text>2-4 days.</Text></Disclosure>'
        '<Disclosure title="Returns"><Text>Free within 30 days.</Text></Disclosure></Accordion>'
    ),
    tags=("faq", "collapse", "expand", "details", "group"),
))
