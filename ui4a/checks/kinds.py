"""Every kind of check a case can hold, its fields, and how one runs on a page.

Check kinds (TOML tables in a case's ``[[checks]]``; fields with ``?`` are optional):

  text    value="…"                      the page's visible text contains value
  role    role="button" name?="Book"     an element with that ARIA role (and accessible name, substring)
          count?=N                       exists; with count, exactly N of them (name filters first)
  fill    label="Email" value="…"        type into the field labelled so; its value must then be value
  check   label="Mon"                    tick the checkbox or switch labelled so; it must then be checked
  select  label="Topic" value="Events"   choose an option (by its value, or by its label with by="label");
          by?="label"                    the control's value must then be value
  click   text="Notifications"           click the element showing that text (a tab, a summary, a button)
          expect?="Email alerts"         then that text must be visible
  send    click="Book"                   click the button (or submit button) named so; the page must then
          text?="Book for 4"             send that message (ui4a:send) and, with values, a form whose
          values?={guests="4"}           values include those
  state   name="guests" value=4          the page's UI state holds that value (a live standalone page)

``label`` fields also take exact?=true. Role "checkbox" also matches switches (a switch is a
checkbox to a person), and "textbox" matches single- and multi-line text fields.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

FIELDS: dict[str, tuple[dict[str, type | tuple], dict[str, type | tuple]]] = {
    "text": ({"value": str}, {}),
    "role": ({"role": str}, {"name": str, "count": int}),
    "fill": ({"label": str, "value": str}, {"exact": bool}),
    "check": ({"label": str}, {"exact": bool}),
    "select": ({"label": str, "value": str}, {"exact": bool, "by": str}),
    "click": ({"text": str}, {"expect": str}),
    "send": ({"click": str}, {"text": str, "values": dict}),
    "state": ({"name": str, "value": (str, int, float, bool, list, dict)}, {}),
}
"""Each kind's required and optional fields with their TOML types."""
CHECK_KINDS = tuple(FIELDS)
_ROLE_ALIASES = {"checkbox": ("checkbox", "switch")}
_TYPE_NAMES = {str: "a string", int: "an integer", bool: "true or false", dict: "a table"}


def field_faults(chk: dict[str, Any]) -> list[tuple[str, str]]:
    """What is wrong with one check's fields: (field, message) pairs, the field "" for the kind."""
    kind = chk.get("kind")
    if kind not in FIELDS:
        return [("kind", f"unknown check kind {kind!r}; kinds: {', '.join(CHECK_KINDS)}")
                if "kind" in chk else ("", f"a check needs a kind: {', '.join(CHECK_KINDS)}")]
    required, optional = FIELDS[kind]
    known = ["kind", *required, *optional]
    faults = []
    for name, value in chk.items():
        want = required.get(name, optional.get(name))
        if name == "kind":
            continue
        if want is None:
            match = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean {match[0]!r}?" if match else ""
            faults.append((name, f"a {kind} check has no field {name!r}{hint} (fields: {', '.join(known)})"))
        elif not isinstance(value, want) or (want is int and isinstance(value, bool)):
            faults.append((name, f"{kind} check field {name!r} must be {_TYPE_NAMES.get(want, 'a value')}"))
    return faults + [("", f"a {kind} check needs {name!r}") for name in required if name not in chk]


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


def _page_of(target: Any) -> Any:
    return target if hasattr(target, "goto") else target.page


def sent(target: Any) -> list[dict[str, Any]]:
    """The messages the page has sent so far (``ui4a:send`` events), oldest first."""
    return _page_of(target).evaluate("() => window.__ui4aSent || []")


def ui_state(target: Any) -> dict[str, Any] | None:
    """The page's UI state (its root's data-ui4a-state), or None when it has none."""
    root = _page_of(target).locator(".ui4a").first
    if root.count() == 0 or (raw := root.get_attribute("data-ui4a-state")) is None:
        return None
    return json.loads(raw)


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
    if kind == "send":
        return _send(page, chk)
    if kind == "state":
        state = ui_state(page)
        if state is None:
            return "the page has no UI state (render it as a live standalone page)"
        if chk["name"] not in state:
            return f"no state {chk['name']!r} (state: {', '.join(state) or 'none'})"
        got = state[chk["name"]]
        return "" if got == chk["value"] else f"state {chk['name']!r} is {got!r}, expected {chk['value']!r}"
    return f"unknown check kind {kind!r}"


def _send(page: Any, chk: dict[str, Any]) -> str:
    before = len(sent(page))
    button = page.get_by_role("button", name=chk["click"], exact=True)
    if button.count() == 0:
        return f"no button named {chk['click']!r}"
    button.first.click()
    messages = sent(page)[before:]
    if not messages:
        return f"clicking {chk['click']!r} sent nothing (a required field empty, or no send)"
    last = messages[-1]
    if "text" in chk and last.get("text") != chk["text"]:
        return f"clicking {chk['click']!r} sent {last.get('text')!r}, expected {chk['text']!r}"
    values = last.get("values") or {}
    wrong = {k: v for k, v in (chk.get("values") or {}).items() if values.get(k) != str(v)}
    if wrong:
        return f"clicking {chk['click']!r} sent the values {values}, expected {chk['values']}"
    return ""
