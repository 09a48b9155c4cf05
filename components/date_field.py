"""DateField: a labelled native date (or date-and-time) picker with ISO values."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from pydantic import Field, model_validator

from components._shared.fields import CONTROL_ATTRS, FIELD_CSS, HINT, LABEL, FieldProps
from ui4a.component import Component
from ui4a.registry import register

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$")
ISO_DESCRIPTION = "as YYYY-MM-DD (or YYYY-MM-DDTHH:MM with withTime)"


class DateFieldProps(FieldProps):
    value: str | None = Field(default=None, max_length=16, description=f"Initial date when not bound, {ISO_DESCRIPTION}")
    min: str | None = Field(default=None, max_length=16, description=f"Earliest allowed date, {ISO_DESCRIPTION}")
    max: str | None = Field(default=None, max_length=16, description=f"Latest allowed date, {ISO_DESCRIPTION}")
    withTime: bool = Field(default=False, description="Pick a time of day as well as the date")

    @model_validator(mode="after")
    def _iso(self) -> DateFieldProps:
        for prop in ("value", "min", "max"):
            text = getattr(self, prop)
            if text is None or text == "":
                continue
            if not _ISO.match(text) or _parse(text) is None:
                raise ValueError(
                    f"{prop} {text!r} is not a valid date; write it as YYYY-MM-DD, e.g. \"2025-03-14\""
                    + (' or YYYY-MM-DDTHH:MM, e.g. "2025-03-14T09:30"' if self.withTime else "")
                )
        lo, hi = _parse(self.min or ""), _parse(self.max or "")
        if lo is not None and hi is not None and lo > hi:
            raise ValueError(f"min ({self.min}) is after max ({self.max}); swap them")
        return self


def _parse(text: str) -> datetime | None:
    try:
        if "T" in text:
            return datetime.fromisoformat(text)
        return datetime.combine(date.fromisoformat(text), datetime.min.time())
    except ValueError:
        return None


def _as_input(text: Any, with_time: bool) -> str:
    """An ISO value in the form the input type expects (date-only or date and time)."""
    if not isinstance(text, str) or not _ISO.match(text):
        return ""
    if with_time:
        return text if "T" in text else text + "T00:00"
    return text[:10]


def prepare(props: DateFieldProps) -> dict[str, Any]:
    return {"as_input": lambda v: _as_input(v, props.withTime)}


TEMPLATE = (
    '<div class="ui-field ui-date-field">\n'
    + LABEL
    + '\n<input class="ui-field-input" type="{{ "datetime-local" if props.withTime else "date" }}"'
    ' value="{{ as_input(value_of(props.bind, props.value)) }}"'
    + CONTROL_ATTRS
    + '{% if props.min %} min="{{ as_input(props.min) }}"{% endif %}'
    '{% if props.max %} max="{{ as_input(props.max) }}"{% endif %}>\n'
    + HINT
    + "\n</div>\n"
)

CSS = FIELD_CSS + """
.ui-date-field .ui-field-input { max-width: 16em; }
"""

register(
    Component(
        name="DateField",
        description="A labelled date picker (optionally with time) whose values are ISO strings like 2025-03-14.",
        props=DateFieldProps,
        template=TEMPLATE,
        category="input",
        children="none",
        css=CSS,
        example='<State day="2025-06-01" /><DateField label="Check-in" bind={day} min="2025-01-01" />',
        prepare=prepare,
        tags=("date", "calendar", "time", "datetime", "picker", "input", "form"),
    )
)
