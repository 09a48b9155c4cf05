"""Seeded training data for ui4a-tiny, the from-scratch model: templated request → answer pairs.

(The default model's data, written to read like people, is :mod:`ui4a.model.train.natural`.)

The embedded model is tiny (~2M parameters, an hour of CPU training), so the
data is a finite grammar of templates — one function per *family* — with varied
wording (openers, synonyms) and varied values (names, cities, numbers, dates)
drawn from a ``random.Random``; names, cities, products and teams are open pools
that mix in made-up words (:func:`pick`), so values are copied, not recalled.
Components are also asked for in more than one setting (a pie chart alone, in a
titled card, or as the one part of a subject card; a form field by its label or
by its widget, "radio buttons for meal"), and parts combine freely (a subject
card's total beside any of seven parts, a booking form of one to four fields of
seven kinds), so the held-out pairings are new combinations of parts the model has
seen; :data:`FAMILY_WEIGHTS` draws those families more often. Every answer is a deterministic function of its
request: the same request always gets the same answer, and every value the
answer needs (labels, numbers, options, texts) is written in the request, so
the model can learn to copy it.

Canonical answer form (the model learns exact strings, so there is one way to
write each thing):

- one top-level element per line, ``\\n`` between top-level elements and no
  other newlines; ``<State …/>`` first when the answer has state;
- props in the order the component's props model declares them; a prop whose
  value equals its default is left out (so optional props appear only when the
  request asks for them); ``true`` props are bare flags; ``id`` is never used;
- strings in double quotes; arrays and objects without spaces
  (``[["Jan",12],["Feb",15]]``, ``{label:"Price",type:"money"}``);
- self-closing elements as ``<Name … />``; containers always close with the
  full ``</Name>`` (never ``</>``); children follow each other with no
  whitespace;
- rows of badges or icons are ``<Row gap="sm">``; form fields carry
  ``name=`` (the label in camelCase), state variables are the label in camelCase.

Router labels: ``Pair.adapter`` is ``"ui"`` for anything to render and
``"chat"`` for plain conversation (greetings, thanks, meta questions, and
borderline questions *about* components such as "what is a pie chart?", while
"show me a pie chart of …" is ``"ui"``). About 25% of pairs are chat.

Held-out split (:func:`dataset`): a pair is held out when its ``combo`` tags meet
:data:`HELDOUT`; train pairs never carry any of those tags, held-out pairs all
carry at least one. The held-out combinations are:

- chart component × label domain, in any family (a chart alone or inside a
  stat card): ``BarChart:quarters`` (bar charts over Q1–Q4), ``LineChart:days``
  (line charts over Mon–Sun), ``PieChart:cities`` (pie charts over cities) —
  each chart and each domain is seen in train, never these pairings;
- table column types: ``table:date+percent`` and ``table:badge+number`` (a
  table with both a date and a percent column, or both a badge and a number
  column);
- form field pairing: ``booking_form:DateField+RadioGroup``;
- component pairing: ``stat_chart:PieChart`` (a Card with a Stat and a PieChart; train
  has the Stat beside six other parts and the PieChart alone in such a card);
- values: ``value:Oslo``, ``value:Lima``, ``value:Kyoto`` (these cities appear
  in no train request or answer);
- chat wording: ``chat:explain:point`` (the phrasing "what's the point of a …?")
  and ``chat:greeting:good evening``;
- with ``exclude=…``: every pair that uses an excluded component (those pairs
  are held out too, so the held-out split can measure the unseen components).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any, Literal

from ui4a import atomic
from ui4a.lang import writer
from ui4a.lang.writer import Expr

CHAT_SHARE = 0.25

HELDOUT_VALUES = ("Oslo", "Lima", "Kyoto")
HELDOUT: frozenset[str] = frozenset({
    "BarChart:quarters", "LineChart:days", "PieChart:cities",
    "table:date+percent", "table:badge+number",
    "booking_form:DateField+RadioGroup",
    "stat_chart:PieChart",
    *(f"value:{v}" for v in HELDOUT_VALUES),
    "chat:explain:point", "chat:greeting:good evening",
})


@dataclass(frozen=True)
class Pair:
    """One training example; ``adapter`` is also the router's target label."""

    request: str
    answer: str
    adapter: Literal["ui", "chat"]
    components: tuple[str, ...]
    family: str
    combo: tuple[str, ...] = ()  # tags naming the combinations this pair uses (see HELDOUT)


# --------------------------------------------------------------------------- writing code

@cache
def _fields(name: str) -> tuple[list[str], dict[str, Any]]:
    from ui4a import registry

    comp = registry.get(name)
    if comp is None:
        raise KeyError(name)
    fields = comp.props.model_fields
    defaults = {k: f.default for k, f in fields.items() if not f.is_required()}
    return list(fields), defaults


num = writer.number
"""Numbers as both request and answer write them (``2.0`` → ``2``)."""


def el(tag: str, /, *children: str, **props: Any) -> str:
    """One element in canonical form (props in model order, defaults dropped)."""
    order, defaults = _fields(tag)
    unknown = set(props) - set(order)
    if unknown:
        raise KeyError(f"{tag} has no prop(s) {sorted(unknown)}")
    kept = []
    for key in order:
        if key not in props:
            continue
        v = props[key]
        if v is None or v is False or (key in defaults and not isinstance(v, Expr) and v == defaults[key]
                                       and type(v) is type(defaults[key])):
            continue
        kept.append((key, v))
    return writer.element(tag, kept, children)


def state(**values: Any) -> str:
    return writer.state(values)


def text(s: str, **props: Any) -> str:
    return el("Text", s, **props)


def var(label: str) -> str:
    """A label as a camelCase identifier: 'Check-in date' → 'checkInDate'."""
    words = re.findall(r"[A-Za-z0-9]+", label)
    out = words[0].lower() + "".join(w[:1].upper() + w[1:].lower() for w in words[1:])
    return out if out[0].isalpha() else "v" + out


_COMPONENT_RE = re.compile(r"<([A-Z][A-Za-z0-9]*)")


def components_of(answer: str) -> tuple[str, ...]:
    return tuple(sorted({n for n in _COMPONENT_RE.findall(answer) if n != "State"}))


# --------------------------------------------------------------------------- requests

OPENERS = (
    "show {}", "show me {}", "make {}", "I need {}", "can you build {}?", "give me {}",
    "create {}", "build {}", "please show {}", "display {}", "render {}",
    "could you make {}?", "I'd like {}", "put together {}", "generate {}", "add {}",
)
PREFIXES = ("", "", "", "", "", "", "", "", "hi! ", "hey, ", "ok, ", "now ")


def ask(rng: random.Random, phrase: str) -> str:
    s = rng.choice(PREFIXES) + rng.choice(OPENERS).format(phrase)
    if rng.random() < 0.4:
        s = s[0].upper() + s[1:]
    return s


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def name_as_title(name: str) -> str:
    """'my coffee shop' → 'Coffee shop': what a request calls something, as its heading."""
    for lead in ("my ", "our ", "the "):
        name = name.removeprefix(lead)
    return cap(name)


