"""HTML pieces every page of the static sites shares: the page shell, badges, pips, tables, provenance, the
marks on synthetic figures, and the run index's Comparisons section (which `compare` extends).

Pages open from file:// with no network: the stylesheet and script come from site-template/ and are
either written once into the site's assets/ folder (many pages) or inlined (a lone page). Every value
that did not come from this repository is escaped with `esc`.
"""
from __future__ import annotations

import functools
import html
import math
import re
import string
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import quote

from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import SITE_TEMPLATE_DIR
from bench.common.records import real_dir, write_text_atomic
from bench.common.stage import log
from bench.common.summary import MODEL_CALL_COLUMNS, MODEL_CALLS_NOTE, SYNTHETIC_FIGURES, mode_note, model_calls_cells


@functools.lru_cache(maxsize=1)
def _unshown() -> re.Pattern:
    """Characters a page must not pass through as they are: controls (Unicode category Cc, but tab and line
    breaks) and the explicit bidirectional embeddings, overrides and isolates (which make text read in another
    order than it is written: a name could show as another). Decided from the Unicode database."""
    explicit = {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
    chars = [chr(c) for c in range(0x10000) if (unicodedata.category(chr(c)) == "Cc" and chr(c) not in "\t\n\r")
             or unicodedata.bidirectional(chr(c)) in explicit]
    return re.compile("[" + "".join(re.escape(c) for c in chars) + "]")


def esc(text: str, quote: bool = True) -> str:
    """`text` for HTML (html.escape), with control and bidirectional-override characters written as visible
    escapes (\\u202e): what an agent wrote is shown as it is, never reordered or hidden."""
    out = html.escape(text, quote)
    if out.isascii() and out.isprintable():
        return out
    return _unshown().sub(lambda m: f"\\u{ord(m.group()):04x}", out)

def name_html(text: str) -> str:
    """An agent or model name for a narrow table cell: escaped, with a line-break opportunity after each / and :
    (ollama/qwen2.5-coder:32b wraps at its parts, not inside them)."""
    return re.sub(r"([/:])", r"\1<wbr>", esc(text))


OUTCOME_LABEL = {"passed": "passed", "failed": "failed", "overfit": "overfit", "agent_timeout": "timeout",
                 "agent_error": "agent error", "task_error": "task error", "oracle_error": "oracle error",
                 "infra_error": "infra error"}
# One glyph per outcome, so the matrix does not rely on colour alone.
OUTCOME_GLYPH = {"passed": "✓", "failed": "✗", "overfit": "!", "agent_timeout": "T", "agent_error": "E",
                 "task_error": "B", "oracle_error": "G", "infra_error": "I"}
# A run of the grid with no verdict: planned but no run.json (missing), or stopped before grading (unfinished).
UNRUN_LABEL = {"missing": "missing (no run.json)", "unfinished": "unfinished (stopped before grading)"}
UNRUN_GLYPH = {"missing": "?", "unfinished": "…"}
# Figures an agent marked synthetic (the mock agent invents its counts and timeline) carry this mark.
SYNTHETIC_MARK = "†"
SYNTHETIC_WHY = ("invented by the agent, which marks its figures synthetic (the mock agent does), not measured; "
                 "wall times, outcomes and grading are real")
SYNTHETIC_NOTE = f"synthetic: {SYNTHETIC_WHY}"
ASSETS = ("style.css", "site.js")


@functools.lru_cache(maxsize=1)
def template() -> tuple[string.Template, str, str]:
    """The page template, stylesheet and script, read once per process (a 10,000-run site has 10,000 pages)."""
    try:
        page = string.Template((SITE_TEMPLATE_DIR / "page.html").read_text(encoding="utf-8"))
        style = (SITE_TEMPLATE_DIR / "style.css").read_text(encoding="utf-8")
        script = (SITE_TEMPLATE_DIR / "site.js").read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{SITE_TEMPLATE_DIR}: site template missing ({exc.strerror}); "
                        "reinstall LocalAgentBench") from None
    return page, style, script


