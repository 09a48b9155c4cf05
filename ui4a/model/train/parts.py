"""Parts of an interface for the natural-request generator: data views and content.

A :class:`Part` is one element of an answer together with the words a request
uses to ask for it (values protected, see :mod:`speech`). Each ``*_part``
function draws one from a random generator and a :class:`~speech.Style`; the
part's code copies every value its words give (in canonical form), so a model
can learn to copy. Families (:mod:`plans`) put parts together.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui4a.lang.writer import interpolated as lit
from ui4a.model.train import pools
from ui4a.model.train.data import Expr, el, name_as_title, text
from ui4a.model.train.speech import (
    Clock,
    Day,
    Style,
    bullets,
    clocks_in_order,
    days_in_order,
    draw_clock,
    draw_day,
    finish,
    grid,
    joined,
    money_text,
    say_clock,
    say_day,
    say_money,
    say_number,
    say_percent,
    val,
)


@dataclass(frozen=True)
class Part:
    """One element of an answer and how a request asks for it.

    ``said`` is a noun phrase ("a bar chart of visits by day: Mon 12, Tue 15"); ``short`` the
    terse form ("visits by day: Mon 12, Tue 15"); ``block`` data pasted under the sentence.
    """

    code: str
    said: str
    short: str = ""
    block: str = ""
    tags: tuple[str, ...] = ()

    @property
    def terse(self) -> str:
        return self.short or self.said


def esc(s: str) -> str:
    """Text as element content: backslash, '<', '{' and '}' written literally."""
    return "".join("\\" + ch if ch in "\\<{}" else ch for ch in s)


def _q(s: str) -> str:
    """A quoted value in a request: “Weekly report” → '"Weekly report"'."""
    return '"' + val(s) + '"'


# --------------------------------------------------------------------------- values

@dataclass(frozen=True)
class Cell:
    """One value: what the answer writes and what the request writes."""

    code: Any
    said: str


def money_cell(rng: random.Random, style: Style, lo: int, hi: int) -> Cell:
    x: float = rng.randint(lo, hi)
    if rng.random() < 0.3 and hi < 2000 and style.currency != "¥":
        x = round(x + rng.choice((0.5, 0.25, 0.99, 0.75, 0.1)), 2)
    return Cell(x, say_money(x, style))


def money_text_cell(rng: random.Random, style: Style, lo: int, hi: int) -> Cell:
    """Money where no currency prop applies (a KeyValue value): display text with the symbol."""
    c = money_cell(rng, style, lo, hi)
    return Cell(money_text(c.code, style.currency), c.said)


def count_cell(rng: random.Random, style: Style, lo: int, hi: int) -> Cell:
    n = rng.randint(lo, hi)
    return Cell(n, say_number(n, style))


def percent_cell(rng: random.Random, style: Style, lo: int = 1, hi: int = 99) -> Cell:
    x: float = rng.randint(lo, hi)
    if rng.random() < 0.25:
        x = x + 0.5
    return Cell(x, say_percent(x, style, rng))


def decimal_cell(rng: random.Random, style: Style, lo: int, hi: int) -> Cell:
    """A measure with one decimal ("11.2"), written with the style's decimal mark."""
    x = rng.randint(lo * 10, hi * 10) / 10
    return Cell(x, say_number(x, style))


def text_cell(value: str) -> Cell:
    return Cell(value, val(value))


def day_cell(rng: random.Random, style: Style, year: bool = True) -> Cell:
    d = draw_day(rng, year)
    return Cell(d.canon(), say_day(d, style))


def clock_cell(rng: random.Random, style: Style) -> Cell:
    t = draw_clock(rng)
    return Cell(t.canon(), say_clock(t, style))


# --------------------------------------------------------------------------- tables

Draw = Callable[[random.Random, Style], Cell]


@dataclass(frozen=True)
class Col:
    label: str
    type: str  # text, number, money, percent, date, badge
    draw: Draw


@dataclass(frozen=True)
class TableKind:
    """A kind of table people keep: how they name it and its columns (the first is the key)."""

    names: tuple[str, ...]
    title: str
    columns: tuple[Col, ...]
    short: str = ""  # the terse name: "invoice table"


def _status(*words: str) -> Draw:
    return lambda r, s: text_cell(r.choice(words))


def _pick(fn: Callable[[random.Random], str]) -> Draw:
    return lambda r, s: text_cell(fn(r))


