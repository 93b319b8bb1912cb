"""publish: build the leaderboard site from every promoted entry (leaderboard/entries/*.json).

    python -m bench.report.publish [leaderboard] [--out leaderboard/site]

The site is static and self-contained (opens from file://, no network). index.html has one ranked table
per task set: only agent x model groups run over the same tasks at the same digests are ranked together,
the largest set first, each ranked by strict pass@1 (every run the grid planned counts) with its 95%
interval and shown beside pass@1 over scored runs and the runs that rate leaves out, then its per-task
matrix. Entries promoted incomplete and figures an agent invented (synthetic) are marked wherever they
appear. entries/<name>.html holds one entry's detail and provenance. `nox -s site` runs this;
.github/workflows/pages.yml publishes the result.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import write_text_atomic
from bench.common.stage import ArgumentParser, log, run_main, stage_prog
from bench.common.summary import VISIBLE_DEFAULT, VISIBLE_WORDS, left_out_parts, mode_note, visible_of
from bench.report.charts import interval_chart
from bench.report.prefs import preference_html
from bench.report.promote import ALLOW_FLAG, group_synthetic
from bench.report.site import (
    MATRIX_PAGE_ROWS,
    RESULT_HEADERS,
    breakdown_html,
    by_attempt_html,
    digests_block,
    esc,
    heat,
    legend,
    num,
    page,
    pip,
    provenance,
    result_cells,
    syn,
    syn_note,
    table,
    unrun_pip,
    without_heldout,
    write_assets,
)

INCOMPLETE_NOTE = (f"promoted with {ALLOW_FLAG}: some planned runs were never graded (or none was scored). Strict "
                   "pass@1 counts them as not passed; pass@1 over scored runs leaves them out.")
UNRANKED_NOTE = ("promoted before entries recorded strict pass@1 and the grid, so it cannot be ranked against the "
                 "rest; promote the run again with this harness to rank it.")
Row = tuple[dict, dict]  # (entry, group)


def load_entries(leaderboard: Path) -> list[dict]:
    """Every entry under leaderboard/entries/, validated; newest first, then by name."""
    folder = Path(leaderboard) / "entries"
    if not folder.is_dir():
        raise UserError(f"{folder}: no entries folder; "
                        "promote a run first with `localagentbench promote RUN --name NAME`")
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


def group_tasks(entry: dict, group: dict) -> tuple[dict[str, str], list[str]]:
    """(task id -> digest of every task the group graded, task ids of its grid it never graded)."""
    if "task_digests" in group:
        return dict(group["task_digests"]), sorted(group.get("ungraded_tasks", []))
    # An entry from before groups recorded their digests: its one digest per task, for the tasks the group has.
    return {t["task_id"]: entry["task_digests"].get(t["task_id"], "unknown") for t in group["tasks"]}, []


def _strict(group: dict) -> float | None:
    return group.get("pass_at_1_strict")


def _left_out_total(group: dict) -> int:
    return (group.get("left_out") or {}).get("total", group["infra_errors"])


def rank(rows: list[Row]) -> list[Row]:
    """Groups over one task set, best first: by strict pass@1; ties by fewer runs left out, then the newer
    entry, then entry name, agent and model, so the order never depends on file order. Groups with no strict
    pass@1 (entries promoted before it was recorded) come last, unranked."""
    rows = sorted(rows, key=lambda eg: (eg[0]["name"], eg[1]["agent"], eg[1]["model"]))
    rows.sort(key=lambda eg: eg[0]["date"], reverse=True)
    rows.sort(key=lambda eg: (_strict(eg[1]) is None, -(_strict(eg[1]) or 0.0), _left_out_total(eg[1])))
    return rows


def task_sets(entries: list[dict]) -> list[dict]:
    """The ranked tables: one per task set, where a task set is the grid's task ids with the digest each
    graded task ran at (a rate over other tasks, or other versions of them, is a different quantity), the
    attempts a run was allowed (run --attempts: pass@1 after a second try is not ranked beside one try's), and the
    --visible mode (every test shown is not ranked beside held-out tests, even on tasks whose digest is the same).

    Each: {"digests", "ungraded", "task_ids", "fingerprint", "newest", "rows"} with rows ranked (`rank`);
    the largest set first, then the one with the newest entry, then by fingerprint."""
    by_key: dict[str, dict] = {}
    for e in entries:
        for g in e["groups"]:
            digests, ungraded = group_tasks(e, g)
            attempts = g.get("attempts") if type(g.get("attempts")) is int else 1
            visible = visible_of(g)
            key = json.dumps([sorted(digests.items()), ungraded, *([attempts] if attempts > 1 else []),
                              *([visible] if visible != VISIBLE_DEFAULT else [])])
            found = by_key.setdefault(key, {"digests": dict(sorted(digests.items())), "ungraded": ungraded,
                                            "attempts": attempts, "visible": visible, "rows": []})
            found["rows"].append((e, g))
    sets = []
    for key, found in by_key.items():
        found.update(task_ids=sorted({*found["digests"], *found["ungraded"]}),
                     fingerprint=hashlib.sha256(key.encode()).hexdigest()[:8],
                     newest=max(e["date"] for e, _ in found["rows"]), rows=rank(found["rows"]))
        sets.append(found)
    sets.sort(key=lambda s: s["fingerprint"])
    sets.sort(key=lambda s: s["newest"], reverse=True)
    sets.sort(key=lambda s: len(s["task_ids"]), reverse=True)
    return sets


def version_conflicts(sets: list[dict]) -> list[tuple[dict, dict, list[str]]]:
    """Pairs of task sets with the same task ids where some task ran at two different digests, with those
    tasks. Sets that differ in which tasks they hold, or only in tasks never graded, are not version
    conflicts: they are just different sets."""
    out = []
    for i, a in enumerate(sets):
        for b in sets[i + 1:]:
            if a["task_ids"] != b["task_ids"]:
                continue
            differ = sorted(t for t, d in a["digests"].items() if t in b["digests"] and b["digests"][t] != d)
            if differ:
                out.append((a, b, differ))
    return out


def _who(entry: dict, group: dict) -> str:
    return f"{group['agent']} × {group['model']}{mode_note(group)}"


def _entry_href(entry: dict, prefix: str = "entries/") -> str:
    return f"{prefix}{entry['name']}.html"


def _set_title(task_set: dict) -> str:
    n = len(task_set["task_ids"])
    return f"{n} task{'' if n == 1 else 's'} · set {task_set['fingerprint']}"


def _footer(entries: list[dict]) -> str:
    versions = sorted({e["harness_version"] for e in entries})
    return f"LocalAgentBench leaderboard · harness {esc(', '.join(versions))} · numbers defined in METHODOLOGY.md"


def _synthetic_mark(group: dict, figure: str, html: str) -> str:
    """`html` (a figure's text) with the synthetic mark when the group's agent invented that figure (a field
    path such as "costs.tokens_in"); an unknown figure ("–") is no figure and carries none."""
    synthetic, figures, _ = group_synthetic(group)
    return html + syn(synthetic and figure in figures and html != "–")


def _result_row(group: dict, columns: Sequence[str]) -> str:
    """The shared results cells (site.result_cells) of an entry's group, in `columns` order."""
    synthetic, figures, _ = group_synthetic(group)
    cells = result_cells(group, lambda field: synthetic and f"costs.{field}" in figures,
                         without_heldout(group.get("tasks") or []))
    return "".join(cells[key] for key in columns)


def _incomplete_mark(entry: dict) -> str:
    if entry.get("complete", True):
        return ""
    why = "; ".join(entry.get("incomplete_reasons") or [])
    return f' <span class="badge o-overfit incomplete" title="{esc(f"{ALLOW_FLAG}: {why}")}">incomplete</span>'


def _notes(rows: list[Row]) -> str:
    """The legend lines for the marks `rows` show (none when no row has one)."""
    lines = []
    fake = [(e, g) for e, g in rows if group_synthetic(g)[0]]
    if fake:
        who = ", ".join(dict.fromkeys(_who(e, g) for e, g in fake))
        inferred = any(group_synthetic(g)[2] for _, g in fake)
        lines.append(syn_note(f"tokens and tool calls of {who}" + (
            "; for entries promoted before the mark was recorded, inferred from the agent: only the built-in mock "
            "agent invents its figures" if inferred else "")))
    if any(not e.get("complete", True) for e, _ in rows):
        lines.append(f'<p class="muted"><span class="badge o-overfit">incomplete</span> {esc(INCOMPLETE_NOTE)}</p>')
    if any(_strict(g) is None for _, g in rows):
        lines.append(f'<p class="muted">Rank – : {esc(UNRANKED_NOTE)}</p>')
    return "".join(lines)


def _left_out(group: dict) -> str:
    """The runs pass@1 over scored runs leaves out, of all the grid planned, with why."""
    left = group.get("left_out")
    if left is None:
        return f"{group['infra_errors']}<br><small class=muted>infra errors; grid not recorded</small>"
    why = " · ".join(left_out_parts(left))
    return f"{left['total']} of {group['n_grid_runs']}" + (f"<br><small class=muted>{esc(why)}</small>" if why else "")


def _n_tasks(entry: dict, group: dict) -> int:
    digests, ungraded = group_tasks(entry, group)
    return len(digests) + len(ungraded)


def leaderboard_html(entries: list[dict]) -> str:
    """The leaderboard's front page: one ranked table per task set (chart, ranking, per-task matrix), then
    the entries and their provenance."""
    if not entries:
        return page("LocalAgentBench leaderboard", "leaderboard",
                    "<h1>Leaderboard</h1><p>No entries yet: promote a run with "
                    "<code>localagentbench promote RUN --name NAME</code>, then build with "
                    "<code>nox -s site</code>.</p>",
                    home="index.html", footer="LocalAgentBench leaderboard", assets="assets/")
    sets = task_sets(entries)
    n_groups = sum(len(s["rows"]) for s in sets)
    parts = ["<h1>Leaderboard</h1>",
             f'<p class="sub">{len(entries)} entr{"y" if len(entries) == 1 else "ies"} · {n_groups} agent × model '
             f"group(s) in {len(sets)} table(s). Only groups run over the same tasks at the same task versions are "
             "ranked together, by strict pass@1: every run the grid planned counts, and one that was not graded or "
             "not scored counts as not passed. Overlapping intervals mean the order between rows is not settled.</p>"]
    for a, b, differ in version_conflicts(sets):
        shown = ", ".join(differ[:5]) + (f" and {len(differ) - 5} more" if len(differ) > 5 else "")
        parts.append(f'<div class="alert">Different task versions: the tables “{esc(_set_title(a))}” and '
                     f"“{esc(_set_title(b))}” hold the same {len(a['task_ids'])} task(s), but {len(differ)} of "
                     f"them ran at different digests ({esc(shown)}); they are ranked apart and their numbers do "
                     "not compare.</div>")
    for s in sets:
        for e, g in s["rows"]:
            if g["calib"]["broken"]:
                parts.append(f'<div class="alert bad"><strong>Setup is broken.</strong> {esc(e["name"])}: '
                             f"{esc(_who(e, g))} failed every calibration task; its score measures the setup, not the "
                             "model.</div>")
    if len(sets) > 1:
        parts.append("<ul class=links>" + "".join(
            f'<li><a href="#set-{s["fingerprint"]}">{esc(_set_title(s))}</a> · {len(s["rows"])} group(s)</li>'
            for s in sets) + "</ul>")
    for i, s in enumerate(sets):
        parts.append(_set_section(s, "" if i == 0 else f"-{i + 1}"))
    parts.append("<h2>Entries</h2><ul class=links>" + "".join(
        f'<li><a href="{esc(_entry_href(e))}">{esc(e["name"])}</a>{_incomplete_mark(e)} · {esc(e["date"])} · '
        f'{e["n_tasks"]} task(s) · {esc(", ".join(_who(e, g) for g in e["groups"]))}</li>' for e in entries) + "</ul>")
    prov: dict[str, object] = {}
    for e in entries:
        prov[e["name"]] = (f"{e['date']} · harness {e['harness_version']} · runs {', '.join(e['run_ids'])} · "
                           + "; ".join(
            f"{_who(e, g)}: agent {', '.join(v for v in g['agent_version'] if v) or 'unknown'}, model "
            f"{', '.join(json.dumps(m, sort_keys=True) for m in g['model_info'])}, sandbox {', '.join(g['sandbox'])}"
            for g in e["groups"]))
    parts.append("<h2>Provenance</h2>" + provenance(prov, open_=True))
    return page("LocalAgentBench leaderboard", "leaderboard", "\n".join(parts), home="index.html",
                footer=_footer(entries), assets="assets/")


SERVING_WORDS = {"context_window": "context window", "server": "model server", "quantization": "quantization",
                 "parameter_count": "parameter count", "family": "model family"}


def serving_differences(rows: list[tuple[dict, dict]]) -> list[str]:
    """An alert per serving fact (score.serving_facts) in which groups ranked together were served differently,
    naming each group's value: a model run with a smaller window or another quantization is not the same
    contender. Groups of entries made before the facts were recorded say nothing either way."""
    known = [(e, g) for e, g in rows if g.get("serving")]
    out = []
    for key, words in SERVING_WORDS.items():
        values = {json.dumps(g["serving"].get(key, [])) for _, g in known}
        if len(known) < 2 or len(values) < 2:
            continue
        shown = "; ".join(f"{_who(e, g)} ({e['name']}): "
                          f"{', '.join(str(v) if v is not None else 'unknown' for v in g['serving'].get(key, []))}"
                          for e, g in known)
        out.append(f'<div class="alert warn"><strong>Served differently: {esc(words)}.</strong> {esc(shown)}. '
                   "Rows that differ in how the model was served measure the serving as much as the model.</div>")
    return out


def _set_section(task_set: dict, suffix: str) -> str:
    """One task set: its heading with the task count, chart, ranking table, legend and per-task matrix.
    `suffix` keeps element ids unique on the page (the first set's are plain)."""
    rows, n = task_set["rows"], len(task_set["task_ids"])
    ungraded = task_set["ungraded"]
    parts = [f'<h2 id="set-{task_set["fingerprint"]}">{n} task{"" if n == 1 else "s"} '
             f'<small class="muted">set {task_set["fingerprint"]}</small></h2>',
             f'<p class="sub">{len(rows)} agent × model group(s) over the same {n} task(s) at the same digests, ranked '
             "by strict pass@1 (95% interval)." + (
                 f" Each run was allowed {task_set['attempts']} attempts (run --attempts): an attempt whose visible "
                 "tests failed was followed by another that saw their output." if task_set["attempts"] > 1 else "") + (
                 f" Visible tests: {VISIBLE_WORDS[task_set['visible']]}." if task_set.get("visible") else "") + (
                 f" {len(ungraded)} task(s) were never graded by these groups: their versions are unknown."
                 if ungraded else "") + "</p>"]
    parts += serving_differences(rows)
    rated = [(e, g) for e, g in rows if _strict(g) is not None]
    if rated:
        parts.append(interval_chart(
            [{"label": f"{_who(e, g)} · {e['name']}", "value": g["pass_at_1_strict"], "lo": g["pass_at_1_strict_ci"][0],
              "hi": g["pass_at_1_strict_ci"][1], "href": _entry_href(e)} for e, g in rated],
            label="strict pass@1 with 95% interval per group", id_=f"rank-chart{suffix}"))
    body = []
    for i, (e, g) in enumerate(rows, start=1):
        body.append(
            f"<tr><td class=num>{i if _strict(g) is not None else '–'}</td>"
            f"<td class=nw><a href=\"{esc(_entry_href(e))}\">"
            f"{esc(e['name'])}</a>{_incomplete_mark(e)}</td><td>{esc(g['agent'])}</td><td>{esc(g['model'])}</td>"
            f"<td class=num>{_n_tasks(e, g)}</td>" + _result_row(g, ("strict", "scored")) +
            f"<td class=num>{_left_out(g)}</td>" + _result_row(g, ("pass_k", "heldout", "overfit", "latency")) +
            f"<td class=num>{_synthetic_mark(g, 'costs.tokens_in_per_run', num(g['costs'].get('tokens_in_per_run')))}"
            f"</td><td>{esc(e['date'])}</td></tr>")
    parts.append(table(['<th class="num">#</th>', "Entry", "Agent", "Model", '<th class="num">Tasks</th>',
                        RESULT_HEADERS["strict"], RESULT_HEADERS["scored"], '<th class="num">Runs left out</th>',
                        *(RESULT_HEADERS[key] for key in ("pass_k", "heldout", "overfit", "latency")),
                        '<th class="num">Tokens in / run</th>', "Date"], body, id_=f"ranking{suffix}"))
    parts.append(_notes(rows))
    parts.append(f"<h3>Tasks ({n})</h3>" + _matrix(task_set, suffix))
    digests = {**task_set["digests"], **{t: "never graded (version unknown)" for t in ungraded}}
    parts.append(digests_block(digests))
    return "\n".join(parts)


def _task_cell(task: dict) -> tuple[float | None, str]:
    """A task's shade and count for the matrix: strict (successes / runs the grid planned) when the entry
    has it, else pass@1 over scored runs (successes / scored runs)."""
    if "pass_at_1_strict" in task:
        return task["pass_at_1_strict"], f"{task['c']}/{task['n_grid']}"
    return task["pass_at_1"], f"{task['c']}/{task['n']}"


def _matrix(task_set: dict, suffix: str) -> str:
    rows_ranked = task_set["rows"]
    cells = {(e["name"], g["agent"], g["model"], t["task_id"]): t for e, g in rows_ranked for t in g["tasks"]}
    meta: dict[str, dict] = {}
    for _, g in rows_ranked:
        for t in g["tasks"]:
            meta.setdefault(t["task_id"], t)
    rows = []
    for task_id in task_set["task_ids"]:
        tds, seen = [], set()
        for e, g in rows_ranked:
            t = cells.get((e["name"], g["agent"], g["model"], task_id))
            if t is None:
                tds.append('<td class="num muted" title="never graded">–</td>')
                continue
            seen.update(t["outcomes"])
            shade, count = _task_cell(t)
            tds.append(heat(shade).replace("</td>", f'<span class="cn">{count}</span></td>'))
        category = meta[task_id]["category"] if task_id in meta else "–"
        rows.append(f'<tr data-o="{esc(" ".join(sorted(seen)))}" data-text="{esc(task_id)} {esc(category)}">'
                    f"<td>{esc(task_id)}</td><td class=opt>{esc(category)}</td>" + "".join(tds) + "</tr>")
    heads = ["Task", '<th class="opt">Category</th>'] + [
        f'<th class="num"><a href="{esc(_entry_href(e))}">{esc(e["name"])}</a><br><small>{esc(_who(e, g))}</small></th>'
        for e, g in rows_ranked]
    return ('<p class="muted">Each cell: the task\'s strict pass@1 (shaded) and successes / runs the grid planned '
            "(entries from before the grid was recorded: / scored runs).</p>" +
            table(heads, rows, id_=f"matrix{suffix}", paged=MATRIX_PAGE_ROWS, filter_label="Filter tasks"))


def entry_html(entry: dict) -> str:
    """One entry's page: its groups, per-category and per-task results, provenance."""
    groups = entry["groups"]
    pairs = [(entry, g) for g in groups]
    parts = [f"<h1>{esc(entry['name'])}{_incomplete_mark(entry)}</h1>",
             f'<p class="sub">{esc(entry["date"])} · {entry["n_tasks"]} task(s) · '
             f'runs {esc(", ".join(entry["run_ids"]))}</p>']
    if not entry.get("complete", True):
        parts.append(f'<div class="alert bad"><strong>Incomplete.</strong> Promoted with {esc(ALLOW_FLAG)}: '
                     f'{esc("; ".join(entry.get("incomplete_reasons") or []))}.</div>')
    parts += [f'<div class="alert">{esc(w)}</div>' for w in entry["warnings"]]
    rated = [g for g in groups if _strict(g) is not None]
    if rated:
        parts.append("<h2>Pass rate</h2>" + interval_chart(
            [{"label": _who(entry, g), "value": g["pass_at_1_strict"], "lo": g["pass_at_1_strict_ci"][0],
              "hi": g["pass_at_1_strict_ci"][1]} for g in rated],
            label="strict pass@1 with 95% interval", id_="pass-chart"))
    else:
        parts.append("<h2>Pass rate</h2>" + interval_chart(
            [{"label": _who(entry, g), "value": g["pass_at_1"], "lo": g["pass_at_1_ci"][0], "hi": g["pass_at_1_ci"][1]}
             for g in groups if g["pass_at_1"] is not None], label="pass@1 with 95% interval", id_="pass-chart"))
    entry_columns = ("pass_k", "heldout", "overfit", "latency", "tokens", "tool_calls")
    parts.append(table(["Agent", "Model", '<th class="num">Tasks</th>', RESULT_HEADERS["strict"],
                        RESULT_HEADERS["scored"], '<th class="num">Runs left out</th>',
                        *(RESULT_HEADERS[key] for key in entry_columns)], [
        f"<tr><td>{esc(g['agent'])}</td><td>{esc(g['model'])}</td><td class=num>{_n_tasks(entry, g)}</td>"
        + _result_row(g, ("strict", "scored")) + f"<td class=num>{_left_out(g)}</td>"
        + _result_row(g, entry_columns) + "</tr>" for g in groups], id_="results"))
    parts.append(_notes(pairs))
    parts.append(preference_html(entry.get("human_preference")))  # from promote: the runs' rated pairs
    labelled = [(_who(entry, g), g) for g in groups]
    parts.append(by_attempt_html(labelled))
    if len({lang for g in groups for lang in g.get("languages") or {}}) > 1:
        parts.append(breakdown_html(labelled, "languages", "Per language"))
    parts.append(breakdown_html(labelled, "categories", "Per category"))
    by_task = {(g["agent"], g["model"], t["task_id"]): t for g in groups for t in g["tasks"]}
    meta = {t["task_id"]: t for g in groups for t in g["tasks"]}
    task_ids = sorted({*meta, *(t for g in groups for t in g.get("ungraded_tasks", []))})
    rows = []
    for task_id in task_ids:
        tds, seen = [], set()
        for g in groups:
            t = by_task.get((g["agent"], g["model"], task_id))
            if t is None:
                never = task_id in g.get("ungraded_tasks", [])
                tds.append(f'<td class="muted">{"never graded" if never else "–"}</td>')
                continue
            seen.update(t["outcomes"])
            # Runs in an entry have no pages; which passes were held-out confirmed is known by count only.
            left = t["heldout_confirmed"]
            pips = []
            for i, o in enumerate(t["outcomes"]):
                ring = o == "passed" and left > 0
                left -= ring
                pips.append(pip(o, None, f"{task_id} run {i + 1}", ring))
            # Runs the grid planned that were never graded: shown, each as what became of it.
            pips += [unrun_pip(status, f"{task_id} planned run") for status in ("unfinished", "missing")
                     for _ in range(t.get(status, 0))]
            tds.append(f"<td>{''.join(pips)}<span class=cn>{_task_cell(t)[1]}</span></td>")
        category = meta[task_id]["category"] if task_id in meta else "–"
        rows.append(f'<tr data-o="{esc(" ".join(sorted(seen)))}" data-text="{esc(task_id)} {esc(category)}">'
                    f"<td>{esc(task_id)}</td><td class=opt>{esc(category)}</td>" + "".join(tds) + "</tr>")
    unrun = any(t.get("unfinished") or t.get("missing") for g in groups for t in g["tasks"])
    parts.append("<h2>Tasks</h2>" + legend(with_unrun=unrun) + table(["Task", '<th class="opt">Category</th>'] +
                                                     [esc(_who(entry, g)) for g in groups], rows, id_="matrix",
                                                     paged=MATRIX_PAGE_ROWS, filter_label="Filter tasks"))
    prov: dict[str, object] = {"harness": entry["harness_version"], "run ids": ", ".join(entry["run_ids"])}
    for g in groups:
        who = _who(entry, g)
        synthetic, figures, inferred = group_synthetic(g)
        prov[f"{who}: agent version"] = ", ".join(v for v in g["agent_version"] if v) or "unknown"
        prov[f"{who}: model"] = "; ".join(json.dumps(m, sort_keys=True) for m in g["model_info"])
        prov[f"{who}: sandbox"] = ", ".join(g["sandbox"])
        prov[f"{who}: options"] = "; ".join(json.dumps(o, sort_keys=True) for o in g["options"])
        if synthetic:
            prov[f"{who}: synthetic figures"] = ", ".join(figures) + (" (inferred from the agent)" if inferred else "")
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
    parser = ArgumentParser(prog=stage_prog("python -m bench.report.publish"), description=__doc__.split("\n")[0])
    parser.add_argument("leaderboard", nargs="?", default="leaderboard",
                        help="the leaderboard directory (default: leaderboard)")
    parser.add_argument("--out", default=None, help="where to write the site (default: LEADERBOARD/site)")
    args = parser.parse_args(argv)
    entries = load_entries(Path(args.leaderboard))
    result = publish(entries, Path(args.out) if args.out else Path(args.leaderboard) / "site")
    print(json.dumps(result))
    log(f"publish: {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} -> {result['site']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.report.publish` (and `nox -s site`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
