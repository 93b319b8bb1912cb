"""render: summary.json to report.md and a self-contained static site (site/index.html + one page per run).

    python -m bench.render results/<run>/summary.json --out results/<run>/

Pages open from file:// with no network (the stylesheet and script sit in site/assets/). Agent output is
always escaped; only repo-authored text (task prompts) passes through Markdown.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import threading
from collections import defaultdict
from pathlib import Path
from typing import Sequence

from bench.common import schema
from bench.common.charts import distribution_chart, interval_chart
from bench.common.errors import UserError
from bench.common.records import write_text_atomic
from bench.common.runpage import confirmed, run_html
from bench.common.site import (OUTCOME_LABEL, digests_block, duration, esc, heat, legend, num, page, pass_k, pct, pip,
                               provenance, table, write_assets)
from bench.common.stage import ArgumentParser, log, run_main
from bench.common.summary import load_summary

MATRIX_PAGE_ROWS = 50
# Below this many runs the pages are written in this process: starting workers would cost more than it saves.
PARALLEL_MIN_RUNS = 400


def run_page_name(run: dict) -> str:
    """A stable, unique file name for a run's page."""
    key = f"{run['run_id']}|{run['agent']['name']}|{run['model']['id']}"
    return f"{run['task_id']}-{run['rep']}-{hashlib.sha1(key.encode()).hexdigest()[:8]}.html"


def calib_notes(summary: dict) -> list[tuple[bool, str]]:
    """(setup broken?, message) for every group whose calibration tasks failed at all."""
    notes = []
    for g in summary["groups"]:
        failing = [t for t in summary["tasks"] if t["agent"] == g["agent"] and t["model"] == g["model"]
                   and t["category"] == "calib" and t["n"] and t["c"] < t["n"]]
        if g["calib"]["broken"]:
            notes.append((True, f"{g['agent']} × {g['model']}: every calibration task failed. The setup is broken "
                                "(wrong model name, server misconfigured, agent unable to edit files), not the model: "
                                "fix it before reading these scores."))
        elif failing:
            notes.append((False, f"{g['agent']} × {g['model']}: calibration task(s) failed: " + ", ".join(
                f"{t['task_id']} ({t['n'] - t['c']}/{t['n']} runs)" for t in failing) + ". Check the setup."))
    return notes


# ---------------------------------------------------------------- Markdown report

def _md(text: str) -> str:
    return str(text).replace("|", "\\|")