def joined(items: Sequence[str], rng: random.Random | None = None) -> str:
    """'a, b and c' (or 'a, b, c' half the time when an rng is given)."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    if rng is not None and rng.random() < 0.5:
        return ", ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _ui(family: str, request: str, lines: Iterable[str], combo: Iterable[str] = ()) -> Pair:
    answer = "\n".join(lines)
    tags = list(combo)
    for v in HELDOUT_VALUES:
        if v in request or v in answer:
            tags.append(f"value:{v}")
    return Pair(request, answer, "ui", components_of(answer), family, tuple(tags))


# --------------------------------------------------------------------------- value pools

PEOPLE = ("Maya", "Leo", "Aisha", "Tom", "Elena", "Ravi", "Sofia", "Jonas", "Mei", "Omar",
          "Lucia", "Ken", "Nora", "Sam", "Priya", "Hugo")
CITIES = ("Paris", "Berlin", "Tokyo", "Lisbon", "Madrid", "Rome", "Seoul", "Boston", "Denver",
          "Sydney", "Toronto", "Dublin", "Oslo", "Lima", "Cairo", "Prague", "Kyoto", "Austin")
PRODUCTS = ("Laptop", "Headphones", "Desk lamp", "Backpack", "Coffee beans", "Keyboard",
            "Monitor", "Water bottle", "Sneakers", "Notebook", "Phone case", "Tea set")
TEAMS = ("Sales", "Support", "Design", "Marketing", "Finance", "Research", "Ops")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
QUARTERS = ("Q1", "Q2", "Q3", "Q4")
WEEKS = tuple(f"W{i}" for i in range(1, 9))
REGIONS = ("North", "South", "East", "West", "Central", "Coast", "Highlands")
SENTENCES = (
    "Welcome aboard.", "Plans start at $9 a month.", "We ship worldwide.", "Support is open 24/7.",
    "Your order is on its way.", "Maintenance tonight at 22:00.", "Free returns within 30 days.",
    "Meet the team behind the app.", "Payment failed, please try again.", "All systems are running.",
    "Your trial ends in 3 days.", "New features every month.", "Check-in opens at 15:00.",
    "Bring a valid photo ID.", "Prices include tax.", "The office is closed on Friday.",
)
TONE_WORDS = {"green": "success", "red": "danger", "yellow": "warning", "orange": "warning",
              "blue": "info", "purple": "accent"}


# Names, cities, products and teams are open pools: a share of the draws from them is a made-up word,
# so the model learns to copy a value from the request instead of recalling one of a few it has seen
# (users type names no list holds, and the held-out cities are in no training text).
OPEN_POOLS = (PEOPLE, CITIES, PRODUCTS, TEAMS)
NOVEL_SHARE = 0.4
_ONSETS = ("b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr")
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ou")
_CODAS = ("", "", "", "n", "r", "l", "s", "m")


def novel_word(rng: random.Random) -> str:
    """A pronounceable made-up name ('Tovarin', 'Brelu') that contains no held-out value."""
    while True:
        word = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(rng.randint(2, 3)))
        word = (word + rng.choice(_CODAS)).capitalize()
        if not any(v.lower() in word.lower() for v in HELDOUT_VALUES):
            return word


def pick(rng: random.Random, pool: Sequence[str]) -> str:
    """One value from ``pool``; from an open pool, sometimes a made-up one."""
    if any(pool is p for p in OPEN_POOLS) and rng.random() < NOVEL_SHARE:
        return novel_word(rng)
    return rng.choice(pool)


def some(rng: random.Random, pool: Sequence[str], k: int) -> list[str]:
    """``k`` distinct values from ``pool`` (open pools mix in made-up ones, see :func:`pick`)."""
    if not any(pool is p for p in OPEN_POOLS):
        return rng.sample(list(pool), k)
    out: list[str] = []
    rest = list(pool)
    rng.shuffle(rest)
    while len(out) < k:
        v = novel_word(rng) if rng.random() < NOVEL_SHARE else rest.pop()
        if v not in out:
            out.append(v)
    return out


def _people(rng: random.Random, k: int) -> list[str]:
    return some(rng, PEOPLE, k)


def _date(rng: random.Random) -> str:
    return f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _time(rng: random.Random) -> str:
    return f"{rng.randint(7, 21):02d}:{rng.choice(('00', '15', '30', '45'))}"


def _run(rng: random.Random, seq: Sequence[str], k: int) -> list[str]:
    start = rng.randrange(len(seq) - k + 1)
    return list(seq[start:start + k])


# --------------------------------------------------------------------------- UI families

def fam_progress(rng: random.Random) -> Pair:
    label = rng.choice(("upload", "download", "onboarding", "profile setup", "migration",
                        "backup", "fundraising", "reading goal", "course", "sync"))
    L = cap(label)
    tone = None
    colour = ""
    if rng.random() < 0.25:
        word = rng.choice(("green", "red", "yellow", "blue"))
        colour, tone = f" in {word}", TONE_WORDS[word]
    if rng.random() < 0.3:
        total = rng.randint(5, 40)
        v = rng.randint(0, total)
        noun = rng.choice(("progress bar", "progress indicator", "progress meter"))
        req = rng.choice((f"a {noun} for {label}: {v} of {total}{colour}",
                          f"{label} progress{colour}, {v} out of {total} done"))
        return _ui("progress", ask(rng, req), [el("Progress", label=L, value=v, max=total, tone=tone)],
                   ["progress:max"])
    v = rng.randint(0, 100)
    noun = rng.choice(("progress bar", "progress indicator", "progress meter", "loading bar"))
    req = rng.choice((f"a {noun} for the {label} at {v}%{colour}",
                      f"{label} progress at {v} percent{colour}",
                      f"a {noun} showing {label} {v}% done{colour}"))
    return _ui("progress", ask(rng, req), [el("Progress", label=L, value=v, tone=tone)])


METRICS: tuple[tuple[str, Callable[[random.Random], str | int]], ...] = (
    ("revenue", lambda r: f"${r.randint(10, 999) / 10}k"),
    ("orders", lambda r: r.randint(3, 2000)),
    ("users", lambda r: r.randint(10, 9000)),
    ("signups", lambda r: r.randint(1, 500)),
    ("conversion", lambda r: f"{r.randint(5, 90) / 10}%"),
    ("churn", lambda r: f"{r.randint(2, 60) / 10}%"),
    ("avg order", lambda r: f"${r.randint(12, 240)}"),
    ("tickets", lambda r: r.randint(0, 300)),
    ("uptime", lambda r: f"99.{r.randint(1, 99)}%"),
    ("active projects", lambda r: r.randint(1, 40)),
)


def _stats(rng: random.Random, k: int, deltas: bool = False) -> tuple[list[str], list[str]]:
    said, code = [], []
    for name, gen in rng.sample(METRICS, k):
        v = gen(rng)
        vs = v if isinstance(v, str) else num(v)
        delta = None
        phrase = f"{name} {vs}"
        if deltas and rng.random() < 0.6:
            d = rng.randint(1, 250) / 10
            up = rng.random() < 0.6
            delta = d if up else -d
            phrase += f", {'up' if up else 'down'} {num(d)}%"
        said.append(phrase)
        code.append(el("Stat", label=cap(name), value=v, delta=delta))
    return said, code


def fam_stat(rng: random.Random) -> Pair:
    said, code = _stats(rng, 1, deltas=True)
    noun = rng.choice(("a stat", "a metric", "a KPI", "a number tile"))
    req = rng.choice((f"{noun} for {said[0]}", f"{noun} showing {said[0]}"))
    return _ui("stat", ask(rng, req), code)


CARD_TITLES = ("Sales", "This week", "Overview", "Today", "Q3 summary", "Store metrics",
               "Team health", "Growth", "Support", "Marketing")


def fam_stat_card(rng: random.Random) -> Pair:
    title = rng.choice(CARD_TITLES)
    said, code = _stats(rng, rng.randint(2, 3))
    noun = rng.choice(("card", "panel", "summary card"))
    req = rng.choice((f"a {noun} titled {title} with {joined(said, rng)}",
                      f'a "{title}" {noun} showing {joined(said, rng)}'))
    return _ui("stat_card", ask(rng, req), [el("Card", *code, title=title)])


def fam_stat_grid(rng: random.Random) -> Pair:
    k = rng.randint(2, 4)
    said, code = _stats(rng, k)
    noun = rng.choice(("a grid of metrics", "a KPI grid", "a grid of stats", "metric tiles in a grid"))
    req = f"{noun}: {joined(said, rng)}"
    return _ui("stat_grid", ask(rng, req), [el("Grid", *code, columns=k)], [f"stat_grid:{k}"])


CHART_DOMAINS: dict[str, tuple[Sequence[str], tuple[str, ...]]] = {
    "months": (MONTHS, ("sales by month", "signups per month", "rainfall by month", "revenue by month")),
    "days": (DAYS, ("visitors by day", "steps per day", "orders by day", "calls by day")),
    "quarters": (QUARTERS, ("revenue by quarter", "profit by quarter", "deals by quarter")),
    "cities": (CITIES, ("orders by city", "users by city", "stores by city")),
    "products": (PRODUCTS, ("units sold by product", "returns by product", "sales by product")),
    "teams": (TEAMS, ("headcount by team", "budget by team", "tickets by team")),
    # Two more domains every chart is drawn over: the chart is named by the request, not by its labels.
    "weeks": (WEEKS, ("signups per week", "orders by week", "hours per week")),
    "regions": (REGIONS, ("sales by region", "users by region", "stores by region")),
}
ORDERED_DOMAINS = ("months", "days", "quarters", "weeks")


def _series(rng: random.Random, domain: str) -> tuple[str, list[list[Any]], str]:
    labels_pool, subjects = CHART_DOMAINS[domain]
    k = rng.randint(3, min(5, len(labels_pool)))
    labels = _run(rng, labels_pool, k) if domain in ORDERED_DOMAINS else some(rng, labels_pool, k)
    values = [rng.randint(1, 500) if rng.random() < 0.85 else rng.randint(10, 999) / 10 for _ in labels]
    sep = rng.choice((" ", ": ", "="))
    said = ", ".join(f"{lab}{sep}{num(v)}" for lab, v in zip(labels, values, strict=True))
    return rng.choice(subjects), [[lab, v] for lab, v in zip(labels, values, strict=True)], said


def _chart(rng: random.Random, family: str, kind: str, nouns: tuple[str, ...],
           flag: tuple[str, str] | None) -> Pair:
    domain = rng.choice(list(CHART_DOMAINS))
    subject, data, said = _series(rng, domain)
    noun = rng.choice(nouns)
    props: dict[str, Any] = {}
    if flag is not None and rng.random() < 0.25:
        noun, key = flag
        props[key] = True
    req = rng.choice((f"a {noun} of {subject}: {said}", f"{subject} as a {noun} ({said})",
                      f"a {noun} showing {subject} - {said}"))
    return _ui(family, ask(rng, req), [el(kind, data=data, title=cap(subject), **props)],
               [f"{kind}:{domain}"])


def fam_bar_chart(rng: random.Random) -> Pair:
    return _chart(rng, "bar_chart", "BarChart", ("bar chart", "bar graph", "column chart"),
                  ("horizontal bar chart", "horizontal"))


def fam_line_chart(rng: random.Random) -> Pair:
    return _chart(rng, "line_chart", "LineChart", ("line chart", "line graph", "trend chart"),
                  ("area chart", "area"))


def fam_pie_chart(rng: random.Random) -> Pair:
    return _chart(rng, "pie_chart", "PieChart", ("pie chart", "pie graph"), ("donut chart", "donut"))


CHART_NOUNS = {"BarChart": "bar chart", "LineChart": "line chart", "PieChart": "pie chart"}


def _card_part(rng: random.Random, subject: str, said: str, data: list[list[Any]]) -> tuple[str, str, str]:
    """What a subject card shows beside its total: (component, how the request says it, its code).

    Charts draw the subject's own series; the other parts exist so that "a total of N and a …"
    is followed by many different things and the model learns to read the part, not recall it."""
    kind = rng.choice((*CHART_NOUNS, "List", "Progress", "Text", "Badge"))
    if kind == "List":
        noun, items = _list_items(rng)
        return kind, f"a {noun}: {', '.join(items)}", el("List", items=items)
    if kind == "Progress":
        v = rng.randint(0, 100)
        goal = rng.choice(("the goal", "the target", "the plan"))
        return kind, f"a progress bar for {goal} at {v}%", el("Progress", label=cap(goal[4:]), value=v)
    if kind == "Text":
        sentence = rng.choice(SENTENCES)
        return kind, f'the note "{sentence}"', text(sentence)
    if kind == "Badge":
        word = rng.choice(BADGE_WORDS)
        return kind, f'a "{word}" badge', el("Badge", word)
    noun = CHART_NOUNS[kind]
    return kind, rng.choice((f"a {noun}: {said}", f"a {noun} ({said})")), el(kind, data=data)


def fam_stat_chart(rng: random.Random) -> Pair:
    """A card for one subject: its total as a Stat (most of the time) beside one part, a chart of the
    subject's series or something else. A Stat with a PieChart is held out; each is seen without the other."""
    domain = rng.choice(list(CHART_DOMAINS))
    subject, data, said = _series(rng, domain)
    kind, part, code = _card_part(rng, subject, said, data)
    children = [code]
    combo = [f"{kind}:{domain}"] if kind in CHART_NOUNS else []
    if rng.random() < 0.7:
        total = rng.randint(100, 9999)
        req = rng.choice((f"a card for {subject} with a total of {total} and {part}",
                          f"a {subject} card showing total {total} plus {part}"))
        children.insert(0, el("Stat", label="Total", value=total))
        combo.append(f"stat_chart:{kind}")
    else:
        req = rng.choice((f"a card for {subject} with {part}", f"a {subject} card showing {part}"))
    return _ui("stat_chart", ask(rng, req), [el("Card", *children, title=cap(subject))], combo)


