"""Plans: the kinds of interface people ask for, each drawn as a small tree of parts.

A family function ``fam_<name>(rng, style) -> Plan`` draws one interface of its
kind: the answer lines (canonical compact code, ``<State …/>`` first) and the
words a request needs to ask for it (the interface's name, its details, data to
paste). :mod:`natural` turns a plan into a request in the style's register.
Every value the answer shows is in the plan's words, except in a *vague* plan
(``Plan.vague``), whose request names only the interface; its answer then shows
made-up sample values under a line that says so (:data:`SAMPLE_NOTE`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ui4a.lang.writer import interpolated as lit
from ui4a.model.train import parts as P
from ui4a.model.train import pools
from ui4a.model.train.data import Expr, el, name_as_title, state, text, var
from ui4a.model.train.speech import (
    Style,
    bullets,
    clocks_in_order,
    joined,
    say_clock,
    say_money,
    say_number,
    val,
)

SAMPLE_NOTE = text("Sample data: replace it with your own.", muted=True)
VAGUE_STYLE = Style()  # a vague request says nothing of currency or formats: dollars, ISO dates


@dataclass(frozen=True)
class Plan:
    """One interface: its answer and the words that ask for it.

    ``what`` names it with an article ("a dashboard for my bakery"), ``noun`` tersely
    ("bakery dashboard"); ``details`` are Parts whose ``said``/``short``/``block`` the
    request lists (their code is already in ``lines``).
    """

    family: str
    what: str
    noun: str
    lines: tuple[str, ...]
    details: tuple[P.Part, ...] = ()
    tags: tuple[str, ...] = ()
    context: str = ""
    vague: bool = False


def said(words: str, short: str = "", block: str = "") -> P.Part:
    """Words of a request that carry no code of their own."""
    return P.Part("", words, short, block)


def _q(s: str) -> str:
    return '"' + val(s) + '"'


def _with_state(values: dict[str, Any], *lines: str) -> tuple[str, ...]:
    return (state(**values), *lines) if values else lines


# --------------------------------------------------------------------------- dashboards

@dataclass(frozen=True)
class Business:
    """A kind of business or team: what its owner calls it and what it measures."""

    names: tuple[str, ...]
    context: str
    metrics: tuple[str, ...]
    series: tuple[str, ...]
    table: str


BUSINESSES = (
    Business(("my coffee shop", "the cafe"), "I run a small coffee shop", ("Cups sold", "Revenue", "Avg. basket"),
             ("sales by month", "visits by day"), "orders"),
    Business(("my online store", "the web shop"), "I sell handmade stuff online",
             ("Orders", "Revenue", "Conversion", "Refunds"), ("traffic by source", "sales by month"), "orders"),
    Business(("our gym", "the climbing gym"), "I manage a gym", ("Members", "Bookings", "Revenue"),
             ("visits by day", "members per year"), "team"),
    Business(("the support team", "our helpdesk"), "I lead a support team", ("Open tickets", "Avg. response"),
             ("tickets by team", "tickets per week"), "team"),
    Business(("my app", "our mobile app"), "we just launched an app", ("Active users", "Downloads", "Churn", "Signups"),
             ("signups per week", "traffic by source"), "deals"),
    Business(("the nonprofit", "our charity"), "I volunteer at a charity", ("Donations", "Members", "Costs"),
             ("sales by month", "spending by category"), "expenses"),
    Business(("my freelance business", "my studio"), "I'm a freelancer", ("Revenue", "Costs", "Bookings"),
             ("sales by month", "hours per week"), "invoices"),
    Business(("my household", "our home budget"), "we're trying to budget better", ("Costs",),
             ("spending by category", "kWh used by month"), "subscriptions"),
)
SERIES_BY_SUBJECT = {s.subject: s for s in P.SERIES}
METRIC_BY_LABEL = {m.label: m for m in P.METRICS}
PAGE_TITLES = ("Weekly overview", "This month", "Q2 report", "Today", "Year to date", "Morning check")


def _dashboard_part(rng: random.Random, style: Style, biz: Business, kind: str) -> P.Part:
    if kind == "stats":
        k = min(len(biz.metrics), rng.randint(2, 4))
        pairs = [P.stat(rng, style, METRIC_BY_LABEL[m]) for m in rng.sample(biz.metrics, k)]
        words = joined([p for _, p in pairs], rng)
        return P.Part(el("Grid", *(c for c, _ in pairs), columns=k) if k > 1 else pairs[0][0],
                      f"{rng.choice(('stats for', 'numbers for', 'tiles for'))} {words}", words)
    if kind in ("BarChart", "LineChart", "PieChart"):
        return P.chart_part(rng, style, kind, SERIES_BY_SUBJECT[rng.choice(biz.series)])
    if kind == "Table":
        return P.table_part(rng, style, biz.table)
    return {"Progress": P.progress_part, "Badges": P.badges_part, "Callout": P.callout_part,
            "Series": P.multi_chart_part, "Empty": P.empty_part}[kind](rng, style)


DASH_KINDS = ("BarChart", "LineChart", "PieChart", "Table", "Progress", "Callout", "Series", "Badges", "Empty")


def fam_dashboard(rng: random.Random, style: Style) -> Plan:
    """A page of a heading and 1-4 parts (stats, charts, a table, a note...) for one business."""
    biz = rng.choice(BUSINESSES)
    kinds = ["stats"] if rng.random() < 0.6 else []
    kinds += rng.sample(DASH_KINDS, max(1, rng.randint(1, 4) - len(kinds)))
    parts = [_dashboard_part(rng, style, biz, k) for k in kinds]
    name = rng.choice(biz.names)
    lines = [p.code for p in parts]
    details = list(parts)
    if rng.random() < 0.6:
        title = rng.choice(PAGE_TITLES)
        lines.insert(0, el("Heading", title, level=1))
        details.insert(0, said(f"the title {_q(title)}", _q(title)))
    noun = rng.choice(("dashboard", "overview", "report page"))
    return Plan("dashboard", f"a {noun} for {name}", f"{name.split()[-1]} {noun}", tuple(lines), tuple(details),
                context=biz.context)


def fam_report_card(rng: random.Random, style: Style) -> Plan:
    """A titled Card with a stat and a chart or list: one subject at a glance."""
    biz = rng.choice(BUSINESSES)
    title = rng.choice(PAGE_TITLES)
    first = _dashboard_part(rng, style, biz, "stats")
    second = _dashboard_part(rng, style, biz, rng.choice(("BarChart", "LineChart", "PieChart", "Progress", "Badges")))
    subtitle = rng.choice((None, None, "Updated hourly", "Last 7 days", "All locations"))
    card = el("Card", first.code, second.code, title=title, subtitle=subtitle)
    head = f"titled {_q(title)}" + (f" (subtitle {_q(subtitle)})" if subtitle else "")
    return Plan("report_card", f"a card for {rng.choice(biz.names)} {head}", f"{title} card",
                (card,), (first, second), context=biz.context)


def fam_chart(rng: random.Random, style: Style) -> Plan:
    """One chart of one or two series."""
    part = P.multi_chart_part(rng, style) if rng.random() < 0.2 else P.chart_part(rng, style)
    details = (said("", block=part.block),) if part.block else ()
    return Plan("chart", part.said, part.terse, (part.code,), details, context="I have some numbers")


def fam_table(rng: random.Random, style: Style) -> Plan:
    part = P.table_part(rng, style, captioned=True)
    return Plan("table", part.said, part.terse, (part.code,), (said("", block=part.block),) if part.block else (),
                context="I keep this in a spreadsheet")


# --------------------------------------------------------------------------- forms

@dataclass(frozen=True)
class Field:
    """A form field: its label, its component and the props it always carries."""

    label: str
    kind: str
    props: tuple[tuple[str, Any], ...] = ()


def F(label: str, kind: str = "TextField", **props: Any) -> Field:
    return Field(label, kind, tuple(props.items()))


@dataclass(frozen=True)
class FormKind:
    names: tuple[str, ...]
    title: str
    submit: tuple[str, ...]
    fields: tuple[Field, ...]


FORMS = (
    FormKind(("an RSVP form", "a form for party replies"), "RSVP", ("Send reply", "RSVP"), (
        F("Full name"), F("Email", type="email"), F("Guests", "NumberField", min=1, max=6),
        F("Meal", "RadioGroup", options=["Vegetarian", "Fish", "Chicken"]), F("Arrival date", "DateField"),
        F("Bringing a plus-one", "Checkbox"), F("Notes", multiline=True))),
    FormKind(("a job application form", "a form for job applicants"), "Apply", ("Apply", "Send application"), (
        F("Full name"), F("Email", type="email"), F("Phone", type="tel"), F("Portfolio", type="url"),
        F("Years of experience", "NumberField", min=0, max=40),
        F("Position", "Select", options=["Barista", "Cook", "Manager"]), F("Start date", "DateField"),
        F("Open to remote", "Switch"), F("Cover letter", multiline=True))),
    FormKind(("a feedback form", "a form to collect feedback"), "Feedback", ("Send feedback", "Submit"), (
        F("Name"), F("Rating", "Slider", min=1, max=10), F("Topic", "Select", options=["Bug", "Idea", "Praise"]),
        F("Comments", multiline=True), F("You may contact me", "Checkbox"), F("Visit date", "DateField"))),
    FormKind(("a bug report form", "a form for reporting bugs"), "Report a bug", ("Report", "Send report"), (
        F("Summary"), F("Severity", "RadioGroup", options=["Low", "Medium", "High"]),
        F("Steps to reproduce", multiline=True), F("Browser", "Select", options=["Firefox", "Chrome", "Safari"]),
        F("Date seen", "DateField"), F("Screenshot link", type="url"))),
    FormKind(("a booking form for the studio", "a form to book a session"), "Book a session", ("Book", "Reserve"), (
        F("Name"), F("Day", "DateField"), F("Start time", "Select", options=["9:00", "13:00", "17:30"]),
        F("People", "NumberField", min=1, max=8), F("Hours", "Slider", min=1, max=4),
        F("Need equipment", "Checkbox"), F("Notes", multiline=True))),
    FormKind(("an order form", "a form to order t-shirts"), "Order", ("Place order", "Order"), (
        F("Quantity", "NumberField", min=1, max=50), F("Size", "Select", options=["S", "M", "L", "XL"]),
        F("Colour", "RadioGroup", options=["Black", "White", "Green"]), F("Delivery date", "DateField"),
        F("Gift wrap", "Checkbox"), F("Address", multiline=True))),
    FormKind(("a volunteer signup form", "a form for volunteers"), "Volunteer", ("Sign me up", "Join"), (
        F("Name"), F("Email", type="email"), F("Availability", "Select", options=["Weekdays", "Weekends", "Evenings"]),
        F("Hours per week", "Slider", min=1, max=20), F("Skills", multiline=True), F("Newsletter", "Switch"),
        F("First day", "DateField"))),
    FormKind(("a pet adoption form", "an adoption application"), "Adopt a pet", ("Apply", "Send"), (
        F("Name"), F("Phone", type="tel"), F("Home", "RadioGroup", options=["House", "Flat"]),
        F("Other pets", "Checkbox"), F("Hours alone per day", "Slider", min=0, max=12), F("Move-in date", "DateField"))),
    FormKind(("a monthly budget form", "a form for my budget"), "Budget", ("Save", "Update"), (
        F("Income", "NumberField", min=0), F("Rent", "NumberField", min=0), F("Savings rate", "Slider", min=0, max=50),
        F("Pay day", "DateField"), F("Round up purchases", "Switch"))),
    FormKind(("a newsletter signup", "a form to join the mailing list"), "Newsletter", ("Subscribe", "Join"), (
        F("Email", type="email"), F("Frequency", "RadioGroup", options=["Daily", "Weekly", "Monthly"]),
        F("Topic", "Select", options=["Recipes", "Events", "Deals"]), F("I agree to the privacy policy", "Checkbox"))),
    FormKind(("a sign-in form", "a login form"), "Sign in", ("Sign in", "Log in"), (
        F("Email", type="email"), F("Password", type="password"), F("Remember me", "Checkbox"))),
    FormKind(("a contact form", "a get-in-touch form"), "Contact", ("Send", "Send message"), (
        F("Name"), F("Email", type="email"), F("Company"), F("Subject", "Select", options=["Sales", "Support", "Press"]),
        F("Message", multiline=True))),
)
WIDGET_WORDS = {
    "TextField": ("a text field for {l}", "{l}"), "NumberField": ("a number field for {l}", "{l} (a number)"),
    "Select": ("a dropdown for {l} ({o})", "{l} ({o})", "{l}: {o}", "a {l} dropdown ({o})"),
    "RadioGroup": ("radio buttons for {l} ({o})", "{l} ({o})", "{l} - one of {o}"),
    "Checkbox": ("a checkbox {l}", "a {l} checkbox", "a tick box for {l}"),
    "Switch": ("a switch for {l}", "a {l} toggle"), "Slider": ("a slider for {l} from {lo} to {hi}", "{l} ({lo}-{hi}) as a slider",
               "a {l} slider from {lo} to {hi}"),
    "DateField": ("a date picker for {l}", "{l} (date)", "{l}"),
}
TEXT_TYPES = {"email": "email", "tel": "phone number", "url": "link", "password": "password"}


def _field_words(rng: random.Random, style: Style, f: Field, required: bool) -> str:
    props = dict(f.props)
    label = val(f.label.lower()) if f.kind not in ("Checkbox",) else _q(f.label)
    opts = joined([val(o) for o in props.get("options", [])], rng, "or") if "options" in props else ""
    if f.kind == "NumberField" and "max" in props:
        words = f"{label} ({say_number(props['min'], style)}-{say_number(props['max'], style)})"
    elif f.kind == "TextField" and props.get("multiline"):
        words = rng.choice((f"a text area for {label}", f"{label} (multi-line)", f"a big box for {label}"))
    else:
        words = rng.choice(WIDGET_WORDS[f.kind]).format(
            l=label, o=opts, lo=say_number(props.get("min", 0), style), hi=say_number(props.get("max", 100), style))
    return words + (rng.choice((" (required)", "*", ", required")) if required else "")


def _field_code(f: Field, style: Style, required: bool, bound: bool) -> str:
    props = dict(f.props)
    if f.kind == "NumberField" and f.label in ("Income", "Rent"):
        props["unit"] = style.currency
    return el(f.kind, label=f.label, bind=Expr(var(f.label)) if bound else None, required=required, **props)


def _initial(f: Field) -> Any:
    props = dict(f.props)
    if f.kind in ("Checkbox", "Switch"):
        return False
    if f.kind in ("Select", "RadioGroup"):
        return props["options"][0]
    if f.kind in ("NumberField", "Slider"):
        return props.get("min", 0)
    return ""


def fam_form(rng: random.Random, style: Style) -> Plan:
    """A Form of 1-6 fields of every kind; sometimes bound to state and sending a message on submit."""
    kind = rng.choice(FORMS)
    n = rng.randint(min(2, len(kind.fields)), min(6, len(kind.fields)))
    fields = [kind.fields[i] for i in sorted(rng.sample(range(len(kind.fields)), n))]
    required = [f.kind not in ("Checkbox", "Switch", "Slider") and rng.random() < 0.2 for f in fields]
    words = [_field_words(rng, style, f, r) for f, r in zip(fields, required, strict=True)]
    bound = rng.random() < 0.25
    submit = rng.choice(kind.submit) if rng.random() < 0.5 else None
    details = [said(joined(words, rng), ", ".join(words))]
    props: dict[str, Any] = {"title": kind.title, "submitLabel": submit}
    values: dict[str, Any] = {}
    if submit:
        details.append(said(f"a {_q(submit)} button", f"button {_q(submit)}"))
    if bound:
        values = {var(f.label): _initial(f) for f in fields}
        shown = fields[:2]
        message = f"{kind.title}: " + ", ".join(f"{f.label} {{{var(f.label)}}}" for f in shown)
        props["onSubmit"] = Expr(f"send({lit(message)})")
        details.append(said(f"on submit send the {joined([f.label.lower() for f in shown], rng)}"))
    after: list[str] = []
    if not bound and rng.random() < 0.15:
        thanks = rng.choice(("Thanks, we got it!", "Sent. See you soon!", "Thank you!"))
        values = {"sent": False}
        props["onSubmit"] = Expr("sent = true; submit()")
        after.append(text(f"{{sent ? {lit(thanks)} : \"\"}}", tone="success"))
        details.append(said(f"say {_q(thanks)} once it is sent"))
    code = el("Form", *(_field_code(f, style, r, bound) for f, r in zip(fields, required, strict=True)), **props)
    what = rng.choice(kind.names)
    tags = ("form:bound",) if bound else ("form:thanks",) if after else ()
    return Plan("form", what, what.split(" ", 1)[1], _with_state(values, code, *after), tuple(details), tags,
                context="I'm setting up a website")


# --------------------------------------------------------------------------- settings

SETTING_GROUPS: dict[str, tuple[Field, ...]] = {
    "Notifications": (F("Email alerts", "Switch"), F("Push notifications", "Switch"), F("Weekly digest", "Switch"),
                      F("Digest day", "Select", options=["Monday", "Friday", "Sunday"])),
    "Appearance": (F("Dark mode", "Switch"), F("Font size", "Slider", min=10, max=30),
                   F("Theme", "Select", options=["Light", "Dark", "Auto"]), F("Compact view", "Switch")),
    "Privacy": (F("Public profile", "Switch"), F("Show online status", "Switch"),
                F("Who can message me", "RadioGroup", options=["Everyone", "Friends", "Nobody"])),
    "Sound": (F("Volume", "Slider", min=0, max=100), F("Mute", "Switch"),
              F("Ringtone", "Select", options=["Chime", "Bell", "Pulse"])),
    "Account": (F("Language", "Select", options=["English", "Italiano", "Polski"]), F("Two-step login", "Switch"),
                F("Time zone", "Select", options=["UTC", "CET", "EST"])),
}


def _current(rng: random.Random, f: Field) -> Any:
    """A setting's value now, other than its default: a later option, or a slider's point between its ends."""
    props = dict(f.props)
    if f.kind == "Slider":
        return rng.randint(props.get("min", 0) + 1, props.get("max", 100) - 1)
    return rng.choice(props["options"][1:])


def _state_words(rng: random.Random, style: Style, f: Field, on: bool, now: Any) -> str:
    """How a request says where a setting stands: "(on)", "(off)", "currently Weekly", "set to 16"."""
    if f.kind == "Switch":
        return " (on)" if on else " (off)" if rng.random() < 0.3 else ""
    if now is None:
        return ""
    said_now = say_number(now, style) if isinstance(now, int) else val(now)
    if f.kind == "Slider":
        return rng.choice((f" set to {said_now}", f" (now {said_now})", f", currently {said_now}"))
    return rng.choice((f" (currently {said_now})", f", {said_now} selected", f" - now {said_now}"))


def fam_settings(rng: random.Random, style: Style) -> Plan:
    """Settings in 1-2 groups: live (switches bound to state, a line showing one) or a form with Save."""
    groups = rng.sample(list(SETTING_GROUPS), rng.randint(1, 2))
    chosen = {g: rng.sample(SETTING_GROUPS[g], rng.randint(2, min(3, len(SETTING_GROUPS[g])))) for g in groups}
    fields = [f for g in groups for f in chosen[g]]
    on = {f.label for f in fields if f.kind == "Switch" and rng.random() < 0.3}
    current = {f.label: _current(rng, f) for f in fields if f.kind in ("Select", "RadioGroup", "Slider")
               and rng.random() < 0.5}
    words = []
    for g in groups:
        items = [_field_words(rng, style, f, False) + _state_words(rng, style, f, f.label in on, current.get(f.label))
                 for f in chosen[g]]
        words.append(f"{val(g.lower())}: {joined(items, rng)}" if len(groups) > 1 else joined(items, rng))
    details = [said("; ".join(words))]
    # One group is named by its topic, as people say it ("privacy settings") and as the title shows it.
    title, noun = "Settings", "settings"
    what = rng.choice(("a settings page", "a settings panel", "preferences", "a settings screen"))
    if len(groups) == 1 and rng.random() < 0.7:
        topic = val(groups[0].lower())
        title, noun = f"{groups[0]} settings", f"{topic} settings"
        what = rng.choice((f"{topic} settings", f"a {topic} settings page", f"{topic} preferences"))
    live = rng.random() < 0.5
    if live:
        values = {var(f.label): (f.label in on) if f.kind == "Switch" else current.get(f.label, _initial(f))
                  for f in fields}
        switches = [f for f in fields if f.kind == "Switch"]

        def control(f: Field) -> str:
            return el(f.kind, label=f.label, bind=Expr(var(f.label)), **dict(f.props))
        body = [el("Section", *(control(f) for f in chosen[g]), title=g) for g in groups] if len(groups) > 1 \
            else [control(f) for f in fields]
        if switches:
            f = switches[0]
            body.append(text(f"{f.label}: {{{var(f.label)} ? \"on\" : \"off\"}}", muted=True))
            details.append(said(f"a line saying whether {val(f.label.lower())} is on"))
        lines = _with_state(values, el("Card", *body, title=title))
    else:
        def checked(f: Field) -> str:
            on_prop = {"checked": True} if f.label in on else {"value": current[f.label]} if f.label in current else {}
            return el(f.kind, label=f.label, **on_prop, **dict(f.props))
        body = [el("Section", *(checked(f) for f in chosen[g]), title=g) for g in groups] if len(groups) > 1 \
            else [checked(f) for f in fields]
        lines = (el("Form", *body, title=title, submitLabel="Save"),)
        details.append(said("a save button"))
    return Plan("settings", what, noun, lines, tuple(details), ("settings:live",) if live else (),
                context="my app needs settings")


# --------------------------------------------------------------------------- trackers

def _checks(labels: list[str], initial: dict[str, bool]) -> list[str]:
    return [el("Checkbox", label=lab, bind=Expr(var(lab))) for lab in labels]


def _done_sum(labels: list[str]) -> str:
    return f"sum([{', '.join(var(lab) for lab in labels)}])"


def fam_tracker(rng: random.Random, style: Style) -> Plan:
    """State-backed trackers: a checklist with a count, a week of habits, a counter with +/reset, or a
    done toggle."""
    how = rng.choice(("checklist", "checklist", "week", "week", "counter", "toggle", "plants"))
    if how == "week":
        return _week_tracker(rng, style)
    if how == "counter":
        return _counter_tracker(rng, style)
    if how == "toggle":
        return _toggle_tracker(rng, style)
    kind = "plants" if how == "plants" else "habits"
    labels = pools.things(rng, kind, rng.randint(2, 5))
    done = {lab: rng.random() < 0.25 for lab in labels}
    n = len(labels)
    total = _done_sum(labels)
    lines = [*_checks(labels, done), text(f"{{{total}}} of {n} done")]
    extra = []
    if rng.random() < 0.5:
        lines.append(el("Progress", label="Today", value=Expr(total), max=n))
        extra.append(said("a progress bar"))
    title = "Watering" if kind == "plants" else rng.choice(("Today", "Habits", "Daily habits"))
    items = [val(lab) + (" (done)" if done[lab] else "") for lab in labels]
    if kind == "plants":
        what = rng.choice(("a watering tracker for my plants", "a checklist of plants to water"))
        noun = "plant watering tracker"
    else:
        what = rng.choice(("a habit tracker", "a daily checklist", "a tracker for my habits"))
        noun = "habit tracker"
    body = said(joined(items, rng), ", ".join(items), bullets(items, rng) if style.paste != "inline" else "")
    if body.block:
        body = said("these", "", body.block)
    lines_out = _with_state({var(lab): done[lab] for lab in labels}, el("Card", *lines, title=title))
    return Plan("tracker", what, noun, lines_out, (body, said("how many are done"), *extra),
                (f"pool:{kind}",), context="I'm trying to build better routines")


WEEK = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
WEEK_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
SHORT_HABITS = ("Gym", "Reading", "Meditation", "Stretching", "Journal", "Walk", "Piano", "Spanish", "Yoga", "Run")


def _week_days(rng: random.Random) -> tuple[list[str], str]:
    """A run of 3-7 days and how a request names it ('each day', 'Mon-Fri', 'Monday to Wednesday')."""
    k = rng.choice((3, 5, 5, 7))
    start = 0 if k >= 5 else rng.randrange(0, 7 - k + 1)
    days = list(WEEK[start:start + k])
    first, last = WEEK_NAMES[start], WEEK_NAMES[start + k - 1]
    if k == 7:
        return days, rng.choice(("every day", "each day of the week", "Mon-Sun"))
    return days, rng.choice((f"{days[0]}-{days[-1]}", f"{first} to {last}", f"from {first} to {last}"))


def _week_tracker(rng: random.Random, style: Style) -> Plan:
    """Habits × days: a Card per habit with a Row of day checkboxes. Up to 10 cells are bound to state and
    counted; a bigger grid (3 habits every day) has plain checkboxes, because 21 declared names and their sum
    would not fit the answer's token budget, and a grid that drops a habit is worse than one without a count."""
    habits = pools.distinct(rng, lambda r: r.choice(SHORT_HABITS) if r.random() < 0.8 else pools.novel_word(r),
                            rng.randint(2, 3) if rng.random() < 0.8 else 1)
    days, when = _week_days(rng)
    bound = len(habits) * len(days) <= 10

    def box(h: str, d: str) -> str:
        return el("Checkbox", label=d, bind=Expr(var(h) + d) if bound else None)
    cards = [el("Card", el("Row", *(box(h, d) for d in days), gap="sm"), title=h) for h in habits]
    what = rng.choice(("a habit tracker for the week", "a weekly habit tracker", "a habit grid for my week"))
    habits_said = joined([val(h.lower()) for h in habits], rng)
    detail = said(rng.choice((f"checkboxes for {habits_said} {val(when)}", f"{habits_said}, ticked off {val(when)}")),
                  f"{habits_said} x {val(when)}")
    lines, details = tuple(cards), (detail,)
    if bound:
        names = [var(h) + d for h in habits for d in days]
        lines = _with_state({n: False for n in names}, *cards,
                            text(f"{{sum([{', '.join(names)}])}} of {len(names)} done this week", muted=True))
        details = (detail, said("how many are done"))
    return Plan("tracker", what, "habit week", lines, details, ("tracker:week",), context="I want to stick to my habits")


