"""The URL policy's table, checked in Chromium: what the policy allows stays where it says,
and what it refuses as protocol-relative really leaves the page's host in a browser."""

from __future__ import annotations

import re

import pytest

from tests.test_urls import TABLE
from ui4a.render.html import render_source

pytestmark = pytest.mark.browser
ORIGIN = "http://127.0.0.1:9"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")

_RESOLVE = """(cases) => cases.map(([written]) => {
  try { const u = new URL(written, location.href); return [u.protocol, u.host, u.href]; }
  catch (e) { return ['invalid', '', '']; }
})"""


def _compact(text: str) -> str:
    """``text`` as a compact-code string literal."""
    out = []
    for ch in text:
        if ch in '"\\{}':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _serve(page, html: str) -> list[str]:
    """Open ``html`` as ORIGIN/page; returns the list every later request is recorded in."""
    seen: list[str] = []

    def handle(route):
        url = route.request.url
        if url == f"{ORIGIN}/page":
            route.fulfill(status=200, content_type="text/html", body=html)
            return
        seen.append(url)
        route.abort()

    page.route("**/*", handle)
    page.goto(f"{ORIGIN}/page")
    return seen


def _relative(url: str) -> bool:
    return _SCHEME.match(url) is None


def test_chromium_agrees_with_every_row_of_the_table(browser):
    page = browser.new_page()
    _serve(page, "<!doctype html><title>t</title>")
    resolved = page.evaluate(_RESOLVE, [[w] for w, _, _ in TABLE])
    normalised = page.evaluate(_RESOLVE, [[a] for _, a, _ in TABLE if a is not None])
    page.close()
    as_checked = iter(normalised)
    for (written, allowed, refusal), (protocol, host, href) in zip(TABLE, resolved, strict=True):
        if allowed is not None:
            # the browser reads the URL as written exactly as it reads the normalised one the page gets
            assert href == next(as_checked)[2], (written, href)
            if _relative(allowed):
                assert host == "127.0.0.1:9", (written, href)  # a relative URL stays on the page's host
            else:
                assert protocol == allowed.split(":")[0] + ":", (written, href)
        elif refusal.startswith("protocol-relative"):
            assert protocol == "http:" and host not in ("", "127.0.0.1:9"), (written, href)  # the trick is real


def test_rendered_urls_never_leave_the_page_host(browser):
    written = [w for w, allowed, _ in TABLE if allowed is not None and _relative(allowed)]
    body = "\n".join(f'<Image src={_compact(w)} alt="x" />\n<Link href={_compact(w)}>x</Link>' for w in written)
    html = render_source(f"<Stack>{body}</Stack>", standalone=True)
    html = html.replace('loading="lazy"', 'loading="eager"')  # fetch every image, not only the visible ones
    # A control, not rendered by UI4A: the old policy's hole, to show the watch sees leaks.
    html = html.replace("</body>", '<img src="/\\evil.example/leak.png" alt=""></body>')
    page = browser.new_page()
    seen = _serve(page, html)
    page.wait_for_load_state("load")
    page.close()
    foreign = [u for u in seen if not u.startswith(ORIGIN + "/")]
    assert foreign == ["http://evil.example/leak.png"]
    assert len([u for u in seen if u.startswith(ORIGIN + "/")]) >= 5