def write_assets(site_dir: Path) -> None:
    """Copy the stylesheet and script into site_dir/assets/, where pages made with `assets=` point."""
    _, style, script = template()
    real_dir(Path(site_dir) / "assets")
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
    """A rate as a percentage ('–' when unknown or not a number)."""
    return f"{100 * x:.{digits}f}%" if real(x) else "–"


def real(x) -> bool:
    """Whether `x` is a number a page can show: an int or a finite float (not a bool, not text)."""
    return type(x) is int or (type(x) is float and math.isfinite(x))


def num(x, unit: str = "") -> str:
    """A count or measurement with thousands separators ('–' when unknown: unknown is not zero; a value that is
    not a number is unknown too)."""
    if not real(x):
        return "–"
    if isinstance(x, float):
        return f"{x:,.1f}{unit}"
    return f"{x:,}{unit}"


def duration(x: float | None) -> str:
    """Seconds with three significant digits ('–' when unknown or not a number): 0.04 s, 12.3 s, 1.2e+03 s."""
    return f"{x:.3g} s" if real(x) else "–"


def badge(outcome: str | None, href: str | None = None, title: str = "", label: str | None = None) -> str:
    """An outcome as a coloured label, optionally a link."""
    text = label if label is not None else OUTCOME_LABEL.get(outcome or "", "–")
    cls = f"badge {outcome_class(outcome)}"
    if href:
        return f'<a class="{cls}" href="{esc(href)}" title="{esc(title)}">{esc(text)}</a>'
    return f'<span class="{cls}" title="{esc(title)}">{esc(text)}</span>'


def outcome_class(outcome: str | None) -> str:
    """The CSS class that colours an outcome."""
    return f"o-{esc(outcome or 'none')}"


MATRIX_PAGE_ROWS = 50  # rows per page of a paged table (the run matrix, the leaderboard's task matrix)


def pip(outcome: str | None, href: str | None, title: str, confirmed: bool = False) -> str:
    """One run as a small square in a matrix: colour and glyph by outcome, ringed when held-out confirmed."""
    cls = f"pip {outcome_class(outcome)}{' hc' if confirmed else ''}"
    glyph = OUTCOME_GLYPH.get(outcome or "", "·")
    label = f"{title} · {OUTCOME_LABEL.get(outcome or '', 'not run')}" + (" · held-out confirmed" if confirmed else "")
    if href:
        return f'<a class="{cls}" href="{esc(href)}" title="{esc(label)}" aria-label="{esc(label)}">{glyph}</a>'
    return f'<span class="{cls}" title="{esc(label)}">{glyph}</span>'


def unrun_pip(status: str, title: str) -> str:
    """A run of the grid with no verdict (`status`: missing or unfinished) as a blank square in a matrix."""
    label = f"{title} · {UNRUN_LABEL[status]}"
    return (f'<span class="pip o-none un-{esc(status)}" title="{esc(label)}" aria-label="{esc(label)}">'
            f"{UNRUN_GLYPH[status]}</span>")


def legend(with_confirmed: bool = True, with_unrun: bool = False) -> str:
    """The key to pips: one per outcome, plus the held-out ring (and, `with_unrun`, the runs with no verdict)."""
    items = [f"<span>{pip(o, None, 'example')}{esc(label)}</span>" for o, label in OUTCOME_LABEL.items()]
    if with_confirmed:
        items.append(f"<span>{pip('passed', None, 'example', True)}passed, held-out tests confirmed</span>")
    if with_unrun:
        items += [f"<span>{unrun_pip(s, 'example')}{esc(label)}</span>" for s, label in UNRUN_LABEL.items()]
    return '<div class="legend">' + "".join(items) + "</div>"


def synthetic_run(run: dict) -> bool:
    """Whether a run's agent marked its figures synthetic (bench/common/summary.py SYNTHETIC_FIGURES lists them)."""
    return ((run.get("agent") or {}).get("extra") or {}).get("synthetic") is True