TABLES: dict[str, TableKind] = {
    "invoices": TableKind(("my open invoices", "invoices", "unpaid invoices"), "Invoices", (
        Col("Customer", "text", _pick(pools.company)),
        Col("Amount", "money", lambda r, s: money_cell(r, s, 80, 4800)),
        Col("Due", "date", lambda r, s: day_cell(r, s)),
        Col("Status", "badge", _status("Paid", "Due", "Overdue"))), "invoice table"),
    "expenses": TableKind(("my expenses", "this month's expenses", "expenses"), "Expenses", (
        Col("Item", "text", _pick(lambda r: pools.thing(r, "groceries"))),
        Col("Amount", "money", lambda r, s: money_cell(r, s, 2, 140)),
        Col("Date", "date", lambda r, s: day_cell(r, s)),
        Col("Category", "text", _status("Food", "Transport", "Home", "Fun", "Health"))), "expense table"),
    "team": TableKind(("my team", "the team members", "our staff"), "Team", (
        Col("Name", "text", _pick(pools.person)),
        Col("Role", "text", _pick(lambda r: r.choice(pools.ROLES))),
        Col("Team", "text", _pick(lambda r: r.choice(pools.TEAMS))),
        Col("Started", "date", lambda r, s: day_cell(r, s))), "team table"),
    "stock": TableKind(("the stock", "our inventory", "items in stock"), "Inventory", (
        Col("Product", "text", _pick(lambda r: pools.thing(r, "groceries"))),
        Col("Qty", "number", lambda r, s: count_cell(r, s, 0, 400)),
        Col("Price", "money", lambda r, s: money_cell(r, s, 1, 60)),
        Col("Status", "badge", _status("Active", "Pending", "Late"))), "stock table"),
    "grades": TableKind(("the class results", "student scores", "grades"), "Results", (
        Col("Student", "text", _pick(pools.first_name)),
        Col("Score", "number", lambda r, s: count_cell(r, s, 40, 100)),
        Col("Course", "text", _pick(lambda r: r.choice(pools.THINGS["courses"]))),
        Col("Passed", "badge", _status("Done", "Late", "Pending"))), "grades table"),
    "workouts": TableKind(("my workouts", "the training log", "workout log"), "Workouts", (
        Col("Exercise", "text", _pick(lambda r: pools.thing(r, "exercises"))),
        Col("Sets", "number", lambda r, s: count_cell(r, s, 1, 6)),
        Col("Reps", "number", lambda r, s: count_cell(r, s, 4, 20)),
        Col("Date", "date", lambda r, s: day_cell(r, s))), "workout log"),
    "subscriptions": TableKind(("my subscriptions", "what I pay for every month", "subscriptions"),
                               "Subscriptions", (
        Col("Service", "text", _pick(lambda r: pools.thing(r, "services"))),
        Col("Monthly", "money", lambda r, s: money_cell(r, s, 3, 60)),
        Col("Renews", "date", lambda r, s: day_cell(r, s)),
        Col("Status", "badge", _status("Active", "Cancelled", "Pending"))), "subscriptions table"),
    "deals": TableKind(("our sales pipeline", "open deals", "the deals"), "Pipeline", (
        Col("Company", "text", _pick(pools.company)),
        Col("Value", "money", lambda r, s: money_cell(r, s, 500, 90000)),
        Col("Chance", "percent", lambda r, s: percent_cell(r, s, 5, 95)),
        Col("Stage", "badge", _status("New", "Open", "Blocked", "Done"))), "deals table"),
    "orders": TableKind(("recent orders", "today's orders", "the latest orders"), "Orders", (
        Col("Customer", "text", _pick(pools.person)),
        Col("Total", "money", lambda r, s: money_cell(r, s, 9, 900)),
        Col("Items", "number", lambda r, s: count_cell(r, s, 1, 12)),
        Col("Status", "badge", _status("Shipped", "Pending", "Cancelled"))), "orders table"),
    "plants": TableKind(("my plants", "the plants I water", "house plants"), "Plants", (
        Col("Plant", "text", _pick(lambda r: pools.thing(r, "plants"))),
        Col("Water every", "number", lambda r, s: count_cell(r, s, 2, 14)),
        Col("Last watered", "date", lambda r, s: day_cell(r, s)),
        Col("Room", "text", _pick(lambda r: r.choice(pools.THINGS["rooms"])))), "plant table"),
}
TONES_OF_BADGES = pools.STATUSES


