"""How people write requests: registers, typos, and the many ways to write one value.

A request is assembled from pieces; every value the answer copies is *protected*
(wrapped by :func:`val`) while the request is built, so casing and typos touch only
the words around values, never the values themselves. :func:`finish` removes the
marks. Each value kind has one canonical form in the answer and several forms in a
request (:class:`Style` picks one per request, so a request is self-consistent):

- money: ``12.5`` with a currency symbol in the answer; "$12.50", "12,50 €",
  "EUR 12.50", "£8", "¥1,200", "CHF 45" in a request;
- whole numbers: ``42``; "42", "forty-two" (small numbers, when the style writes words);
- dates: ISO ``2025-03-14`` when a year is given, else ``Mar 14``; "14/03/2025",
  "14.03.2025", "March 14th", "14 March 2025" in a request;
- times: ``9:30``/``14:00``; "09:30", "9:30 am", "2pm" in a request.

:func:`forms_of` lists every way a canonical value may be written, so a test can
check that each value of an answer was written in its request.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

# --------------------------------------------------------------------------- protected values

_OPEN, _CLOSE = "\x02", "\x03"
_PROTECTED = re.compile(f"{_OPEN}(.*?){_CLOSE}", re.S)


def val(s: object) -> str:
    """``s`` marked as a value: casing and typos leave it alone."""
    return f"{_OPEN}{s}{_CLOSE}"


def finish(s: str) -> str:
    """The request as the user typed it (marks removed)."""
    return s.replace(_OPEN, "").replace(_CLOSE, "")


def _on_words(s: str, fn) -> str:
    """``fn`` applied to every unprotected stretch of ``s``."""
    out, last = [], 0
    for m in _PROTECTED.finditer(s):
        out.append(fn(s[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(fn(s[last:]))
    return "".join(out)


def lower_words(s: str) -> str:
    """Everything but the values in lower case."""
    return _on_words(s, str.lower)


def cap_first(s: str) -> str:
    """The first letter in upper case, unless it starts a value."""
    for i, ch in enumerate(s):
        if ch == _OPEN:
            return s
        if ch.isalpha():
            return s[:i] + ch.upper() + s[i + 1:]
    return s


# --------------------------------------------------------------------------- style of one request

REGISTERS = ("terse", "plain", "chatty", "polite", "question", "sloppy")
REGISTER_WEIGHTS = (16, 24, 16, 14, 16, 14)
PASTES = ("inline", "tsv", "csv", "markdown", "lines")
PASTE_WEIGHTS = (50, 14, 12, 12, 12)
CURRENCIES = ("$", "€", "£", "¥", "CHF", "₹")
CURRENCY_WEIGHTS = (40, 22, 14, 8, 8, 8)
# Request forms of a money amount, per currency ({} is the amount as the style writes it).
MONEY_FORMS: dict[str, tuple[str, ...]] = {
    "$": ("${}", "${}", "{} dollars", "USD {}", "{} USD"),
    "€": ("€{}", "{} €", "{}€", "{} EUR", "EUR {}", "{} euros"),
    "£": ("£{}", "£{}", "{} GBP", "{} pounds"),
    "¥": ("¥{}", "{} yen", "JPY {}"),
    "CHF": ("CHF {}", "{} CHF", "{} francs"),
    "₹": ("₹{}", "Rs {}", "{} rupees", "INR {}"),
}
# Forms that Europeans write with a decimal comma: "12,50 €".
COMMA_FORMS = frozenset({"{} €", "{}€", "{} EUR", "{} euros", "{} CHF", "{} francs"})
DATE_FORMS = ("iso", "dmy", "dots", "month_day", "day_month", "month_day_year", "day_month_year")
TIME_FORMS = ("24h", "24h_pad", "12h")


@dataclass(frozen=True)
class Style:
    """How one request writes things; drawn once per request so it is self-consistent."""

    register: str = "plain"
    paste: str = "inline"         # how tabular data is given: inline, tsv, csv, markdown, lines
    words: bool = False           # small whole numbers written in words
    currency: str = "$"
    money_form: str = "${}"
    grouping: bool = False        # thousands separators ("1,200")
    date_form: str = "iso"
    time_form: str = "24h"

    @property
    def comma(self) -> bool:
        """Decimal comma ("12,50 €"), chosen with the money form."""
        return self.money_form in COMMA_FORMS


def draw_style(rng: random.Random, register: str | None = None) -> Style:
    """A random style; ``register`` fixes the register."""
    reg = register or rng.choices(REGISTERS, REGISTER_WEIGHTS)[0]
    paste = rng.choices(PASTES, PASTE_WEIGHTS)[0] if reg != "terse" else rng.choice(("inline", "inline", "tsv"))
    currency = rng.choices(CURRENCIES, CURRENCY_WEIGHTS)[0]
    return Style(
        register=reg, paste=paste, words=rng.random() < 0.25, currency=currency,
        money_form=rng.choice(MONEY_FORMS[currency]), grouping=rng.random() < 0.5,
        date_form=rng.choice(DATE_FORMS), time_form=rng.choice(TIME_FORMS),
    )


def with_currency(style: Style, rng: random.Random, currency: str) -> Style:
    """``style`` with another currency (and a money form of it)."""
    return replace(style, currency=currency, money_form=rng.choice(MONEY_FORMS[currency]))


# --------------------------------------------------------------------------- numbers

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
         "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def in_words(n: int) -> str:
    """A whole number from 0 to 999,999 in English words: 42 → 'forty-two'."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " and " + in_words(rest))
    rest = n % 1000
    return in_words(n // 1000) + " thousand" + ("" if rest == 0 else " " + in_words(rest))


def canon(x: float) -> str:
    """A number as the answer writes it: 12.0 → '12', 12.5 → '12.5'."""
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x)


