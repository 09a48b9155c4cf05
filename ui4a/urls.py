"""The one URL policy: read a URL as a browser will, then allow only safe kinds.

A browser does not read a URL as written. Following the WHATWG URL standard, it
first strips leading and trailing control characters and spaces, then deletes every
tab and line break *anywhere* ("java\\tscript:" is "javascript:"), lowercases the
scheme, and — on an http(s) or file page, which every UI4A page is — reads each
backslash as a slash, so "/\\evil.example/x.png" leaves for another host.

:func:`check_url` does the same normalisation, then decides on the result, and
returns it: the page gets exactly the URL that was checked. Allowed:

- ``http://`` and ``https://`` with a host;
- ``mailto:`` and ``tel:``;
- relative references (``/path``, ``path``, ``./x``, ``../x``, ``?q``, ``#anchor``),
  but never a scheme-relative one (two slashes or backslashes at the start, in any
  mix, which a browser resolves to another host), nor one whose first segment holds
  a ':' (RFC 3986 forbids it: it reads like a scheme);
- for images only, ``data:image/{png,jpeg,gif,webp};base64,…``.

Everything else — other schemes (``javascript:``, ``data:text/html``, ``vbscript:``,
``file:``, ``blob:``), control characters left inside the URL — raises UnsafeUrl,
a ValueError, so pydantic reports it as a prop fault with its position.
"""

from __future__ import annotations

import re

ALLOWED_SCHEMES = ("http", "https", "mailto", "tel")
_EDGE = "".join(chr(c) for c in range(0x21))  # C0 controls and space, stripped at both ends
_TAB_OR_NEWLINE = re.compile(r"[\t\n\r]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_IMAGE_DATA = re.compile(r"^data:image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$", re.I)
_SLASHES = re.compile(r"^[/\\]+")
_FIRST_SEGMENT = re.compile(r"^[^/?#]*")


class UnsafeUrl(ValueError):
    """A URL the policy refuses; the message says why and what to write instead."""


def normalise(value: str) -> str:
    """The URL as a browser's parser sees it before resolving: ends stripped of control
    characters and spaces, tabs and line breaks removed, and — unless it has a scheme other
    than http(s) — backslashes read as slashes."""
    url = _TAB_OR_NEWLINE.sub("", value.strip(_EDGE))
    scheme = _scheme(url)
    if scheme is None or scheme in ("http", "https"):
        url = url.replace("\\", "/")
    if scheme is not None:
        url = scheme + url[len(scheme):]
    return url


def check_url(value: str, images: bool = False) -> str:
    """The normalised URL if the policy allows it (``images``: base64 image data too), else UnsafeUrl."""
    url = normalise(value)
    if images and _IMAGE_DATA.match(url):
        return url
    if _CONTROL.search(url):
        raise UnsafeUrl("URL contains a control character")
    scheme = _scheme(url)
    if scheme is None:
        if url.startswith("//"):
            raise UnsafeUrl("protocol-relative URLs are not allowed (a browser reads '//host', "
                            "and backslashes as slashes, as another site); write https://…")
        if ":" in _FIRST_SEGMENT.match(url).group():
            raise UnsafeUrl("a relative path with ':' before its first '/' reads like a scheme; "
                            "write ./ before it")
        return url
    if scheme not in ALLOWED_SCHEMES:
        kinds = "https://, http://, mailto:, tel:, a relative path or #anchor"
        if images:
            kinds += ", or a base64 PNG/JPEG/GIF/WebP data: URL"
        raise UnsafeUrl(f"URL must be {kinds} (got the scheme '{scheme}:')")
    if scheme in ("http", "https"):
        rest = url[len(scheme) + 1:]
        slashes = _SLASHES.match(rest)
        host = rest[slashes.end():] if slashes else ""
        if slashes is None or slashes.group() != "//" or not host or host[0] in "?#":
            raise UnsafeUrl(f"an {scheme} URL needs '{scheme}://' and a host, e.g. {scheme}://example.com/")
    return url


def check_image_url(value: str) -> str:
    """:func:`check_url` for images: base64 PNG, JPEG, GIF and WebP data URLs are allowed too."""
    return check_url(value, images=True)


def _scheme(url: str) -> str | None:
    found = _SCHEME.match(url)
    return found.group(1).lower() if found else None
