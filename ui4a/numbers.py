"""Numbers as text in every component: thousands separators and at most a few decimals.

Components show numbers through :func:`num_text` (``components/_shared/numbers.py`` builds
units and axis labels on it); the standalone page's runtime writes numbers the same way when
a value changes.
"""

from __future__ import annotations


def num_text(value: float | int | None, digits: int = 2) -> str:
    """A value as readable text with at most ``digits`` decimals: 1234.5 -> "1,234.5"."""
    if value is None:
        return "—"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return f"{value:,}"
    text = f"{value:,.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
