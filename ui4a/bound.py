"""What a bound input stores in UI state: one definition for the live app and the standalone page.

An input's raw value (text from the browser, or a flipped boolean from a tick box) is
converted to the type its state variable already has. The standalone page's runtime
(``ui4a/render/runtime.js``) does the same, and the renderer predicts from it which values a
select, a radio group or a tick box can write.
"""

from __future__ import annotations

from typing import Any


def coerce(old: Any, value: Any, max_chars: int) -> Any:
    """``value`` as the type of ``old``: a boolean, a number (kept when it does not parse), or text."""
    if isinstance(old, bool):
        return value in (True, "true", "on", "1")
    if isinstance(old, int | float):
        try:
            number = float(value)
        except (TypeError, ValueError):
            return old
        return int(number) if number.is_integer() else number
    return "" if value is None else str(value)[:max_chars]