COUNTED = (("Glasses of water", "glasses of water", 8), ("Coffees", "coffees", 4), ("Pages read", "pages", 30),
           ("Push-ups", "push-ups", 50), ("Laps", "laps", 20), ("Cigarettes", "cigarettes", 5))


def _counter_tracker(rng: random.Random, style: Style) -> Plan:
    """A count towards a goal, starting where the request says it stands ("5 so far"), with +/reset or
    add/remove buttons."""
    label, words, goal = rng.choice(COUNTED)
    v = var(label)
    step = rng.choice((1, 1, 2, 5)) if goal >= 20 else 1
    goal = rng.choice((goal, goal + step * rng.randint(1, 4)))
    start = rng.randrange(1, goal) if rng.random() < 0.5 else 0
    remove = rng.random() < 0.4
    second = (el("Button", label=f"-{step}", action=Expr(f"{v} = max(0, {v} - {step})"), variant="secondary")
              if remove else el("Button", label="Reset", action=Expr(f"{v} = 0"), variant="secondary"))
    lines = [el("Stat", label=label, value=Expr(v), hint=f"Goal: {goal}"),
             el("Progress", label="Goal", value=Expr(v), max=goal),
             el("Row", el("Button", label=f"+{step}", action=Expr(f"{v} = {v} + {step}")), second)]
    shown = rng.random() < 0.5
    if shown:
        lines.insert(1, text(f"{{{v}}} of {goal}", muted=True))
    n = say_number(step, style)
    buttons = (said(rng.choice((f"buttons to add or remove {n}", f"a plus and a minus button ({n} each)")),
                    f"+{val(step)}/-{val(step)}") if remove else
               said(f"a button that adds {n} and a reset button", f"+{val(step)}, reset"))
    # Drawn in this order (the training data's hash depends on it), said in the request's order.
    against = [said(rng.choice(("how far I am against the goal", "the count out of the goal")), "count of goal")] \
        if shown else []
    done = say_number(start, style)
    so_far = [said(rng.choice((f"I'm at {done} so far", f"{done} done already", f"I've had {done} so far")),
                   f"{done} so far")] if start else []
    details = [said(f"a goal of {say_number(goal, style)}", f"goal {say_number(goal, style)}"), *so_far, buttons,
               *against]
    what = rng.choice((f"a counter for {words}", f"a tracker for how many {words} I have", f"a {words} counter"))
    return Plan("tracker", what, f"{words} counter", _with_state({v: start}, el("Card", *lines, title="Tracker")),
                tuple(details), ("tracker:counter",), context="I want to keep count during the day")


