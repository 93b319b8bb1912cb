"""render: summary.json to report.md and a self-contained static site (site/index.html + one page per run).

    python -m bench.render results/<run>/summary.json --out results/<run>/

Pages open from file:// with no network (the stylesheet and script sit in site/assets/). Agent output is
always escaped; only repo-authored text (task prompts) passes through Markdown.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import threading
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import writable_dir
from bench.common.records import CONFIG_FILE, real_dir, write_text_atomic
from bench.common.rules import heldout_confirmed
from bench.common.stage import ArgumentParser, log, run_main
from bench.common.summary import (
    MODEL_CALL_COLUMNS,
    MODEL_CALLS_NOTE,
    VISIBLE_WORDS,
    group_key,
    left_out_parts,
    load_summary,
    mode_note,
    model_calls_cells,
    run_key,
    tokens_per_run,
    visible_of,
)
from bench.common.untrusted import markdown_text
from bench.report.charts import distribution_chart, interval_chart
from bench.report.prefs import preference_html, preference_markdown, ranking_of_runs
from bench.report.runpage import run_html, run_page_name
from bench.report.site import (
    BY_ATTEMPT_NOTE,
    HELDOUT_NOTE,
    MATRIX_PAGE_ROWS,
    OUTCOME_LABEL,
    RESULT_HEADERS,
    SYNTHETIC_MARK,
    SYNTHETIC_WHY,
    UNRUN_LABEL,
    breakdown_html,
    by_attempt_cells,
    by_attempt_html,
    comparisons_html,
    digests_block,
    duration,
    esc,
    heldout_text,
    legend,
    link_comparison,  # noqa: F401 (public here too: render.link_comparison)
    model_calls_html,
    name_html,
    num,
    page,
    part_note,
    pct,
    pip,
    provenance,
    result_cells,
    site_comparisons,
    syn,
    syn_note,
    synthetic_figure,
    table,
    unrun_pip,
    usable_runs,
    without_heldout,
    write_assets,
)

# Below this many runs the pages are written in this process: starting workers would cost more than it saves.
PARALLEL_MIN_RUNS = 400


def calib_notes(summary: dict) -> list[tuple[bool, str]]:
    """(setup broken?, message) for every group whose calibration tasks failed at all."""
    notes = []
    for g in summary["groups"]:
        failing = [t for t in summary["tasks"] if group_key(t) == group_key(g)
                   and t["category"] == "calib" and t["n"] and t["c"] < t["n"]]
        if g["calib"]["broken"]:
            notes.append((True, f"{g['agent']} × {g['model']}{mode_note(g)}: every calibration task failed. The setup "
                                "is broken (wrong model name, server misconfigured, agent unable to edit files), not "
                                "the model: fix it before reading these scores."))
        elif failing:
            notes.append((False, f"{g['agent']} × {g['model']}{mode_note(g)}: calibration task(s) failed: " + ", ".join(
                f"{t['task_id']} ({t['n'] - t['c']}/{t['n']} runs)" for t in failing) + ". Check the setup."))
    return notes


SCORED_NOTE = ("pass@1 over scored runs: the mean over tasks of each task's share of passed runs among its scored "
               "runs; infrastructure errors, unfinished and missing runs are left out and counted beside it. "
               "Strict pass@1: every run the grid planned counts, and a run with no verdict counts as not passed; "
               "it leaves nothing out. Intervals: 95% Wilson, tasks as the trials. n/a: no run was scored.")


def left_out_text(left: dict) -> str:
    """What a group's scored pass@1 leaves out, broken down: "1 infra error · 0 unfinished · 2 missing"."""
    return " · ".join(left_out_parts(left, keep_zero=True))


def unrun_runs(summary: dict) -> list[dict]:
    """The runs of the grid with no verdict, sorted: "missing" (planned, no run.json) and "unfinished" (stopped
    before grading), each {"status", "agent", "model", "visible", "task_id", "rep", "run_id", "why"}."""
    out = [{"status": "missing", "agent": m["agent"], "model": m["model"], "visible": visible_of(m),
            "task_id": m["task_id"], "rep": m["rep"], "run_id": m["run_id"], "why": "no run.json"}
           for m in summary.get("missing", [])]
    out += [{"status": "unfinished", "agent": i.get("agent"), "model": i.get("model"), "visible": visible_of(i),
             "task_id": i["task_id"], "rep": i["rep"], "run_id": i["run_id"],
             "why": f"stopped at stage {i.get('stage') or '?'}"}
            for i in summary.get("incomplete", [])]
    out.sort(key=lambda u: (u["agent"] or "", u["model"] or "", u["task_id"], u["rep"], u["run_id"], u["status"]))
    return out