def fam_chart_card(rng: random.Random) -> Pair:
    """A titled card holding one or two charts, so each chart is seen inside a card (not only with a Stat)."""
    kinds = rng.sample((("BarChart", "bar chart"), ("LineChart", "line chart"), ("PieChart", "pie chart")),
                       rng.randint(1, 2))
    charts, said, combo = [], [], []
    for kind, noun in kinds:
        domain = rng.choice(list(CHART_DOMAINS))
        subject, data, values = _series(rng, domain)
        charts.append(el(kind, data=data, title=cap(subject)))
        said.append(f"a {noun} of {subject} ({values})")
        combo += [f"card_chart:{kind}", f"{kind}:{domain}"]
    title = rng.choice(CARD_TITLES)
    req = rng.choice((f'a "{title}" card with {" and ".join(said)}',
                      f"a card titled {title} showing {' and '.join(said)}"))
    return _ui("chart_card", ask(rng, req), [el("Card", *charts, title=title)], combo)


TABLE_KEYS = (("Name", PEOPLE, "people"), ("City", CITIES, "cities"),
              ("Product", PRODUCTS, "products"), ("Team", TEAMS, "teams"))
TABLE_COLUMNS: tuple[tuple[str, str, Callable[[random.Random], Any]], ...] = (
    ("Price", "money", lambda r: r.randint(5, 500)),
    ("Total", "money", lambda r: r.randint(20, 3000)),
    ("Qty", "number", lambda r: r.randint(1, 20)),
    ("Score", "number", lambda r: r.randint(0, 100)),
    ("Date", "date", _date),
    ("Growth", "percent", lambda r: r.randint(1, 400) / 10),
    ("Share", "percent", lambda r: r.randint(1, 99)),
    ("Status", "badge", lambda r: r.choice(("Paid", "Due", "Open", "Done", "Late"))),
)


