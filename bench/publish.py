"""publish: build the leaderboard site from every promoted entry (leaderboard/entries/*.json).

    python -m bench.publish [leaderboard] [--out leaderboard/site]

The site is static and self-contained (opens from file://, no network): index.html ranks every
agent x model group of every entry by pass@1 with its 95% interval and shows the per-task matrix across
entries; entries/<name>.html holds one entry's detail and provenance. `nox -s site` runs this;
.github/workflows/pages.yml publishes the result.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Sequence

from bench.common import schema
from bench.common.charts import interval_chart
from bench.common.errors import UserError
from bench.common.records import write_text_atomic
from bench.common.site import (digests_block, duration, esc, heat, legend, num, page, pass_k, pct, pip, provenance, table,
                               write_assets)
from bench.common.stage import ArgumentParser, log, run_main

MATRIX_PAGE_ROWS = 50


def load_entries(leaderboard: Path) -> list[dict]:
    """Every entry under leaderboard/entries/, validated; newest first, then by name."""
    folder = Path(leaderboard) / "entries"
    if not folder.is_dir():
        raise UserError(f"{folder}: no entries folder; promote a run first with `localagentbench promote RUN --name NAME`")
    entries = []
    for path in sorted(folder.glob("*.json")):
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise UserError(f"{path}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
        schema.check(entry, "leaderboard-entry", where=str(path))
        if entry["name"] != path.stem:
            raise UserError(f"{path}: name: {entry['name']!r} differs from the file name; rename one to match")
        entries.append(entry)
    entries.sort(key=lambda e: e["name"])
    entries.sort(key=lambda e: e["date"], reverse=True)
    return entries


def ranking(entries: list[dict]) -> list[tuple[dict, dict]]:
    """(entry, group) pairs, best first: by pass@1, then the interval's lower bound, then name."""
    rows = [(e, g) for e in entries for g in e["groups"]]
    return sorted(rows, key=lambda eg: (-eg[1]["pass_at_1"], -eg[1]["pass_at_1_ci"][0], eg[0]["name"], eg[1]["agent"],
                                        eg[1]["model"]))


def _who(entry: dict, group: dict) -> str:
    return f"{group['agent']} × {group['model']}"


def _entry_href(entry: dict, prefix: str = "entries/") -> str:
    return f"{prefix}{entry['name']}.html"


def _footer(entries: list[dict]) -> str:
    versions = sorted({e["harness_version"] for e in entries})
    return f"LocalAgentBench leaderboard · harness {esc(', '.join(versions))} · numbers defined in METHODOLOGY.md"