def _modes_text(groups: list[dict]) -> str:
    """The --visible modes of the groups, in words, for a page's header ("split" when there is no group)."""
    return "; ".join(VISIBLE_WORDS[m] for m in sorted({visible_of(g) for g in groups} or {"split"}, reverse=True))


def _groups_label(groups: list[dict]) -> str:
    return ", ".join(f"{g['agent']} × {g['model']}{mode_note(g)}" for g in groups)


# ---------------------------------------------------------------- Markdown report

_md = markdown_text


def _breakdown_md(groups: list[dict], key: str, title: str) -> list[str]:
    """The "Per category" / "Per language" table: a column per value of `key` any group has; languages also give
    the 95% interval and how many tasks the rate is over."""
    values = sorted({v for g in groups for v in g.get(key) or {}})
    lines = ["", f"## {title}", "", "| Agent | Model | " + " | ".join(_md(v) for v in values) + " |",
             "|---|---|" + "---:|" * len(values)]
    for g in groups:
        parts = g.get(key) or {}
        lines.append(f"| {_md(g['agent'])} | {_md(g['model'] + mode_note(g))} | " + " | ".join(
            "–" if v not in parts else pct(parts[v]["pass_at_1"]) + (part_note(parts[v]) if key == "languages" else "")
            for v in values) + " |")
    return lines


KNOWN_GAPS_NOTE = ("Known gaps: tasks verify knows unfair and the suite keeps (their task file's known_gap), e.g. for "
                   "numbers comparable with another benchmark's. nop passes: the untouched code already passes, so "
                   "a run passes with no change; reference fails: the reference cannot pass on this machine. pass@1 "
                   "without them is over the scored tasks that carry no known gap.")


def _known_gaps_md(groups: list[dict]) -> list[str]:
    """The groups' known gaps: how many such tasks each ran, what they passed, and pass@1 without them."""
    gapped = [g for g in groups if g.get("known_gaps")]
    if not gapped:
        return []

    def cell(part: dict | None) -> str:
        return "–" if not part else f"{part['n_tasks']} ({part['passes']}/{part['n_scored_runs']} runs passed)"
    lines = ["", "## Known gaps", "", KNOWN_GAPS_NOTE, "",
             "| Agent | Model | pass@1 | pass@1 without known gaps | 95% CI | nop passes: tasks | "
             "reference fails: tasks |", "|---|---|---:|---:|---|---|---|"]
    for g in gapped:
        lines.append(f"| {_md(g['agent'])} | {_md(g['model'] + mode_note(g))} | {_rate_md(g['pass_at_1'])} | "
                     f"{_rate_md(g['pass_at_1_without_known_gaps'])} | {_ci_md(g['pass_at_1_without_known_gaps_ci'])} "
                     f"| {cell(g['known_gaps'].get('nop_passes'))} | {cell(g['known_gaps'].get('reference_fails'))} |")
    return lines


def _by_attempt_md(groups: list[dict]) -> list[str]:
    """The "pass@1 by attempt" section, for the groups made with --attempts (none: no section)."""
    made = [g for g in groups if g.get("pass_at_1_by_attempt")]
    if not made:
        return []
    most = max(len(g["pass_at_1_by_attempt"]) for g in made)
    lines = ["", "## pass@1 by attempt", "",
             "| Agent | Model | " + " | ".join(f"After attempt {k}" for k in range(1, most + 1)) + " |",
             "|---|---|" + "---:|" * most]
    for g in made:
        cells = by_attempt_cells(g) + [""] * (most - len(g["pass_at_1_by_attempt"]))
        lines.append(f"| {_md(g['agent'])} | {_md(g['model'] + mode_note(g))} | " + " | ".join(cells) + " |")
    return lines + ["", BY_ATTEMPT_NOTE]


def _rate_md(rate: float | None) -> str:
    return "n/a" if rate is None else pct(rate)


def _ci_md(ci: list[float] | None) -> str:
    return "n/a" if not ci else f"{pct(ci[0])} – {pct(ci[1])}"