def _grouped(n: int, sep: str) -> str:
    return f"{n:,}".replace(",", sep)


def _digits(x: float, style: Style, decimals: int | None = None) -> str:
    """``x`` in digits with the style's separators; ``decimals`` forces that many decimals."""
    if decimals is None:
        decimals = 0 if float(x).is_integer() else len(canon(x).split(".")[1])
    whole, frac = f"{abs(x):.{decimals}f}".partition(".")[::2]
    sign = "-" if x < 0 else ""
    if style.grouping and int(whole) >= 1000:
        # With a decimal comma, thousands are grouped by a space ("3 165,50"): a dot would read as the
        # decimal mark of the other style ("1.09"), and the model would learn to drop decimal points.
        whole = _grouped(int(whole), " " if style.comma else ",")
    if not frac:
        return sign + whole
    return sign + whole + ("," if style.comma else ".") + frac


def say_number(x: float, style: Style) -> str:
    """A count or measure as the request writes it (a value, protected)."""
    if style.words and float(x).is_integer() and 0 <= x <= 100:
        return val(in_words(int(x)))
    return val(_digits(x, style))


def say_money(x: float, style: Style) -> str:
    """An amount of money in the style's currency and form: '12,50 €', '$1,200'."""
    decimals = 0 if float(x).is_integer() else 2
    return val(style.money_form.format(_digits(x, style, decimals)))


def money_text(x: float, currency: str) -> str:
    """Money as display text in an answer: '$1200', '€12.50', '45 CHF' (symbols first, codes after)."""
    amount = canon(x) if float(x).is_integer() else f"{x:.2f}"
    return f"{currency}{amount}" if len(currency) == 1 else f"{amount} {currency}"


_MONEY_TEXT = re.compile(r"^(?:[$€£¥₹](\d+(?:\.\d\d)?)|(\d+(?:\.\d\d)?) [A-Z]{3})$")


def say_percent(x: float, style: Style, rng: random.Random) -> str:
    form = rng.choice(("{}%", "{}%", "{} %", "{} percent"))
    return val(form.format(_digits(x, style)))


# --------------------------------------------------------------------------- dates and times

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
MON = tuple(m[:3] for m in MONTHS)


@dataclass(frozen=True)
class Day:
    """A calendar day; ``year`` None when the request gives none."""

    month: int
    day: int
    year: int | None = None

    def canon(self) -> str:
        """ISO when the year is known, else 'Mar 14'."""
        if self.year is None:
            return f"{MON[self.month - 1]} {self.day}"
        return f"{self.year}-{self.month:02d}-{self.day:02d}"