def leaderboard_html(entries: list[dict]) -> str:
    """The leaderboard's front page: ranking with intervals, the per-task matrix, links to entry pages."""
    ranked = ranking(entries)
    if not entries:
        return page("LocalAgentBench leaderboard", "leaderboard", "<h1>Leaderboard</h1><p>No entries yet: promote a run "
                    "with <code>localagentbench promote RUN --name NAME</code>, then build with <code>nox -s site</code>.</p>",
                    home="index.html", footer="LocalAgentBench leaderboard", assets="assets/")
    parts = ["<h1>Leaderboard</h1>",
             f'<p class="sub">{len(entries)} entr{"y" if len(entries) == 1 else "ies"} · {len(ranked)} agent × model '
             "group(s) · ranked by pass@1; overlapping intervals mean the order between them is not settled</p>"]
    digest_sets = Counter(json.dumps(e["task_digests"], sort_keys=True) for e in entries)
    if len(digest_sets) > 1:
        parts.append('<div class="alert">Entries were run on different task versions (task digests differ): '
                     "compare them with care; cells marked ≠ ran a task at another version than most entries.</div>")
    for e, g in ranked:
        if g["calib"]["broken"]:
            parts.append(f'<div class="alert bad"><strong>Setup is broken.</strong> {esc(e["name"])}: {esc(_who(e, g))} '
                         "failed every calibration task; its score measures the setup, not the model.</div>")
    parts.append("<h2>Ranking</h2>" + interval_chart(
        [{"label": f"{_who(e, g)} · {e['name']}", "value": g["pass_at_1"], "lo": g["pass_at_1_ci"][0],
          "hi": g["pass_at_1_ci"][1], "href": _entry_href(e)} for e, g in ranked],
        label="pass@1 with 95% interval per entry", id_="rank-chart"))
    rows = []
    for i, (e, g) in enumerate(ranked, start=1):
        c = g["costs"]
        per_run = c.get("tokens_in_per_run")
        rows.append(
            f"<tr><td class=num>{i}</td><td class=nw><a href=\"{esc(_entry_href(e))}\">{esc(e['name'])}</a></td>"
            f"<td>{esc(g['agent'])}</td><td>{esc(g['model'])}</td><td class=num><b>{pct(g['pass_at_1'])}</b><br>"
            f"<small class=muted>{pct(g['pass_at_1_ci'][0])} – {pct(g['pass_at_1_ci'][1])}</small></td>"
            f"<td>{pass_k(g['pass_at_k'])}</td>"
            f"<td class=num>{g['heldout_confirmed']}/{g['heldout_checked']}</td><td class=num>{g['overfit']}</td>"
            f"<td class=num>{g['infra_errors']}</td><td class=num>{duration(g['latency']['median_s'])}</td>"
            f"<td class=num>{num(per_run)}</td><td class=num>{g['n_tasks']}</td><td>{esc(e['date'])}</td></tr>")
    parts.append(table(['<th class="num">#</th>', "Entry", "Agent", "Model", '<th class="num">pass@1 (95% CI)</th>',
                        "pass@k", '<th class="num">Held-out confirmed</th>',
                        '<th class="num">Overfit</th>', '<th class="num">Infra errors</th>',
                        '<th class="num">Median latency</th>', '<th class="num">Tokens in / run</th>',
                        '<th class="num">Tasks</th>', "Date"], rows, id_="ranking"))
    parts.append("<h2>Tasks across entries</h2>" + _matrix(entries, ranked))
    parts.append("<h2>Entries</h2><ul class=links>" + "".join(
        f'<li><a href="{esc(_entry_href(e))}">{esc(e["name"])}</a> · {esc(e["date"])} · '
        f'{esc(", ".join(_who(e, g) for g in e["groups"]))}</li>' for e in entries) + "</ul>")
    prov: dict[str, object] = {}
    for e in entries:
        prov[e["name"]] = (f"{e['date']} · harness {e['harness_version']} · runs {', '.join(e['run_ids'])} · " + "; ".join(
            f"{_who(e, g)}: agent {', '.join(v for v in g['agent_version'] if v) or 'unknown'}, model "
            f"{', '.join(json.dumps(m, sort_keys=True) for m in g['model_info'])}, sandbox {', '.join(g['sandbox'])}"
            for g in e["groups"]))
    digests: dict[str, str] = {}
    for e in entries:
        for task, digest in e["task_digests"].items():
            digests[task] = digest if digests.get(task, digest) == digest else "several versions (see entry pages)"
    parts.append("<h2>Provenance</h2>" + provenance(prov, open_=True) + digests_block(digests))
    return page("LocalAgentBench leaderboard", "leaderboard", "\n".join(parts), home="index.html",
                footer=_footer(entries), assets="assets/")