def _model_calls_md(groups: list[dict]) -> list[str]:
    """The "Model calls" section: one row per group with runs measured by the recording model proxy (none
    for a group without: it was not measured, which is not zero); no section when no group was measured."""
    measured = [g for g in groups if g.get("model_calls")]
    if not measured:
        return []
    lines = ["", "## Model calls", "", "| Agent | Model | " + " | ".join(h for _, h in MODEL_CALL_COLUMNS) + " |",
             "|---|---|" + "---:|" * len(MODEL_CALL_COLUMNS)]
    for g in measured:
        cells = model_calls_cells(g["model_calls"])
        lines.append(f"| {_md(g['agent'])} | {_md(g['model'] + mode_note(g))} | "
                     + " | ".join(_md(cells[key]) for key, _ in MODEL_CALL_COLUMNS) + " |")
    return lines + ["", MODEL_CALLS_NOTE]


def _group_tasks(summary: dict, group: dict) -> list[dict]:
    return [t for t in summary["tasks"] if group_key(t) == group_key(group)]


def _heldout_md(summary: dict, group: dict) -> str:
    """The Held-out confirmed cell: "12/14 · 2 tasks without held-out tests" (site.heldout_text)."""
    confirmed, note = heldout_text(group, without_heldout(_group_tasks(summary, group)))
    return confirmed + (f" · {note}" if note else "")