def fam_table(rng: random.Random) -> Pair:
    key, pool, noun = rng.choice(TABLE_KEYS)
    cols = rng.sample(TABLE_COLUMNS, rng.randint(1, 3))
    n = rng.randint(2, 4)
    keys = some(rng, pool, n)
    rows = [[k, *(gen(rng) for _, _, gen in cols)] for k in keys]
    spec: list[Any] = [key, *({"label": lab, "type": t} for lab, t, _ in cols)]
    heads = [key, *(lab for lab, _, _ in cols)]
    sep = rng.choice(("; ", " | "))
    said = sep.join(", ".join(c if isinstance(c, str) else num(c) for c in row) for row in rows)
    tnoun = rng.choice(("table", "data table", "grid table"))
    req = rng.choice((f"a {tnoun} of {noun} with columns {joined(heads)}: {said}",
                      f"a {tnoun} with columns {', '.join(heads)} and rows {said}"))
    types = sorted({t for _, t, _ in cols})
    combo = [f"table:{a}+{b}" for i, a in enumerate(types) for b in types[i + 1:]]
    return _ui("table", ask(rng, req), [el("Table", columns=spec, rows=rows)], combo)


def _code(rng: random.Random) -> str:
    return f"{rng.choice('ABCDK')}-{rng.randint(1000, 9999)}"


KV_DOMAINS: tuple[tuple[str, str, tuple[tuple[str, Callable[[random.Random], Any]], ...]], ...] = (
    ("order", "Order details", (("Order", _code), ("Total", lambda r: f"${r.randint(5, 900)}"),
                                 ("Status", lambda r: r.choice(("Shipped", "Pending", "Delivered"))),
                                 ("Items", lambda r: r.randint(1, 9)))),
    ("profile", "Profile", (("Name", lambda r: pick(r, PEOPLE)), ("City", lambda r: pick(r, CITIES)),
                            ("Role", lambda r: r.choice(("Designer", "Engineer", "Manager"))),
                            ("Team", lambda r: pick(r, TEAMS)))),
    ("flight", "Flight", (("Flight", lambda r: f"{r.choice(('TP', 'BA', 'LH'))} {r.randint(100, 999)}"),
                          ("To", lambda r: pick(r, CITIES)), ("Gate", lambda r: f"B{r.randint(1, 40)}"),
                          ("Seat", lambda r: f"{r.randint(1, 40)}{r.choice('ACDF')}"))),
    ("booking", "Booking", (("Hotel", lambda r: f"Hotel {pick(r, CITIES)}"), ("Check-in", _date),
                            ("Nights", lambda r: r.randint(1, 14)),
                            ("Room", lambda r: r.choice(("Single", "Double", "Suite"))))),
)


def fam_key_value(rng: random.Random) -> Pair:
    what, title, fields = rng.choice(KV_DOMAINS)
    chosen = rng.sample(fields, rng.randint(2, 4))
    items = [[k, gen(rng)] for k, gen in chosen]
    said = ", ".join(f"{k}: {v if isinstance(v, str) else num(v)}" for k, v in items)
    noun = rng.choice(("details", "summary", "key-value list", "info"))
    req = rng.choice((f"the {what} {noun} - {said}", f"{what} {noun} with {said}"))
    return _ui("key_value", ask(rng, req), [el("KeyValue", items=items, title=title)], [f"key_value:{what}"])


LIST_DOMAINS = (
    ("shopping list", ("Milk", "Eggs", "Bread", "Apples", "Rice", "Coffee", "Butter", "Cheese")),
    ("to-do list", ("Call the bank", "Pay rent", "Book flights", "Water plants", "Reply to Maya", "Renew passport")),
    ("packing list", ("Passport", "Charger", "Sunscreen", "Rain jacket", "Toothbrush", "Headphones")),
    ("list of steps", ("Open settings", "Tap Security", "Choose Reset password", "Enter the code", "Save")),
)


def _list_items(rng: random.Random) -> tuple[str, list[str]]:
    noun, pool = rng.choice(LIST_DOMAINS)
    if noun == "list of steps":
        return noun, _run(rng, pool, rng.randint(3, 5))
    return noun, rng.sample(pool, rng.randint(2, 5))


def fam_list(rng: random.Random) -> Pair:
    noun, items = _list_items(rng)
    ordered = rng.random() < 0.3
    adj = rng.choice(("numbered ", "ordered ")) if ordered else ""
    req = rng.choice((f"a {adj}{noun}: {', '.join(items)}", f"a {adj}{noun} with {joined(items)}"))
    return _ui("list", ask(rng, req), [el("List", items=items, ordered=ordered)])


def fam_section_list(rng: random.Random) -> Pair:
    noun, items = _list_items(rng)
    title = cap(noun) if noun != "list of steps" else "Steps"
    city = pick(rng, CITIES)
    desc = rng.choice((f"For the {city} trip", f"Before we leave {city}", f"Week of {rng.choice(MONTHS)} {rng.randint(1, 28)}"))
    req = f'a section "{title}" with the description "{desc}" listing {joined(items)}'
    return _ui("section_list", ask(rng, req), [el("Section", el("List", items=items), title=title, description=desc)])


TIMELINES = (
    ("my order", ("Order placed", "Payment confirmed", "Packed", "Shipped", "Out for delivery", "Delivered"), "time"),
    ("the project", ("Kickoff", "Design review", "Beta", "Launch", "Retrospective"), "date"),
    ("the trip", ("Flight lands", "Hotel check-in", "City tour", "Dinner"), "time"),
    ("the event", ("Doors open", "Keynote", "Lunch", "Workshops", "Closing party"), "time"),
)


def fam_timeline(rng: random.Random) -> Pair:
    what, pool, kind = rng.choice(TIMELINES)
    titles = _run(rng, pool, rng.randint(2, 4))
    if kind == "time":
        hours = sorted(rng.sample(range(7, 23), len(titles)))
        times = [f"{h:02d}:{rng.choice(('00', '15', '30', '45'))}" for h in hours]
        word = "at"
    else:
        month = rng.randrange(0, 12 - len(titles))
        times = [f"{MONTHS[month + i]} {rng.randint(1, 28)}" for i in range(len(titles))]
        word = "on"
    said = ", ".join(f"{t} {word} {tm}" for t, tm in zip(titles, times, strict=True))
    noun = rng.choice(("timeline", "timeline of events", "progress timeline"))
    req = rng.choice((f"a {noun} for {what}: {said}", f"{what} as a {noun} - {said}"))
    items = [{"title": t, "time": tm} for t, tm in zip(titles, times, strict=True)]
    return _ui("timeline", ask(rng, req), [el("Timeline", items=items)], [f"timeline:{kind}"])


TAB_LABELS = ("Overview", "Details", "Pricing", "Reviews", "Specs", "FAQ", "Team", "Settings", "Shipping")


def fam_tabs(rng: random.Random) -> Pair:
    labels = rng.sample(TAB_LABELS, 2)
    texts = rng.sample(SENTENCES, 2)
    said = " and ".join(f'{lab} with "{t}"' for lab, t in zip(labels, texts, strict=True))
    req = rng.choice((f"two tabs: {said}", f"a tab view with {said}", f"tabs - {said}"))
    tabs = [el("Tab", text(t), label=lab) for lab, t in zip(labels, texts, strict=True)]
    return _ui("tabs", ask(rng, req), [el("Tabs", *tabs)])


CALLOUT_WORDS = {"warning": "warning", "error": "danger", "success": "success", "info": "info",
                 "note": "info", "tip": "accent"}
CALLOUT_TITLES = ("Heads up", "Important", "Done", "Note", "Payment failed", "Good news", "Reminder",
                  "Action needed")


def fam_callout(rng: random.Random) -> Pair:
    word = rng.choice(list(CALLOUT_WORDS))
    title = rng.choice(CALLOUT_TITLES)
    body = rng.choice(SENTENCES)
    noun = rng.choice(("callout", "alert", "banner", "notice"))
    art = "an" if noun[0] in "aeiou" else "a"
    req = rng.choice((f'a {word} {noun} titled "{title}" saying "{body}"',
                      f'{art} {noun} ({word}) with the title "{title}" and the text "{body}"'))
    return _ui("callout", ask(rng, req), [el("Callout", text(body), tone=CALLOUT_WORDS[word], title=title)])