def _ordinal(d: int) -> str:
    suffix = "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return f"{d}{suffix}"


def day_forms(d: Day) -> tuple[str, ...]:
    """Every way a request may write ``d``."""
    month = MONTHS[d.month - 1]
    short = (f"{month} {d.day}", f"{month} {_ordinal(d.day)}", f"{d.day} {month}",
             f"{_ordinal(d.day)} of {month}", f"{MON[d.month - 1]} {d.day}")
    if d.year is None:
        return short
    y, m, dd = d.year, d.month, d.day
    return (f"{y}-{m:02d}-{dd:02d}", f"{dd:02d}/{m:02d}/{y}", f"{dd}/{m}/{y}", f"{dd:02d}.{m:02d}.{y}",
            f"{month} {dd}, {y}", f"{month} {_ordinal(dd)}, {y}", f"{dd} {month} {y}",
            f"{MON[m - 1]} {dd}, {y}")


def say_day(d: Day, style: Style) -> str:
    """``d`` in the style's date form."""
    month = MONTHS[d.month - 1]
    if d.year is None:
        form = {"month_day": f"{month} {_ordinal(d.day)}", "day_month": f"{d.day} {month}",
                "dots": f"{MON[d.month - 1]} {d.day}"}.get(style.date_form, f"{month} {d.day}")
        return val(form)
    y, m, dd = d.year, d.month, d.day
    form = {
        "iso": f"{y}-{m:02d}-{dd:02d}", "dmy": f"{dd:02d}/{m:02d}/{y}", "dots": f"{dd:02d}.{m:02d}.{y}",
        "month_day": f"{month} {_ordinal(dd)}, {y}", "day_month": f"{dd} {month} {y}",
        "month_day_year": f"{month} {dd}, {y}", "day_month_year": f"{dd} {month} {y}",
    }[style.date_form]
    return val(form)


def draw_day(rng: random.Random, year: bool = True) -> Day:
    return Day(rng.randint(1, 12), rng.randint(1, 28), rng.choice((2025, 2026)) if year else None)