def _toggle_tracker(rng: random.Random, style: Style) -> Plan:
    task = rng.choice(pools.THINGS["chores"] + pools.THINGS["errands"])
    lines = [text(task, strong=True),
             el("Badge", "{done ? \"Done\" : \"To do\"}", tone=Expr('done ? "success" : "warning"')),
             el("Button", label="Mark done", action=Expr("toggle(done)"))]
    what = rng.choice(("a task card", "a to-do item", "a card for one chore"))
    details = (said(_q(task)), said("a done/to do badge and a button to toggle it"))
    return Plan("tracker", what, "task toggle", _with_state({"done": False}, el("Card", *lines)), details,
                ("tracker:toggle",), context="I keep forgetting chores")


# --------------------------------------------------------------------------- calculators

@dataclass(frozen=True)
class Input:
    label: str
    lo: int
    hi: int
    money: bool = False
    slider: bool = False
    unit: str | None = None


@dataclass(frozen=True)
class Calc:
    """A calculator: its inputs, what it shows and the expression (input names as {0}, {1}...)."""

    names: tuple[str, ...]
    title: str
    inputs: tuple[Input, ...]
    result: str
    expr: str
    money: bool = False
    unit: str | None = None


CALCS = (
    Calc(("a discount calculator", "something to work out sale prices"), "Discount",
         (Input("Price", 5, 900, money=True), Input("Discount", 5, 70, slider=True, unit="%")),
         "Final price", "round({0} * (1 - {1} / 100), 2)", money=True),
    Calc(("a bill splitter", "a calculator to share a restaurant bill"), "Bill splitter",
         (Input("Bill", 20, 400, money=True), Input("People", 2, 12), Input("Tip", 0, 25, slider=True, unit="%")),
         "Each pays", "round({0} * (1 + {2} / 100) / {1}, 2)", money=True),
    Calc(("a savings calculator", "a calculator for how much I'll save"), "Savings",
         (Input("Monthly saving", 20, 2000, money=True), Input("Months", 1, 60, slider=True)),
         "Total saved", "{0} * {1}", money=True),
    Calc(("a simple interest calculator", "an interest calculator"), "Interest",
         (Input("Amount", 500, 50000, money=True), Input("Rate", 1, 15, slider=True, unit="%"), Input("Years", 1, 30)),
         "Interest", "round({0} * {1} / 100 * {2}, 2)", money=True),
    Calc(("a price per kilo calculator", "a unit price checker"), "Unit price",
         (Input("Pack price", 1, 40, money=True), Input("Weight", 50, 5000, unit="g")),
         "Per kg", "round({0} / {1} * 1000, 2)", money=True),
    Calc(("a paint calculator", "a calculator for how much paint I need"), "Paint",
         (Input("Wall width", 2, 12, unit="m"), Input("Wall height", 2, 4, unit="m"), Input("Coverage", 6, 14, unit="m² per litre")),
         "Litres needed", "round({0} * {1} / {2}, 1)", unit="L"),
    Calc(("a recipe scaler", "a calculator to scale a recipe"), "Scale a recipe",
         (Input("Flour", 100, 1000, unit="g"), Input("Recipe serves", 2, 8), Input("Servings wanted", 1, 20, slider=True)),
         "Flour needed", "round({0} * {2} / {1})", unit="g"),
    Calc(("a pace calculator", "a running speed calculator"), "Pace",
         (Input("Distance", 1, 42, unit="km"), Input("Minutes", 5, 300)),
         "Speed", "round({0} / ({1} / 60), 1)", unit="km/h"),
    Calc(("a percent change calculator", "a calculator for percentage change"), "Change",
         (Input("Before", 10, 5000), Input("After", 10, 5000)),
         "Change", "round(({1} - {0}) / {0} * 100, 1)", unit="%"),
    Calc(("an energy cost calculator", "a calculator for what a device costs to run"), "Energy cost",
         (Input("Power", 5, 3000, unit="W"), Input("Hours per day", 1, 24, slider=True), Input("Price per kWh", 1, 1, money=True)),
         "Cost per day", "round({0} * {1} / 1000 * {2}, 2)", money=True),
    Calc(("a calorie counter", "a calculator for calories"), "Calories",
         (Input("Portions", 1, 6, slider=True), Input("Calories per portion", 80, 900, unit="kcal")),
         "Total", "{0} * {1}", unit="kcal"),
)