BADGE_WORDS = ("Paid", "Draft", "Overdue", "New", "Beta", "Sold out", "In stock", "Urgent", "Done",
               "Pending", "VIP", "Archived")


def fam_badge_row(rng: random.Random) -> Pair:
    words = rng.sample(BADGE_WORDS, rng.randint(1, 4))
    said, code = [], []
    for w in words:
        colour = rng.choice((None, None, *TONE_WORDS))
        said.append(w if colour is None else f"{w} ({colour})")
        code.append(el("Badge", w, tone=TONE_WORDS.get(colour or "", "neutral")))
    noun = rng.choice(("badges", "tags", "status pills", "labels as badges"))
    req = f"{noun} for {joined(said, rng)}" if len(words) > 1 else f"a badge {said[0]}"
    return _ui("badge_row", ask(rng, req), [el("Row", *code, gap="sm")])


BUTTON_ACTIONS: tuple[tuple[str, str, Sequence[str]], ...] = (
    ("Book {}", "Book a trip to {}", CITIES),
    ("Call {}", "Call {} now", PEOPLE),
    ("Buy {}", "Add {} to my cart", PRODUCTS),
    ("Message {}", "Write a message to {}", PEOPLE),
    ("Weather in {}", "What is the weather in {}?", CITIES),
    ("Reorder {}", "Reorder {} from my last order", PRODUCTS),
)
VARIANT_WORDS = {"secondary": "secondary", "red": "danger", "danger": "danger", "subtle": "ghost",
                 "ghost": "ghost"}


def fam_send_button(rng: random.Random) -> Pair:
    lab_t, msg_t, pool = rng.choice(BUTTON_ACTIONS)
    v = pick(rng, pool)
    label, msg = lab_t.format(v), msg_t.format(v)
    variant = None
    adj = ""
    if rng.random() < 0.3:
        adj = rng.choice(list(VARIANT_WORDS))
        variant = VARIANT_WORDS[adj]
        adj += " "
    req = rng.choice((f'a {adj}button "{label}" that sends "{msg}"',
                      f'a {adj}"{label}" button which sends the message "{msg}"'))
    code = el("Button", label=label, action=Expr(f"send({writer.string(msg)})"), variant=variant)
    return _ui("send_button", ask(rng, req), [code])


SWITCHES = ("Dark mode", "Notifications", "Auto-save", "Wi-Fi", "Location sharing", "Sound",
            "Two-factor login", "Email alerts", "Public profile")


def fam_switch_state(rng: random.Random) -> Pair:
    label = rng.choice(SWITCHES)
    v = var(label)
    on = rng.random() < 0.3
    default = " (on by default)" if on else ""
    noun = rng.choice(("switch", "toggle"))
    req = rng.choice((f"a {label.lower()} {noun}{default} with text saying if it is on or off",
                      f"a {noun} for {label.lower()}{default} and a line showing its state"))
    lines = [state(**{v: on}), el("Switch", label=label, bind=Expr(v)),
             text(f'{label} is {{{v} ? "on" : "off"}}')]
    return _ui("switch_state", ask(rng, req), lines)


CHECKBOXES = (
    ("Gift wrap", "Gift wrap added", "No gift wrap"),
    ("Express shipping", "Arrives tomorrow", "Arrives in 5 days"),
    ("Subscribe to newsletter", "You are subscribed", "Not subscribed"),
    ("I accept the terms", "Thanks for accepting", "Please accept the terms"),
    ("Add insurance", "Insurance included", "No insurance"),
    ("Remember me", "You will stay signed in", "You will be signed out"),
)


def fam_checkbox_state(rng: random.Random) -> Pair:
    label, yes, no = rng.choice(CHECKBOXES)
    v = var(label)
    req = rng.choice((f'a checkbox "{label}" that shows "{yes}" when ticked and "{no}" otherwise',
                      f'a "{label}" checkbox with text "{yes}" if checked, else "{no}"'))
    lines = [state(**{v: False}), el("Checkbox", label=label, bind=Expr(v)),
             text(f"{{{v} ? {writer.string(yes)} : {writer.string(no)}}}")]
    return _ui("checkbox_state", ask(rng, req), lines)


SLIDERS = (("Seats", "seat"), ("Tickets", "ticket"), ("Nights", "night"), ("Guests", "guest"),
           ("Licenses", "license"), ("Hours", "hour"), ("Lessons", "lesson"))


def fam_slider_calc(rng: random.Random) -> Pair:
    label, unit = rng.choice(SLIDERS)
    v = var(label)
    lo = rng.choice((0, 1, 1, 2))
    hi = rng.choice((5, 8, 10, 12, 20, 50))
    price = rng.randint(2, 250)
    req = rng.choice((f"a slider for {label.lower()} from {lo} to {hi} at ${price} per {unit}, showing the total",
                      f"a {label.lower()} slider ({lo}-{hi}) with the total price at ${price} each"))
    lines = [state(**{v: lo}), el("Slider", label=label, bind=Expr(v), min=lo, max=hi),
             text(f"Total: ${{{v} * {price}}}")]
    return _ui("slider_calc", ask(rng, req), lines)


CONVERSIONS = (("km", "miles", "0.621", "Distance"), ("kg", "lb", "2.205", "Weight"),
               ("litres", "gallons", "0.264", "Volume"), ("hours", "minutes", "60", "Time"),
               ("euros", "dollars", "1.08", "Amount"), ("metres", "feet", "3.281", "Length"))


def fam_number_calc(rng: random.Random) -> Pair:
    src, dst, factor, label = rng.choice(CONVERSIONS)
    start = rng.randint(1, 100)
    req = rng.choice((f"a {src} to {dst} converter starting at {start}",
                      f"a converter from {src} to {dst} with {start} {src} filled in"))
    lines = [state(**{src: start}), el("NumberField", label=label, bind=Expr(src), unit=src),
             text(f"{{round({src} * {factor}, 1)}} {dst}")]
    return _ui("number_calc", ask(rng, req), lines)


COUNTERS = ("coffees", "laps", "pages", "glasses of water", "push-ups", "visitors", "points")


def fam_counter(rng: random.Random) -> Pair:
    thing = rng.choice(COUNTERS)
    v = var(thing)
    step = rng.choice((1, 1, 1, 2, 5, 10))
    req = rng.choice((f"a counter for {thing} with a button that adds {step}",
                      f"a {thing} counter, +{step} per click"))
    lines = [state(**{v: 0}), el("Button", label=f"Add {step}", action=Expr(f"{v} = {v} + {step}")),
             text(f"{cap(thing)}: {{{v}}}")]
    return _ui("counter", ask(rng, req), lines)


CONTACT_FIELDS = (("Name", "text"), ("Email", "email"), ("Phone", "tel"), ("Company", "text"),
                  ("Message", "multiline"), ("Subject", "text"), ("Website", "url"))
FORM_TITLES = ("Contact us", "Get in touch", "Request a quote", "Feedback", "Support request")
SUBMIT_LABELS = ("Send", "Submit request", "Go", "Send message")


def _text_field(label: str, kind: str) -> str:
    if kind == "multiline":
        return el("TextField", label=label, name=var(label), multiline=True)
    return el("TextField", label=label, name=var(label), type=kind)


def _submit(rng: random.Random, choices: Sequence[str]) -> tuple[str | None, str]:
    if rng.random() < 0.3:
        s = rng.choice(choices)
        return s, f' and a "{s}" button'
    return None, ""