def synthetic_figure(group: dict, field: str) -> bool:
    """Whether a summary group's figure `field` (tokens_in, tool_calls, ...) was invented by its agent: the group
    has a run its agent marked synthetic (score's `synthetic`) and SYNTHETIC_FIGURES names the figure. The one
    rule behind every synthetic mark on the run site, its report.md and a comparison."""
    return bool(group.get("synthetic")) and field in SYNTHETIC_FIGURES


def syn(marked: bool) -> str:
    """The synthetic mark after a figure ('' for a measured one): a dagger whose tooltip says what it means."""
    if not marked:
        return ""
    return f'<sup class="syn" title="{esc(SYNTHETIC_NOTE)}" aria-label="synthetic">{SYNTHETIC_MARK}</sup>'


def figure_html(value, synthetic: bool) -> str:
    """A count (`num`) with the synthetic mark when its agent invented it; an unknown count ("–") is no figure
    and carries no mark; a value that is not a number shows as unknown, marked so."""
    if value is not None and not real(value):
        return '–<sup class="bad-figure" title="not a number: shown as unknown">?</sup>'
    return esc(num(value)) + syn(synthetic and value is not None)


def syn_note(what: str) -> str:
    """The legend line under figures that carry the synthetic mark; `what` names the figures."""
    return (f'<p class="syn-note muted"><sup class="syn">{SYNTHETIC_MARK}</sup> <b>synthetic</b> ({esc(what)}): '
            f"{esc(SYNTHETIC_WHY)}.</p>")


def rate_html(rate: float | None, ci: list[float] | None) -> str:
    """A pass rate in bold with its 95% interval under it, or "n/a" when there was nothing to rate."""
    if rate is None:
        return '<b class="na" title="no run was scored: nothing to rate">n/a</b>'
    interval = f"{pct(ci[0])} – {pct(ci[1])}" if ci else "–"
    return f"<b>{pct(rate)}</b><br><small class=muted>{interval}</small>"


HELDOUT_NOTE = ("Held-out confirmed: of the runs that passed their visible tests on a task with held-out tests, "
                "those the held-out tests passed too, over all such runs; the others are the overfit ones. A task "
                "without held-out tests is in neither number: its passes are not confirmed, nor failed.")


def without_heldout(tasks: Sequence[dict]) -> int:
    """How many of a group's task rows (the summary's, or a leaderboard entry group's) have no held-out tests
    (score's `has_heldout`; a row that does not say is not counted)."""
    return sum(1 for t in tasks if t.get("has_heldout") is False)


def heldout_text(group: dict, without: int) -> tuple[str, str]:
    """A group's held-out confirmation for people, from score's own fields: ("12/14", "2 tasks without held-out
    tests, not in the 14"): confirmed over checked runs, both only of tasks that have held-out tests
    (HELDOUT_NOTE), and how many tasks have none, said so that those are not read as failed confirmations
    ('' when every task has some)."""
    checked = group["heldout_checked"]
    note = (f"{without} task{'' if without == 1 else 's'} without held-out tests, not in the {checked}"
            if without else "")
    return f"{group['heldout_confirmed']}/{checked}", note


RESULT_HEADERS = {
    "strict": '<th class="num">pass@1 strict (95% CI)</th>', "scored": '<th class="num">pass@1 scored (95% CI)</th>',
    "pass_k": "pass@k", "heldout": '<th class="num">Held-out confirmed</th>', "overfit": '<th class="num">Overfit</th>',
    "infra": '<th class="num">Infra errors</th>', "latency": '<th class="num">Median latency</th>',
    "tokens": '<th class="num">Tokens in / out</th>', "tool_calls": '<th class="num">Tool calls (failed)</th>',
}