def _matrix(entries: list[dict], ranked: list[tuple[dict, dict]]) -> str:
    # The usual digest of a task across entries; a cell run at another one is marked, never silently mixed.
    usual = {}
    for task in {t for e in entries for t in e["task_digests"]}:
        usual[task] = Counter(e["task_digests"][task] for e in entries if task in e["task_digests"]).most_common(1)[0][0]
    cells = {(e["name"], g["agent"], g["model"], t["task_id"]): (e, t) for e, g in ranked for t in g["tasks"]}
    meta = {t["task_id"]: t for _, g in ranked for t in g["tasks"]}
    rows = []
    for task_id in sorted(meta):
        tds, seen = [], set()
        for e, g in ranked:
            hit = cells.get((e["name"], g["agent"], g["model"], task_id))
            if hit is None:
                tds.append('<td class="num muted">–</td>')
                continue
            t = hit[1]
            seen.update(t["outcomes"])
            other = e["task_digests"].get(task_id) != usual[task_id]
            mark = ' <span title="run at a different task version">≠</span>' if other else ""
            tds.append(heat(t["pass_at_1"]).replace("</td>", f'<span class="cn">{t["c"]}/{t["n"]}</span>{mark}</td>'))
        rows.append(f'<tr data-o="{esc(" ".join(sorted(seen)))}" data-text="{esc(task_id)} {esc(meta[task_id]["category"])}">'
                    f"<td>{esc(task_id)}</td><td class=opt>{esc(meta[task_id]['category'])}</td>" + "".join(tds) + "</tr>")
    heads = ["Task", '<th class="opt">Category</th>'] + [
        f'<th class="num"><a href="{esc(_entry_href(e))}">{esc(e["name"])}</a><br><small>{esc(_who(e, g))}</small></th>'
        for e, g in ranked]
    return ('<p class="muted">Each cell: the task\'s pass@1 (shaded) and successes / scored runs.</p>' +
            table(heads, rows, id_="matrix", paged=MATRIX_PAGE_ROWS, filter_label="Filter tasks"))


