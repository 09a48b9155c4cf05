"""UIPage: a rendered UI in headless Chromium, driven and read the way a person uses it.

Find by role and name, by text; fill a field by its label, click by name; read the messages the
UI sent back and its UI state. A lookup that finds nothing raises UIAssertionError: what was
expected, what is on the page with each element's position, and a screenshot's path.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ui4a.checks.browser import PageWatch
from ui4a.checks.kinds import sent, ui_state
from ui4a.checks.runner import VIEWPORT, load

WAIT_MS = 2000
"""How long a lookup waits for what it looks for (the page updates at once; this covers slow machines)."""

_OUTLINE = """root => {
  const sel = 'h1,h2,h3,h4,h5,h6,button,a[href],input,select,textarea,summary,[role],img,table,output';
  const implicit = el => {
    const t = el.tagName.toLowerCase(), type = (el.type || '').toLowerCase();
    if (/^h[1-6]$/.test(t)) return 'heading';
    if (t === 'a') return 'link';
    if (t === 'select') return 'combobox';
    if (t === 'textarea') return 'textbox';
    if (t === 'input') return {checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton',
                                submit: 'button', button: 'button'}[type] || 'textbox';
    return {button: 'button', summary: 'button', img: 'img', table: 'table', output: 'status'}[t] || t;
  };
  const name = el => (el.getAttribute('aria-label')
    || (el.labels && el.labels[0] && el.labels[0].innerText)
    || (el.getAttribute('aria-labelledby') || '').split(' ').map(id => (document.getElementById(id) || {}).innerText || '').join(' ').trim()
    || el.getAttribute('alt') || (/^(input|select|textarea)$/i.test(el.tagName) ? el.getAttribute('placeholder') : el.innerText)
    || '').replace(/\\s+/g, ' ').trim().slice(0, 80);
  return [...root.querySelectorAll(sel)].filter(el => el.checkVisibility()).map(el => {
    const b = el.getBoundingClientRect();
    const value = el.type === 'checkbox' || el.type === 'radio' ? (el.checked ? 'checked' : 'not checked')
                : 'value' in el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) ? JSON.stringify(el.value) : '';
    return {role: el.getAttribute('role') || implicit(el), name: name(el), value,
            x: Math.round(b.x), y: Math.round(b.y), disabled: !!el.disabled};
  });
}"""


class UIAssertionError(AssertionError):
    """What a test expected of the page, and what the page holds instead (with a screenshot)."""


class UIPage:
    """One UI rendered as a live standalone page in its own browser page."""

    def __init__(self, browser: Any, html: str, source: str, artifacts: Path, name: str = "ui",
                 timeout_s: float = 30.0) -> None:
        self.source = source
        """The compact code shown."""
        self.artifacts = artifacts
        self.name = name
        self.page = browser.new_page(viewport=VIEWPORT)
        self.page.set_default_timeout(WAIT_MS)
        self.watch = PageWatch(stub_images=True)
        self.watch.attach(self.page)
        load(self.page, html, timeout_s)
        self.root = self.page.locator(".ui4a").first

    # ---------------------------------------------------------------- finding

    def role(self, role: str, name: str | None = None, *, exact: bool = False) -> Any:
        """The element with this ARIA role (and accessible name: a substring unless ``exact``)."""
        __tracebackhide__ = True
        loc = self.root.get_by_role(role, name=name, exact=exact) if name is not None else self.root.get_by_role(role)
        what = f"a {role}" + (f" named {name!r}" if name is not None else "")
        return self._found(loc, what)

    def text(self, text: str, *, exact: bool = False) -> Any:
        """The element showing this text."""
        __tracebackhide__ = True
        return self._found(self.root.get_by_text(text, exact=exact), f"the text {text!r}")

    def has_text(self, text: str) -> bool:
        """Whether the page's visible text contains ``text`` (whitespace folded)."""
        return text in re.sub(r"\s+", " ", self.root.inner_text())

    def expect_text(self, text: str) -> None:
        __tracebackhide__ = True
        if not self.has_text(text):
            raise self.failure(f"the text {text!r}")

    def label(self, label: str) -> Any:
        """The control labelled so (an exact label first, else one that contains it)."""
        __tracebackhide__ = True
        exact = self.root.get_by_label(label, exact=True)
        return self._found(exact if exact.count() else self.root.get_by_label(label), f"a field labelled {label!r}")

    # ---------------------------------------------------------------- doing

    def fill(self, label: str, value: str | int | float) -> UIPage:
        """Type ``value`` into the field labelled ``label`` (a number or date field takes its text)."""
        __tracebackhide__ = True
        self.label(label).fill(str(value))
        return self

    def check(self, label: str, checked: bool = True) -> UIPage:
        """Tick (or untick) the checkbox or switch labelled ``label``."""
        __tracebackhide__ = True
        box = self.label(label)
        if box.is_checked() != checked:
            box.click()
        return self

    def select(self, label: str, option: str) -> UIPage:
        """Choose ``option`` (its label or its value) in the select labelled ``label``."""
        __tracebackhide__ = True
        field = self.label(label)
        values = field.evaluate("s => [...s.options].map(o => [o.value, o.label])")
        match = next((v for v, text in values if option in (v, text)), None)
        if match is None:
            raise self.failure(f"an option {option!r} in {label!r} (options: {', '.join(t for _, t in values)})")
        field.select_option(match)
        return self

    def click(self, name: str) -> UIPage:
        """Click the button, link or tab named ``name``, else the element showing exactly that text."""
        __tracebackhide__ = True
        for role in ("button", "link", "tab"):
            loc = self.root.get_by_role(role, name=name, exact=True)
            if loc.count():
                loc.first.click()
                return self
        self._found(self.root.get_by_text(name, exact=True), f"a button, link or text named {name!r}").click()
        return self

    # ---------------------------------------------------------------- reading

    @property
    def sent(self) -> list[dict[str, Any]]:
        """The messages the UI sent back, oldest first: {kind: send|submit, text, values?}."""
        return sent(self.page)

    @property
    def messages(self) -> list[str]:
        """The text of each message sent back."""
        return [m["text"] for m in self.sent]

    @property
    def state(self) -> dict[str, Any]:
        """The UI state now."""
        return ui_state(self.page) or {}

    @property
    def errors(self) -> list[str]:
        """What went wrong on the page: the runtime's refusals, console errors, requests off the machine."""
        refusal = self.root.get_attribute("data-ui4a-error")
        return ([refusal] if refusal else []) + self.watch.problems()

    def outline(self) -> str:
        """What is on the page, one element a line with its position: ``(x, y) role "name" value``."""
        lines = []
        for el in self.root.evaluate(_OUTLINE):
            extra = (f" = {el['value']}" if el["value"] else "") + (" (disabled)" if el["disabled"] else "")
            lines.append(f"  ({el['x']}, {el['y']}) {el['role']} {json.dumps(el['name'], ensure_ascii=False)}{extra}")
        text = " | ".join(t for t in (s.strip() for s in self.root.inner_text().splitlines()) if t)
        return "\n".join(["on the page, (x, y) role \"name\":", *lines, f"text: {text[:600]}"])

    def screenshot(self, path: str | Path | None = None) -> Path:
        target = Path(path) if path else self.artifacts / f"{_safe(self.name)}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(target), full_page=True)
        return target

    def failure(self, expected: str) -> UIAssertionError:
        """The error for a lookup that failed: expected, the page's outline, a screenshot."""
        shot = self.screenshot()
        return UIAssertionError(f"expected {expected}\n{self.outline()}\nscreenshot: {shot}")

    def close(self) -> None:
        self.page.close()

    def _found(self, loc: Any, what: str) -> Any:
        __tracebackhide__ = True
        try:
            loc.first.wait_for(state="visible", timeout=WAIT_MS)
        except Exception:
            raise self.failure(what) from None
        return loc.first


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120] or "ui"