def result_cells(group: dict, synthetic: Callable[[str], bool], without: int = 0) -> dict[str, str]:
    """The cells of one agent x model group that every results table shows (the run's site, the leaderboard's
    ranking and entry pages), keyed as RESULT_HEADERS; `synthetic(field)` says whether the group's agent
    invented a cost figure (tokens_in, tool_calls, ...), which then carries the mark; `without`: how many of
    its tasks have no held-out tests (without_heldout)."""
    costs = group["costs"]
    confirmed, note = heldout_text(group, without)
    strict = rate_html(group.get("pass_at_1_strict"), group.get("pass_at_1_strict_ci"))  # absent in old entries

    def fig(field: str) -> str:
        return figure_html(costs.get(field), synthetic(field))

    return {
        "strict": f'<td class="num rate">{strict}</td>',
        "scored": f'<td class="num rate">{rate_html(group["pass_at_1"], group["pass_at_1_ci"])}</td>',
        "pass_k": f"<td>{pass_k(group['pass_at_k']) or 'n/a'}</td>",
        "heldout": f'<td class="num" title="{esc(HELDOUT_NOTE)}">{confirmed}'
                   + (f'<br><small class="muted note">{esc(note)}</small>' if note else "") + "</td>",
        "overfit": f"<td class=num>{group['overfit']}</td>",
        "infra": f"<td class=num>{group['infra_errors']}</td>",
        "latency": f"<td class=num>{esc(duration(group['latency']['median_s']))}</td>",
        # Two figures a cell: the line may break between them (never inside one), so the table fits the page.
        "tokens": f'<td class="num split"><span class=nw>{fig("tokens_in")} /</span> '
                  f'<span class=nw>{fig("tokens_out")}</span></td>',
        "tool_calls": f'<td class="num split"><span class=nw>{fig("tool_calls")}</span> '
                      f'<span class=nw>({fig("failed_tool_calls")})</span></td>',
    }


def model_calls_html(groups: Sequence[dict]) -> str:
    """The groups' model figures (what the recording model proxy measured, summary group["model_calls"]) as a
    table with its note; only groups with a measured run get a row, and '' when no group has one."""
    measured = [g for g in groups if g.get("model_calls")]
    if not measured:
        return ""
    rows = []
    for g in measured:
        cells = model_calls_cells(g["model_calls"])
        rows.append(f"<tr><td>{esc(g['agent'])}</td><td>{esc(g['model'] + mode_note(g))}</td>" + "".join(
            f'<td class="num">{esc(cells[key])}</td>' for key, _ in MODEL_CALL_COLUMNS) + "</tr>")
    headers = ["Agent", "Model", *(f'<th class="num">{esc(header)}</th>' for _, header in MODEL_CALL_COLUMNS)]
    return ('<h2 id="model-calls-heading">Model calls</h2>' + table(headers, rows, id_="model-calls")
            + f'<p class="muted">{esc(MODEL_CALLS_NOTE)}</p>')


def pass_k(values: dict[str, float]) -> str:
    """pass@k for every k, each kept on one line."""
    return " ".join(f'<span class="nw">@{esc(k)} {pct(v)}</span>' for k, v in values.items())


def heat(p: float | None, note: str = "") -> str:
    """A table cell shaded by a rate, with `note` (plain text: an interval, a count) after it."""
    if p is None:
        return '<td class="num muted">–</td>'
    return f'<td class="heat" style="--p:{p:.3f}">{pct(p)}{esc(note)}</td>'


def part_note(part: dict) -> str:
    """What a per-language cell adds to its pass@1: the 95% interval and the number of tasks it is over."""
    ci = part.get("pass_at_1_ci")
    interval = f" ({pct(ci[0])}–{pct(ci[1])})" if ci else ""
    return f"{interval} · {part['n_tasks']} task{'' if part['n_tasks'] == 1 else 's'}"


BY_ATTEMPT_NOTE = ("Runs made with --attempts N: after an attempt whose visible tests failed, the agent ran again in "
                   "the same workdir with their output in its prompt. pass@1 after attempt k (Aider's pass_rate_k) "
                   "counts a run as passed when it passed within k attempts; the last column is pass@1. 95% Wilson "
                   "interval over the scored tasks.")