def days_in_order(rng: random.Random, k: int, year: bool = True) -> list[Day]:
    """``k`` distinct days in calendar order within one year."""
    y = rng.choice((2025, 2026)) if year else None
    picks = sorted(rng.sample(range(12 * 28), k))
    return [Day(p // 28 + 1, p % 28 + 1, y) for p in picks]


@dataclass(frozen=True)
class Clock:
    """A time of day; the answer writes '9:30', '14:00'."""

    hour: int
    minute: int = 0

    def canon(self) -> str:
        return f"{self.hour}:{self.minute:02d}"


def _twelve(t: Clock, spaced: bool) -> str:
    h = t.hour % 12 or 12
    ampm = "am" if t.hour < 12 else "pm"
    core = f"{h}" if t.minute == 0 else f"{h}:{t.minute:02d}"
    return f"{core} {ampm}" if spaced else f"{core}{ampm}"


def clock_forms(t: Clock) -> tuple[str, ...]:
    return (t.canon(), f"{t.hour:02d}:{t.minute:02d}", _twelve(t, True), _twelve(t, False),
            _twelve(t, True).upper(), _twelve(t, False).upper())


def say_clock(t: Clock, style: Style) -> str:
    if style.time_form == "24h":
        return val(t.canon())
    if style.time_form == "24h_pad":
        return val(f"{t.hour:02d}:{t.minute:02d}")
    return val(_twelve(t, t.minute % 2 == 0))


def draw_clock(rng: random.Random, lo: int = 7, hi: int = 21) -> Clock:
    return Clock(rng.randint(lo, hi), rng.choice((0, 0, 15, 30, 45)))


def clocks_in_order(rng: random.Random, k: int, lo: int = 7, hi: int = 21) -> list[Clock]:
    hours = sorted(rng.sample(range(lo, hi + 1), k))
    return [Clock(h, rng.choice((0, 0, 15, 30, 45))) for h in hours]


# --------------------------------------------------------------------------- every form of a value

def number_forms(x: float) -> set[str]:
    """Every way a request may write the number ``x`` (for copy checks)."""
    out = {canon(x)}
    for comma in (False, True):
        for grouping in (False, True):
            form = "{} €" if comma else "${}"
            st = Style(money_form=form, grouping=grouping)
            out.add(_digits(x, st))
            out.add(_digits(x, st, 2))
    if float(x).is_integer() and 0 <= x <= 999_999:
        out.add(in_words(int(x)))
    return out


_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_SHORT_DAY = re.compile(r"^(" + "|".join(MON) + r") (\d{1,2})$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")


def forms_of(value: str | float) -> set[str]:
    """Every way a request may write a canonical answer value (numbers, dates, times, text)."""
    if isinstance(value, bool):
        return {str(value).lower()}
    if isinstance(value, int | float):
        return number_forms(abs(value))  # a fall is written "down 12%"
    if m := _MONEY_TEXT.match(value):  # the symbol may be written as a word ("12 euros")
        return number_forms(float(m[1] or m[2]))
    if m := _ISO.match(value):
        return set(day_forms(Day(int(m[2]), int(m[3]), int(m[1]))))
    if m := _SHORT_DAY.match(value):
        return set(day_forms(Day(MON.index(m[1]) + 1, int(m[2]))))
    if m := _CLOCK.match(value):
        return set(clock_forms(Clock(int(m[1]), int(m[2]))))
    return {value}


# --------------------------------------------------------------------------- typos

MISSPELLINGS = {
    "calendar": "calender", "schedule": "schedual", "separate": "seperate", "receive": "recieve",
    "definitely": "definately", "tomorrow": "tommorow", "please": "pls", "you": "u", "with": "w/",
    "because": "bc", "something": "smth", "table": "tabel", "dashboard": "dashbaord", "form": "from",
    "weekly": "weekley", "expenses": "expences", "tracker": "traker", "settings": "setings",
    "calculator": "calculater", "comparison": "comparision", "appointments": "appointmens",
    "and": "&", "thanks": "thx", "really": "rly", "need": "ned", "chart": "chrat",
}
_WORD = re.compile(r"[A-Za-z]{3,}")


def _typo(word: str, rng: random.Random) -> str:
    low = word.lower()
    if low in MISSPELLINGS and rng.random() < 0.6:
        return MISSPELLINGS[low]
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:  # swap two letters
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == 1:  # drop a letter
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]  # double a letter


def typos(s: str, rng: random.Random, rate: float = 0.12) -> str:
    """Typing slips in the words around values (values untouched)."""
    return _on_words(s, lambda part: _WORD.sub(lambda m: _typo(m.group(0), rng) if rng.random() < rate
                                                else m.group(0), part))


# --------------------------------------------------------------------------- lists and pasted tables

def joined(items: Sequence[str], rng: random.Random, conj: str = "and") -> str:
    """'a, b and c', 'a, b, c' or 'a, b, and c'."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    how = rng.randrange(3)
    if how == 0:
        return ", ".join(items)
    if how == 1 and len(items) > 2:
        return ", ".join(items[:-1]) + f", {conj} " + items[-1]
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def bullets(items: Sequence[str], rng: random.Random) -> str:
    """Items one per line, as pasted from notes."""
    mark = rng.choice(("- ", "* ", "• ", "", "#"))
    if mark == "#":
        return "\n".join(f"{i}. {x}" for i, x in enumerate(items, 1))
    return "\n".join(mark + x for x in items)


def grid(header: Sequence[str], rows: Sequence[Sequence[str]], paste: str, rng: random.Random) -> str:
    """A table as pasted from a spreadsheet: tab- or comma-separated, or a markdown table."""
    if paste == "markdown":
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    if paste == "csv":
        cells = [finish(c) for r in rows for c in r]
        ambiguous = any(finish(c)[-1:].isdigit() for r in [header, *rows] for c in r[:-1])  # "Week 8,126"
        sep = ";" if any("," in c for c in cells) else ", " if ambiguous else rng.choice((",", ", "))
        return "\n".join(sep.join(r) for r in [list(header), *rows])
    if paste == "tsv":
        return "\n".join("\t".join(r) for r in [list(header), *rows])
    return "\n".join(" - ".join(r) for r in [list(header), *rows])  # lines