def _column_spec(col: Col) -> Any:
    if col.type == "text":
        return col.label
    return {"label": col.label, "type": col.type}


def _cells_said(cells: list[Cell], sep: str) -> str:
    return sep.join(c.said for c in cells)


def table_part(rng: random.Random, style: Style, kind: str | None = None, captioned: bool = False) -> Part:
    """A Table of one kind: the key column and 1-3 more, 2-5 rows, written inline or pasted.

    ``captioned``: the table stands alone, and its caption is the request's name for it ("a table of
    my open invoices" → caption "Open invoices"), which every register then says."""
    kind = kind or rng.choice([k for k in TABLES if k != "plants"])
    spec = TABLES[kind]
    more = sorted(rng.sample(range(1, len(spec.columns)), rng.randint(1, 3)))
    cols = [spec.columns[0], *(spec.columns[i] for i in more)]
    rows = [[c.draw(rng, style) for c in cols] for _ in range(rng.randint(2, 5))]
    keys = set()
    rows = [r for r in rows if not (r[0].code in keys or keys.add(r[0].code))]
    heads = [c.label.lower() if rng.random() < 0.7 else c.label for c in cols]
    name = rng.choice(spec.names)
    props: dict[str, Any] = {}
    extra = ""
    if any(c.type == "money" for c in cols):
        props["currency"] = style.currency
    if rng.random() < 0.2:
        props["sortable"] = True
        extra = rng.choice((" (sortable)", ", sortable", " that I can sort"))
    shorts = (spec.short, name)
    if captioned:
        props = {"caption": spec.short if " I " in f" {name} " else name_as_title(name), **props}
        name = val(name)
        shorts = (name,)
    code = el("Table", columns=[_column_spec(c) for c in cols], rows=[[c.code for c in r] for r in rows],
              **props)
    tags = (f"table:{kind}", *(f"col:{c.type}" for c in cols[1:]))
    head_said = joined([val(h) for h in heads], rng)
    sep = " / " if any("," in c.said for r in rows for c in r) else ", "
    if style.paste != "inline":
        block = grid([val(h) for h in heads], [[c.said for c in r] for r in rows], style.paste, rng)
        short = rng.choice(shorts) + extra
        return Part(code, f"a table of {name}{extra}", short, block, (*tags, f"data:{style.paste}"))
    said_rows = "; ".join(_cells_said(r, sep) for r in rows)
    said = rng.choice((f"a table of {name}{extra} with columns {head_said}: {said_rows}",
                       f"a table of {name}{extra} ({head_said}) - {said_rows}"))
    short = rng.choice(shorts) + extra
    return Part(code, said, f"{short}: {head_said} - {said_rows}", "", tags)


# --------------------------------------------------------------------------- stats

@dataclass(frozen=True)
class Metric:
    label: str
    kind: str  # count, money, percent, minutes
    lo: int
    hi: int
    down_is_good: bool = False


METRICS = (
    Metric("Revenue", "money", 200, 90000), Metric("Orders", "count", 3, 900),
    Metric("Visitors", "count", 40, 20000), Metric("Signups", "count", 1, 600),
    Metric("Conversion", "percent", 1, 12), Metric("Churn", "percent", 1, 9, True),
    Metric("Refunds", "money", 10, 900, True), Metric("Open tickets", "count", 0, 80, True),
    Metric("Avg. response", "minutes", 2, 90, True), Metric("Uptime", "percent", 95, 99),
    Metric("Active users", "count", 20, 9000), Metric("Cups sold", "count", 40, 700),
    Metric("Bookings", "count", 2, 300), Metric("Avg. basket", "money", 8, 120),
    Metric("Members", "count", 10, 2000), Metric("Costs", "money", 100, 40000, True),
    Metric("Donations", "money", 50, 20000), Metric("Downloads", "count", 10, 50000),
)


def _metric_value(rng: random.Random, style: Style, m: Metric) -> tuple[dict[str, Any], str]:
    """The Stat props and the request's words for one metric's value."""
    if m.kind == "money":
        c = money_cell(rng, style, m.lo, m.hi)
        return {"value": c.code, "unit": style.currency}, c.said
    if m.kind == "percent":
        c = percent_cell(rng, style, m.lo, m.hi)
        return {"value": c.code, "unit": "%"}, c.said
    if m.kind == "minutes":
        n = rng.randint(m.lo, m.hi)
        return {"value": n, "unit": "min"}, say_number(n, style) + rng.choice((" min", " minutes", " mins"))
    c = count_cell(rng, style, m.lo, m.hi)
    return {"value": c.code}, c.said


