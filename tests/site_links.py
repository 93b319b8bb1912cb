"""Every relative link of a written site resolves: the check the run site, `report --out` and `compare` share."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.links += [value for name, value in attrs if name in ("href", "src") and value is not None]


def links(page: Path) -> list[str]:
    """Every href and src value of an HTML page."""
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.links


def dangling_links(root: Path) -> list[str]:
    """'page -> link' for every link in the HTML files under `root` that names a file that does not exist (a link
    with a scheme, or to an anchor on the same page, names no file; an absolute path is dangling on file://)."""
    out = []
    pages = sorted(Path(root).rglob("*.html"))
    assert pages, f"no HTML under {root}"
    for page in pages:
        for link in links(page):
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = page.parent / unquote(parts.path)
            if parts.path.startswith("/") or not target.exists():
                out.append(f"{page.relative_to(root)} -> {link}")
    return out