def _input_value(rng: random.Random, inp: Input) -> float:
    if inp.label == "Price per kWh":
        return rng.choice((0.15, 0.22, 0.3, 0.41))
    return rng.randint(inp.lo, inp.hi)


def _input_code(inp: Input, style: Style) -> str:
    v = Expr(var(inp.label))
    unit = style.currency if inp.money else inp.unit
    if inp.slider:
        return el("Slider", label=inp.label, bind=v, min=0 if inp.lo < 5 else inp.lo, max=inp.hi, unit=unit)
    return el("NumberField", label=inp.label, bind=v, min=0, unit=unit)


def _input_words(rng: random.Random, style: Style, inp: Input, x: float) -> str:
    amount = say_money(x, style) if inp.money else say_number(x, style)
    unit = f" {val(inp.unit)}" if inp.unit and inp.unit != "%" else ("%" if inp.unit == "%" else "")
    how = " (slider)" if inp.slider and rng.random() < 0.5 else ""
    return rng.choice((f"{val(inp.label.lower())} {amount}{unit}{how}", f"{val(inp.label.lower())} starting at {amount}{unit}{how}"))


def fam_calculator(rng: random.Random, style: Style) -> Plan:
    """Inputs bound to state and a result computed from them; sometimes a conditional line."""
    calc = rng.choice(CALCS)
    values = {var(i.label): _input_value(rng, i) for i in calc.inputs}
    names = [var(i.label) for i in calc.inputs]
    expr = calc.expr.format(*names)
    unit = style.currency if calc.money else calc.unit
    if rng.random() < 0.6:
        result = el("Stat", label=calc.result, value=Expr(expr), unit=unit)
    else:
        shown = f"{{{expr}}}"
        if unit:
            shown = f"{unit}{shown}" if unit in ("$", "€", "£", "¥", "₹") else f"{shown} {unit}"
        result = text(f"{calc.result}: {shown}", size="lg", strong=True)
    body = [_input_code(i, style) for i in calc.inputs] + [result]
    details = [said(joined([_input_words(rng, style, i, values[var(i.label)]) for i in calc.inputs], rng))]
    details.append(said(f"showing the {val(calc.result.lower())}", f"-> {val(calc.result.lower())}"))
    if calc.money and rng.random() < 0.3:
        limit = rng.choice((50, 100, 250, 500, 1000))
        body.append(text(f"{{{expr} > {limit} ? \"Over budget\" : \"Within budget\"}}", muted=True))
        details.append(said(f"and a note saying {_q('Over budget')} above {say_money(limit, style)}, otherwise "
                            f"{_q('Within budget')}"))
    what = rng.choice(calc.names)
    return Plan("calculator", what, what.split(" ", 1)[1], _with_state(values, el("Card", *body, title=calc.title)),
                tuple(details), context="I do this math by hand every week")


