"""KeyValue: a description list of [key, value] pairs, e.g. account details or specs."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from components._shared.numbers import num_text
from ui4a.component import Component
from ui4a.registry import register

Key = Annotated[str, Field(min_length=1, max_length=200)]
Value = Annotated[str, Field(max_length=2000)] | int | float | bool | None


class KeyValueProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    items: list[tuple[Key, Value]] = Field(
        max_length=200,
        description='[key, value] pairs, e.g. [["Plan", "Pro"], ["Seats", 5]]',
    )
    title: str | None = Field(default=None, max_length=200, description="Heading above the pairs")
    columns: Annotated[int, Field(ge=1, le=3)] = Field(
        default=1, description="Lay the pairs out in this many columns"
    )

    @field_validator("items", mode="before")
    @classmethod
    def _pairs(cls, items: Any) -> Any:
        if not isinstance(items, list | tuple):
            return items
        for i, pair in enumerate(items):
            if not isinstance(pair, list | tuple):
                raise ValueError(f'items[{i}] must be a [key, value] pair, e.g. ["Seats", 5]')
            if len(pair) != 2:
                raise ValueError(
                    f"items[{i}] has {len(pair)} elements; each item must be a [key, value] pair, "
                    'e.g. ["Seats", 5]'
                )
            if not isinstance(pair[0], str) or not pair[0]:
                raise ValueError(f"items[{i}][0] must be a non-empty string key, got {pair[0]!r}")
        return items


def _text(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, int | float):
        return num_text(value)
    return value


def prepare(props: KeyValueProps) -> dict[str, Any]:
    return {"pairs": [(k, _text(v)) for k, v in props.items]}


TEMPLATE = """<section class="ui-kv" id="{{ uid }}"{% if props.title %} aria-labelledby="{{ uid }}-t"{% endif %}>
{% if props.title %}<h3 class="ui-kv-title" id="{{ uid }}-t">{{ props.title }}</h3>{% endif %}
<dl class="ui-kv-list" style="--ui-kv-cols: {{ props.columns }}">
{% for key, value in pairs %}
<div class="ui-kv-row"><dt>{{ key }}</dt><dd>{{ value }}</dd></div>
{% endfor %}
</dl>
</section>
"""

CSS = """
.ui-kv { display: flex; flex-direction: column; gap: 6px; }
.ui-kv-title { margin: 0; font-size: 15px; font-weight: 600; }
.ui-kv-list { margin: 0; display: grid; grid-template-columns: repeat(var(--ui-kv-cols, 1), minmax(0, 1fr)); column-gap: calc(var(--ui-gap) * 2); }
.ui-kv-row { display: flex; justify-content: space-between; gap: var(--ui-gap); padding: 6px 0; border-bottom: 1px solid var(--ui-border); }
.ui-kv-row dt { color: var(--ui-muted); }
.ui-kv-row dd { margin: 0; font-weight: 500; text-align: right; overflow-wrap: anywhere; }
"""

register(
    Component(
        name="KeyValue",
        description="Labelled values as [key, value] pairs (a description list), e.g. order or account details.",
        props=KeyValueProps,
        template=TEMPLATE,
        category="data",
        children="none",
        css=CSS,
        example='<KeyValue title="Subscription" items=[["Plan","Pro"],["Seats",5],["Renews","2025-03-01"]] />',
        prepare=prepare,
        tags=("key value", "details", "properties", "description list", "dl", "specs", "summary"),
    )
)
