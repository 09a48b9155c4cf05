"""The URL policy against the tricks browsers fall for (WHATWG URL parsing).

Each row: what is written, and either the URL the page gets or the start of the refusal.
``tests/render/test_browser_urls.py`` checks the same table in Chromium.
"""

from __future__ import annotations

import pytest

from ui4a.urls import UnsafeUrl, check_image_url, check_url

PROTOCOL_RELATIVE = "protocol-relative URLs are not allowed"
SCHEME = "URL must be https://, http://, mailto:, tel:, a relative path or #anchor"
CONTROL = "URL contains a control character"
NEEDS_HOST = "an http"

# (written, the normalised URL when allowed, or None, and the refusal's start)
TABLE: list[tuple[str, str | None, str]] = [
    # allowed, kept as written
    ("https://example.com/a?b=1#c", "https://example.com/a?b=1#c", ""),
    ("http://example.com", "http://example.com", ""),
    ("mailto:ada@example.com", "mailto:ada@example.com", ""),
    ("tel:+44123", "tel:+44123", ""),
    ("/docs/guide", "/docs/guide", ""),
    ("docs/guide", "docs/guide", ""),
    ("./x.png", "./x.png", ""),
    ("../x.png", "../x.png", ""),
    ("#section", "#section", ""),
    ("?page=2", "?page=2", ""),
    ("./1http:x", "./1http:x", ""),
    ("%2F%2Fevil.example", "%2F%2Fevil.example", ""),  # percent-encoded: a path, not slashes
    ("\u00a0//evil.example", "\u00a0//evil.example", ""),  # no-break space is not stripped: a path
    # allowed after the browser's own normalisation
    ("  https://example.com/  ", "https://example.com/", ""),
    ("HTTPS://example.com", "https://example.com", ""),
    ("https:\\\\example.com\\a", "https://example.com/a", ""),
    ("https:/\\example.com", "https://example.com", ""),
    ("ht\ttps://example.com", "https://example.com", ""),
    ("/do\ncs", "/docs", ""),
    ("a\\b.png", "a/b.png", ""),
    ("\x01/x.png", "/x.png", ""),
    ("MAILTO:ada@example.com", "mailto:ada@example.com", ""),
    # protocol-relative, in every spelling a browser accepts
    ("//evil.example/x.png", None, PROTOCOL_RELATIVE),
    ("/\\evil.example/x.png", None, PROTOCOL_RELATIVE),
    ("\\\\evil.example/x.png", None, PROTOCOL_RELATIVE),
    ("\\/evil.example/x.png", None, PROTOCOL_RELATIVE),
    ("/\t/evil.example", None, PROTOCOL_RELATIVE),
    ("/\n/evil.example", None, PROTOCOL_RELATIVE),
    ("/\r\n/evil.example", None, PROTOCOL_RELATIVE),
    ("\t//evil.example", None, PROTOCOL_RELATIVE),
    (" //evil.example", None, PROTOCOL_RELATIVE),
    ("\x00//evil.example", None, PROTOCOL_RELATIVE),
    ("\x1f\\\\evil.example", None, PROTOCOL_RELATIVE),
    ("///evil.example", None, PROTOCOL_RELATIVE),
    ("/\\/evil.example", None, PROTOCOL_RELATIVE),
    ("\\\t\\evil.example", None, PROTOCOL_RELATIVE),
    # schemes outside the allow-list
    ("javascript:alert(1)", None, SCHEME),
    ("JaVaScRiPt:alert(1)", None, SCHEME),
    ("java\tscript:alert(1)", None, SCHEME),
    ("java\nscript:alert(1)", None, SCHEME),
    ("java\rscript:alert(1)", None, SCHEME),
    (" \x00javascript:alert(1)", None, SCHEME),
    ("javascript\t:alert(1)", None, SCHEME),
    ("vbscript:msgbox(1)", None, SCHEME),
    ("data:text/html;base64,PHNjcmlwdD4=", None, SCHEME),
    ("data:image/svg+xml;base64,PHN2Zz4=", None, SCHEME),
    ("file:///etc/passwd", None, SCHEME),
    ("blob:https://example.com/uuid", None, SCHEME),
    ("ftp://example.com/x", None, SCHEME),
    ("ws://example.com", None, SCHEME),
    # http(s) without a host, which a browser completes from the page or the next segment
    ("https:evil.example", None, NEEDS_HOST),
    ("http:/evil.example", None, NEEDS_HOST),
    ("https:///evil.example", None, NEEDS_HOST),
    ("https://", None, NEEDS_HOST),
    ("https://?x", None, NEEDS_HOST),
    # a ':' in a relative path's first segment reads like a scheme (RFC 3986 forbids it)
    ("1http:x", None, "a relative path with ':'"),
    ("x;background:url(javascript:alert(1))", None, "a relative path with ':'"),
    ("\u00e9vil:alert(1)", None, "a relative path with ':'"),
    # control characters left inside
    ("/a\x00b", None, CONTROL),
    ("https://example.com/\x7f", None, CONTROL),
]


def test_the_table_is_big_enough():
    assert len(TABLE) >= 40


@pytest.mark.parametrize(("written", "allowed", "refusal"), TABLE, ids=[repr(r[0])[:40] for r in TABLE])
def test_url_policy(written, allowed, refusal):
    if allowed is not None:
        assert check_url(written) == allowed
    else:
        with pytest.raises(UnsafeUrl) as info:
            check_url(written)
        assert str(info.value).startswith(refusal)


@pytest.mark.parametrize(
    ("written", "ok"),
    [
        ("data:image/png;base64,iVBORw0KGgo=", True),
        ("data:image/webp;base64,UklGRg==", True),
        ("data:image/png;base64,iVBO\nRw0KGgo=", True),
        ("data:image/svg+xml;base64,PHN2Zz4=", False),
        ("data:image/png,<svg onload=alert(1)>", False),
        ("data:text/html;base64,PHNjcmlwdD4=", False),
        ("//evil.example/x.png", False),
    ],
)
def test_images_may_also_be_base64_data(written, ok):
    if ok:
        assert check_image_url(written).startswith("data:image/")
    else:
        with pytest.raises(UnsafeUrl):
            check_image_url(written)
    with pytest.raises(UnsafeUrl):
        check_url("data:image/png;base64,iVBORw0KGgo=")  # links never take data URLs


def test_components_use_the_policy_and_render_the_normalised_url():
    from ui4a.render.html import render_source
    from ui4a.validate import check

    report = check(r'<Image src="/\\evil.example/x.png" alt="x" />' "\n" r'<Link href="java\tscript:x">x</Link>')
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "prop-type"), (2, "prop-type")]
    assert PROTOCOL_RELATIVE in report.diagnostics[0].message
    html = render_source(r'<Link href="https:\\\\example.com\\a">x</Link>')
    assert 'href="https://example.com/a"' in html