def fam_contact_form(rng: random.Random) -> Pair:
    title = rng.choice(FORM_TITLES)
    fields = rng.sample(CONTACT_FIELDS, rng.randint(2, 3))
    submit, said_submit = _submit(rng, SUBMIT_LABELS)
    names = joined([f[0].lower() for f in fields], rng)
    noun = rng.choice(("form", "contact form"))
    req = rng.choice((f'a "{title}" {noun} with {names}{said_submit}',
                      f"a {noun} titled {title} with fields {names}{said_submit}"))
    code = el("Form", *(_text_field(lab, k) for lab, k in fields), title=title, submitLabel=submit)
    return _ui("contact_form", ask(rng, req), [code])


BOOKING_THINGS = ("a table", "a hotel room", "a flight", "a car", "a tour", "tickets")
BOOKING_FIELDS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "DateField": (("Date", ()), ("Check-in", ()), ("Departure", ()), ("Pickup date", ()),
                  ("Arrival", ()), ("Return date", ())),
    "NumberField": (("Guests", ()), ("Nights", ()), ("Passengers", ()), ("Tickets", ()),
                    ("Adults", ()), ("Bags", ())),
    "Select": (("Room type", ("Single", "Double", "Suite")), ("Class", ("Economy", "Business", "First")),
               ("Time", ("18:00", "19:30", "21:00")), ("Car size", ("Small", "Medium", "Large")),
               ("Language", ("English", "Spanish", "French"))),
    "RadioGroup": (("Seating", ("Indoor", "Outdoor")), ("Meal", ("Vegan", "Standard")),
                   ("Payment", ("Card", "Cash", "Transfer")), ("Insurance", ("Yes", "No")),
                   ("Seat", ("Window", "Aisle"))),
    "TextField": (("Full name", ()), ("Company", ()), ("Special requests", ()), ("Promo code", ())),
    "Checkbox": (("Travel insurance", ()), ("Late checkout", ()), ("Child seat", ()), ("Flexible dates", ())),
    "Switch": (("Breakfast", ()), ("Airport pickup", ()), ("Email reminders", ()), ("Parking", ())),
}
# Half the time a field is asked for by its widget ("radio buttons for meal"), so the model learns what
# each widget word means and can build field pairings it has not seen, not only recall label -> field.
BOOKING_HINTS: dict[str, tuple[str, ...]] = {
    "DateField": ("a date picker for {l}", "{l} as a date"),
    "NumberField": ("a number field for {l}", "number of {l}"),
    "Select": ("a dropdown for {l} ({o})", "{l} as a select ({o})"),
    "RadioGroup": ("radio buttons for {l} ({o})", "{l} as radio options ({o})"),
    "TextField": ("a text field for {l}", "{l} as text"),
    "Checkbox": ("a checkbox for {l}", "{l} as a checkbox"),
    "Switch": ("a switch for {l}", "{l} as a toggle"),
}


def fam_booking_form(rng: random.Random) -> Pair:
    thing = rng.choice(BOOKING_THINGS)
    city = pick(rng, CITIES)
    title = f"Book {thing} in {city}"
    # One to four fields of seven kinds in any order, a kind possibly twice: the model learns each field
    # from its own words, not a few whole forms. With seven kinds, what follows a DateField in train is
    # six kinds but never a RadioGroup (held out), so the next field must come from the request, not
    # from a short table of which kind follows which.
    kinds = [rng.choice(list(BOOKING_FIELDS)) for _ in range(rng.randint(1, 4))]
    said, code, used = [], [], set()
    for kind in kinds:
        label, options = rng.choice([f for f in BOOKING_FIELDS[kind] if f[0] not in used])
        used.add(label)
        opts = joined(list(options)) if options else ""
        if rng.random() < 0.5:
            said.append(rng.choice(BOOKING_HINTS[kind]).format(l=label.lower(), o=opts))
        else:
            said.append(f"{label.lower()} ({opts})" if options else label.lower())
        if options:
            code.append(el(kind, label=label, name=var(label), options=list(options)))
        else:
            code.append(el(kind, label=label, name=var(label)))
    submit, said_submit = _submit(rng, ("Book", "Reserve", "Book now"))
    req = rng.choice((f"a form to book {thing} in {city} with {joined(said)}{said_submit}",
                      f"a booking form for {thing} in {city}: {', '.join(said)}{said_submit}"))
    kset = sorted(set(kinds))
    combo = [f"booking_form:{a}+{b}" for i, a in enumerate(kset) for b in kset[i + 1:]]
    return _ui("booking_form", ask(rng, req), [el("Form", *code, title=title, submitLabel=submit)], combo)


SIGNUP_TITLES = ("Sign up", "Create account", "Join the waitlist", "Register")
SIGNUP_FIELDS = (("Full name", "text"), ("Password", "password"), ("Phone", "tel"), ("Username", "text"))


def fam_signup_form(rng: random.Random) -> Pair:
    title = rng.choice(SIGNUP_TITLES)
    fields = [("Email", "email"), *rng.sample(SIGNUP_FIELDS, rng.randint(0, 2))]
    code = [_text_field(lab, k) for lab, k in fields]
    said = [lab.lower() for lab, _ in fields]
    extra = rng.random()
    if extra < 0.35:
        said.append("a terms checkbox")
        code.append(el("Checkbox", label="I accept the terms", name="terms"))
    elif extra < 0.6:
        said.append("a newsletter switch")
        code.append(el("Switch", label="Send me updates", name="updates"))
    submit, said_submit = _submit(rng, ("Create account", "Join", "Sign up"))
    req = rng.choice((f'a "{title}" form with {joined(said)}{said_submit}',
                      f"a signup form titled {title}: {', '.join(said)}{said_submit}"))
    return _ui("signup_form", ask(rng, req), [el("Form", *code, title=title, submitLabel=submit)])


FAQS = (("Shipping", "Orders ship in 2 days."), ("Returns", "Free returns within 30 days."),
        ("Payment", "We accept cards and PayPal."), ("Support", "Write to us any time."),
        ("Warranty", "Two years on all products."), ("Pricing", "Plans start at $9 a month."),
        ("Refunds", "Refunds take 5 business days."))


def fam_accordion(rng: random.Random) -> Pair:
    faqs = rng.sample(FAQS, rng.randint(2, 3))
    said = "; ".join(f'{q} - "{a}"' for q, a in faqs)
    noun = rng.choice(("an FAQ accordion", "an accordion", "collapsible FAQ sections"))
    req = f"{noun} with {said}"
    items = [el("Disclosure", text(a), title=q) for q, a in faqs]
    return _ui("accordion", ask(rng, req), [el("Accordion", *items)])


def fam_disclosure(rng: random.Random) -> Pair:
    title = rng.choice(("Details", "More info", "Terms", "What is included?", "How it works"))
    body = rng.choice(SENTENCES)
    is_open = rng.random() < 0.3
    opened = " expanded by default" if is_open else ""
    noun = rng.choice(("collapsible section", "disclosure", "expandable section"))
    req = f'a {noun} "{title}"{opened} containing "{body}"'
    return _ui("disclosure", ask(rng, req), [el("Disclosure", text(body), title=title, open=is_open)])


PACKAGES = ("requests", "numpy", "pandas", "flask", "httpx", "rich", "pydantic")
SNIPPETS = (("bash", "pip install {}"), ("bash", "npm install {}"), ("python", "import {}"),
            ("bash", "git clone https://github.com/acme/{}.git"), ("sql", "SELECT * FROM {} LIMIT 10;"),
            ("python", 'print("{}")'))


def fam_code(rng: random.Random) -> Pair:
    lang, tmpl = rng.choice(SNIPPETS)
    src = tmpl.format(rng.choice(PACKAGES))
    req = rng.choice((f"a {lang} code block: {src}", f"this {lang} snippet: {src}",
                      f"the {lang} command {src}"))
    return _ui("code", ask(rng, req), [el("Code", src, language=lang)])