# --------------------------------------------------------------------------- tabs, modals, faq

# Each kind of panel and the tab labels that suit it.
PANELS: tuple[tuple[Callable[[random.Random, Style], P.Part], tuple[str, ...]], ...] = (
    (P.text_part, ("Notes", "About", "Overview", "News")), (P.list_part, ("To do", "Checklist", "Items", "List")),
    (P.kv_part, ("Details", "Info", "Summary")), (P.chart_part, ("Chart", "Trends", "Stats")),
    (P.table_part, ("Data", "Table", "Records")), (P.timeline_part, ("Schedule", "Timeline", "Plan")),
)


def fam_tabs(rng: random.Random, style: Style) -> Plan:
    """Tabs of 2-4 panels of different kinds, each labelled to suit its content."""
    kinds = rng.sample(PANELS, rng.randint(2, 4))
    labels = [rng.choice(names) for _, names in kinds]
    panels = [draw(rng, replace_paste(style)) for draw, _ in kinds]
    selected = rng.randrange(len(labels)) if rng.random() < 0.2 else 0
    code = el("Tabs", *(el("Tab", p.code, label=lab) for lab, p in zip(labels, panels, strict=True)), selected=selected)
    details = [said(f"{val(lab)} with {p.said}", f"{val(lab)}: {p.terse}") for lab, p in zip(labels, panels, strict=True)]
    if selected:
        details.append(said(f"open on {val(labels[selected])}"))
    return Plan("tabs", rng.choice(("tabs", "a tabbed view", "a page with tabs")), "tabs", (code,), tuple(details),
                context="there's too much for one screen")


def replace_paste(style: Style) -> Style:
    """``style`` with data written inline (for parts nested in a sentence)."""
    return replace(style, paste="inline")


MODALS = (("Delete project", "Delete", "This cannot be undone.", "Yes, delete", "Delete the project"),
          ("Leave the group", "Leave", "You can rejoin any time.", "Leave group", "Leave the group"),
          ("Cancel subscription", "Cancel plan", "Your plan stays active until the end of the month.", "Confirm", "Cancel my plan"),
          ("Invite a friend", "Invite", "Both of you get a free month.", "Send invite", "Send an invite"),
          ("Book a call", "Book", "Calls last 30 minutes.", "Book it", "Book a call"))


def fam_modal(rng: random.Random, style: Style) -> Plan:
    """A Modal opened by a trigger, with a message and a confirm button (or a small form)."""
    title, trigger, body, confirm, message = rng.choice(MODALS)
    if rng.random() < 0.3:
        inner = el("Form", el("TextField", label="Email", type="email"), submitLabel=confirm)
        extra = said(f"an email field and a {_q(confirm)} submit button")
    else:
        inner = text(body) + el("Button", label=confirm, action=Expr(f"send({lit(message)})"), variant="danger"
                                if trigger in ("Delete", "Leave", "Cancel plan") else "primary")
        extra = said(f"the text {_q(body)} and a {_q(confirm)} button that sends {_q(message)}")
    code = el("Modal", inner, title=title, trigger=trigger)
    what = rng.choice(("a popup", "a modal", "a dialog", "a confirmation dialog"))
    return Plan("modal", f"{what} titled {_q(title)} opened by a {_q(trigger)} button", "modal", (code,), (extra,),
                context="I need users to confirm first")


FAQ = (("Do you deliver?", "Yes, within 10 km."), ("Can I return items?", "Within 30 days with the receipt."),
       ("Is there parking?", "Free parking behind the building."), ("Are pets allowed?", "Dogs on a lead are welcome."),
       ("How do I pay?", "Card or cash at the desk."), ("Do you have gift cards?", "Yes, from 10 to 100."),
       ("When are you open?", "Every day except Monday."), ("Can I cancel?", "Up to 24 hours before."))


def fam_faq(rng: random.Random, style: Style) -> Plan:
    qa = rng.sample(FAQ, rng.randint(2, 4))
    if len(qa) == 2 and rng.random() < 0.3:
        code = el("Disclosure", text(qa[0][1]), title=qa[0][0], open=True)
        return Plan("faq", "a collapsible section", "collapsible", (code,),
                    (said(f"{_q(qa[0][0])} that opens to {_q(qa[0][1])}, open by default"),))
    code = el("Accordion", *(el("Disclosure", text(a), title=q) for q, a in qa))
    block = "\n".join(f"{val(q)}\n{val(a)}" for q, a in qa) if style.paste != "inline" else ""
    words = "; ".join(f"{_q(q)} - {_q(a)}" for q, a in qa)
    detail = said("these questions", "", block) if block else said(words)
    return Plan("faq", rng.choice(("an FAQ", "an FAQ accordion", "a questions section")), "faq", (code,), (detail,),
                context="customers ask the same things")


# --------------------------------------------------------------------------- comparison, schedules, lists

COMPARE = (("gym memberships", "gym", ("Price", "Classes", "Sauna")),
           ("internet plans", "plan", ("Price", "Speed", "Contract")),
           ("coffee machines", "machine", ("Price", "Cups", "Grinder")),
           ("hotels", "hotel", ("Price", "Rating", "Breakfast")),
           ("bikes", "bike", ("Price", "Weight", "Gears")),
           ("online courses", "course", ("Price", "Hours", "Certificate")))
