"""List: a bulleted or numbered list of plain items or titled items with a description."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from ui4a.component import Component
from ui4a.registry import register


class ListItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(max_length=200, description="Main line of the item")
    description: str | None = Field(default=None, max_length=2000, description="Secondary line under the title")
    meta: str | None = Field(default=None, max_length=100, description="Short aside on the right, e.g. a date or amount")


class ListProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    items: list[Annotated[str, Field(max_length=2000)] | ListItem] = Field(
        max_length=500,
        description='Plain strings, or {title, description?, meta?} objects, e.g. ["Milk", "Eggs"]',
    )
    ordered: bool = Field(default=False, description="Number the items (1, 2, 3…) instead of bullets")


TEMPLATE = """{% set tag = "ol" if props.ordered else "ul" %}
<{{ tag }} class="ui-list{% if props.ordered %} ui-list-ordered{% endif %}" id="{{ uid }}">
{% for item in props.items %}
{% if item is string %}
<li>{{ item }}</li>
{% else %}
<li><div class="ui-list-row"><div class="ui-list-main"><span class="ui-list-title">{{ item.title }}</span>{% if item.description %}<span class="ui-list-desc">{{ item.description }}</span>{% endif %}</div>{% if item.meta %}<span class="ui-list-meta">{{ item.meta }}</span>{% endif %}</div></li>
{% endif %}
{% endfor %}
</{{ tag }}>
"""

CSS = """
.ui-list { margin: 0; padding-left: 1.4em; display: flex; flex-direction: column; gap: 4px; }
.ui-list > li::marker { color: var(--ui-muted); }
.ui-list-row { display: flex; justify-content: space-between; align-items: baseline; gap: var(--ui-gap); }
.ui-list-main { display: flex; flex-direction: column; min-width: 0; }
.ui-list-title { font-weight: 600; }
.ui-list-desc { color: var(--ui-muted); font-size: 14px; }
.ui-list-meta { flex: none; color: var(--ui-muted); font-size: 13px; font-variant-numeric: tabular-nums; }
"""

register(
    Component(
        name="List",
        description="A bulleted or numbered list; items are strings or {title, description, meta} objects.",
        props=ListProps,
        template=TEMPLATE,
        category="data",
        children="none",
        css=CSS,
        example='<List ordered items=["Preheat the oven", {title:"Mix", description:"Flour, eggs and milk", meta:"5 min"}, "Bake"] />',
        tags=("list", "bullets", "numbered", "items", "steps", "ul", "ol"),
    )
)