def fam_heading_text(rng: random.Random) -> Pair:
    p = pick(rng, PEOPLE)
    heading = rng.choice((f"Welcome back, {p}", f"Hello {p}", f"Trip to {pick(rng, CITIES)}",
                          "Your dashboard", f"Report for {rng.choice(MONTHS)}"))
    body = rng.choice(SENTENCES)
    size, level = rng.choice((("", 2), ("", 2), ("big ", 1), ("main ", 1), ("small ", 3)))
    req = rng.choice((f'a {size}heading "{heading}" with the text "{body}"',
                      f'a {size}title "{heading}" and below it "{body}"'))
    return _ui("heading_text", ask(rng, req), [el("Heading", heading, level=level), text(body)])


LINKS = (("Read the docs", "https://docs.example.com"), ("Pricing", "https://example.com/pricing"),
         ("Status page", "https://status.example.com"), ("Our blog", "https://blog.example.com"),
         ("Privacy policy", "https://example.com/privacy"), ("Help center", "https://help.example.com"))


def fam_link(rng: random.Random) -> Pair:
    label, href = rng.choice(LINKS)
    ext = rng.random() < 0.3
    said = " that opens in a new tab" if ext else ""
    req = rng.choice((f'a link "{label}" to {href}{said}', f"a link to {href} labelled {label}{said}"))
    return _ui("link", ask(rng, req), [el("Link", label, href=href, external=ext)])


def fam_image(rng: random.Random) -> Pair:
    city = pick(rng, CITIES)
    subject = rng.choice(("skyline", "old town", "harbour", "main square", "park"))
    alt = f"{city} {subject}"
    src = f"https://images.example.com/{city.lower()}-{subject.replace(' ', '-')}.jpg"
    caption = None
    said = ""
    if rng.random() < 0.4:
        caption = rng.choice((f"{city} at sunset", f"Spring in {city}", f"Our trip to {city}"))
        said = f' with the caption "{caption}"'
    noun = rng.choice(("an image", "a photo", "a picture"))
    req = f"{noun} of the {alt} from {src}{said}"
    return _ui("image", ask(rng, req), [el("Image", src=src, alt=alt, caption=caption)])


ICON_FACTS: tuple[tuple[str, str, Callable[[random.Random], str]], ...] = (
    ("map-pin", "map pin icon", lambda r: pick(r, CITIES)),
    ("phone", "phone icon", lambda r: f"+1 555 {r.randint(1000, 9999)}"),
    ("mail", "mail icon", lambda r: f"{pick(r, PEOPLE).lower()}@example.com"),
    ("calendar", "calendar icon", lambda r: f"{r.randint(1, 28)} {r.choice(MONTHS)}"),
    ("clock", "clock icon", _time),
    ("user", "user icon", lambda r: pick(r, PEOPLE)),
    ("star", "star icon", lambda r: f"{r.randint(30, 50) / 10} stars"),
)


def fam_icon_row(rng: random.Random) -> Pair:
    facts = rng.sample(ICON_FACTS, rng.randint(1, 2))
    said, code = [], []
    for icon, noun, gen in facts:
        value = gen(rng)
        said.append(f"{value} with a {noun}")
        code += [el("Icon", name=icon), text(value)]
    req = " and ".join(said)
    return _ui("icon_row", ask(rng, req), [el("Row", *code, gap="sm")])


def fam_divider(rng: random.Random) -> Pair:
    a, b = rng.sample(SENTENCES, 2)
    label = rng.choice((None, None, "or", "Older", "More"))
    said = f' labelled "{label}"' if label else ""
    req = f'"{a}" and "{b}" separated by a divider{said}'
    return _ui("divider", ask(rng, req), [el("Stack", text(a), el("Divider", label=label), text(b))])


EMPTY_THINGS = (("invoices", "file", "Create invoice"), ("messages", "mail", "Compose"),
                ("orders", "cart", "Start shopping"), ("results", "search", "Clear filters"),
                ("tasks", "check", "Add task"), ("contacts", "users", "Import contacts"),
                ("events", "calendar", "New event"), ("notifications", "bell", "Refresh"))


def fam_empty_state(rng: random.Random) -> Pair:
    thing, icon, action = rng.choice(EMPTY_THINGS)
    title = f"No {thing} yet"
    req = rng.choice((f'an empty state for no {thing} with a button "{action}"',
                      f'a placeholder saying there are no {thing} yet, with the action "{action}"'))
    code = el("EmptyState", title=title, icon=icon, actionLabel=action, action=Expr(f"send({writer.string(action)})"))
    return _ui("empty_state", ask(rng, req), [code])


MODALS = (("Terms of service", "Read terms"), ("Delete project", "Delete"), ("Invite a teammate", "Invite"),
          ("What's new", "See updates"), ("Shipping info", "Details"))


def fam_modal(rng: random.Random) -> Pair:
    title, trigger = rng.choice(MODALS)
    body = rng.choice(SENTENCES)
    noun = rng.choice(("a modal", "a dialog", "a popup"))
    req = rng.choice((f'{noun} "{title}" opened by a "{trigger}" button, saying "{body}"',
                      f'a "{trigger}" button that opens {noun} titled "{title}" with "{body}"'))
    return _ui("modal", ask(rng, req), [el("Modal", text(body), title=title, trigger=trigger)])


POLLS = (("Lunch", ("Pizza", "Sushi", "Salad", "Tacos")), ("Meeting day", DAYS[:5]),
         ("Team outing", ("Bowling", "Karaoke", "Hiking")), ("Next city", CITIES),
         ("Favourite fruit", ("Apple", "Mango", "Banana", "Kiwi")))


def fam_radio_vote(rng: random.Random) -> Pair:
    label, pool = rng.choice(POLLS)
    options = some(rng, pool, rng.randint(2, min(4, len(pool))))
    v = var(label)
    req = rng.choice((f"a poll for {label.lower()} with {joined(options)} and a Vote button that sends the choice",
                      f"radio buttons for {label.lower()}: {', '.join(options)}, plus a button to vote"))
    lines = [state(**{v: options[0]}), el("RadioGroup", label=label, bind=Expr(v), options=options),
             el("Button", label="Vote", action=Expr(f'send("{label}: {{{v}}}")'))]
    return _ui("radio_vote", ask(rng, req), lines)


FILTERS = (("City", CITIES, "Hotels in"), ("Team", TEAMS, "People in"), ("Month", MONTHS, "Expenses for"),
           ("Product", PRODUCTS, "Reviews of"))


def fam_select_filter(rng: random.Random) -> Pair:
    label, pool, lead = rng.choice(FILTERS)
    options = some(rng, pool, rng.randint(2, min(4, len(pool))))
    v = var(label)
    req = rng.choice((f'a {label.lower()} dropdown with {joined(options)} and the text "{lead} ..." for the choice',
                      f'a select for {label.lower()} ({", ".join(options)}) showing "{lead}" the selected one'))
    lines = [state(**{v: options[0]}), el("Select", label=label, bind=Expr(v), options=options),
             text(f"{lead} {{{v}}}")]
    return _ui("select_filter", ask(rng, req), lines)


UI_FAMILIES: dict[str, Callable[[random.Random], Pair]] = {
    name.removeprefix("fam_"): fn for name, fn in list(globals().items()) if name.startswith("fam_")
}


# --------------------------------------------------------------------------- chat families