FEATURE_CELLS: dict[str, Callable[[random.Random, Style], P.Cell]] = {
    "Price": lambda r, s: P.money_cell(r, s, 9, 1200), "Classes": lambda r, s: P.count_cell(r, s, 2, 40),
    "Sauna": lambda r, s: P.text_cell(r.choice(("Yes", "No"))), "Speed": lambda r, s: P.text_cell(f"{r.choice((50, 100, 250, 500, 1000))} Mbps"),
    "Contract": lambda r, s: P.text_cell(r.choice(("None", "12 months", "24 months"))),
    "Cups": lambda r, s: P.count_cell(r, s, 1, 12), "Grinder": lambda r, s: P.text_cell(r.choice(("Yes", "No"))),
    "Rating": lambda r, s: P.text_cell(f"{r.randint(30, 50) / 10}/5"), "Breakfast": lambda r, s: P.text_cell(r.choice(("Yes", "No"))),
    "Weight": lambda r, s: P.text_cell(f"{r.randint(8, 19)} kg"), "Gears": lambda r, s: P.count_cell(r, s, 1, 24),
    "Hours": lambda r, s: P.count_cell(r, s, 2, 60), "Certificate": lambda r, s: P.text_cell(r.choice(("Yes", "No"))),
}
FEATURE_TYPES = {"Price": "money", "Classes": "number", "Cups": "number", "Gears": "number", "Hours": "number"}


def _option_name(rng: random.Random, noun: str) -> str:
    return rng.choice((f"{pools.novel_word(rng)} {rng.choice(('Basic', 'Plus', 'Pro', 'One', 'Max'))}",
                       pools.novel_word(rng), f"{rng.choice(pools.COMPANY_WORDS)} {noun.capitalize()}"))


def fam_comparison(rng: random.Random, style: Style) -> Plan:
    """2-4 options side by side: a comparison Table, or a Grid of Cards with a choose button each."""
    things, noun, features = rng.choice(COMPARE)
    names = pools.distinct(rng, lambda r: _option_name(r, noun), rng.randint(2, 4))
    rows = [[P.text_cell(n), *(FEATURE_CELLS[f](rng, style) for f in features)] for n in names]
    head = [noun.capitalize(), *features]
    what = rng.choice((f"a comparison of {val(things)}", f"a table comparing {val(things)}", f"{val(things)} side by side"))
    if rng.random() < 0.35:
        return _comparison_cards(rng, style, things, features, rows, what)
    cols = [head[0], *({"label": f, "type": FEATURE_TYPES[f]} if f in FEATURE_TYPES else f for f in features)]
    props = {"currency": style.currency}
    code = el("Table", columns=cols, rows=[[c.code for c in r] for r in rows], **props)
    if style.paste != "inline":
        block = P.grid([val(h) for h in head], [[c.said for c in r] for r in rows], style.paste, rng)
        return Plan("comparison", what, f"compare {val(things)}", (code,), (said("", block=block),),
                    (f"data:{style.paste}",), context="I can't decide")
    words = "; ".join(f"{r[0].said}: " + ", ".join(f"{val(f.lower())} {c.said}" for f, c in zip(features, r[1:], strict=True))
                      for r in rows)
    return Plan("comparison", what, f"compare {val(things)}", (code,), (said(words),), context="I can't decide")


def _comparison_cards(rng: random.Random, style: Style, things: str, features: tuple[str, ...],
                      rows: list[list[P.Cell]], what: str) -> Plan:
    cards = []
    for r in rows:
        items = [[f, c.code] for f, c in zip(features[1:], r[2:], strict=True)]
        cards.append(el("Card", el("Stat", label="Price", value=r[1].code, unit=style.currency),
                        el("KeyValue", items=items),
                        el("Button", label=f"Choose {r[0].code}", action=Expr(f"send({lit('I choose ' + r[0].code)})")),
                        title=r[0].code))
    words = "; ".join(f"{r[0].said}: " + ", ".join(f"{val(f.lower())} {c.said}" for f, c in zip(features, r[1:], strict=True))
                      for r in rows)
    return Plan("comparison", what.replace("a table comparing", "cards comparing"), f"compare {val(things)}",
                (el("Grid", *cards, columns=len(cards)),),
                (said(words), said("a choose button on each card")), ("comparison:cards",), context="I can't decide")


ACTIVITIES = ("Yoga", "Team meeting", "Lunch", "Piano lesson", "Dentist", "Swim", "Study group", "Pick up kids",
              "Groceries", "Call with {p}", "Coffee with {p}", "Code review", "Haircut", "Football")
ROOMS = ("Room A", "Room 2", "Hall", "Studio", "Online", "Lab 3")


def fam_schedule(rng: random.Random, style: Style) -> Plan:
    """Events in time order: a Timeline, a Table with times and places, or Tabs of days."""
    how = rng.choice(("timeline", "table", "days"))
    if how == "timeline":
        part = P.timeline_part(rng, style)
        return Plan("schedule", part.said, part.terse, (part.code,), (), ("schedule:timeline",),
                    context="I keep losing track of time")
    if how == "table":
        k = rng.randint(2, 5)
        times = clocks_in_order(rng, k)
        acts = [a.format(p=pools.first_name(rng)) for a in rng.sample(ACTIVITIES, k)]
        rooms = [rng.choice(ROOMS) for _ in acts]
        code = el("Table", columns=["Time", "Activity", "Where"], rows=[[t.canon(), a, w] for t, a, w in zip(times, acts, rooms, strict=True)])
        cells = [[say_clock(t, style), val(a), val(w)] for t, a, w in zip(times, acts, rooms, strict=True)]
        if style.paste != "inline":
            detail = said("", block=P.grid([val("Time"), val("Activity"), val("Where")], cells, style.paste, rng))
        else:
            heads = rng.choice(("{} / {} / {}: ", "({}, {}, {}) ")).format(*(val(h) for h in ("time", "activity", "where")))
            detail = said(heads + "; ".join(", ".join(c) for c in cells))
        return Plan("schedule", rng.choice(("a schedule table", "my timetable for tomorrow", "the day's schedule")),
                    "schedule", (code,), (detail,), ("schedule:table",), context="tomorrow is packed")
    days = rng.sample(("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"), rng.randint(2, 3))
    tabs, words = [], []
    for d in sorted(days, key=("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday").index):
        k = rng.randint(1, 3)
        times = clocks_in_order(rng, k)
        acts = [a.format(p=pools.first_name(rng)) for a in rng.sample(ACTIVITIES, k)]
        tabs.append(el("Tab", el("List", items=[{"title": a, "meta": t.canon()} for a, t in zip(acts, times, strict=True)]), label=d))
        words.append(f"{val(d)}: " + ", ".join(f"{val(a)} {say_clock(t, style)}" for a, t in zip(acts, times, strict=True)))
    return Plan("schedule", rng.choice(("my week as tabs", "a weekly plan with a tab per day")), "week plan",
                (el("Tabs", *tabs),), (said("; ".join(words)),), ("schedule:days",), context="my week is chaos")


READING = (("The Glass Orchard", "Ada Penrose"), ("Salt and Cedar", "Tomas Reyne"), ("Small Engines", "Ilse Varga"),
           ("North of Quiet", "Deo Marsh"), ("The Long Table", "Rin Osei"), ("Paper Harbor", "Lev Adair"))


