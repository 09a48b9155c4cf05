"""An HTML audit used by the tests: finds anything executable or unsafe in rendered output."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_SAFE_URL = re.compile(r"^(?:https?:|mailto:|tel:|#|/|\./|\.\./|data:image/(?:png|jpeg|gif|webp);base64,|[^:/?#]*(?:[/?#]|$))", re.I)
_URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "poster", "srcset", "background"}


def _safe_url(value: str) -> bool:
    """Read as a browser reads it (controls and spaces stripped at the ends, tabs and line breaks
    dropped, a backslash as a slash): an allowed scheme, or a relative URL that keeps the host."""
    url = re.sub(r"[\t\n\r]", "", value.strip("".join(chr(c) for c in range(0x21))))
    if re.match(r"^[/\\]{2}", url):
        return False
    return bool(_SAFE_URL.match(re.sub(r"[\x00-\x20]", "", url)))


class _Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "iframe", "object", "embed", "base", "meta") and tag != "meta":
            self.problems.append(f"<{tag}> element")
        if tag == "meta" and any(k == "http-equiv" and (v or "").lower() == "refresh" for k, v in attrs):
            self.problems.append("meta refresh")
        if tag == "style":
            self._in_style = True
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.problems.append(f"event handler attribute {name}= on <{tag}>")
            if name in _URL_ATTRS and not _safe_url(value):
                self.problems.append(f"unsafe URL {value!r} in {name}= on <{tag}>")
            if name == "style" and re.search(r"url\(|expression\(|javascript:|@import", value, re.I):
                self.problems.append(f"unsafe style {value!r} on <{tag}>")

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style and re.search(r"url\(|expression\(|javascript:|@import|</", data, re.I):
            self.problems.append("unsafe content in <style>")


def audit(html: str) -> list[str]:
    parser = _Audit()
    parser.feed(html)
    parser.close()
    return parser.problems
