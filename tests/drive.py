"""Operating a rendered UI control by control, the same way on any page (the app's canvas or a standalone page).

``steps(root)`` lists what to do with each visible, enabled control under ``root`` (a locator):
type a text, a number or a date, set a range to its end, tick a box, choose the last option or
radio, click each button whose action changes state (not one that sends); ``do(root, step)``
does one of them. The DOM of the app and of a standalone page is the same, so a step found on
one applies to the other.
"""

from __future__ import annotations

from typing import Any

CONTROLS = "[data-ui4a-bind], button[data-ui4a-action]"
_DESCRIBE = ("root => [...root.querySelectorAll('" + CONTROLS + "')].map(el => ({"
             "tag: el.tagName.toLowerCase(), type: el.type || '', visible: el.checkVisibility(),"
             "action: el.dataset.ui4aAction || '', disabled: !!el.disabled, max: el.max || ''}))")


def steps(root: Any) -> list[tuple[int, str, str]]:
    """(index among the controls, what to do, with what) for every visible, enabled control."""
    out = []
    for i, c in enumerate(root.evaluate(_DESCRIBE)):
        if not c["visible"] or c["disabled"]:
            continue
        if c["tag"] == "button":
            if "send(" not in c["action"] and "submit(" not in c["action"]:
                out.append((i, "click", ""))
        elif c["type"] in ("checkbox",):
            out.append((i, "click", ""))
        elif c["tag"] == "select":
            out.append((i, "select", ""))
        elif c["tag"] in ("fieldset", "div"):
            out.append((i, "radio", ""))
        elif c["type"] == "number":
            out.append((i, "fill", "7"))
        elif c["type"] == "date":
            out.append((i, "fill", "2025-07-15"))
        elif c["type"] == "datetime-local":
            out.append((i, "fill", "2025-07-15T10:30"))
        elif c["type"] == "range":
            out.append((i, "fill", c["max"] or "1"))
        else:
            out.append((i, "fill", "Ada Lovelace"))
    return out


def do(root: Any, step: tuple[int, str, str]) -> None:
    i, what, value = step
    control = root.locator(CONTROLS).nth(i)
    if what == "click":
        control.click()
    elif what == "select":
        control.select_option(index=control.locator("option").count() - 1)
    elif what == "radio":
        control.locator("input[type=radio]").last.click()
    else:
        control.fill(value)