def stat(rng: random.Random, style: Style, m: Metric, delta_share: float = 0.35) -> tuple[str, str]:
    """One Stat and its words: 'revenue $1,200 (up 12%)'."""
    props, said = _metric_value(rng, style, m)
    label = m.label.lower()
    phrase = rng.choice((f"{val(label)} {said}", f"{val(label)}: {said}", f"{said} {val(label)}"))
    if m.kind != "count" or rng.random() < 0.5:
        phrase = rng.choice((f"{val(label)} {said}", f"{val(label)}: {said}"))
    if rng.random() < delta_share:
        d = rng.randint(1, 40)
        up = rng.random() < 0.6
        props["delta"] = d if up else -d
        phrase += rng.choice((f" ({'up' if up else 'down'} {val(d)}%)", f", {'+' if up else '-'}{val(d)}%"))
    if m.down_is_good:
        props["downIsGood"] = True
    return el("Stat", label=m.label, **props), phrase


def stats_part(rng: random.Random, style: Style, k: int | None = None) -> Part:
    """A Grid of 2-4 Stats."""
    k = k or rng.randint(2, 4)
    pairs = [stat(rng, style, m) for m in rng.sample(METRICS, k)]
    said = joined([p for _, p in pairs], rng)
    noun = rng.choice(("stats for", "KPI tiles for", "numbers for", "cards with"))
    return Part(el("Grid", *(c for c, _ in pairs), columns=k), f"{noun} {said}", said, "", (f"stats:{k}",))


# --------------------------------------------------------------------------- charts

@dataclass(frozen=True)
class Series:
    """A kind of chart data: its subject and how labels and values are drawn."""

    subject: str
    labels: Callable[[random.Random, int], list[str]]
    lo: int
    hi: int
    money: bool = False


def _run(seq: tuple[str, ...]) -> Callable[[random.Random, int], list[str]]:
    def draw(rng: random.Random, k: int) -> list[str]:
        k = min(k, len(seq))
        start = rng.randrange(len(seq) - k + 1)
        return list(seq[start:start + k])
    return draw


def _any(pool: tuple[str, ...]) -> Callable[[random.Random, int], list[str]]:
    return lambda rng, k: rng.sample(pool, min(k, len(pool)))


MON = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
WEEKS = tuple(f"Week {i}" for i in range(1, 13))
YEARS = tuple(str(y) for y in range(2016, 2027))
SPENDING = ("Rent", "Groceries", "Transport", "Eating out", "Bills", "Savings", "Fun", "Health", "Gifts")
CHANNELS = ("Search", "Social", "Email", "Direct", "Referral", "Ads")
TIME_USE = ("Work", "Sleep", "Family", "Exercise", "Commute", "Reading", "Screens")

SERIES = (
    Series("sales by month", _run(MON), 100, 9000, True),
    Series("visits by day", _run(WEEKDAYS), 10, 900),
    Series("steps per day", _run(WEEKDAYS), 1000, 15000),
    Series("signups per week", _run(WEEKS), 1, 300),
    Series("spending by category", _any(SPENDING), 20, 1500, True),
    Series("traffic by source", _any(CHANNELS), 50, 8000),
    Series("hours per week", _any(TIME_USE), 1, 56),
    Series("members per year", _run(YEARS), 10, 4000),
    Series("tickets by team", _any(pools.TEAMS), 1, 120),
    Series("tickets per week", _run(WEEKS), 5, 300),
    Series("rainfall by month", _run(MON), 5, 180),
    Series("pages read per day", _run(WEEKDAYS), 2, 80),
    Series("kWh used by month", _run(MON), 90, 600),
)
CHART_NOUNS = {"BarChart": ("bar chart", "bar graph", "column chart"),
               "LineChart": ("line chart", "line graph", "trend line"),
               "PieChart": ("pie chart", "pie", "donut chart")}


# Chart lengths: mostly a handful of points, sometimes a week, a quarter's weeks or a whole year.
CHART_SIZES = (3, 4, 5, 6, 3, 4, 5, 6, 7, 8, 12)
# Words that make a series' subject a title of the request's own ("Q3 sales by month"),
# so the model learns to copy the chart's name from the request instead of recalling a subject.
SUBJECT_QUALIFIERS = ("October", "March", "2023", "2024", "Q1", "Q3", "this year's", "last month's", "our",
                      "the team's", "my", "recent")