def markdown_report(summary: dict) -> str:
    """The run report as Markdown."""
    groups = summary["groups"]
    lines = ["# LocalAgentBench report", "",
             f"Runs {', '.join(summary['run_ids']) or '(none)'} · harness {summary['harness_version']} · "
             f"{len(summary['runs'])} graded run(s)", ""]
    notes = [f"> **{'Setup is broken' if bad else 'Calibration'}:** {text}" for bad, text in calib_notes(summary)]
    notes += [f"> **Warning:** {w}" for w in summary["warnings"]]
    lines += notes + ([""] if notes else [])
    lines += ["## Results", "",
              "| Agent | Model | pass@1 | 95% CI | pass@k | Held-out confirmed | Overfit | Infra errors | "
              "Median latency | Tokens in / out | Tool calls (failed) |",
              "|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|"]
    for g in groups:
        lo, hi = g["pass_at_1_ci"]
        pk = ", ".join(f"@{k} {pct(v)}" for k, v in g["pass_at_k"].items())
        c = g["costs"]
        lines.append(
            f"| {_md(g['agent'])} | {_md(g['model'])} | {pct(g['pass_at_1'])} | {pct(lo)} – {pct(hi)} | {pk} | "
            f"{g['heldout_confirmed']}/{g['heldout_checked']} | {g['overfit']} | {g['infra_errors']} | "
            f"{duration(g['latency']['median_s'])} | {num(c['tokens_in'])} / {num(c['tokens_out'])} | "
            f"{num(c['tool_calls'])} ({num(c['failed_tool_calls'])}) |")
    lines += ["", "## Per task", "", "| Task | Category | Difficulty | " +
              " | ".join(f"{_md(g['agent'])} × {_md(g['model'])}" for g in groups) + " |",
              "|---|---|---|" + "---|" * len(groups)]
    cells = {(t["task_id"], t["agent"], t["model"]): t for t in summary["tasks"]}
    meta = {t["task_id"]: t for t in summary["tasks"]}
    for task_id in sorted(meta):
        row = [task_id, meta[task_id]["category"], meta[task_id]["difficulty"]]
        for g in groups:
            t = cells.get((task_id, g["agent"], g["model"]))
            row.append("–" if t is None else f"{t['c']}/{t['n']} " + ", ".join(OUTCOME_LABEL[o] for o in t["outcomes"]))
        lines.append("| " + " | ".join(row) + " |")
    cats = sorted({c for g in groups for c in g["categories"]})
    lines += ["", "## Per category", "", "| Agent | Model | " + " | ".join(cats) + " |",
              "|---|---|" + "---:|" * len(cats)]
    for g in groups:
        lines.append(f"| {_md(g['agent'])} | {_md(g['model'])} | " + " | ".join(
            pct(g["categories"][c]["pass_at_1"]) if c in g["categories"] else "–" for c in cats) + " |")
    lines += ["", "## Provenance", ""]
    for g in groups:
        lines.append(f"- {_md(g['agent'])} × {_md(g['model'])}: agent version "
                     f"{', '.join(v for v in g['agent_version'] if v) or 'unknown'}, sandbox {', '.join(g.get('sandbox', []))}, "
                     f"concurrency --jobs {', '.join(str(j) for j in g.get('jobs', [1]))}"
                     + (f", model load {g['load_s']} s (untimed warm-up)" if g.get("load_s") is not None else ""))
    lines.append(f"- task digests: {len(summary['task_digests'])} task(s); see summary.json")
    lines += ["", "Metric definitions: METHODOLOGY.md.", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------- HTML site

def _footer(summary: dict) -> str:
    return (f"LocalAgentBench {esc(summary['harness_version'])} · runs {esc(', '.join(summary['run_ids']))} · "
            "numbers defined in METHODOLOGY.md")


def _group_provenance(summary: dict, by_group: dict[tuple[str, str], list[dict]]) -> str:
    items: dict[str, object] = {"harness": summary["harness_version"], "run ids": ", ".join(summary["run_ids"])}
    for g in summary["groups"]:
        runs = by_group.get((g["agent"], g["model"]), [])
        models = sorted({json.dumps(r["model"], sort_keys=True) for r in runs})
        options = sorted({json.dumps(r.get("options") or {}, sort_keys=True) for r in runs})
        flags = defaultdict(int)
        for r in runs:
            for f in r.get("flags", []):
                flags[f] += 1
        label = f"{g['agent']} × {g['model']}"
        items[f"{label}: agent version"] = ", ".join(v for v in g["agent_version"] if v) or "unknown"
        items[f"{label}: model"] = "; ".join(models)
        items[f"{label}: sandbox"] = ", ".join(g.get("sandbox", []))
        items[f"{label}: concurrency"] = "--jobs " + ", ".join(str(j) for j in g.get("jobs", [1]))
        if g.get("load_s") is not None:
            items[f"{label}: model load"] = f"{g['load_s']} s (untimed warm-up, not charged to any task)"
        items[f"{label}: options"] = "; ".join(options)
        items[f"{label}: run flags"] = ", ".join(f"{f} ({n})" for f, n in sorted(flags.items())) or "none"
    return provenance(items, title="harness, agents, models, sandbox, options", open_=True) + \
        digests_block(summary["task_digests"])


def index_html(summary: dict, pages: dict[int, str] | None = None, compare_pages: Sequence[str] = ()) -> str:
    """The run site's front page: pass-rate chart, results, task matrix, categories, distributions, provenance."""
    pages = pages if pages is not None else {id(r): run_page_name(r) for r in summary["runs"]}
    groups = summary["groups"]
    by_group: dict[tuple[str, str], list[dict]] = defaultdict(list)
    by_cell: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for run in summary["runs"]:
        by_group[(run["agent"]["name"], run["model"]["id"])].append(run)
        by_cell[(run["task_id"], run["agent"]["name"], run["model"]["id"])].append(run)
    n_tasks = len(summary["task_digests"])
    parts = ["<h1>Evaluation report</h1>",
             f'<p class="sub">{len(groups)} agent × model group(s) · {n_tasks} task(s) · {len(summary["runs"]):,} graded '
             f'run(s) · runs {esc(", ".join(summary["run_ids"]) or "(none)")}</p>']
    parts += [f'<div class="alert{" bad" if bad else ""}">{"<strong>Setup is broken.</strong> " if bad else ""}'
              f"{esc(text)}</div>" for bad, text in calib_notes(summary)]
    parts += [f'<div class="alert">{esc(w)}</div>' for w in summary["warnings"]]
    parts.append("<h2>Pass rate</h2>")
    parts.append(interval_chart(
        [{"label": f"{g['agent']} × {g['model']}", "value": g["pass_at_1"], "lo": g["pass_at_1_ci"][0],
          "hi": g["pass_at_1_ci"][1]} for g in groups],
        label="pass@1 per agent × model with 95% interval", id_="pass-chart"))
    parts.append('<p class="muted">Bar: pass@1 (mean over tasks). Whisker: 95% Wilson interval, tasks as the trials.</p>')
    rows = []
    for g in groups:
        c, lo, hi = g["costs"], *g["pass_at_1_ci"]
        rows.append(
            f"<tr><td>{esc(g['agent'])}</td><td>{esc(g['model'])}</td><td class=num><b>{pct(g['pass_at_1'])}</b><br>"
            f"<small class=muted>{pct(lo)} – {pct(hi)}</small></td>"
            f"<td>{pass_k(g['pass_at_k'])}</td>"
            f"<td class=num>{g['heldout_confirmed']}/{g['heldout_checked']}</td><td class=num>{g['overfit']}</td>"
            f"<td class=num>{g['infra_errors']}</td><td class=num>{duration(g['latency']['median_s'])}</td>"
            f"<td class=num>{num(c['tokens_in'])} / {num(c['tokens_out'])}</td>"
            f"<td class=num>{num(c['tool_calls'])} ({num(c['failed_tool_calls'])})</td></tr>")
    parts.append(table(["Agent", "Model", '<th class="num">pass@1 (95% CI)</th>', "pass@k",
                        '<th class="num">Held-out confirmed</th>', '<th class="num">Overfit</th>',
                        '<th class="num">Infra errors</th>', '<th class="num">Median latency</th>',
                        '<th class="num">Tokens in / out</th>', '<th class="num">Tool calls (failed)</th>'],
                       rows, id_="results"))
    parts.append("<h2>Tasks</h2>" + legend())
    meta = {t["task_id"]: t for t in summary["tasks"]}
    rows = []
    for task_id in sorted(meta):
        t = meta[task_id]
        cells, seen = [], set()
        for g in groups:
            runs = sorted(by_cell.get((task_id, g["agent"], g["model"]), []), key=lambda r: r["rep"])
            seen.update(r["outcome"] for r in runs)
            ok = sum(1 for r in runs if r["success"])
            cells.append("<td>" + "".join(pip(r["outcome"], f"runs/{pages[id(r)]}", f"{task_id} rep {r['rep']}",
                                              confirmed(r)) for r in runs) +
                         (f'<span class="cn">{ok}/{len(runs)}</span>' if runs else '<span class="muted">–</span>') + "</td>")
        rows.append(f'<tr data-o="{esc(" ".join(sorted(seen)))}" data-text="{esc(task_id)} {esc(t["category"])}">'
                    f"<td>{esc(task_id)}</td><td class=opt>{esc(t['category'])}</td><td class=opt>{esc(t['difficulty'])}</td>"
                    f"<td class=opt>{'yes' if t.get('has_heldout') else 'no'}</td>" + "".join(cells) + "</tr>")
    parts.append(table(["Task", '<th class="opt">Category</th>', '<th class="opt">Difficulty</th>', '<th class="opt">Held-out</th>'] +
                       [f"{esc(g['agent'])} × {esc(g['model'])}" for g in groups], rows,
                       id_="matrix", paged=MATRIX_PAGE_ROWS, filter_label="Filter tasks"))
    cats = sorted({c for g in groups for c in g["categories"]})
    parts.append("<h2>Per category</h2>")
    parts.append(table(["Agent × model"] + [f'<th class="num">{esc(c)}</th>' for c in cats], [
        f"<tr><td>{esc(g['agent'])} × {esc(g['model'])}</td>" + "".join(
            heat(g["categories"][c]["pass_at_1"]) if c in g["categories"] else heat(None) for c in cats) + "</tr>"
        for g in groups], id_="categories"))
    parts.append('<h2>Latency and tokens</h2><div class="charts"><div><h3>Agent wall time per run</h3>')
    scored = {k: [r for r in v if r["outcome"] != "infra_error"] for k, v in by_group.items()}
    parts.append(distribution_chart([(f"{g['agent']} × {g['model']}", [r["agent"]["wall_s"] for r in
                                      scored.get((g["agent"], g["model"]), [])]) for g in groups],
                                    fmt=duration, label="agent wall time per run", id_="latency-chart"))
    parts.append("</div><div><h3>Tokens per run (in + out)</h3>")
    parts.append(distribution_chart([(f"{g['agent']} × {g['model']}", [
        r["agent"]["tokens_in"] + (r["agent"]["tokens_out"] or 0) for r in scored.get((g["agent"], g["model"]), [])
        if r["agent"].get("tokens_in") is not None]) for g in groups],
        fmt=lambda v: f"{v:,.0f}", label="tokens per run", id_="tokens-chart"))
    parts.append("</div></div>")
    if compare_pages:
        parts.append("<h2>Comparisons</h2><ul class=links>" + "".join(
            f'<li><a href="{esc(p)}">{esc(p.removesuffix(".html"))}</a></li>' for p in compare_pages) + "</ul>")
    parts.append("<h2>Provenance</h2>" + _group_provenance(summary, by_group))
    return page("LocalAgentBench report", "report", "\n".join(parts), home="index.html", footer=_footer(summary),
                assets="assets/")


def _write_pages(jobs: Sequence[tuple[dict, str, str]], runs_dir: Path, footer: str) -> int:
    """Write run pages (run, file name, repetition links) into runs_dir."""
    for run, name, siblings_html in jobs:
        write_text_atomic(runs_dir / name, run_html(run, runs_dir, footer=footer, siblings_html=siblings_html))
    return len(jobs)


_FORKED: tuple = ()  # what forked workers inherit: (jobs, runs_dir, footer); never pickled


def _write_slice(bounds: tuple[int, int]) -> int:
    jobs, runs_dir, footer = _FORKED
    return _write_pages(jobs[bounds[0]:bounds[1]], runs_dir, footer)


def _write_all_pages(jobs: list[tuple[dict, str, str]], runs_dir: Path, footer: str, workers: int) -> None:
    """Write every run page, in forked worker processes when there are many and it is safe to fork."""
    global _FORKED
    # Building 10,000 independent pages is CPU-bound, so it is spread over processes, but only by fork:
    # inherited memory needs no pickling, and unlike spawn it never re-imports the caller's main module.
    # Forking a process that has other threads can deadlock, so then (and off POSIX) pages are written here.
    can_fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    if workers <= 1 or len(jobs) < PARALLEL_MIN_RUNS or not can_fork:
        _write_pages(jobs, runs_dir, footer)
        return
    step = -(-len(jobs) // (workers * 4))
    bounds = [(i, min(i + step, len(jobs))) for i in range(0, len(jobs), step)]
    _FORKED = (jobs, runs_dir, footer)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            pool.map(_write_slice, bounds, chunksize=1)
    except OSError as exc:  # no processes to be had (limits): same pages, one process
        log(f"render: worker processes unavailable ({exc.strerror or exc}); writing the pages in this process")
        _write_pages(jobs, runs_dir, footer)
    finally:
        _FORKED = ()


def render(summary: dict, out_dir: Path, jobs: int | None = None) -> dict[str, str]:
    """Write report.md and site/ under `out_dir`; return their paths. `jobs`: worker processes (default: CPUs)."""
    schema.check(summary, "summary", where="summary")
    out_dir = Path(out_dir)
    site = out_dir / "site"
    report = out_dir / "report.md"
    try:
        (site / "runs").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out_dir}: cannot write the report ({exc.strerror}); choose a writable --out") from None
    # Names and groupings computed once: with 10,000 runs anything per-run-per-run is too slow.
    pages = {id(r): run_page_name(r) for r in summary["runs"]}
    cells: dict[tuple, list[dict]] = defaultdict(list)
    for run in summary["runs"]:
        cells[(run["task_id"], run["agent"]["name"], run["model"]["id"])].append(run)
    siblings = {}
    for key, runs in cells.items():
        runs.sort(key=lambda r: r["rep"])
        siblings[key] = "".join(pip(r["outcome"], pages[id(r)], f"rep {r['rep']}", confirmed(r)) for r in runs) \
            if len(runs) > 1 else ""
    write_assets(site)
    write_text_atomic(report, markdown_report(summary))
    compare_pages = sorted(p.name for p in site.glob("compare-*.html"))
    write_text_atomic(site / "index.html", index_html(summary, pages, compare_pages))
    work = [(r, pages[id(r)], siblings[(r["task_id"], r["agent"]["name"], r["model"]["id"])]) for r in summary["runs"]]
    _write_all_pages(work, site / "runs", _footer(summary), jobs if jobs is not None else min(os.cpu_count() or 1, 16))
    return {"report": str(report.resolve()), "site": str((site / "index.html").resolve())}


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.render", description=__doc__.split("\n")[0])
    parser.add_argument("summary", help="summary.json (or - for stdin)")
    parser.add_argument("--out", required=True, help="directory for report.md and site/")
    parser.add_argument("--jobs", type=int, default=None, help="processes writing run pages (default: one per CPU)")
    args = parser.parse_args(argv)
    paths = render(load_summary(args.summary, rescore_hint="python -m bench.score"), Path(args.out), args.jobs)
    print(json.dumps(paths))
    log(f"render: report at {paths['report']}, site at {paths['site']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.render`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
