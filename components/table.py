"""Table: rows of cells under typed columns, formatted and optionally pre-sorted on the server."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from components._shared.numbers import num_text, with_unit
from components.badge import BADGE_CSS
from ui4a.component import Component
from ui4a.registry import register
from ui4a.types import Tone

MAX_COLUMNS = 20
MAX_ROWS = 500

ColumnType = Literal["text", "number", "money", "percent", "date", "badge"]
Cell = Annotated[str, Field(max_length=2000)] | int | float | bool | None
NUMERIC = ("number", "money", "percent")


class Column(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str = Field(max_length=200, description="Header text")
    key: str | None = Field(
        default=None,
        max_length=40,
        pattern=r"^[A-Za-z][A-Za-z0-9_]*$",
        description="Short identifier for the column (sort may name it instead of the label)",
    )
    type: ColumnType = Field(
        default="text",
        description="How cells are shown: number/money/percent are right-aligned and formatted; "
        "percent takes 12.5 for 12.5%; badge shows the text as a pill",
    )
    align: Literal["left", "center", "right"] | None = Field(
        default=None, description="Override the alignment implied by type"
    )
    tones: dict[Annotated[str, Field(max_length=200)], Tone] | None = Field(
        default=None,
        max_length=50,
        description='Badge colour per cell text, e.g. {Paid:"success", Late:"danger"}; '
        "other values are neutral; implies type badge",
    )

    def tone_of(self, text: str) -> str:
        """The tone for a badge cell's text: an exact key, else one equal ignoring case and spaces."""
        if not self.tones:
            return "neutral"
        if text in self.tones:
            return self.tones[text]
        folded = text.strip().casefold()
        return next((t for k, t in self.tones.items() if k.strip().casefold() == folded), "neutral")


class TableProps(BaseModel):
    model_config = ConfigDict(extra="forbid")

    columns: list[Annotated[str, Field(max_length=200)] | Column] = Field(
        min_length=1,
        max_length=MAX_COLUMNS,
        description='Header labels, or {label, key?, type?, align?, tones?} objects, e.g. ["Name", {label:"Price", type:"money"}]',
    )
    rows: list[list[Cell]] = Field(
        max_length=MAX_ROWS,
        description='Row-major cells, one array per row in column order, e.g. [["Tea", 3.5], ["Cake", 4]]',
    )
    caption: str | None = Field(default=None, max_length=200, description="Short title of the table, shown above it")
    sortable: bool = Field(default=False, description="Make the headers buttons the user can click to sort")
    sort: str | None = Field(default=None, max_length=200, description="Label (or key) of the column to sort the rows by")
    desc: bool = Field(default=False, description="Sort descending instead of ascending (with sort)")
    currency: str = Field(default="$", max_length=8, description="Symbol put before money values, e.g. '€'")

    @model_validator(mode="after")
    def _check_shape(self) -> TableProps:
        n = len(self.columns)
        for i, row in enumerate(self.rows):
            if len(row) != n:
                raise ValueError(
                    f"rows[{i}] has {len(row)} cells but there are {n} columns; "
                    f"every row needs exactly {n} cells in column order (use null for an empty cell)"
                )
        for i, col in enumerate(self.columns):
            if isinstance(col, Column) and col.tones is not None and _column(col).type != "badge":
                raise ValueError(
                    f'columns[{i}] ({col.label!r}) has tones but type {col.type!r}; tones colour badge cells, '
                    'so use type:"badge" or drop tones'
                )
        if self.sort is not None and _sort_index(self.columns, self.sort) is None:
            names = ", ".join(repr(c if isinstance(c, str) else c.label) for c in self.columns)
            raise ValueError(f"sort {self.sort!r} is not a column; use one of the column labels: {names}")
        return self


def _column(col: str | Column) -> Column:
    """Either column form as a Column; tones without a type make a badge column."""
    if isinstance(col, str):
        return Column(label=col)
    if col.tones is not None and "type" not in col.model_fields_set:
        return col.model_copy(update={"type": "badge"})
    return col


def _sort_index(columns: list[str | Column], sort: str) -> int | None:
    cols = [_column(c) for c in columns]
    for i, c in enumerate(cols):
        if sort == c.label or (c.key and sort == c.key):
            return i
    lowered = sort.strip().lower()
    for i, c in enumerate(cols):
        if lowered == c.label.lower():
            return i
    return None


def _sort_key(value: Cell) -> tuple[int, Any]:
    """(group, key): group 0 numbers and booleans, 1 text, 2 empty."""
    if isinstance(value, bool):
        return (0, int(value))
    if isinstance(value, int | float):
        return (0, value)
    if isinstance(value, str) and value.strip():
        try:
            return (0, float(value.replace(",", "").replace("%", "").strip()))
        except ValueError:
            return (1, value.casefold())
    return (2, 0)  # None or blank


def _cell(value: Cell, col: Column, currency: str) -> dict[str, Any]:
    kind = col.type
    if value is None or value == "":
        return {"text": "—", "empty": True, "badge": None}
    if isinstance(value, bool):
        text = "Yes" if value else "No"
    elif isinstance(value, int | float):
        if kind == "money":
            text = with_unit(f"{value:,.2f}", currency) if currency else f"{value:,.2f}"
        elif kind == "percent":
            text = num_text(value, 1) + "%"
        else:
            text = num_text(value)
    else:
        text = value
    # badge: the tone of the pill, or None for a plain cell
    return {"text": text, "empty": False, "badge": col.tone_of(text) if kind == "badge" else None}