def _points(rng: random.Random, style: Style, series: Series, k: int) -> tuple[list[str], list[Cell]]:
    labels = series.labels(rng, k)
    if series.money:
        return labels, [money_cell(rng, style, series.lo, series.hi) for _ in labels]
    if series.hi <= 1000 and rng.random() < 0.3:  # measures with one decimal: "11.2 kWh", "12.4k visits"
        return labels, [decimal_cell(rng, style, series.lo, series.hi) for _ in labels]
    return labels, [count_cell(rng, style, series.lo, series.hi) for _ in labels]


def _subject(rng: random.Random, series: Series) -> tuple[str, str]:
    """The chart's subject as the request says it (a made-up qualifier protected from typos) and as its title."""
    if rng.random() < 0.45:
        qual = pools.novel_word(rng) if rng.random() < 0.25 else rng.choice(SUBJECT_QUALIFIERS)
        return f"{val(qual)} {series.subject}", f"{qual} {series.subject}"
    return series.subject, series.subject


def _pairs_said(labels: list[str], cells: list[Cell], rng: random.Random) -> str:
    sep = rng.choice((" ", ": ", " - ", "="))
    return ", ".join(f"{val(lab)}{sep}{c.said}" for lab, c in zip(labels, cells, strict=True))


def chart_part(rng: random.Random, style: Style, kind: str | None = None, series: Series | None = None) -> Part:
    """One chart of one series: [label, value] pairs written inline or pasted as two columns."""
    kind = kind or rng.choice(("BarChart", "LineChart", "PieChart"))
    series = series or rng.choice(SERIES)
    labels, cells = _points(rng, style, series, rng.choice(CHART_SIZES))
    noun = rng.choice(CHART_NOUNS[kind])
    subject, title = _subject(rng, series)
    props: dict[str, Any] = {"title": title[:1].upper() + title[1:]}
    if kind == "PieChart" and noun == "donut chart":
        props["donut"] = True
    if kind == "BarChart" and rng.random() < 0.15:
        props["horizontal"] = True
        noun = "horizontal bar chart"
    if kind == "LineChart" and rng.random() < 0.15:
        props["area"] = True
        noun = "area chart"
    if series.money:
        props["unit"] = style.currency
    code = el(kind, data=[[lab, c.code] for lab, c in zip(labels, cells, strict=True)], **props)
    art = "an" if noun[0] in "aeiou" else "a"
    tags = (f"chart:{kind}",)
    if style.paste != "inline":
        block = grid([series.subject.split()[-1], "value"], [[val(lab), c.said] for lab, c in zip(labels, cells, strict=True)],
                     style.paste, rng)
        return Part(code, f"{art} {noun} of {subject}", f"{subject} {noun}", block,
                    (*tags, f"data:{style.paste}"))
    said = _pairs_said(labels, cells, rng)
    phrase = rng.choice((f"{art} {noun} of {subject}: {said}", f"{subject} as {art} {noun} ({said})",
                         f"{art} {noun} showing {subject} - {said}"))
    return Part(code, phrase, f"{subject} {noun}: {said}", "", tags)


TWO_SERIES = (("income", "spending", MON, True), ("this year", "last year", MON, False),
              ("web", "mobile", WEEKDAYS, False), ("plan", "actual", WEEKS, False))


def multi_chart_part(rng: random.Random, style: Style) -> Part:
    """A bar or line chart of two named series over shared labels."""
    a, b, seq, money = rng.choice(TWO_SERIES)
    kind = rng.choice(("BarChart", "LineChart"))
    k = rng.randint(3, 5)
    labels = _run(seq)(rng, k)
    draw = (lambda: money_cell(rng, style, 100, 5000)) if money else (lambda: count_cell(rng, style, 5, 500))
    va, vb = [draw() for _ in labels], [draw() for _ in labels]
    series = [{"name": a.capitalize(), "values": [c.code for c in va]},
              {"name": b.capitalize(), "values": [c.code for c in vb]}]
    props: dict[str, Any] = {"unit": style.currency} if money else {}
    code = el(kind, labels=labels, series=series, title=f"{a.capitalize()} vs {b}", **props)
    noun = rng.choice(CHART_NOUNS[kind])
    said = (f"{val(a)}: {', '.join(c.said for c in va)}; {val(b)}: {', '.join(c.said for c in vb)}")
    labs = ", ".join(val(x) for x in labels)
    phrase = f"a {noun} of {val(a)} vs {val(b)} for {labs} - {said}"
    return Part(code, phrase, f"{a} vs {b} {noun}, {labs} - {said}", "", (f"chart:{kind}", "chart:series"))


