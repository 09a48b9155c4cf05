"""Numbers as text in every component: thousands separators, units, short axis labels.

``Num`` is the number type of every numeric prop drawn as text: finite and within
±1e15, so its text never turns into "inf" or an exponent.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ui4a.numbers import num_text

Num = Annotated[float, Field(allow_inf_nan=False, ge=-1e15, le=1e15)]


def label_text(value: str | int | float) -> str:
    """A category label as text: 2024 stays "2024" (no thousands separator)."""
    if isinstance(value, float):
        return num_text(value)
    return str(value)


CURRENCY_SYMBOLS = frozenset("$€£¥₹₩₽")


def unit_goes_first(unit: str | None) -> bool:
    """Currency symbols go before the number ("$12"); every other unit after it."""
    return unit is not None and unit.strip() in CURRENCY_SYMBOLS


def with_unit(text: str, unit: str | None) -> str:
    """A value with its unit: "$12", "12%", "12 ms"."""
    if not unit:
        return text
    if unit_goes_first(unit):
        unit = unit.strip()
        return f"-{unit}{text[1:]}" if text.startswith("-") else f"{unit}{text}"
    return f"{text}{unit}" if unit in ("%", "°", "×") else f"{text} {unit}"


def short_num(value: float) -> str:
    """Compact axis text: 1500 -> "1.5k", 2000000 -> "2M", 0.25 -> "0.25"."""
    for size, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= size:
            return num_text(value / size, 1) + suffix
    return num_text(round(value, 6), 3)