def fam_checklist(rng: random.Random, style: Style) -> Plan:
    """A list: plain items, numbered steps, titled items with a note, or tickable items bound to state."""
    how = rng.choice(("plain", "rich", "ticks", "ticks"))
    if how == "plain":
        part = P.list_part(rng, style)
        details = (said("", block=part.block),) if part.block else ()
        return Plan("checklist", part.said, part.terse, (part.code,), details, context="I always forget something")
    if how == "rich":
        books = rng.sample(READING, rng.randint(2, 4))
        books = [(f"{pools.novel_word(rng)} {t.split()[-1]}" if rng.random() < 0.4 else t, a) for t, a in books]
        pages = [rng.randint(120, 640) for _ in books]
        items = [{"title": t, "description": a, "meta": f"{p} pages"} for (t, a), p in zip(books, pages, strict=True)]
        words = "; ".join(f"{_q(t)} by {val(a)}, {val(f'{p} pages')}" for (t, a), p in zip(books, pages, strict=True))
        return Plan("checklist", "my reading list", "reading list", (el("List", items=items),), (said(words),),
                    ("list:rich",), context="I want to read more")
    kind = rng.choice(("trip", "chores", "errands", "groceries"))
    if rng.random() < 0.3:
        return _grouped_checklist(rng, style)
    labels = pools.things(rng, kind, rng.randint(2, 5))
    n = len(labels)
    done = labels[:rng.randint(1, n - 1)] if n > 2 and rng.random() < 0.4 else []
    words = joined([val(x) for x in labels], rng)
    title, what, noun = P.LIST_TITLES[kind], f"a checklist I can tick off: {words}", f"checklist: {words}"
    if rng.random() < 0.5:  # "a packing list with a checkbox per item": the list's name is its title
        name = f"{P.LIST_TITLES[kind].lower()} list"
        per = rng.choice(("with a checkbox per item", "with a box to tick for each", "with tick boxes"))
        title, what, noun = f"{P.LIST_TITLES[kind]} list", f"{'an' if name[0] in 'aeiou' else 'a'} {val(name)} {per}: {words}", \
            f"{val(name)}, {per}: {words}"
    details = []
    if done:  # where the list stands now: "I've done the first two" ticks them
        k = say_number(len(done), style)
        details.append(said(rng.choice((f"I've done the first {k}" if len(done) > 1 else "the first one is done",
                                        f"{joined([val(x) for x in done], rng)} already done")),
                            f"first {k} done"))
    if rng.random() < 0.5:
        summary = text(f"{{{n} - {_done_sum(labels)}}} left", muted=True)
        details.append(said("how many are left"))
    else:
        summary = text(f"{{{_done_sum(labels)}}} of {n} done", muted=True)
        details.append(said(rng.choice(("how many are done", "how many I've ticked"))))
    lines = _with_state({var(lab): lab in done for lab in labels},
                        el("Card", *_checks(labels, {}), summary, title=title))
    return Plan("checklist", what, noun, lines, tuple(details), ("list:ticks",), context="I always forget something")


PACKING_GROUPS = {"Clothes": ("Rain jacket", "Warm socks", "Sun hat", "Swimsuit", "Fleece", "Walking shoes"),
                  "Wash bag": ("Toothbrush", "Shampoo", "Razor", "Sun cream", "Deodorant"),
                  "Papers": ("Passport", "Tickets", "Hotel booking", "Driving licence", "Visa"),
                  "Gadgets": ("Charger", "Headphones", "Power bank", "Adapter plug", "Camera")}


def _grouped_checklist(rng: random.Random, style: Style) -> Plan:
    """A packing list in named groups: each group folds open (a Disclosure in an Accordion) or is a Section,
    with a plain checkbox per item (too many items to declare and count within the answer's budget)."""
    groups = rng.sample(list(PACKING_GROUPS), rng.randint(2, 3))
    items = {g: rng.sample(PACKING_GROUPS[g], rng.randint(2, 4)) for g in groups}
    fold = rng.random() < 0.6
    blocks = [el("Disclosure" if fold else "Section", *(el("Checkbox", label=x) for x in items[g]), title=g)
              for g in groups]
    trip = rng.choice(("a weekend away", "a beach week", "a city trip", "a hiking trip"))
    how = rng.choice(("in groups I can fold open", "in collapsible sections", "with a section per group")) if fold \
        else rng.choice(("with a section per group", "grouped under headings"))
    per = rng.choice(("and a checkbox per item", "with tick boxes", ""))
    listed = "; ".join(f"{val(g.lower())}: {joined([val(x.lower()) for x in items[g]], rng)}" for g in groups)
    what = f"a packing list for {trip} {how}" + (f" {per}" if per else "")
    lines = (el("Card", el("Accordion", *blocks), title="Packing list"),) if fold else \
        (el("Heading", "Packing list", level=2), *blocks)
    return Plan("checklist", what, "packing list", lines, (said(listed, listed),), ("list:groups",),
                context="I always forget something")


# --------------------------------------------------------------------------- pages and cards

TOPICS = (("Opening our second shop", "We open a second shop next month.", "What changes", "Nothing for regulars: same menu, same prices."),
          ("How we roast", "Every batch is roasted on Tuesday.", "Why Tuesday", "Fresh beans reach you by Friday."),
          ("Our first year", "We served our first customer a year ago.", "Thank you", "A free cookie with every order this week."),
          ("Trail guide", "The loop is 12 km with one steep climb.", "Before you go", "Take water and check the weather."),
          ("Moving to the new office", "We move on the 1st.", "Parking", "Use the garage on the corner."))


def fam_article(rng: random.Random, style: Style) -> Plan:
    """A page: a title, an intro, 1-2 sections, and sometimes an image, a link, a callout, code or a divider."""
    title, intro, head, body = rng.choice(TOPICS)
    lines = [el("Heading", title, level=1), text(intro)]
    details = [said(f"the title {_q(title)}", _q(title)), said(f"the intro {_q(intro)}", _q(intro)),
               said(f"a section {_q(head)} saying {_q(body)}", f"{_q(head)}: {_q(body)}")]
    section = [text(body)]
    extras = rng.sample(("image", "link", "callout", "code", "divider", "divider"), rng.randint(0, 2))
    for kind in extras:
        if kind == "divider":
            lines.append(el("Divider"))
            details.append(said("a divider after the intro"))
            continue
        part = {"image": P.image_part, "link": P.link_part, "callout": P.callout_part, "code": P.code_part}[kind](rng, style)
        section.append(part.code)
        details.append(part)
    lines.append(el("Section", *section, title=head))
    what = rng.choice(("a page", "an article page", "a blog post layout", "an announcement page"))
    return Plan("article", what, "page", tuple(lines), tuple(details), context="I'm writing an update for customers")


PRODUCTS = (("Candles", ("Fig", "Cedar", "Sea salt")), ("Mugs", ("Speckled", "Tall", "Espresso")),
            ("Plans", ("Starter", "Team", "Studio")), ("Classes", ("Pottery", "Salsa", "Sketching")))


def fam_cards(rng: random.Random, style: Style) -> Plan:
    """A Grid of 2-3 Cards, each with a price, a badge and a button that sends a message."""
    kind, names = rng.choice(PRODUCTS)
    chosen = rng.sample(names, rng.randint(2, 3))
    chosen = [f"{n} {pools.novel_word(rng)}" if rng.random() < 0.3 else n for n in chosen]
    prices = [P.money_cell(rng, style, 5, 120) for _ in chosen]
    badge = rng.choice((None, "New", "Sold out", "Popular"))
    cards, words = [], []
    for i, (n, p) in enumerate(zip(chosen, prices, strict=True)):
        inner = [el("Stat", label="Price", value=p.code, unit=style.currency)]
        if badge and i == 0:
            inner.insert(0, el("Badge", badge, tone="accent" if badge != "Sold out" else "danger"))
        inner.append(el("Button", label="Add to cart", action=Expr(f"send({lit('Add ' + n + ' to my cart')})")))
        cards.append(el("Card", *inner, title=n))
        words.append(f"{val(n)} {p.said}" + (f" (badge {_q(badge)})" if badge and i == 0 else ""))
    details = (said(joined(words, rng)), said(f"an {_q('Add to cart')} button on each"))
    return Plan("cards", f"product cards for {kind.lower()}", f"{kind.lower()} cards", (el("Grid", *cards, columns=len(cards)),),
                details, context="I'm selling a few things")


def fam_profile(rng: random.Random, style: Style) -> Plan:
    """A person or place card: image, details, contact icons, a link."""
    name = pools.person(rng)
    role = rng.choice(pools.ROLES)
    photo = f"https://img.example.com/people/{pools.slug(name)}.jpg"
    contact = P.icons_part(rng, style)
    inner = [el("Image", src=photo, alt=f"Photo of {name}"), text(role, muted=True), contact.code]
    details = [said(f"photo {val(photo)}"), said(f"role {val(role)}"), contact]
    if rng.random() < 0.4:
        link = P.link_part(rng, style)
        inner.append(link.code)
        details.append(link)
    return Plan("profile", f"a profile card for {val(name)}", f"profile {val(name)}", (el("Card", *inner, title=name),),
                tuple(details), context="it's for our team page")


def fam_details(rng: random.Random, style: Style) -> Plan:
    """Labelled facts: a KeyValue, sometimes with a status badge above it."""
    part = P.kv_part(rng, style)
    lines: tuple[str, ...] = (part.code,)
    details: tuple[P.Part, ...] = ()
    if rng.random() < 0.3:
        badge = P.badges_part(rng, style)
        lines = (badge.code, part.code)
        details = (badge,)
    return Plan("details", part.said, part.terse, lines, details)