# --------------------------------------------------------------------------- lists, details, events

# What a list of each kind is called ("a shopping list"), and the title of a card holding one.
LIST_NOUNS = {"groceries": "shopping list", "chores": "list of chores", "errands": "list of errands",
              "trip": "packing list", "steps": "list of steps", "skills": "list of skills to learn",
              "dishes": "meal plan for the week"}
LIST_TITLES = {"groceries": "Shopping", "chores": "Chores", "errands": "Errands", "trip": "Packing"}


def list_part(rng: random.Random, style: Style, kind: str | None = None) -> Part:
    """A List of 2-6 things; steps are numbered."""
    kind = kind or rng.choice(list(LIST_NOUNS))
    n = rng.randint(2, 6)
    items = list(pools.THINGS["steps"][:n]) if kind == "steps" else pools.things(rng, kind, n)
    ordered = kind == "steps" or rng.random() < 0.15
    noun = LIST_NOUNS[kind]
    if ordered and kind != "steps":
        noun = f"numbered {noun}"
    noun = f"a {noun}"
    code = el("List", items=items, ordered=ordered)
    if style.paste != "inline" and rng.random() < 0.6:
        return Part(code, noun, noun[2:], bullets([val(x) for x in items], rng), ("list:pasted",))
    said = joined([val(x) for x in items], rng)
    return Part(code, rng.choice((f"{noun}: {said}", f"{noun} ({said})", f"{noun} with {said}")), f"{noun[2:]}: {said}")


KV_KINDS = {
    "order": ("order details", "Order", (("Order", lambda r, s: text_cell(f"#{r.randint(1000, 99999)}")),
                                        ("Total", lambda r, s: money_text_cell(r, s, 5, 900)),
                                        ("Status", _status("Shipped", "Pending", "Delivered")),
                                        ("Placed", lambda r, s: day_cell(r, s)))),
    "account": ("my account details", "Account", (("Name", _pick(pools.person)),
                                          ("Plan", _status("Free", "Plus", "Team")),
                                          ("Member since", lambda r, s: day_cell(r, s)),
                                          ("Email", lambda r, s: text_cell(f"{pools.first_name(r).lower()}@example.com")))),
    "trip": ("the trip details", "Trip", (("Destination", _pick(pools.place)),
                                         ("Leaves", lambda r, s: day_cell(r, s)),
                                         ("Nights", lambda r, s: count_cell(r, s, 1, 14)),
                                         ("Budget", lambda r, s: money_text_cell(r, s, 200, 4000)))),
    "device": ("device info", "Device", (("Model", _pick(lambda r: f"{pools.novel_word(r)} {r.randint(2, 9)}")),
                                        ("Storage", lambda r, s: text_cell(f"{r.choice((64, 128, 256, 512))} GB")),
                                        ("Battery", lambda r, s: percent_cell(r, s, 10, 100)),
                                        ("Owner", _pick(pools.first_name)))),
    "rental": ("the flat's details", "Flat", (("Address", _pick(pools.street)),
                                    ("Rent", lambda r, s: money_text_cell(r, s, 400, 3000)),
                                    ("Rooms", lambda r, s: count_cell(r, s, 1, 5)),
                                    ("Available", lambda r, s: day_cell(r, s)))),
}


def kv_part(rng: random.Random, style: Style, kind: str | None = None) -> Part:
    """A KeyValue list of 2-4 labelled facts."""
    kind = kind or rng.choice(list(KV_KINDS))
    what, title, fields = KV_KINDS[kind]
    chosen = [fields[i] for i in sorted(rng.sample(range(len(fields)), rng.randint(2, 4)))]
    cells = [(k, draw(rng, style)) for k, draw in chosen]
    items = [[k, c.code] for k, c in cells]
    code = el("KeyValue", items=items, title=title)
    said = ", ".join(f"{val(k.lower())}: {c.said}" for k, c in cells)
    return Part(code, rng.choice((f"{what} - {said}", f"{what} ({said})")), f"{what}: {said}", "", (f"kv:{kind}",))


