"""Every kind of check a case can hold, and how one runs on a page: roles, visible text, controls, interactions.

Check kinds (TOML tables in a case's ``[[checks]]``):

  text    value="…"                      the page's visible text contains value
  role    role="button" name="Book"?     an element with that ARIA role (and accessible name, substring)
          count=N?                       exists; with count, exactly N of them (name filters first)
  fill    label="Email" value="…"        type into the field labelled so; its value must then be value
  check   label="Mon"                    tick the checkbox or switch labelled so; it must then be checked
  select  label="Topic" value="Events"   choose an option; the control's value must then be value
  click   text="Notifications"           click the element showing that text (a tab, a summary, a button)
          expect="Email alerts"          then that text must be visible

Role "checkbox" also matches switches (a switch is a checkbox to a person), and "textbox"
matches single- and multi-line text fields.
"""

from __future__ import annotations

import re
from typing import Any

CHECK_KINDS = ("text", "role", "fill", "check", "select", "click")
_ROLE_ALIASES = {"checkbox": ("checkbox", "switch")}


def _locate_role(page: Any, role: str, name: str | None) -> tuple[int, list[Any]]:
    roles = _ROLE_ALIASES.get(role, (role,))
    total, found = 0, []
    for r in roles:
        loc = page.get_by_role(r, name=re.compile(re.escape(name), re.I)) if name else page.get_by_role(r)
        n = loc.count()
        total += n
        if n:
            found.append(loc)
    return total, found


def run_check(page: Any, chk: dict[str, Any]) -> str:
    """Run one check; returns "" when it passes, else what went wrong.

    ``page`` may also be a locator (the app's canvas): every query is then scoped to it.
    """
    kind = chk["kind"]
    if kind == "text":
        whole = page.inner_text("body") if hasattr(page, "goto") else page.inner_text()
        text = re.sub(r"\s+", " ", whole)
        return "" if chk["value"] in text else f"text {chk['value']!r} not on the page"
    if kind == "role":
        total, _ = _locate_role(page, chk["role"], chk.get("name"))
        label = f"role={chk['role']}" + (f" name~{chk['name']!r}" if chk.get("name") else "")
        if "count" in chk:
            return "" if total == chk["count"] else f"{label}: {total} found, expected {chk['count']}"
        return "" if total >= 1 else f"{label}: none found"
    if kind in ("fill", "check", "select"):
        field = page.get_by_label(chk["label"], exact=chk.get("exact", False)).first
        if field.count() == 0:
            return f"no control labelled {chk['label']!r}"
        if kind == "fill":
            field.fill(chk["value"])
            got = field.input_value()
            return "" if got == chk["value"] else f"{chk['label']!r} holds {got!r} after fill"
        if kind == "check":
            # A control bound to the app's state shows its new value after the round trip, so
            # the check waits for it (up to 2 s) as a person would, instead of requiring it at once.
            if not field.is_checked():
                field.click(force=True)
            for _ in range(20):
                if field.is_checked():
                    return ""
                field.page.wait_for_timeout(100)
            return f"{chk['label']!r} is not checked after check"
        field.select_option(label=chk["value"]) if chk.get("by") == "label" else field.select_option(chk["value"])
        got = field.input_value()
        return "" if got == chk["value"] else f"{chk['label']!r} holds {got!r} after select"
    if kind == "click":
        target = page.get_by_text(chk["text"], exact=True).first
        if target.count() == 0:
            return f"nothing shows the text {chk['text']!r}"
        target.click()
        expect = chk.get("expect")
        if expect:
            shown = page.get_by_text(expect, exact=False).first
            if shown.count() == 0 or not shown.is_visible():
                return f"after clicking {chk['text']!r}, {expect!r} is not visible"
        return ""
    return f"unknown check kind {kind!r}"

