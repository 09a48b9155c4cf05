"""Write build/index.html: a page linking every rendered example, with its request."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def requests() -> dict[str, str]:
    """file stem -> the user request, read from the table in examples/README.md."""
    out = {}
    readme = ROOT / "examples" / "README.md"
    if readme.exists():
        for line in readme.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\|\s*`?([a-z0-9_]+)(?:\.ui)?`?\s*\|\s*([^|]+)\|", line)
            if m:
                out[m.group(1)] = m.group(2).strip()
    return out


def main(out_dir: str) -> int:
    out = Path(out_dir)
    asked = requests()
    items = "".join(
        f'<li><a href="{html.escape(p.name)}">{html.escape(p.stem.replace("_", " "))}</a>'
        f"<br><small>{html.escape(asked.get(p.stem, ''))}</small></li>"
        for p in sorted(out.glob("*.html")) if p.name != "index.html"
    )
    page = ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>UI4A examples</title>"
            "<body style=\"font-family:system-ui;max-width:760px;margin:40px auto;line-height:1.6\">"
            f"<h1>UI4A examples</h1><ul>{items}</ul></body></html>\n")
    (out / "index.html").write_text(page, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build"))