EVENT_KINDS = {
    "day": ("the day", ("Breakfast", "Stand-up", "Deep work", "Lunch", "Gym", "Dinner", "Reading")),
    "conference": ("the meetup", ("Doors open", "Welcome talk", "Panel", "Coffee break", "Workshops", "Drinks")),
    "delivery": ("my delivery", ("Ordered", "Packed", "Shipped", "Out for delivery", "Delivered")),
    "wedding": ("the wedding day", ("Ceremony", "Photos", "Dinner", "Speeches", "First dance")),
}


def timeline_part(rng: random.Random, style: Style, kind: str | None = None) -> Part:
    """A Timeline of 2-5 events in order, each with a time or a date."""
    kind = kind or rng.choice((*EVENT_KINDS, "project"))
    k = rng.randint(2, 5)
    if kind == "project":
        what = "the project"
        titles = rng.sample(("Kickoff", "Research", "Design review", "Beta", "Launch", "Retro"), k)
        whens: list[Clock | Day] = list(days_in_order(rng, k, year=rng.random() < 0.5))
    else:
        what, pool = EVENT_KINDS[kind]
        start = rng.randrange(len(pool) - k + 1)
        titles = list(pool[start:start + k])
        whens = list(clocks_in_order(rng, k))
    items = [{"title": t, "time": w.canon()} for t, w in zip(titles, whens, strict=True)]
    said_when = [say_clock(w, style) if isinstance(w, Clock) else say_day(w, style) for w in whens]
    said = ", ".join(f"{val(t)} {'at' if isinstance(w, Clock) else 'on'} {s}"
                     for t, w, s in zip(titles, whens, said_when, strict=True))
    noun = rng.choice(("timeline", "timeline", "run of events"))
    return Part(el("Timeline", items=items), f"a {noun} for {what}: {said}", f"{what} timeline: {said}", "",
                (f"timeline:{kind}",))


GOALS = ("Savings goal", "Reading challenge", "Marathon training", "Course", "Fundraiser", "Renovation",
         "Onboarding", "Thesis")


def progress_part(rng: random.Random, style: Style) -> Part:
    """One Progress bar: 'x of y' or a percentage."""
    label = rng.choice(GOALS)
    if rng.random() < 0.5:
        total = rng.randint(5, 60)
        done = rng.randint(0, total)
        code = el("Progress", label=label, value=done, max=total)
        said = f"{say_number(done, style)} of {say_number(total, style)}"
    else:
        done = rng.randint(1, 99)
        code = el("Progress", label=label, value=done)
        said = say_percent(done, style, rng)
    return Part(code, f"a progress bar for {val(label.lower())} at {said}", f"{val(label.lower())} {said}")


def badges_part(rng: random.Random, style: Style) -> Part:
    """A Row of 1-4 status Badges coloured by meaning."""
    words = rng.sample(list(pools.STATUSES), rng.randint(1, 4))
    code = el("Row", *(el("Badge", w, tone=pools.STATUSES[w]) for w in words), gap="sm")
    said = joined([val(w) for w in words], rng)
    noun = "badges" if len(words) > 1 else "a badge"
    return Part(code, f"{noun} for {said}", f"{noun} {said}")


# --------------------------------------------------------------------------- content

NOTES = (
    "Orders over {m} ship free.", "The shop is closed on {d}.", "Doors open at {t}.",
    "Rent is due on {d}.", "Bring your own cup and save {m}.", "Tickets cost {m} at the door.",
    "The pool closes at {t} on weekdays.", "Last entry is at {t}.", "Membership renews on {d}.",
)
TONE_WORDS = {"warning": "warning", "tip": "accent", "note": "info", "error": "danger", "success": "success",
              "heads-up": "warning", "info": "info"}


def sentence(rng: random.Random, style: Style) -> tuple[str, str]:
    """A short note with a value in it: (answer text, request words)."""
    tmpl = rng.choice(NOTES)
    if "{m}" in tmpl:
        x = rng.randint(2, 80)
        answer = tmpl.format(m=money_text(x, style.currency))
    elif "{d}" in tmpl:
        answer = tmpl.format(d=rng.choice(("Monday", "Sunday", "public holidays", "March 3", "the 1st")))
    else:
        answer = tmpl.format(t=draw_clock(rng, 8, 22).canon())
    return answer, _q(answer)


def text_part(rng: random.Random, style: Style) -> Part:
    answer, said = sentence(rng, style)
    return Part(text(answer), f"the note {said}", said)