def by_attempt_cells(group: dict) -> list[str]:
    """A group's pass@1 after each attempt, each with its 95% interval ("40.0% (23.1%–59.3%)"), for as many
    attempts as the group was allowed; [] for a group made with a single attempt."""
    rates, intervals = group.get("pass_at_1_by_attempt") or {}, group.get("pass_at_1_by_attempt_ci") or {}
    return [pct(rates[k]) + (f" ({pct(intervals[k][0])}–{pct(intervals[k][1])})" if intervals.get(k) else "")
            for k in sorted(rates, key=int)]


def by_attempt_html(rows: list[tuple[str, dict]]) -> str:
    """The "pass@1 by attempt" section: one row per (label, group) made with --attempts; "" when none was."""
    made = [(label, g) for label, g in rows if g.get("pass_at_1_by_attempt")]
    if not made:
        return ""
    most = max(len(g["pass_at_1_by_attempt"]) for _, g in made)
    return ("<h2>pass@1 by attempt</h2>" + table(
        ["Agent × model"] + [f'<th class="num">After attempt {k}</th>' for k in range(1, most + 1)],
        [f"<tr><td>{esc(label)}</td>" + "".join(f"<td class=num>{esc(c)}</td>" for c in by_attempt_cells(g))
         + "<td></td>" * (most - len(g["pass_at_1_by_attempt"])) + "</tr>" for label, g in made], id_="by-attempt")
        + f'<p class="muted">{esc(BY_ATTEMPT_NOTE)}</p>')


def breakdown_html(rows: list[tuple[str, dict]], key: str, title: str) -> str:
    """The "Per category" / "Per language" section: one row per (label, group), one shaded column per value of
    `key` ("categories", "languages") any group has; languages also show the interval and the task count."""
    values = sorted({v for _, g in rows for v in g.get(key) or {}})
    if not values:
        return ""

    def cell(g: dict, v: str) -> str:
        part = (g.get(key) or {}).get(v)
        if part is None:
            return heat(None)
        return heat(part["pass_at_1"], part_note(part) if key == "languages" else "")
    return f"<h2>{esc(title)}</h2>" + table(["Agent × model"] + [f'<th class="num">{esc(v)}</th>' for v in values], [
        f"<tr><td>{esc(label)}</td>" + "".join(cell(g, v) for v in values) + "</tr>" for label, g in rows],
        id_=key)


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


def run_problem(run: object) -> str | None:
    """Why a run of the summary cannot have a page ('field: problem'), or None: it must match the run schema
    (with what schema.problems adds) and be graded (an agent and a model section)."""
    if not isinstance(run, dict):
        return f"(run): {type(run).__name__} is not a run record"
    found = schema.problems(run, "run")
    if found:
        return found[0] + (f" (and {len(found) - 1} more)" if len(found) > 1 else "")
    for section in ("agent", "model"):
        if not isinstance(run.get(section), dict):
            return f"{section}: a graded run has {'an' if section == 'agent' else 'a'} {section} object"
    return None


def usable_runs(summary: dict, who: str) -> dict:
    """The summary with only the runs a page can be made of (run_problem): each other one is named in one line
    (its run.json and the field) on stderr, as `who` says it, and in the summary's warnings, and left out of
    the pages made from it (the report, the site, a comparison, a leaderboard entry)."""
    runs, warnings = [], []
    for i, run in enumerate(summary["runs"]):
        problem = run_problem(run)
        if problem is None:
            runs.append(run)
            continue
        paths = run.get("paths") if isinstance(run, dict) else None
        where = (f"{paths['run_dir']}/run.json" if isinstance(paths, dict) and isinstance(paths.get("run_dir"), str)
                 else f"summary runs[{i}]")
        line = f"{where}: {problem}; this run is left out"
        log(f"{who}: error: {line}")
        warnings.append(line)
    if not warnings:
        return summary
    return {**summary, "runs": runs, "warnings": [*summary["warnings"], *warnings]}