def markdown_report(summary: dict) -> str:
    """The run report as Markdown."""
    groups = summary["groups"]
    unrun = unrun_runs(summary)
    counts = [f"{len(summary['runs'])} graded run(s)"]
    counts += [f"{sum(1 for u in unrun if u['status'] == s)} {s}" for s in UNRUN_LABEL
               if any(u["status"] == s for u in unrun)]
    lines = ["# LocalAgentBench report", "",
             f"Runs {_md(', '.join(summary['run_ids'])) or '(none)'} · harness {_md(summary['harness_version'])} · "
             + " · ".join(counts) + f" · visible tests: {_modes_text(groups)}", ""]
    notes = [f"> **{'Setup is broken' if bad else 'Calibration'}:** {_md(text)}"
             for bad, text in calib_notes(summary)]
    notes += [f"> **Warning:** {_md(w)}" for w in summary["warnings"]]
    lines += notes + ([""] if notes else [])
    lines += ["## Results", "",
              "| Agent | Model | pass@1 (scored runs) | 95% CI | Left out | Strict pass@1 | 95% CI | Left out "
              "| pass@k | Held-out confirmed | Overfit | Infra errors | Median latency | Tokens in / out "
              "| Tool calls (failed) |",
              "|---|---|---:|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|"]
    for g in groups:
        pk = ", ".join(f"@{k} {pct(v)}" for k, v in g["pass_at_k"].items()) or "n/a"
        c = g["costs"]

        # The synthetic mark on a figure the agent invented; "–" (unknown) is none.
        def fig(field: str, c: dict = c, g: dict = g) -> str:
            marked = synthetic_figure(g, field) and c.get(field) is not None
            return num(c.get(field)) + (SYNTHETIC_MARK if marked else "")

        lines.append(
            f"| {_md(g['agent'])} | {_md(g['model'] + mode_note(g))} | {_rate_md(g['pass_at_1'])} | "
            f"{_ci_md(g['pass_at_1_ci'])} | "
            f"{g['left_out']['total']} | {_rate_md(g['pass_at_1_strict'])} | {_ci_md(g['pass_at_1_strict_ci'])} | 0 | "
            f"{pk} | {_heldout_md(summary, g)} | {g['overfit']} | {g['infra_errors']} | "
            f"{duration(g['latency']['median_s'])} | {fig('tokens_in')} / {fig('tokens_out')} | "
            f"{fig('tool_calls')} ({fig('failed_tool_calls')}) |")
    lines += ["", SCORED_NOTE, "", HELDOUT_NOTE, "", "Left out of the scored pass@1:", ""]
    lines += [f"- {_md(g['agent'])} × {_md(g['model'] + mode_note(g))}: {left_out_text(g['left_out'])}" for g in groups]
    lines += _known_gaps_md(groups)
    timed = [g for g in groups if g["latency"].get("model_s") is not None]
    if timed:   # queued: waiting for a free server slot behind other runs' calls (not counted against timeouts)
        lines += ["", "Where the agents' time went (model busy / queued for a free server slot / agent's own):", ""]
        lines += [f"- {_md(g['agent'])} × {_md(g['model'] + mode_note(g))}: {duration(g['latency']['model_s'])} / "
                  f"{duration(g['latency']['queued_s'])} / {duration(g['latency']['own_s'])}" for g in timed]
    fake = [g for g in groups if g.get("synthetic")]
    if fake:
        lines += ["", f"{SYNTHETIC_MARK} synthetic ({_md(_groups_label(fake))}: tokens, turns and tool calls): "
                      f"{SYNTHETIC_WHY}."]
    lines += _by_attempt_md(groups)
    lines += _model_calls_md(groups)
    lines += preference_markdown(ranking_of_runs(summary["runs"]))
    unrun_by_cell: dict[tuple, list[str]] = defaultdict(list)
    for u in unrun:
        unrun_by_cell[(u["task_id"], *group_key(u))].append(u["status"])
    lines += ["", "## Per task", "",
              "Each cell: passed / scored runs, then every run's outcome (missing and unfinished runs have none).",
              "", "| Task | Category | Difficulty | " +
              " | ".join(f"{_md(g['agent'])} × {_md(g['model'] + mode_note(g))}" for g in groups) + " |",
              "|---|---|---|" + "---|" * len(groups)]
    cells = {(t["task_id"], *group_key(t)): t for t in summary["tasks"]}
    meta = {t["task_id"]: t for t in summary["tasks"]}
    shown = {group_key(g) for g in groups}
    for task_id in sorted(set(meta) | {u["task_id"] for u in unrun if group_key(u) in shown}):
        m = meta.get(task_id, {})
        row = [task_id, m.get("category", "–"), m.get("difficulty", "–")]
        for g in groups:
            t = cells.get((task_id, *group_key(g)))
            statuses = unrun_by_cell.get((task_id, *group_key(g)), [])
            if t is None and not statuses:
                row.append("–")
                continue
            words = [OUTCOME_LABEL.get(o, o) for o in (t["outcomes"] if t else [])] + statuses
            row.append(f"{t['c'] if t else 0}/{t['n'] if t else 0} " + ", ".join(words))
        lines.append("| " + " | ".join(_md(cell) for cell in row) + " |")
    if len({lang for g in groups for lang in g.get("languages") or {}}) > 1:
        lines += _breakdown_md(groups, "languages", "Per language")
    lines += _breakdown_md(groups, "categories", "Per category")
    if unrun:
        lines += ["", "## Runs without a verdict", "",
                  "These runs of the grid have no outcome: the scored pass@1 leaves them out, the strict pass@1 "
                  "counts them as not passed.", "",
                  "| Agent | Model | Task | Rep | Run id | Status |", "|---|---|---|---:|---|---|"]
        lines += [f"| {_md(u['agent'] or '–')} | {_md(u['model'] or '–')} | {_md(u['task_id'])} | {u['rep']} | "
                  f"{_md(u['run_id'])} | {u['status']}: {_md(u['why'])} |" for u in unrun]
    lines += ["", "## Provenance", ""]
    for g in groups:
        lines.append(f"- {_md(g['agent'])} × {_md(g['model'] + mode_note(g))}: agent version "
                     f"{_md(', '.join(v for v in g['agent_version'] if v)) or 'unknown'}, "
                     f"sandbox {_md(', '.join(g.get('sandbox', [])))}, "
                     f"concurrency --jobs {', '.join(str(j) for j in g.get('jobs', [1]))}, "
                     f"visible tests {VISIBLE_WORDS[visible_of(g)]}"
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
        runs = by_group.get(group_key(g), [])
        models = sorted({json.dumps(r["model"], sort_keys=True) for r in runs})
        options = sorted({json.dumps(r.get("options") or {}, sort_keys=True) for r in runs})
        flags = defaultdict(int)
        for r in runs:
            for f in r.get("flags", []):
                flags[f] += 1
        label = f"{g['agent']} × {g['model']}{mode_note(g)}"
        items[f"{label}: agent version"] = ", ".join(v for v in g["agent_version"] if v) or "unknown"
        items[f"{label}: model"] = "; ".join(models)
        items[f"{label}: sandbox"] = ", ".join(g.get("sandbox", []))
        items[f"{label}: concurrency"] = "--jobs " + ", ".join(str(j) for j in g.get("jobs", [1]))
        items[f"{label}: visible tests"] = VISIBLE_WORDS[visible_of(g)]
        if g.get("load_s") is not None:
            items[f"{label}: model load"] = f"{g['load_s']} s (untimed warm-up, not charged to any task)"
        items[f"{label}: options"] = "; ".join(options)
        items[f"{label}: run flags"] = ", ".join(f"{f} ({n})" for f, n in sorted(flags.items())) or "none"
    return provenance(items, title="harness, agents, models, sandbox, options", open_=True) + \
        digests_block(summary["task_digests"])


SITE_COLUMNS = ("pass_k", "heldout", "overfit", "infra", "latency", "tokens", "tool_calls")


def _left_out_cell(left: dict) -> str:
    """The count the scored pass@1 leaves out; its breakdown in the tooltip and, when not 0, under it."""
    detail = "".join(f"<br><small class=muted>{esc(part)}</small>" for part in left_out_text(left).split(" · ")
                     if left["total"])
    return f'<td class="num left-out" title="left out: {esc(left_out_text(left))}">{left["total"]}{detail}</td>'


def _pass_rows(groups: list[dict]) -> list[dict]:
    """The pass-rate chart's rows: per group the scored pass@1 and the strict one, each with what it leaves out."""
    rows = []
    for g in groups:
        name = f"{g['agent']} × {g['model']}{mode_note(g)}"
        lo, hi = g["pass_at_1_ci"] or (None, None)
        rows.append({"label": f"{name} · scored runs", "value": g["pass_at_1"], "lo": lo, "hi": hi,
                     "note": f"{g['left_out']['total']} left out",
                     "title": f"{name}: pass@1 over scored runs; left out: {left_out_text(g['left_out'])}"})
        lo, hi = g["pass_at_1_strict_ci"] or (None, None)
        rows.append({"label": f"{name} · strict", "value": g["pass_at_1_strict"], "lo": lo, "hi": hi,
                     "note": "0 left out", "title": f"{name}: strict pass@1 over all {g['n_grid_runs']} run(s) the "
                                                    "grid planned; a run with no verdict counts as not passed"})
    return rows


def _token_rows(groups: list[dict], scored: dict[tuple[str, str], list[dict]]) -> list[tuple]:
    """The token chart's rows: tokens in + out per run, over the scored runs that report both counts (a run
    that reports one is left out and counted: an unknown count is not 0)."""
    rows = []
    for g in groups:
        runs = scored.get(group_key(g), [])
        both, one = tokens_per_run(runs)
        note = syn(bool(both) and (synthetic_figure(g, "tokens_in") or synthetic_figure(g, "tokens_out")))
        if one:
            note += f' <span class="one-count">· {one:,} run(s) report one count only: left out</span>'
        rows.append((f"{g['agent']} × {g['model']}{mode_note(g)}", both, note))
    return rows


def index_html(summary: dict, pages: dict[int, str] | None = None,
               comparisons: Sequence[tuple[str, str] | str] = ()) -> str:
    """The run site's front page: pass-rate chart, results, task matrix, categories, distributions, runs with
    no verdict, comparisons (pages as (file name, title), or file names), provenance."""
    pages = pages if pages is not None else {id(r): run_page_name(r) for r in summary["runs"]}
    groups = summary["groups"]
    unrun = unrun_runs(summary)
    by_group: dict[tuple[str, str], list[dict]] = defaultdict(list)
    by_cell: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for run in summary["runs"]:
        by_group[run_key(run)].append(run)
        by_cell[(run["task_id"], *run_key(run))].append(run)
    unrun_by_cell: dict[tuple, list[dict]] = defaultdict(list)
    for u in unrun:
        unrun_by_cell[(u["task_id"], *group_key(u))].append(u)
    n_tasks = len(summary["task_digests"])
    counts = [f"{len(summary['runs']):,} graded run(s)"]
    counts += [f"{sum(1 for u in unrun if u['status'] == s):,} {s}" for s in UNRUN_LABEL
               if any(u["status"] == s for u in unrun)]
    parts = ["<h1>Evaluation report</h1>",
             f'<p class="sub">{len(groups)} agent × model group(s) · {n_tasks} task(s) · {esc(" · ".join(counts))} · '
             f'runs {esc(", ".join(summary["run_ids"]) or "(none)")}</p>']
    parts += [f'<div class="alert{" bad" if bad else ""}">{"<strong>Setup is broken.</strong> " if bad else ""}'
              f"{esc(text)}</div>" for bad, text in calib_notes(summary)]
    parts += [f'<div class="alert">{esc(w)}</div>' for w in summary["warnings"]]
    parts.append("<h2>Pass rate</h2>")
    parts.append(interval_chart(_pass_rows(groups), label="pass@1 per agent × model, over scored runs and strict, "
                                                          "with 95% intervals", id_="pass-chart"))
    parts.append('<p class="muted">Two bars per group. <b>Scored runs</b>: pass@1 (mean over tasks) over the runs '
                 "that were scored; infrastructure errors, unfinished and missing runs are left out, and counted "
                 "beside it (hover for the breakdown). <b>Strict</b>: every run the grid planned counts, a run with no "
                 "verdict as not passed. Whisker: 95% Wilson interval, tasks as the trials. n/a: no run was scored, "
                 "so there is no rate.</p>")
    rows = []
    for g in groups:
        cells = result_cells(g, lambda field, g=g: synthetic_figure(g, field),
                             without_heldout(_group_tasks(summary, g)))
        rows.append(
            f"<tr><td>{name_html(g['agent'])}</td><td>{name_html(g['model'])}{esc(mode_note(g))}</td>{cells['scored']}"
            f"{_left_out_cell(g['left_out'])}"
            f"{cells['strict']}"
            '<td class="num left-out" title="the strict pass@1 counts every run the grid planned">0</td>'
            + "".join(cells[key] for key in SITE_COLUMNS) + "</tr>")
    parts.append(table(["Agent", "Model", RESULT_HEADERS["scored"],
                        '<th class="num" title="runs the scored pass@1 leaves out: infra errors, unfinished, missing">'
                        "Left out</th>", RESULT_HEADERS["strict"],
                        '<th class="num" title="runs the strict pass@1 leaves out">Left out</th>',
                        *(RESULT_HEADERS[key] for key in SITE_COLUMNS)], rows, id_="results"))
    fake = [g for g in groups if g.get("synthetic")]
    if fake:
        parts.append(syn_note(f"tokens, turns and tool calls of {_groups_label(fake)}"))
    parts.append(by_attempt_html([(f"{g['agent']} × {g['model']}{mode_note(g)}", g) for g in groups]))
    parts.append(model_calls_html(groups))
    parts.append(preference_html(ranking_of_runs(summary["runs"])))
    parts.append("<h2>Tasks</h2>" + legend(with_unrun=bool(unrun)))
    meta = {t["task_id"]: t for t in summary["tasks"]}
    task_rows = {(t["task_id"], *group_key(t)): t for t in summary["tasks"]}
    rows = []
    shown = {group_key(g) for g in groups}
    for task_id in sorted(set(meta) | {u["task_id"] for u in unrun if group_key(u) in shown}):
        t = meta.get(task_id, {})
        cells, seen = [], set()
        for g in groups:
            runs = sorted(by_cell.get((task_id, *group_key(g)), []), key=lambda r: r["rep"])
            none = unrun_by_cell.get((task_id, *group_key(g)), [])
            seen.update(r["outcome"] for r in runs)
            seen.update(u["status"] for u in none)
            row = task_rows.get((task_id, *group_key(g)))
            count = (f'<span class="cn" title="passed / scored runs">{row["c"]}/{row["n"]}</span>' if row else
                     '<span class="cn">0/0</span>' if none else '<span class="muted">–</span>')
            cells.append("<td>" + "".join(pip(r["outcome"], f"runs/{pages[id(r)]}", f"{task_id} rep {r['rep']}",
                                              heldout_confirmed(r)) for r in runs) +
                         "".join(unrun_pip(u["status"], f"{task_id} rep {u['rep']}") for u in none) + count + "</td>")
        rows.append(f'<tr data-o="{esc(" ".join(sorted(seen)))}" '
                    f'data-text="{esc(task_id)} {esc(t.get("category", ""))}">'
                    f"<td>{esc(task_id)}</td><td class=opt>{esc(t.get('category', '–'))}</td>"
                    f"<td class=opt>{esc(t.get('difficulty', '–'))}</td>"
                    f"<td class=opt>{'–' if not t else 'yes' if t.get('has_heldout') else 'no'}</td>"
                    + "".join(cells) + "</tr>")
    parts.append(table(["Task", '<th class="opt">Category</th>', '<th class="opt">Difficulty</th>',
                        '<th class="opt">Held-out</th>'] +
                       [f"{esc(g['agent'])} × {esc(g['model'] + mode_note(g))}" for g in groups], rows,
                       id_="matrix", paged=MATRIX_PAGE_ROWS, filter_label="Filter tasks"))
    labelled = [(f"{g['agent']} × {g['model']}{mode_note(g)}", g) for g in groups]
    if len({lang for g in groups for lang in g.get("languages") or {}}) > 1:
        parts.append(breakdown_html(labelled, "languages", "Per language"))
    parts.append(breakdown_html(labelled, "categories", "Per category"))
    parts.append('<h2>Latency and tokens</h2><div class="charts"><div><h3>Agent wall time per run</h3>')
    scored = {k: [r for r in v if r["outcome"] != "infra_error"] for k, v in by_group.items()}
    parts.append(distribution_chart([(f"{g['agent']} × {g['model']}{mode_note(g)}", [r["agent"]["wall_s"] for r in
                                      scored.get(group_key(g), [])]) for g in groups],
                                    fmt=duration, label="agent wall time per run", id_="latency-chart"))
    parts.append("</div><div><h3>Tokens per run (in + out)</h3>")
    parts.append(distribution_chart(_token_rows(groups, scored), fmt=lambda v: f"{v:,.0f}",
                                    label="tokens in + out per run, over runs that report both", id_="tokens-chart"))
    parts.append('<p class="muted">Over the scored runs that report both tokens in and tokens out; a run that '
                 "reports only one is left out of this chart (and counted beside its group), never drawn with the "
                 "other as 0.</p>")
    invented = [g for g in groups if synthetic_figure(g, "tokens_in")]
    if invented:
        parts.append(syn_note(f"token counts of {_groups_label(invented)}"))
    parts.append("</div></div>")
    if unrun:
        parts.append("<h2>Runs without a verdict</h2><p>These runs of the grid have no outcome: the scored pass@1 "
                     "leaves them out, the strict pass@1 counts them as not passed.</p>")
        parts.append(table(["Agent", "Model", "Task", '<th class="num">Rep</th>', "Run id", "Status"], [
            f'<tr data-o="{esc(u["status"])}" data-text="{esc(u["task_id"])} {esc(u["status"])}">'
            f"<td>{esc(u['agent'] or '–')}</td><td>{esc(u['model'] or '–')}</td><td>{esc(u['task_id'])}</td>"
            f"<td class=num>{u['rep']}</td><td>{esc(u['run_id'])}</td>"
            f"<td>{unrun_pip(u['status'], u['task_id'])} {esc(u['status'])}: {esc(u['why'])}</td></tr>" for u in unrun],
            id_="unrun", paged=MATRIX_PAGE_ROWS, filter_label="Filter runs"))
    parts.append(comparisons_html([(c, c.removesuffix(".html")) if isinstance(c, str) else c for c in comparisons]))
    parts.append("<h2>Provenance</h2>" + _group_provenance(summary, by_group))
    return page("LocalAgentBench report", "report", "\n".join(parts), home="index.html", footer=_footer(summary),
                assets="assets/")


def _write_pages(jobs: Sequence[tuple[dict, str, str]], runs_dir: Path, footer: str) -> int:
    """Write run pages (run, file name, repetition links) into runs_dir, each on its own: a page that cannot be
    made is said in one line and an error page stands in its place, and every other page is written."""
    for run, name, siblings_html in jobs:
        try:
            text = run_html(run, runs_dir, footer=footer, siblings_html=siblings_html)
        except Exception as exc:  # one run's page must never cost the others theirs
            cause = f"{type(exc).__name__}: {exc}"[:300]
            log(f"render: warning: run {run.get('task_id')}/{run.get('rep')} ({name}): its page could not be made "
                f"({cause}); an error page stands in its place")
            text = error_page(f"{run.get('task_id')} rep {run.get('rep')}", cause, footer)
        write_text_atomic(runs_dir / name, text)
    return len(jobs)


def error_page(title: str, cause: str, footer: str, home: str = "../index.html", assets: str = "../assets/") -> str:
    """The page that stands in for one that could not be made: what it is and why, nothing the failure touched."""
    body = (f"<h1>{esc(title)}</h1><div class=\"alert bad\">This page could not be made: {esc(cause)}. The run's "
            "bundle (run.json, trajectory.jsonl, the logs) holds everything it would have shown.</div>")
    return page(title, f"/ {title}", body, home=home, footer=footer, assets=assets)


def _write_safely(path: Path, make, fallback, what: str) -> None:
    """Write `make()` to `path`; when it raises, say so in one line and write `fallback(cause)` instead."""
    try:
        text = make()
    except Exception as exc:  # the run pages are written whatever happens here
        cause = f"{type(exc).__name__}: {exc}"[:300]
        log(f"render: warning: {what} could not be made ({cause}); a plain one stands in its place")
        text = fallback(cause)
    write_text_atomic(path, text)


def plain_index(summary: dict, pages: dict[int, str], cause: str) -> str:
    """The index that stands in when the full one cannot be made: why, and a link to every run's page."""
    items = "".join(f'<li><a href="runs/{esc(pages[id(r)])}">{esc(str(r["task_id"]))} rep {esc(str(r["rep"]))}</a> '
                    f"{esc(OUTCOME_LABEL.get(r.get('outcome') or '', '–'))}</li>" for r in summary["runs"])
    body = (f'<h1>Evaluation report</h1><div class="alert bad">The full index could not be made: {esc(cause)}.'
            f"</div><h2>Runs</h2><ul>{items}</ul>")
    return page("LocalAgentBench report", "report", body, home="index.html", footer=_footer(summary),
                assets="assets/")


def plain_report(summary: dict, cause: str) -> str:
    """The report.md that stands in when the full one cannot be made: why, and every run's outcome."""
    return "\n".join(["# LocalAgentBench report", "", f"The full report could not be made: {_md(cause)}.", "",
                      "| Task | Rep | Outcome |", "|---|---:|---|"]
                     + [f"| {_md(r['task_id'])} | {r['rep']} | {_md(r.get('outcome'))} |" for r in summary["runs"]]
                     + [""])


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


def site_folder_problem(site: Path) -> str | None:
    """Why the folder `site` cannot take a site's files (index.html, assets/, runs/), or None: it is a results
    directory, whose runs/ the run pages would be mixed into. (A file or a broken link there is writable_dir's.)"""
    held = [name for name in ("summary.json", CONFIG_FILE) if (site / name).exists()]
    if held:
        return f"{site}: a results directory (it holds {held[0]}), whose runs/ the run pages would be mixed into"
    return None


def render(summary: dict, out_dir: Path, jobs: int | None = None, site_dir: Path | None = None) -> dict[str, str]:
    """Write report.md into `out_dir` and the site into `site_dir` (default: out_dir/site; index.html lands
    there); return their paths. `jobs`: worker processes (default: CPUs)."""
    schema.check(summary, "summary", where="summary")
    summary = usable_runs(summary, "render")
    out_dir = Path(out_dir)
    site = Path(site_dir) if site_dir is not None else out_dir / "site"
    report = out_dir / "report.md"
    writable_dir(out_dir, "--out")
    problem = site_folder_problem(site)
    if problem:
        raise UserError(f"{problem}; --out names the folder the site's index.html goes in: name a new or empty one "
                        "(without --out the site goes in site/ beside the summary)")
    if site_dir is None:   # named after the results directory, which may hold anything there
        real_dir(site)
    try:
        site.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{site}: cannot write the site ({exc.strerror}); choose a writable --out") from None
    real_dir(site / "runs")
    # Names and groupings computed once: with 10,000 runs anything per-run-per-run is too slow.
    pages = {id(r): run_page_name(r) for r in summary["runs"]}
    cells: dict[tuple, list[dict]] = defaultdict(list)
    for run in summary["runs"]:
        cells[(run["task_id"], *run_key(run))].append(run)
    siblings = {}
    for key, runs in cells.items():
        runs.sort(key=lambda r: r["rep"])
        siblings[key] = "".join(pip(r["outcome"], pages[id(r)], f"rep {r['rep']}", heldout_confirmed(r))
                                for r in runs) \
            if len(runs) > 1 else ""
    write_assets(site)
    _write_safely(report, lambda: markdown_report(summary), lambda cause: plain_report(summary, cause), "report.md")
    _write_safely(site / "index.html", lambda: index_html(summary, pages, site_comparisons(site)),
                  lambda cause: plain_index(summary, pages, cause), "the site's index")
    work = [(r, pages[id(r)], siblings[(r["task_id"], *run_key(r))]) for r in summary["runs"]]
    _write_all_pages(work, site / "runs", _footer(summary), jobs if jobs is not None else min(os.cpu_count() or 1, 16))
    return {"report": str(report.resolve()), "site": str((site / "index.html").resolve())}


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.render", description=__doc__.split("\n")[0])
    parser.add_argument("summary", help="summary.json (or - for stdin)")
    parser.add_argument("--out", required=True,
                        help="the results directory: report.md goes in it, the site in its site/ (site/index.html)")
    parser.add_argument("--jobs", type=int, default=None, help="processes writing run pages (default: one per CPU)")
    args = parser.parse_args(argv)
    paths = render(load_summary(args.summary), Path(args.out), args.jobs)
    print(json.dumps(paths))
    log(f"render: report at {paths['report']}, site at {paths['site']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.render`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