CHAT_INTENTS: dict[str, tuple[tuple[str, ...], str]] = {
    "greeting": (("hi", "hello", "hey", "hey there", "good morning", "hi there", "hello!", "yo",
                  "good evening", "hiya"),
                 "Hi! Describe the UI you need and I will build it."),
    "thanks": (("thanks", "thank you", "thanks!", "thx", "thank you so much", "great, thanks",
                "perfect, thank you", "cheers"),
               "You're welcome! Tell me if you want another view."),
    "bye": (("bye", "goodbye", "see you", "that's all for now", "see you later"),
            "Goodbye! Come back whenever you need a UI."),
    "capabilities": (("what can you do?", "what can you make?", "help", "what do you do?",
                      "what kinds of UI can you build?", "what are you able to build?"),
                     'I turn requests into live UI: cards, forms, tables, charts, lists and more. '
                     'Try "show a bar chart of sales by month".'),
    "about": (("what is UI4A?", "what's ui4a", "tell me about UI4A", "what is this app?",
               "what does UI4A stand for?"),
              "UI4A is a harness for generative UI: I write compact component code and it renders live."),
    "howto": (("how do I use this?", "how does this work?", "how should I ask for a UI?",
               "any tips for asking?"),
              'Describe what you want to see and the data to show, for example '
              '"a table of orders with columns Name and Total".'),
    "identity": (("who are you?", "are you a bot?", "what model are you?", "are you human?"),
                 "I am the UI4A assistant, a small local model that writes UI code."),
}
EXPLAIN = {
    "bar chart": "A bar chart compares values across categories with bars.",
    "line chart": "A line chart shows how a value changes over time.",
    "pie chart": "A pie chart shows how a whole splits into parts.",
    "table": "A table shows rows of data in typed columns.",
    "progress bar": "A progress bar shows how far a task has got toward its goal.",
    "slider": "A slider picks a number by dragging a handle between a minimum and a maximum.",
    "switch": "A switch turns a single setting on or off.",
    "checkbox": "A checkbox marks one option as chosen or not.",
    "tab view": "Tabs show one panel at a time and let you switch between them.",
    "timeline": "A timeline lists events in order, each with its time.",
    "callout": "A callout is a highlighted box for a warning, tip or notice.",
    "badge": "A badge is a small pill that labels a status or category.",
    "card": "A card groups related content in a bordered box with a title.",
    "form": "A form collects fields and sends their values when submitted.",
    "modal": "A modal is a dialog that opens over the page from a button.",
    "accordion": "An accordion stacks collapsible sections that expand on click.",
    "key-value list": "A key-value list shows labelled facts, one per row.",
    "stat": "A stat shows one headline number with its label and change.",
    "dropdown": "A dropdown lets you pick one option from a list.",
    "date picker": "A date picker lets you choose a calendar date.",
}
EXPLAIN_TEMPLATES = (
    ("what is a {}?", "what"), ("explain what a {} is", "explain"), ("what's a {} for?", "for"),
    ("when should I use a {}?", "when"), ("what does a {} do?", "do"), ("describe a {}", "describe"),
    ("what's the point of a {}?", "point"),
    # More ways to ask the same thing, so the router learns that asking about a component is chat and
    # can place wordings it never saw (the held-out "what's the point of a …?") on that side.
    ("what's the purpose of a {}?", "purpose"), ("what is the use of a {}?", "use"),
    ("why would I use a {}?", "why"), ("how does a {} work?", "how"), ("can you explain a {}?", "can"),
    ("tell me what a {} does", "tell"), ("what is the role of a {} in a UI?", "role"),
    ("what good is a {}?", "good"), ("I'm not sure what a {} is", "unsure"),
    ("what's the idea behind a {}?", "idea"), ("what's the meaning of a {} in a UI?", "meaning"),
    ("is a {} useful?", "useful"),
)
CHAT_FAMILIES = (*CHAT_INTENTS, "explain")


def _chat_case(rng: random.Random, s: str) -> str:
    if rng.random() < 0.4:
        s = s[:1].upper() + s[1:]
    return s


def chat_pair(rng: random.Random, intent: str) -> Pair:
    if intent == "explain":
        name = rng.choice(list(EXPLAIN))
        tmpl, key = rng.choice(EXPLAIN_TEMPLATES)
        request = _chat_case(rng, tmpl.format(name))
        answer = f"{EXPLAIN[name]} Ask me to show one with your data."
        return Pair(request, answer, "chat", (), "explain", (f"chat:explain:{key}",))
    phrases, answer = CHAT_INTENTS[intent]
    phrase = rng.choice(phrases)
    return Pair(_chat_case(rng, phrase), answer, "chat", (), intent, (f"chat:{intent}:{phrase}",))


# --------------------------------------------------------------------------- generation

# Families whose parts combine in many ways are drawn more often in training (the held-out split draws
# every family alike): the model writes each part from its own words only after many examples. A booking
# form needs the most, as the model must track which of the request's one to four fields it is writing.
FAMILY_WEIGHTS = {"booking_form": 16, "stat_chart": 3, "chart_card": 2}


def _draw(rng: random.Random) -> Pair:
    if rng.random() < CHAT_SHARE:
        return chat_pair(rng, rng.choice(CHAT_FAMILIES))
    names = list(UI_FAMILIES)
    return UI_FAMILIES[rng.choices(names, [FAMILY_WEIGHTS.get(n, 1) for n in names])[0]](rng)


def generate(n: int, seed: int = 0) -> list[Pair]:
    """``n`` pairs from the full distribution (held-out combinations included)."""
    rng = random.Random(seed)
    return [_draw(rng) for _ in range(n)]


def is_heldout(pair: Pair) -> bool:
    return any(tag in HELDOUT for tag in pair.combo)


def dataset(n_train: int, n_heldout: int, seed: int = 0,
            exclude: frozenset[str] = frozenset()) -> tuple[list[Pair], list[Pair]]:
    """A train split and a held-out split of unseen combinations (see :data:`HELDOUT`).

    Train pairs carry no held-out tag and use none of the ``exclude`` components;
    every held-out pair carries at least one held-out tag or uses an excluded
    component. Both splits are drawn independently, about 25% chat each.
    """
    train: list[Pair] = []
    rng = random.Random(seed)
    tries = 0
    while len(train) < n_train:
        tries += 1
        if tries > 50 * n_train + 1000:
            raise ValueError(f"cannot draw {n_train} train pairs without {sorted(exclude)}")
        p = _draw(rng)
        if not is_heldout(p) and not exclude.intersection(p.components):
            train.append(p)
    held: list[Pair] = []
    rng = random.Random(f"ui4a-heldout-{seed}")
    while len(held) < n_heldout:
        chat = rng.random() < CHAT_SHARE
        for _ in range(10_000):
            p = chat_pair(rng, rng.choice(CHAT_FAMILIES)) if chat else UI_FAMILIES[rng.choice(list(UI_FAMILIES))](rng)
            if is_heldout(p) or exclude.intersection(p.components):
                held.append(p)
                break
        else:  # pragma: no cover - every family mix has held-out tags
            raise RuntimeError("no held-out pair found")
    return train, held


# --------------------------------------------------------------------------- files

def _line(p: Pair) -> str:
    return json.dumps(asdict(p), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def to_jsonl(pairs: Iterable[Pair], path: str | os.PathLike[str]) -> None:
    """Write pairs as JSON lines atomically (temp file in the same folder, then os.replace)."""
    atomic.write_text(path, "".join(_line(p) + "\n" for p in pairs))


def read_jsonl(path: str | os.PathLike[str]) -> list[Pair]:
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                out.append(Pair(d["request"], d["answer"], d["adapter"], tuple(d["components"]),
                                d["family"], tuple(d.get("combo", ()))))
    return out


def data_hash(pairs: Iterable[Pair]) -> str:
    """sha256 over the canonical JSONL of ``pairs`` (what :func:`to_jsonl` writes)."""
    h = hashlib.sha256()
    for p in pairs:
        h.update((_line(p) + "\n").encode("utf-8"))
    return h.hexdigest()