# ---------------------------------------------------------------- the run index's Comparisons section

COMPARISONS_BEGIN, COMPARISONS_END = "<!-- comparisons -->", "<!-- /comparisons -->"
_LINKED = re.compile(r'<li data-page="([^"]*)"><a href="[^"]*">(.*?)</a>', re.S)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S | re.I)


def comparisons_html(links: Sequence[tuple[str, str]]) -> str:
    """The index's Comparisons section: a link per (page name, title), between markers that `link_comparison`
    finds again; only the markers when there is no comparison."""
    body = ""
    if links:
        body = '<h2 id="comparisons">Comparisons</h2><ul class="links">' + "".join(
            f'<li data-page="{esc(name)}"><a href="{esc(quote(name))}">{esc(title)}</a> '
            f'<small class="muted">{esc(name)}</small></li>' for name, title in sorted(links)) + "</ul>"
    return COMPARISONS_BEGIN + body + COMPARISONS_END


def _linked(index_text: str) -> dict[str, str]:
    """The comparison pages an index links: page name -> title."""
    start, end = index_text.find(COMPARISONS_BEGIN), index_text.find(COMPARISONS_END)
    if start < 0 or end < start:
        return {}
    return {html.unescape(name): html.unescape(title) for name, title in _LINKED.findall(index_text[start:end])}


def _page_title(path: Path) -> str:
    """A comparison page's <title>, or its file name when it has none."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            found = _TITLE.search(fh.read(64 * 1024))  # the title is in the head
    except OSError:
        found = None
    return html.unescape(found.group(1)).strip() if found and found.group(1).strip() else path.name


def site_comparisons(site_dir: Path) -> list[tuple[str, str]]:
    """The comparison pages the site's index should link, (name, title): those it links now that still exist
    (keeping their titles) and every `compare-*.html` in site_dir (titled by its <title>)."""
    site_dir = Path(site_dir)
    try:
        linked = _linked((site_dir / "index.html").read_text(encoding="utf-8", errors="replace"))
    except OSError:
        linked = {}
    links = {name: title for name, title in linked.items() if Path(name).name == name and (site_dir / name).is_file()}
    for path in sorted(site_dir.glob("compare-*.html")):
        links.setdefault(path.name, _page_title(path))
    return sorted(links.items())


def link_comparison(site_dir: Path, page_name: str, title: str) -> bool:
    """Link the comparison page `page_name` (a file in `site_dir`, where `compare` writes it) from the
    Comparisons section of site_dir/index.html, under `title`.

    Idempotent: a page already linked keeps one link, now with this title. The link survives re-rendering
    (render keeps the links of pages that exist). Returns False, changing nothing, when site_dir has no
    index.html to link from."""
    if not page_name or Path(page_name).name != page_name or page_name in (".", ".."):
        raise ValueError(f"{page_name!r}: a comparison page is a file name in the site directory, not a path")
    index = Path(site_dir) / "index.html"
    try:
        text = index.read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise UserError(f"{index}: cannot read the site index ({exc.strerror})") from None
    links = _linked(text)
    links[page_name] = title
    block = comparisons_html(sorted(links.items()))
    start, end = text.find(COMPARISONS_BEGIN), text.find(COMPARISONS_END)
    if start >= 0 and end >= start:
        updated = text[:start] + block + text[end + len(COMPARISONS_END):]
    else:  # an index rendered without the section: it goes where render puts it, before the provenance
        at = text.find("<h2>Provenance</h2>")
        at = at if at >= 0 else text.find("</main>")
        if at < 0:
            return False
        updated = text[:at] + block + "\n" + text[at:]
    if updated != text:
        try:
            write_text_atomic(index, updated)
        except OSError as exc:
            raise UserError(f"{index}: cannot update the site index ({exc.strerror})") from None
    return True