def fam_status(rng: random.Random, style: Style) -> Plan:
    """Small status pieces: progress bars, badges, a callout or an empty state."""
    how = rng.choice(("progress", "badges", "callout", "empty"))
    if how == "progress":
        bars = [P.progress_part(rng, style) for _ in range(rng.randint(1, 3))]
        uniq = list({b.code: b for b in bars}.values())
        if len(uniq) == 1:
            return Plan("status", uniq[0].said, uniq[0].terse, (uniq[0].code,))
        return Plan("status", "progress bars", "progress", tuple(b.code for b in uniq), tuple(uniq))
    part = {"badges": P.badges_part, "callout": P.callout_part, "empty": P.empty_part}[how](rng, style)
    return Plan("status", part.said, part.terse, (part.code,), ())


POLLS = (("Lunch", ("Pizza", "Ramen", "Salad", "Tacos")), ("Team outing", ("Bowling", "Karaoke", "Hiking")),
         ("Next book", ("Mystery", "Sci-fi", "Memoir")), ("Meeting day", ("Tuesday", "Wednesday", "Thursday")))


def fam_poll(rng: random.Random, style: Style) -> Plan:
    """A choice bound to state: radio buttons with a vote button, or a dropdown filtering a line of text."""
    label, pool = rng.choice(POLLS)
    options = rng.sample(pool, rng.randint(2, len(pool)))
    v = var(label)
    opts = joined([val(o) for o in options], rng, "or")
    if rng.random() < 0.5:
        lines = _with_state({v: options[0]}, el("RadioGroup", label=label, bind=Expr(v), options=options),
                            el("Button", label="Vote", action=Expr(f"send({lit(label + ': {' + v + '}')})")))
        return Plan("poll", f"a poll for {val(label.lower())}", f"{label.lower()} poll",
                    lines, (said(f"options {opts}"), said("a vote button that sends the choice")))
    lines = _with_state({v: options[0]}, el("Select", label=label, bind=Expr(v), options=options),
                        text(f"You picked {{{v}}}"))
    return Plan("poll", f"a dropdown for {val(label.lower())}", f"{label.lower()} dropdown", lines,
                (said(f"with {opts}"), said(f"and the text {_q('You picked ...')} under it")))


def fam_install(rng: random.Random, style: Style) -> Plan:
    """Set-up instructions: numbered steps, a code block and a docs link."""
    tool = pools.novel_word(rng).lower()
    steps = ["Install the CLI", f"Run {tool} init", "Open the dashboard"][: rng.randint(2, 3)]
    cmd = rng.choice((f"pip install {tool}", f"npm install -g {tool}", f"brew install {tool}"))
    lines = [el("Heading", f"Getting started with {tool}", level=2), el("List", items=steps, ordered=True),
             el("Code", cmd, language="bash")]
    details = [said(f"steps {joined([val(s) for s in steps], rng)}"), said(f"the command {val(cmd)}")]
    if rng.random() < 0.5:
        link = el("Link", "Read the docs", href=f"https://{tool}.example.com/docs", external=True)
        lines.append(link)
        details.append(said(f"a docs link to {val(f'https://{tool}.example.com/docs')}"))
    return Plan("install", f"install instructions for {val(tool)}", f"{val(tool)} setup", tuple(lines), tuple(details),
                context="new people keep asking how to set it up")


def fam_layout(rng: random.Random, style: Style) -> Plan:
    """Two columns side by side (a Grid of Stacks) or a row of action buttons under a note."""
    if rng.random() < 0.5:
        left = P.list_part(rng, replace_paste(style))
        right = rng.choice((P.kv_part, P.progress_part, P.text_part))(rng, style)
        code = el("Grid", el("Stack", left.code), el("Stack", right.code))
        return Plan("layout", "two columns", "two columns", (code,),
                    (said(f"on the left {left.said}", f"left: {left.terse}"), said(f"on the right {right.said}", f"right: {right.terse}")))
    note, words = P.sentence(rng, style)
    labels = rng.sample(("Accept", "Decline", "Maybe later", "Remind me", "Share"), rng.randint(2, 3))
    buttons = [el("Button", label=lab, action=Expr(f"send({lit(lab)})"), variant="primary" if i == 0 else "secondary")
               for i, lab in enumerate(labels)]
    code = el("Stack", text(note), el("Row", *buttons, gap="sm"))
    return Plan("layout", f"the message {words}", f"message {words}", (code,),
                (said(f"buttons {joined([_q(lab) for lab in labels], rng)} in a row that send their label"),))


FAMILIES: dict[str, Callable[[random.Random, Style], Plan]] = {
    name.removeprefix("fam_"): fn for name, fn in list(globals().items()) if name.startswith("fam_")
}
# How often each family is drawn (the everyday kinds, and those with many combinations, more often).
FAMILY_WEIGHTS = {"dashboard": 10, "form": 12, "settings": 5, "tracker": 7, "calculator": 7, "tabs": 4,
                  "modal": 3, "comparison": 5, "schedule": 5, "checklist": 5, "article": 4, "cards": 4,
                  "chart": 7, "table": 7, "report_card": 4, "faq": 3, "profile": 3, "details": 3, "status": 4,
                  "poll": 3, "install": 2, "layout": 3}


# --------------------------------------------------------------------------- vague requests

VAGUE_ASKS = {
    "dashboard": ("a dashboard for {biz}", "something to keep an eye on {biz}", "an overview of how {biz} is doing",
                  "a dashboard for {biz}"),
    "chart": ("a chart of {biz} numbers", "a graph for {biz}"),
    "table": ("a table for {biz}", "a spreadsheet-style view for {biz}"),
    "report_card": ("a summary card for {biz}", "a quick status card for {biz}"),
}


def _vague_lines(rng: random.Random, style: Style, biz: Business, family: str, name: str) -> list[str]:
    series = SERIES_BY_SUBJECT[rng.choice(biz.series)]
    kind = "PieChart" if "category" in series.subject or "source" in series.subject else rng.choice(("BarChart", "LineChart"))
    chart = P.chart_part(rng, style, kind, series).code
    stats = _dashboard_part(rng, style, biz, "stats").code
    if family == "chart":
        return [SAMPLE_NOTE, chart]
    if family == "table":
        return [SAMPLE_NOTE, P.table_part(rng, style, biz.table).code]
    if family == "report_card":
        return [SAMPLE_NOTE, el("Card", stats, chart, title=name_as_title(name))]
    lines = [el("Heading", name_as_title(name), level=1), SAMPLE_NOTE, stats, chart]
    if rng.random() < 0.5:
        lines.append(P.table_part(rng, style, biz.table).code)
    return lines


def vague_plan(rng: random.Random, style: Style) -> Plan:
    """A request that names only the interface ('a dashboard for my coffee shop'); the answer shows
    sample values that suit the business, under :data:`SAMPLE_NOTE`."""
    biz = rng.choice(BUSINESSES)
    family = rng.choice(("dashboard", "dashboard", "chart", "table", "report_card"))
    name = rng.choice(biz.names)
    what = rng.choice(VAGUE_ASKS[family]).format(biz=name)
    lines = _vague_lines(random.Random(what), VAGUE_STYLE, biz, family, name)  # same words, same answer
    return Plan(family, what, what, tuple(lines), (), ("vague",), biz.context, vague=True)


STRUCTURE_FAMILIES = ("form", "settings", "calculator", "tracker")


@cache
def _structure_plans(family: str) -> tuple[Plan, ...]:
    """One plan per wording of the family's interface (the first drawn), so a vague request always
    gets the same answer."""
    seen: dict[str, Plan] = {}
    for i in range(80):
        plan = FAMILIES[family](random.Random(f"ui4a-vague-{family}-{i}"), VAGUE_STYLE)
        seen.setdefault(plan.what, plan)
    return tuple(Plan(p.family, p.what, p.what, p.lines, (), (*p.tags, "vague"), p.context, vague=True)
                 for p in seen.values())


def structure_plan(rng: random.Random, style: Style) -> Plan:
    """A vague request for an interface that holds no data (a form, settings, a calculator, a tracker):
    the answer picks sensible fields and starting values; nothing needs marking as sample."""
    return rng.choice(_structure_plans(rng.choice(STRUCTURE_FAMILIES)))