def prepare(props: TableProps) -> dict[str, Any]:
    cols = [_column(c) for c in props.columns]
    sorted_at = _sort_index(props.columns, props.sort) if props.sort is not None else None
    rows = list(props.rows)
    if sorted_at is not None:
        # Numbers first, then text, each in the asked order; empty cells always last.
        keyed = [(_sort_key(r[sorted_at]), r) for r in rows]
        rows = [
            r
            for group in (0, 1, 2)
            for _, r in sorted((kr for kr in keyed if kr[0][0] == group),
                               key=lambda kr: kr[0][1], reverse=props.desc and group < 2)
        ]
    columns = []
    for i, c in enumerate(cols):
        align = c.align or ("right" if c.type in NUMERIC else "left")
        if i == sorted_at:
            aria_sort = "descending" if props.desc else "ascending"
        else:
            aria_sort = "none" if props.sortable else None
        columns.append({"label": c.label, "key": c.key or c.label, "align": align, "type": c.type,
                        "aria_sort": aria_sort, "index": i})
    cells = [[_cell(v, cols[i], props.currency) for i, v in enumerate(r)] for r in rows]
    return {"columns": columns, "cells": cells}


TEMPLATE = """<div class="ui-table-wrap" id="{{ uid }}">
<table class="ui-table">
{% if props.caption %}<caption>{{ props.caption }}</caption>{% endif %}
<thead><tr>
{% for c in columns %}
<th scope="col" class="ui-align-{{ c.align }}"{% if c.aria_sort %} aria-sort="{{ c.aria_sort }}"{% endif %}>
{%- if props.sortable -%}
<button type="button" class="ui-table-sort" data-ui4a-sort="{{ c.key }}" data-ui4a-sort-index="{{ c.index }}">{{ c.label }}<span class="ui-table-sort-icon" aria-hidden="true">{% if c.aria_sort == "ascending" %}▲{% elif c.aria_sort == "descending" %}▼{% else %}↕{% endif %}</span></button>
{%- else -%}
{{ c.label }}{% if c.aria_sort == "ascending" %}<span class="ui-table-sort-icon" aria-hidden="true">▲</span>{% elif c.aria_sort == "descending" %}<span class="ui-table-sort-icon" aria-hidden="true">▼</span>{% endif %}
{%- endif -%}
</th>
{% endfor %}
</tr></thead>
<tbody>
{% for row in cells %}
<tr>{% for cell in row %}{% set c = columns[loop.index0] %}<td class="ui-align-{{ c.align }}{% if c.type in ('number', 'money', 'percent') %} ui-table-num{% endif %}{% if cell.empty %} ui-table-empty{% endif %}">{% if cell.badge %}<span class="ui-badge ui-badge--{{ cell.badge }}">{{ cell.text }}</span>{% else %}{{ cell.text }}{% endif %}</td>{% endfor %}</tr>
{% else %}
<tr><td class="ui-table-empty" colspan="{{ columns|length }}">No rows</td></tr>
{% endfor %}
</tbody>
</table>
</div>
"""

CSS = """
.ui-table-wrap { overflow-x: auto; border: 1px solid var(--ui-border); border-radius: var(--ui-radius); background: var(--ui-bg); }
.ui-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.ui-table caption { caption-side: top; text-align: left; font-weight: 600; padding: 10px 12px 6px; color: var(--ui-text); }
.ui-table th, .ui-table td { padding: 8px 12px; border-bottom: 1px solid var(--ui-border); vertical-align: top; }
.ui-table thead th { background: var(--ui-surface); color: var(--ui-muted); font-weight: 600; font-size: 13px; white-space: nowrap; }
.ui-table tbody tr:last-child td { border-bottom: 0; }
.ui-table tbody tr:hover td { background: var(--ui-surface); }
.ui-table .ui-align-left { text-align: left; } .ui-table .ui-align-center { text-align: center; } .ui-table .ui-align-right { text-align: right; }
.ui-table .ui-table-num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.ui-table .ui-table-empty { color: var(--ui-muted); }
.ui-table-sort { all: unset; cursor: pointer; display: inline-flex; align-items: center; gap: 4px; border-radius: var(--ui-radius-sm); }
.ui-table-sort:hover { color: var(--ui-text); }
.ui-table-sort:focus-visible { outline: 2px solid var(--ui-focus); outline-offset: 2px; }
.ui-table-sort-icon { font-size: 10px; opacity: .7; }
.ui-table th[aria-sort="none"] .ui-table-sort-icon { opacity: .35; }
""" + BADGE_CSS

register(
    Component(
        name="Table",
        description="A data table: typed columns (text, number, money, percent, date, badge) and row-major rows; optionally sortable.",
        props=TableProps,
        template=TEMPLATE,
        category="data",
        children="none",
        css=CSS,
        example=(
            '<Table caption="Orders" sortable sort="Total" desc '
            'columns=["Order", {label:"Total", type:"money"}, '
            '{label:"Status", type:"badge", tones:{Paid:"success", Pending:"warning", Refunded:"danger"}}] '
            'rows=[["#1001", 42.5, "Paid"], ["#1002", 120, "Pending"], ["#1003", 8.99, "Refunded"]] />'
        ),
        prepare=prepare,
        tags=("table", "grid", "rows", "columns", "data", "spreadsheet", "sort"),
    )
)
