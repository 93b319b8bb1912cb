"""HTML pieces every page of the static sites shares: the page shell, badges, pips, tables, provenance.

Pages open from file:// with no network: the stylesheet and script come from site-template/ and are
either written once into the site's assets/ folder (many pages) or inlined (a lone page). Every value
that did not come from this repository is escaped with `esc`.
"""
from __future__ import annotations

import functools
import html
import re
import string
from pathlib import Path

from bench.common.errors import UserError
from bench.common.paths import SITE_TEMPLATE_DIR
from bench.common.records import write_text_atomic

esc = html.escape
OUTCOME_LABEL = {"passed": "passed", "failed": "failed", "overfit": "overfit", "agent_timeout": "timeout",
                 "agent_error": "agent error", "oracle_error": "oracle error", "infra_error": "infra error"}
# One glyph per outcome, so the matrix does not rely on colour alone.
OUTCOME_GLYPH = {"passed": "✓", "failed": "✗", "overfit": "!", "agent_timeout": "T", "agent_error": "E",
                 "oracle_error": "G", "infra_error": "I"}
ASSETS = ("style.css", "site.js")


@functools.lru_cache(maxsize=1)
def template() -> tuple[string.Template, str, str]:
    """The page template, stylesheet and script, read once per process (a 10,000-run site has 10,000 pages)."""
    try:
        page = string.Template((SITE_TEMPLATE_DIR / "page.html").read_text(encoding="utf-8"))
        style = (SITE_TEMPLATE_DIR / "style.css").read_text(encoding="utf-8")
        script = (SITE_TEMPLATE_DIR / "site.js").read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{SITE_TEMPLATE_DIR}: site template missing ({exc.strerror}); reinstall LocalAgentBench") from None
    return page, style, script


def write_assets(site_dir: Path) -> None:
    """Copy the stylesheet and script into site_dir/assets/, where pages made with `assets=` point."""
    _, style, script = template()
    write_text_atomic(Path(site_dir) / "assets" / "style.css", style)
    write_text_atomic(Path(site_dir) / "assets" / "site.js", script)


def page(title: str, crumb: str, body: str, *, home: str, footer: str, assets: str | None = None) -> str:
    """A whole HTML page. `assets` is the relative path to the site's assets/ folder; None inlines them."""
    tpl, style, script = template()
    if assets is None:
        head, foot = f"<style>\n{style}</style>", f"<script>\n{script}</script>"
    else:
        head = f'<link rel="stylesheet" href="{esc(assets)}style.css">'
        foot = f'<script src="{esc(assets)}site.js"></script>'
    return tpl.substitute(title=esc(title), crumb=esc(crumb), body=body, home=esc(home), footer=footer,
                          head=head, foot=foot)


def pct(x: float | None, digits: int = 1) -> str:
    """A rate as a percentage ('–' when unknown)."""
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def num(x, unit: str = "") -> str:
    """A count or measurement with thousands separators ('–' when unknown: unknown is not zero)."""
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:,.1f}{unit}"
    return f"{x:,}{unit}"


def duration(x: float | None) -> str:
    """Seconds with three significant digits ('–' when unknown): 0.04 s, 12.3 s, 1.2e+03 s."""
    return "–" if x is None else f"{x:.3g} s"


def badge(outcome: str | None, href: str | None = None, title: str = "", label: str | None = None) -> str:
    """An outcome as a coloured label, optionally a link."""
    text = label if label is not None else OUTCOME_LABEL.get(outcome or "", "–")
    cls = f"badge o-{esc(outcome or 'none')}"
    if href:
        return f'<a class="{cls}" href="{esc(href)}" title="{esc(title)}">{esc(text)}</a>'
    return f'<span class="{cls}" title="{esc(title)}">{esc(text)}</span>'


def pip(outcome: str | None, href: str | None, title: str, confirmed: bool = False) -> str:
    """One run as a small square in a matrix: colour and glyph by outcome, ringed when held-out confirmed."""
    cls = f"pip o-{esc(outcome or 'none')}{' hc' if confirmed else ''}"
    glyph = OUTCOME_GLYPH.get(outcome or "", "·")
    label = f"{title} · {OUTCOME_LABEL.get(outcome or '', 'not run')}" + (" · held-out confirmed" if confirmed else "")
    if href:
        return f'<a class="{cls}" href="{esc(href)}" title="{esc(label)}" aria-label="{esc(label)}">{glyph}</a>'
    return f'<span class="{cls}" title="{esc(label)}">{glyph}</span>'


def legend(with_confirmed: bool = True) -> str:
    """The key to pips: one per outcome, plus the held-out ring."""
    items = [f"<span>{pip(o, None, 'example')}{esc(label)}</span>" for o, label in OUTCOME_LABEL.items()]
    if with_confirmed:
        items.append(f"<span>{pip('passed', None, 'example', True)}passed, held-out tests confirmed</span>")
    return '<div class="legend">' + "".join(items) + "</div>"


def pass_k(values: dict[str, float]) -> str:
    """pass@k for every k, each kept on one line."""
    return " ".join(f'<span class="nw">@{esc(k)} {pct(v)}</span>' for k, v in values.items())


def heat(p: float | None) -> str:
    """A table cell shaded by a rate."""
    if p is None:
        return '<td class="num muted">–</td>'
    return f'<td class="heat" style="--p:{p:.3f}">{pct(p)}</td>'


def table(headers: list[str], rows: list[str], *, id_: str = "", paged: int | None = None,
          filter_label: str = "Filter rows") -> str:
    """A table in a horizontally scrolling wrapper. Headers are trusted HTML; rows are whole <tr> strings.

    `paged` makes site.js show that many rows per page, with a filter; without JavaScript all rows show.
    """
    attrs = f' id="{esc(id_)}"' if id_ else ""
    if paged:
        attrs += f' class="paged" data-page-size="{paged}" data-filter-label="{esc(filter_label)}"'
    head = "".join(h if h.startswith("<th") else f"<th>{h}</th>" for h in headers)
    return f'<div class="table-wrap"><table{attrs}><thead><tr>{head}</tr></thead><tbody>' + "".join(rows) + \
        "</tbody></table></div>"


def provenance(items: dict[str, object], title: str = "Provenance", open_: bool = False) -> str:
    """A definition list of where the numbers came from, collapsed unless `open_`."""
    rows = "".join(f"<dt>{esc(str(k))}</dt><dd>{esc(str(v))}</dd>" for k, v in items.items() if v not in (None, ""))
    if open_:  # shown under its own heading
        return f'<dl class="prov provenance">{rows}</dl>'
    return f'<details class="provenance"><summary>{esc(title)}</summary><dl class="prov">{rows}</dl></details>'


def digests_block(digests: dict[str, str], title: str = "task digests") -> str:
    """Task digests as a collapsed list (there may be hundreds)."""
    rows = "".join(f"<dt>{esc(t)}</dt><dd>{esc(d)}</dd>" for t, d in sorted(digests.items()))
    return f'<details><summary>{esc(title)} ({len(digests)})</summary><dl class="prov">{rows}</dl></details>'


def slug(text: str, limit: int = 80) -> str:
    """A file-name-safe form of `text`."""
    out = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return (out or "x")[:limit]