def entry_html(entry: dict) -> str:
    """One entry's page: its groups, per-category and per-task results, provenance."""
    groups = entry["groups"]
    parts = [f"<h1>{esc(entry['name'])}</h1>",
             f'<p class="sub">{esc(entry["date"])} · {entry["n_tasks"]} task(s) · runs {esc(", ".join(entry["run_ids"]))}</p>']
    parts += [f'<div class="alert">{esc(w)}</div>' for w in entry["warnings"]]
    parts.append("<h2>Pass rate</h2>" + interval_chart(
        [{"label": _who(entry, g), "value": g["pass_at_1"], "lo": g["pass_at_1_ci"][0], "hi": g["pass_at_1_ci"][1]}
         for g in groups], label="pass@1 with 95% interval", id_="pass-chart"))
    parts.append(table(["Agent", "Model", '<th class="num">pass@1</th>', '<th class="num">95% CI</th>', "pass@k",
                        '<th class="num">Held-out confirmed</th>', '<th class="num">Overfit</th>',
                        '<th class="num">Infra errors</th>', '<th class="num">Median latency</th>',
                        '<th class="num">Tokens in / out</th>'], [
        f"<tr><td>{esc(g['agent'])}</td><td>{esc(g['model'])}</td><td class=num>{pct(g['pass_at_1'])}</td>"
        f"<td class=num>{pct(g['pass_at_1_ci'][0])} – {pct(g['pass_at_1_ci'][1])}</td><td>{pass_k(g['pass_at_k'])}</td>"
        f"<td class=num>{g['heldout_confirmed']}/{g['heldout_checked']}</td><td class=num>{g['overfit']}</td>"
        f"<td class=num>{g['infra_errors']}</td><td class=num>{duration(g['latency']['median_s'])}</td>"
        f"<td class=num>{num(g['costs']['tokens_in'])} / {num(g['costs']['tokens_out'])}</td></tr>" for g in groups],
        id_="results"))
    cats = sorted({c for g in groups for c in g["categories"]})
    parts.append("<h2>Per category</h2>" + table(["Agent × model"] + [f'<th class="num">{esc(c)}</th>' for c in cats], [
        f"<tr><td>{esc(_who(entry, g))}</td>" + "".join(
            heat(g["categories"][c]["pass_at_1"]) if c in g["categories"] else heat(None) for c in cats) + "</tr>"
        for g in groups], id_="categories"))
    by_task = {(g["agent"], g["model"], t["task_id"]): t for g in groups for t in g["tasks"]}
    meta = {t["task_id"]: t for g in groups for t in g["tasks"]}
    rows = []
    for task_id in sorted(meta):
        tds, seen = [], set()
        for g in groups:
            t = by_task.get((g["agent"], g["model"], task_id))
            if t is None:
                tds.append('<td class="muted">–</td>')
                continue
            seen.update(t["outcomes"])
            # Runs in an entry have no pages; which passes were held-out confirmed is known by count only.
            left = t["heldout_confirmed"]
            pips = []
            for i, o in enumerate(t["outcomes"]):
                ring = o == "passed" and left > 0
                left -= ring
                pips.append(pip(o, None, f"{task_id} run {i + 1}", ring))
            tds.append(f"<td>{''.join(pips)}<span class=cn>{t['c']}/{t['n']}</span></td>")
        rows.append(f'<tr data-o="{esc(" ".join(sorted(seen)))}" data-text="{esc(task_id)} {esc(meta[task_id]["category"])}">'
                    f"<td>{esc(task_id)}</td><td class=opt>{esc(meta[task_id]['category'])}</td>" + "".join(tds) + "</tr>")
    parts.append("<h2>Tasks</h2>" + legend() + table(["Task", '<th class="opt">Category</th>'] +
                                                     [esc(_who(entry, g)) for g in groups], rows, id_="matrix",
                                                     paged=MATRIX_PAGE_ROWS, filter_label="Filter tasks"))
    prov: dict[str, object] = {"harness": entry["harness_version"], "run ids": ", ".join(entry["run_ids"])}
    for g in groups:
        who = _who(entry, g)
        prov[f"{who}: agent version"] = ", ".join(v for v in g["agent_version"] if v) or "unknown"
        prov[f"{who}: model"] = "; ".join(json.dumps(m, sort_keys=True) for m in g["model_info"])
        prov[f"{who}: sandbox"] = ", ".join(g["sandbox"])
        prov[f"{who}: options"] = "; ".join(json.dumps(o, sort_keys=True) for o in g["options"])
    parts.append("<h2>Provenance</h2>" + provenance(prov, open_=True) + digests_block(entry["task_digests"]))
    return page(f"{entry['name']} · LocalAgentBench leaderboard", f"/ {entry['name']}", "\n".join(parts),
                home="../index.html", footer=_footer([entry]), assets="../assets/")


def publish(entries: list[dict], out_dir: Path) -> dict[str, str]:
    """Write the leaderboard site (index.html, entries/<name>.html, assets/) under `out_dir`."""
    out_dir = Path(out_dir)
    try:
        (out_dir / "entries").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out_dir}: cannot write the site ({exc.strerror}); choose a writable --out") from None
    write_assets(out_dir)
    # GitHub Pages runs Jekyll on what it serves unless told not to; this site is already final HTML.
    write_text_atomic(out_dir / ".nojekyll", "")
    write_text_atomic(out_dir / "index.html", leaderboard_html(entries))
    for entry in entries:
        write_text_atomic(out_dir / "entries" / f"{entry['name']}.html", entry_html(entry))
    return {"site": str((out_dir / "index.html").resolve()), "entries": str(len(entries))}


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.publish", description=__doc__.split("\n")[0])
    parser.add_argument("leaderboard", nargs="?", default="leaderboard", help="the leaderboard directory (default: leaderboard)")
    parser.add_argument("--out", default=None, help="where to write the site (default: LEADERBOARD/site)")
    args = parser.parse_args(argv)
    entries = load_entries(Path(args.leaderboard))
    result = publish(entries, Path(args.out) if args.out else Path(args.leaderboard) / "site")
    print(json.dumps(result))
    log(f"publish: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} -> {result['site']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.publish` (and `nox -s site`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