def callout_part(rng: random.Random, style: Style) -> Part:
    word = rng.choice(list(TONE_WORDS))
    answer, said = sentence(rng, style)
    title = rng.choice((None, "Heads up", "Good to know", "Important", "Reminder"))
    code = el("Callout", text(answer), tone=TONE_WORDS[word], title=title)
    titled = f" titled {_q(title)}" if title else ""
    art = "an" if word[0] in "aeiou" else "a"
    # The terse form says the title too: the same words must always ask for the same callout.
    return Part(code, f"{art} {word} callout{titled} saying {said}", f"{word}{titled} {said}")


def image_part(rng: random.Random, style: Style, subject: str | None = None) -> Part:
    """An Image with its address, alt text and sometimes a caption."""
    subject = subject or rng.choice(("storefront", "team photo", "new menu", "garden", "workshop", "view"))
    place = pools.place(rng)
    alt = f"{place} {subject}".capitalize() if rng.random() < 0.5 else f"Our {subject} in {place}"
    src = f"https://img.example.com/{pools.slug(place)}/{pools.slug(subject)}.jpg"
    caption = alt if rng.random() < 0.3 else None
    code = el("Image", src=src, alt=alt, caption=caption)
    cap_said = " with a caption" if caption else ""
    return Part(code, f"a picture from {val(src)} ({_q(alt)}){cap_said}", f"image {val(src)} alt {_q(alt)}")


LINK_NAMES = ("Read more", "Full menu", "Opening hours", "Price list", "Terms", "Contact us", "Sign up")


def link_part(rng: random.Random, style: Style) -> Part:
    label = rng.choice(LINK_NAMES)
    href = f"https://{pools.slug(pools.company(rng))}.example.com/{pools.slug(label)}"
    external = rng.random() < 0.3
    code = el("Link", label, href=href, external=external)
    tab = " (new tab)" if external else ""
    return Part(code, f"a link {_q(label)} to {val(href)}{tab}", f"link {_q(label)} {val(href)}{tab}")


SNIPPETS = (("bash", "npm run build"), ("bash", "git pull --rebase"), ("python", "print(total)"),
            ("sql", "SELECT name FROM users;"), ("bash", "docker compose up -d"), ("json", '{"debug": true}'),
            ("python", "import csv"), ("bash", "ssh deploy@host"), ("yaml", "retries: 3"))


def code_part(rng: random.Random, style: Style) -> Part:
    lang, src = rng.choice(SNIPPETS)
    code = el("Code", esc(src), language=lang)
    return Part(code, f"the {lang} snippet {val(src)}", f"{lang}: {val(src)}")


def heading_part(rng: random.Random, title: str, level: int = 1) -> Part:
    return Part(el("Heading", title, level=level), f"the title {_q(title)}", _q(title))


def icons_part(rng: random.Random, style: Style) -> Part:
    """A Row of icons each with a fact: a contact strip."""
    facts = [("map-pin", "address", val(pools.street(rng))),
             ("phone", "phone", val(f"+44 20 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}")),
             ("mail", "email", val(f"hello@{pools.slug(pools.company(rng))}.example.com")),
             ("clock", "hours", val(f"{rng.randint(7, 10)}:00-{rng.randint(17, 22)}:00"))]
    chosen = rng.sample(facts, rng.randint(2, 3))
    code = el("Row", *(x for icon, _, v in chosen for x in (el("Icon", name=icon), text(finish(v)))), gap="sm")
    said = ", ".join(f"{noun} {v}" for _, noun, v in chosen)
    return Part(code, f"a contact strip with icons - {said}", said)


def empty_part(rng: random.Random, style: Style) -> Part:
    thing, icon, action = rng.choice((("invoices", "file", "New invoice"), ("messages", "mail", "Write one"),
                                      ("orders", "cart", "Browse the shop"), ("results", "search", "Clear filters"),
                                      ("tasks", "check", "Add a task"), ("events", "calendar", "Plan something")))
    code = el("EmptyState", title=f"No {thing} yet", icon=icon, actionLabel=action,
              action=Expr(f"send({lit(action)})"))
    return Part(code, f"an empty state for when there are no {val(thing)}, with a {_q(action)} button",
                f"empty {val(thing)}, button {_q(action)}")


def button_part(rng: random.Random, label: str, message: str) -> str:
    return el("Button", label=label, action=Expr(f"send({lit(message)})"))

