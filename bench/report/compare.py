"""compare: two runs side by side, paired task by task: flips, pass@1 difference with Tango's score interval, McNemar.

    python -m bench.report.compare --base A --other B [--base-group AGENT:MODEL] [--other-group AGENT:MODEL]
                            [--allow-different-tasks] [--json] [--html PATH | --no-html]

A and B are summary.json files or results directories. Markdown goes to stdout (JSON with --json, matching
schemas/comparison.schema.json); an HTML page goes into B's site (site/compare-<base>.html) unless --html
or --no-html says otherwise; a B with no site yet gets one first (site/ and report.md, as `localagentbench
report` writes them), so the page is always linked from an index. Runs whose task digests differ are refused
unless --allow-different-tasks, which compares only the tasks both ran at the same digest; two runs with no
task to pair are refused.
METHODOLOGY.md defines every number.
"""
from __future__ import annotations

import json
import os
import statistics
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import harness_version
from bench.common.records import real_dir, write_text_atomic
from bench.common.stage import ArgumentParser, log, run_main, stage_prog
from bench.common.stats import PAIRED_DIFFERENCE_MIN_N, mcnemar_exact, paired_difference_interval, wilson_interval
from bench.common.summary import group_key, load_summary, mode_note, run_key, summary_path, tokens_per_run, visible_of
from bench.common.untrusted import markdown_text
from bench.report.charts import interval_chart, nice_max
from bench.report.site import (
    SYNTHETIC_MARK,
    SYNTHETIC_WHY,
    digests_block,
    duration,
    esc,
    link_comparison,
    num,
    page,
    pct,
    provenance,
    real,
    slug,
    syn,
    syn_note,
    synthetic_figure,
    table,
    usable_runs,
)

INTERVAL_METHOD = "Tango asymptotic score interval"
TOO_FEW = "too few paired tasks for an interval"
# How the two runs were made, from their run records, in the order the page lists differences.
SETTINGS = {"agent": "agent", "model": "model", "visible": "visible tests (--visible)",
            "jobs": "concurrency (--jobs)", "sandbox": "sandbox",
            "options": "agent options", "attempts": "attempts per run (--attempts)",
            "timeout": "agent timeout (--timeout)", "harness_version": "harness version",
            "agent_version": "agent version", "model_digest": "model digest",
            "executor": "executor (local or slurm)", "hosts": "hosts",
            # the serving facts (bench/models/serving.py), compared where both runs recorded them
            "context_window": "context window (--num-ctx)", "server": "model server",
            "quantization": "quantization", "parameter_count": "parameter count", "family": "model family"}
SERVING = ("context_window", "server", "quantization", "parameter_count", "family")
# What a comparison compares: agent and model differing is its point, not a warning, and so is a setting that
# follows from one of them (another agent has another version; another model another digest).
SUBJECTS = {"agent": ("agent",), "model": ("model",), "agent_version": ("agent",), "model_digest": ("model",),
            "quantization": ("model",), "parameter_count": ("model",), "family": ("model",)}
SOLVED_RULE = "a task counts as solved when a strict majority of its scored runs succeeded (with one run: that run)"


VISIBLE_SUFFIX = "@visible="   # a group spec's --visible mode, where a summary holds both modes of an agent x model


def select_group(summary: dict, spec: str | None, side: str) -> dict:
    """The group a `--base-group`/`--other-group` spec names: 'AGENT:MODEL', 'AGENT', or nothing when only one;
    either may end in '@visible=all' (or split) to pick one --visible mode."""
    groups = summary["groups"]
    names = ", ".join(f"{g['agent']}:{g['model']}{VISIBLE_SUFFIX}{visible_of(g)}" for g in groups) or "none"
    if spec is None:
        if len(groups) == 1:
            return groups[0]
        raise UserError(f"--{side}: the summary holds {len(groups)} agent x model groups ({names}); "
                        f"pick one with --{side}-group AGENT:MODEL")
    spec_text = spec
    spec, _, mode = spec.partition(VISIBLE_SUFFIX)
    agent, _, model = spec.partition(":")  # agent names have no colon; model ids may (qwen3:8b)
    found = [g for g in groups if g["agent"] == agent and (not model or g["model"] == model)
             and (not mode or visible_of(g) == mode)]
    spec = spec_text
    if len(found) != 1:
        why = "matches no group" if not found else f"matches {len(found)} groups"
        raise UserError(f"--{side}-group {spec}: {why}; the summary holds: {names}")
    return found[0]


def _rows(summary: dict, group: dict) -> dict[str, dict]:
    return {t["task_id"]: t for t in summary["tasks"] if group_key(t) == group_key(group)}


def planned_runs(row: dict) -> int:
    """Runs the grid planned for a task in a group (`n_grid`: missing and unfinished runs included). A summary
    written before score recorded the grid only knows the graded runs (`n_runs`)."""
    return row.get("n_grid", row["n_runs"])


def _group_runs(summary: dict, group: dict) -> list[dict]:
    return [r for r in summary["runs"] if run_key(r) == group_key(group)]


def _digest(summary: dict, row: dict) -> str | None:
    return row.get("task_digest") or summary["task_digests"].get(row["task_id"])


def _runs(summary: dict, group: dict, tasks: set[str]) -> list[dict]:
    return [r for r in summary["runs"] if run_key(r) == group_key(group)
            and r["task_id"] in tasks and r["outcome"] != "infra_error"]


def _ratio(other: float | None, base: float | None) -> float | None:
    return round(other / base, 4) if other is not None and base else None


def _costs(base_runs: list[dict], other_runs: list[dict], synthetic: tuple[bool, bool]) -> tuple[dict, dict]:
    """Latency and token means of each side's runs and their ratios; `synthetic`: whether each side's token
    counts were invented by its agent (synthetic_figure), which the comparison then says."""
    def wall(runs):
        walls = [r["agent"]["wall_s"] for r in runs]
        return {"mean_s": round(statistics.fmean(walls), 3) if walls else None,
                "median_s": round(statistics.median(walls), 3) if walls else None, "n_runs": len(walls)}

    def tokens(runs):
        both, partial = tokens_per_run(runs)
        return {"mean_per_run": round(statistics.fmean(both), 1) if both else None, "n_runs": len(both),
                "n_runs_partial": partial}

    lb, lo, tb, to = wall(base_runs), wall(other_runs), tokens(base_runs), tokens(other_runs)
    tb["synthetic"], to["synthetic"] = synthetic[0] and bool(tb["n_runs"]), synthetic[1] and bool(to["n_runs"])
    latency = {"base": lb, "other": lo, "ratio_mean": _ratio(lo["mean_s"], lb["mean_s"]),
               "ratio_median": _ratio(lo["median_s"], lb["median_s"])}
    return latency, {"base": tb, "other": to, "ratio": _ratio(to["mean_per_run"], tb["mean_per_run"])}


def _unique(values: list) -> list:
    """Distinct JSON values in a stable order."""
    return [json.loads(v) for v in sorted({json.dumps(v, sort_keys=True) for v in values})]


def _attempts(run: dict) -> int:
    """The attempts a run was allowed (run --attempts; 1 when its options do not say)."""
    value = (run.get("options") or {}).get("attempts")
    return value if type(value) is int else 1


def made_how(summary: dict, group: dict) -> dict:
    """How a group's runs were made, from the run records themselves: the settings `differences` compares (see
    SETTINGS). The harness version is the one each run was made with (a summary's is the scorer's)."""
    runs = _group_runs(summary, group)
    return {"agent": group["agent"], "model": group["model"], "visible": visible_of(group),
            "jobs": group.get("jobs", [1]),
            "sandbox": group.get("sandbox", []),
            # --attempts is recorded among the options; said apart, since it changes what pass@1 measures
            "attempts": sorted({_attempts(r) for r in runs}),
            "options": _unique([{k: v for k, v in (r.get("options") or {}).items() if k != "attempts"} for r in runs]),
            "timeout": sorted({r["agent"]["timeout_s"] for r in runs if real(r["agent"].get("timeout_s"))}),
            "harness_version": sorted({str(r["harness_version"]) for r in runs if r.get("harness_version")})
            or [summary["harness_version"]],
            "agent_version": group.get("agent_version", []),
            "model_digest": sorted({str(r["model"]["digest"]) for r in runs if r["model"].get("digest")}),
            "executor": sorted({str(r["executor"].get("kind")) for r in runs if isinstance(r.get("executor"), dict)}),
            "hosts": sorted({str(r["executor"].get("host")) for r in runs if isinstance(r.get("executor"), dict)}),
            **{key: (group.get("serving") or {}).get(key, []) for key in SERVING}}


def differences(base: dict, other: dict) -> list[dict]:
    """The settings (made_how) in which the two sides differ. A model digest or a timeout is compared only when
    both sides know one: a server that reports none, or a record that predates it, says nothing either way."""
    out = []
    for key, label in SETTINGS.items():
        # a record that predates `executor` says nothing about where it ran
        if key in ("model_digest", "timeout", "executor", "hosts", *SERVING) and not (base[key] and other[key]):
            continue
        if base[key] != other[key]:
            out.append({"setting": key, "label": label, "base": base[key], "other": other[key]})
    return out


def incidental(diffs: list[dict]) -> list[dict]:
    """The differences a reader may not have meant: every one but the agent and model compared (SUBJECTS)."""
    differ = {d["setting"] for d in diffs}
    return [d for d in diffs if not set(SUBJECTS.get(d["setting"], ())) & differ]


def _side(summary: dict, group: dict, cells: list[dict]) -> dict:
    """One side over the paired tasks: pass@1 over its scored runs and the strict pass@1 over every run the
    grid planned, each with what it leaves out."""
    n_tasks = len(cells)
    scored = sum((Fraction(c["c"], c["n"]) for c in cells), Fraction(0))
    strict = sum((Fraction(c["c"], c["n_grid"]) for c in cells), Fraction(0))
    p1, p1_strict = float(scored / n_tasks), float(strict / n_tasks)  # compare() pairs at least one task
    made = made_how(summary, group)
    return {"agent": group["agent"], "model": group["model"], "visible": visible_of(group),
            "run_ids": summary["run_ids"],
            "harness_version": summary["harness_version"], "agent_version": group.get("agent_version", []),
            "model_info": _unique([r["model"] for r in _group_runs(summary, group)]),
            "sandbox": group.get("sandbox", []), "jobs": made["jobs"],
            "options": _unique([r.get("options") or {} for r in _group_runs(summary, group)]),
            "n_tasks": n_tasks, "pass_at_1": p1, "pass_at_1_ci": wilson_interval(p1, n_tasks),
            "pass_at_1_strict": p1_strict, "pass_at_1_strict_ci": wilson_interval(p1_strict, n_tasks),
            "n_runs_scored": sum(c["n"] for c in cells), "n_runs_grid": sum(c["n_grid"] for c in cells),
            "runs_left_out": sum(c["n_grid"] - c["n"] for c in cells),
            "group_pass_at_1": group.get("pass_at_1")}


def _tokens_synthetic(group: dict) -> bool:
    """Whether a group's token counts were invented by its agent (the run site's rule, synthetic_figure)."""
    return synthetic_figure(group, "tokens_in") or synthetic_figure(group, "tokens_out")


def _who(summary: dict, group: dict) -> str:
    return f"{group['agent']}:{group['model']}{mode_note(group)} (run {', '.join(summary['run_ids']) or '?'})"


def compare(base_summary: dict, other_summary: dict, allow_different_tasks: bool = False,
            base_group: str | None = None, other_group: str | None = None) -> dict:
    """The paired comparison of `other` against `base` (a localagentbench/comparison@1 record).

    Raises UserError, naming both runs, when no task can be paired: there is nothing to put numbers on."""
    bg, og = select_group(base_summary, base_group, "base"), select_group(other_summary, other_group, "other")
    brows, orows = _rows(base_summary, bg), _rows(other_summary, og)
    only_base, only_other = sorted(set(brows) - set(orows)), sorted(set(orows) - set(brows))
    shared = sorted(set(brows) & set(orows))
    changed = [t for t in shared if _digest(base_summary, brows[t]) != _digest(other_summary, orows[t])]

    # A task with held-out tests has a digest per --visible mode (each its own files): the modes are said apart.
    modes = (f"; the runs used different --visible modes ({visible_of(bg)} and {visible_of(og)}), and a task with "
             "held-out tests has a digest per mode" if changed and visible_of(bg) != visible_of(og) else "")

    def nothing_to_compare(why: str) -> UserError:
        return UserError(f"nothing to compare between base {_who(base_summary, bg)} and other "
                         f"{_who(other_summary, og)}: {why}")

    if not shared:
        raise nothing_to_compare(f"no task in common ({len(brows)} task(s) in base, {len(orows)} in other)")
    if len(changed) == len(shared):
        raise nothing_to_compare(f"every one of the {len(shared)} common task(s) ran at a different task digest"
                                 f"{modes}")
    if (only_base or only_other or changed) and not allow_different_tasks:
        what = [f"{len(x)} {label} ({', '.join(x[:5])}{', …' if len(x) > 5 else ''})" for x, label in
                ((only_base, "only in base"), (only_other, "only in other"), (changed, "at different digests")) if x]
        raise UserError(f"task sets differ: {'; '.join(what)}{modes}; compare runs of the same task versions, "
                        "or pass --allow-different-tasks to compare only the tasks both ran at the same digest")
    same = [t for t in shared if t not in changed]
    # A task with no scored run on a side (every run an infrastructure error, unfinished or missing) has no
    # pass@1 there to pair.
    in_base_only = [t for t in same if brows[t]["n"] > 0 and orows[t]["n"] == 0]
    in_other_only = [t for t in same if brows[t]["n"] == 0 and orows[t]["n"] > 0]
    in_neither = [t for t in same if brows[t]["n"] == 0 and orows[t]["n"] == 0]
    unscored = sorted(in_base_only + in_other_only + in_neither)
    paired = [t for t in same if t not in unscored]
    if not paired:
        raise nothing_to_compare(f"every one of the {len(same)} common task(s) is unscored on one side or both "
                                 "(no scored run: infrastructure errors, unfinished or missing runs)")
    per_task, improved, regressed = [], [], []
    for t in paired:
        b, o = brows[t], orows[t]
        b_ok, o_ok = 2 * b["c"] > b["n"], 2 * o["c"] > o["n"]
        flip = "improved" if o_ok and not b_ok else "regressed" if b_ok and not o_ok else None
        if flip == "improved":
            improved.append(t)
        elif flip == "regressed":
            regressed.append(t)
        per_task.append({"task_id": t, "category": b["category"], "language": b.get("language", "python"),
                         "flip": flip,
                         "base": _cell(b, b_ok), "other": _cell(o, o_ok),
                         "delta": float(Fraction(o["c"], o["n"]) - Fraction(b["c"], b["n"]))})
    base_rates = [row["base"]["pass_at_1"] for row in per_task]
    other_rates = [row["other"]["pass_at_1"] for row in per_task]
    base_side = _side(base_summary, bg, [row["base"] for row in per_task])
    other_side = _side(other_summary, og, [row["other"] for row in per_task])
    latency, tokens = _costs(_runs(base_summary, bg, set(paired)), _runs(other_summary, og, set(paired)),
                             (_tokens_synthetic(bg), _tokens_synthetic(og)))
    diffs = differences(made_how(base_summary, bg), made_how(other_summary, og))
    enough = len(paired) >= PAIRED_DIFFERENCE_MIN_N
    warnings = []
    if only_base or only_other or changed:
        warnings.append(f"only the {len(paired)} task(s) both runs ran at the same digest are compared "
                        f"({len(only_base)} only in base, {len(only_other)} only in other, "
                        f"{len(changed)} at different digests left out)")
    if unscored:
        where = [f"{label} ({', '.join(x[:5])}{', …' if len(x) > 5 else ''})" for x, label in
                 ((in_base_only, "scored in base only"), (in_other_only, "scored in other only"),
                  (in_neither, "scored in neither")) if x]
        warnings.append(f"{len(unscored)} task(s) left out, with no scored run on one side or both: {'; '.join(where)}")
    if incidental(diffs):
        warnings.append("the two runs were made differently: " + ", ".join(d["label"] for d in incidental(diffs))
                        + " (see how the runs were made)")
    return {
        "schema": "localagentbench/comparison@1",
        "harness_version": harness_version(),
        "base": base_side, "other": other_side,
        "task_set": {"compared": len(paired), "restricted": bool(only_base or only_other or changed),
                     "task_digests": {t: _digest(base_summary, brows[t]) for t in paired},
                     "only_base": only_base, "only_other": only_other, "digest_changed": changed, "unscored": unscored,
                     "scored_in_base_only": in_base_only, "scored_in_other_only": in_other_only,
                     "scored_in_neither": in_neither},
        "difference": {"pass_at_1": float(sum((Fraction(r["other"]["c"], r["other"]["n"]) -
                                               Fraction(r["base"]["c"], r["base"]["n"]) for r in per_task),
                                              Fraction(0)) / len(per_task)),
                       "ci": paired_difference_interval(base_rates, other_rates) if enough else None,
                       "method": INTERVAL_METHOD, "min_tasks": PAIRED_DIFFERENCE_MIN_N,
                       "reason": None if enough else f"{TOO_FEW} ({len(paired)} paired, at least "
                                                     f"{PAIRED_DIFFERENCE_MIN_N} needed)"},
        "differences": diffs,
        "mcnemar": {"regressed": len(regressed), "improved": len(improved),
                    "p_value": mcnemar_exact(len(regressed), len(improved)), "rule": SOLVED_RULE},
        "flips": {"improved": improved, "regressed": regressed},
        "latency": latency, "tokens": tokens,
        "per_task": per_task, "per_language": per_language(per_task), "warnings": warnings,
    }


def per_language(per_task: list[dict]) -> list[dict]:
    """The paired tasks by language, each with both sides' pass@1, the difference and its 95% interval (from
    PAIRED_DIFFERENCE_MIN_N paired tasks of that language; None below), improved and regressed tasks."""
    out = []
    for language in sorted({t["language"] for t in per_task}):
        rows = [t for t in per_task if t["language"] == language]
        base = [t["base"]["pass_at_1"] for t in rows]
        other = [t["other"]["pass_at_1"] for t in rows]
        exact = sum((Fraction(t["other"]["c"], t["other"]["n"]) - Fraction(t["base"]["c"], t["base"]["n"])
                     for t in rows), Fraction(0)) / len(rows)
        out.append({"language": language, "n_tasks": len(rows),
                    "base_pass_at_1": sum(base) / len(rows), "other_pass_at_1": sum(other) / len(rows),
                    "difference": float(exact),
                    "ci": paired_difference_interval(base, other) if len(rows) >= PAIRED_DIFFERENCE_MIN_N else None,
                    "improved": sum(1 for t in rows if t["flip"] == "improved"),
                    "regressed": sum(1 for t in rows if t["flip"] == "regressed")})
    return out


def _language_interval(row: dict) -> str:
    return (f"{_pp(row['ci'][0])} to {_pp(row['ci'][1])}" if row["ci"] is not None
            else f"too few tasks (under {PAIRED_DIFFERENCE_MIN_N})")


def _cell(row: dict, solved: bool) -> dict:
    return {"n": row["n"], "c": row["c"], "n_grid": planned_runs(row), "pass_at_1": row["c"] / row["n"],
            "solved": solved, "outcomes": row["outcomes"]}


def _label(side: dict) -> str:
    return f"{side['agent']} × {side['model']}{mode_note(side)}"


def names(cmp: dict) -> tuple[str, str]:
    """Labels for base and other that tell them apart (the run id is added when agent and model are the same)."""
    b, o = _label(cmp["base"]), _label(cmp["other"])
    if b == o:
        b, o = (f"{lbl} ({', '.join(side['run_ids'][:2]) or '?'})"
                for lbl, side in ((b, cmp["base"]), (o, cmp["other"])))
    return b, o


def _pp(x: float) -> str:
    return f"{100 * x:+.1f} pp"


def _x(r: float | None) -> str:
    return "–" if r is None else f"{r:.2f}×"


def _left_out(side: dict) -> str:
    return f"{side['runs_left_out']} of {side['n_runs_grid']} run(s) left out"


def _tokens_over(side: dict) -> str:
    """Over how many runs a side's mean tokens per run is taken: "(6 run(s); 1 reporting only one count left out)"."""
    partial = side.get("n_runs_partial", 0)
    return f"({side['n_runs']} run(s)" + (f"; {partial} reporting only one count left out" if partial else "") + ")"


def _tokens(side: dict) -> str:
    """A side's mean tokens per run, marked when its agent invented them, and over how many runs."""
    return f"{num(side['mean_per_run'])}{SYNTHETIC_MARK if side.get('synthetic') else ''} {_tokens_over(side)}"


def _invented(cmp: dict) -> str:
    """Whose token counts were invented ("base: mock × none"), or '' when both sides measured theirs."""
    return ", ".join(f"{key}: {_label(cmp[key])}" for key in ("base", "other") if cmp["tokens"][key].get("synthetic"))


SYNTHETIC_TOKENS = "token counts and their ratio"


def _runs_cell(cell: dict) -> str:
    planned = cell.get("n_grid", cell["n"])
    return f"{cell['c']}/{cell['n']}" + (f" ({planned} planned)" if planned != cell["n"] else "")


def interval_text(d: dict) -> str:
    """The difference's interval in words: '[-1.0 pp, +20.0 pp]', or why there is none."""
    if d["ci"] is None:
        return d.get("reason") or TOO_FEW
    return f"[{_pp(d['ci'][0])}, {_pp(d['ci'][1])}]"


def setting_text(value) -> str:
    """A setting of made_how() as text ('unknown' for an empty or blank value)."""
    if isinstance(value, list):
        return "; ".join(setting_text(v) for v in value) or "unknown"
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return str(value) if value not in (None, "") else "unknown"


SAME_WAY = ("the two runs were made the same way: " + ", ".join(SETTINGS.values())
            + " agree (a timeout, a model digest and the serving facts are compared where both runs know them)")
TOKENS_LABEL = "mean tokens per run (in + out, over runs reporting both)"
STRICT_LABEL = "strict pass@1 (unscored, unfinished or missing runs count as not passed)"


def comparison_markdown(cmp: dict) -> str:
    """The comparison as Markdown (what `compare` prints)."""
    b, o, d, m = cmp["base"], cmp["other"], cmp["difference"], cmp["mcnemar"]
    lat, tok = cmp["latency"], cmp["tokens"]
    bn, on = names(cmp)
    lines = [f"# Comparison: {on} vs {bn}", "",
             f"Base: {_label(b)} (runs {', '.join(b['run_ids'])}) · "
             f"Other: {_label(o)} (runs {', '.join(o['run_ids'])}) · "
             f"{cmp['task_set']['compared']} paired task(s)", ""]
    lines += [f"> **Note:** {w}" for w in cmp["warnings"]] + ([""] if cmp["warnings"] else [])
    interval = (f"95% interval {interval_text(d)} ({d['method']} over {cmp['task_set']['compared']} paired tasks)"
                if d["ci"] is not None else interval_text(d))
    lines += ["| | base | other |", "|---|---:|---:|",
              f"| pass@1 over scored runs | {pct(b['pass_at_1'])} ({_left_out(b)}) | "
              f"{pct(o['pass_at_1'])} ({_left_out(o)}) |",
              f"| 95% CI (Wilson) | {pct(b['pass_at_1_ci'][0])} – {pct(b['pass_at_1_ci'][1])} | "
              f"{pct(o['pass_at_1_ci'][0])} – {pct(o['pass_at_1_ci'][1])} |",
              f"| {STRICT_LABEL} | {pct(b['pass_at_1_strict'])} (0 of {b['n_runs_grid']} run(s) left out) | "
              f"{pct(o['pass_at_1_strict'])} (0 of {o['n_runs_grid']} run(s) left out) |",
              f"| mean agent wall time per run | {duration(lat['base']['mean_s'])} | "
              f"{duration(lat['other']['mean_s'])} |",
              f"| median agent wall time per run | {duration(lat['base']['median_s'])} | "
              f"{duration(lat['other']['median_s'])} |",
              f"| {TOKENS_LABEL} | {_tokens(tok['base'])} | {_tokens(tok['other'])} |", ""]
    if _invented(cmp):
        lines += [f"{SYNTHETIC_MARK} synthetic ({_invented(cmp)}: {SYNTHETIC_TOKENS}): {SYNTHETIC_WHY}.", ""]
    lines += [f"**Difference in pass@1 (other − base):** {_pp(d['pass_at_1'])}; {interval}.", "",
              f"**Exact McNemar test:** p = {m['p_value']:.4g} on {m['improved'] + m['regressed']} discordant task(s) "
              f"({m['improved']} improved, {m['regressed']} regressed); {m['rule']}.", "",
              f"**Ratios (other / base):** latency {_x(lat['ratio_mean'])} mean, {_x(lat['ratio_median'])} median; "
              f"tokens {_x(tok['ratio'])}{SYNTHETIC_MARK if _invented(cmp) and tok['ratio'] is not None else ''}.",
              "", "## How the runs were made", ""]
    lines += [f"- {x['label']}: base {setting_text(x['base'])} · other {setting_text(x['other'])}"
              for x in cmp["differences"]] or [SAME_WAY[0].upper() + SAME_WAY[1:] + "."]
    lines += ["", "## Flipped tasks", ""]
    lines.append("- improved (base failed, other passed): " + (", ".join(cmp["flips"]["improved"]) or "none"))
    lines.append("- regressed (base passed, other failed): " + (", ".join(cmp["flips"]["regressed"]) or "none"))
    if len(cmp.get("per_language", [])) > 1:
        lines += ["", "## Per language", "", "| Language | Tasks | base | other | Δ pass@1 | 95% interval "
                  "| improved / regressed |", "|---|---:|---:|---:|---:|---|---:|"]
        lines += [f"| {markdown_text(r['language'])} | {r['n_tasks']} | {pct(r['base_pass_at_1'])} | "
                  f"{pct(r['other_pass_at_1'])} | {_pp(r['difference'])} | {_language_interval(r)} | "
                  f"{r['improved']} / {r['regressed']} |" for r in cmp["per_language"]]
    lines += ["", "## Per task", "", "| Task | Category | base | other | Δ pass@1 | flip |",
              "|---|---|---:|---:|---:|---|"]
    for t in cmp["per_task"]:
        lines.append(f"| {markdown_text(t['task_id'])} | {markdown_text(t['category'])} | {_runs_cell(t['base'])} | "
                     f"{_runs_cell(t['other'])} | {_pp(t['delta'])} | {t['flip'] or ''} |")
    lines += ["", "Statistics defined in METHODOLOGY.md (Comparing two runs).", ""]
    return "\n".join(lines)


def _tokens_html(side: dict) -> str:
    """_tokens for a page: escaped, with the synthetic mark the run site uses."""
    return f"{esc(num(side['mean_per_run']))}{syn(bool(side.get('synthetic')))} {esc(_tokens_over(side))}"


def comparison_html(cmp: dict, home: str = "index.html") -> str:
    """The comparison as one self-contained HTML page (stylesheet and script inlined)."""
    b, o, d, m = cmp["base"], cmp["other"], cmp["difference"], cmp["mcnemar"]
    lat, tok = cmp["latency"], cmp["tokens"]
    bn, on = names(cmp)
    parts = [f"<h1>{esc(on)} vs {esc(bn)}</h1>",
             f'<p class="sub">{cmp["task_set"]["compared"]} paired task(s) · '
             f'base runs {esc(", ".join(b["run_ids"]))} · '
             f'other runs {esc(", ".join(o["run_ids"]))}</p>']
    parts += [f'<div class="alert">{esc(w)}</div>' for w in cmp["warnings"]]
    parts.append("<h2>pass@1</h2>" + interval_chart(
        [{"label": f"base: {bn}", "value": b["pass_at_1"], "lo": b["pass_at_1_ci"][0], "hi": b["pass_at_1_ci"][1],
          "note": _left_out(b)},
         {"label": f"other: {on}", "value": o["pass_at_1"], "lo": o["pass_at_1_ci"][0], "hi": o["pass_at_1_ci"][1],
          "note": _left_out(o)},
         {"label": f"base, strict: {bn}", "value": b["pass_at_1_strict"], "lo": b["pass_at_1_strict_ci"][0],
          "hi": b["pass_at_1_strict_ci"][1], "note": "0 run(s) left out"},
         {"label": f"other, strict: {on}", "value": o["pass_at_1_strict"], "lo": o["pass_at_1_strict_ci"][0],
          "hi": o["pass_at_1_strict_ci"][1], "note": "0 run(s) left out"}],
        label="pass@1 over scored runs, and strict pass@1 (unscored, unfinished or missing runs count as not "
              "passed), each with 95% Wilson interval", id_="pass-chart"))
    ci = d["ci"]
    span = min(1.0, nice_max([0.1, abs(d["pass_at_1"])] + ([abs(ci[0]), abs(ci[1])] if ci else [])))
    parts.append("<h2>Difference (other − base)</h2>" + interval_chart(
        [{"label": "other − base", "value": d["pass_at_1"], "lo": ci[0] if ci else None, "hi": ci[1] if ci else None,
          "note": None if ci else TOO_FEW}],
        domain=(-span, span), fmt=lambda v: "0 pp" if abs(v) < 1e-9 else f"{100 * v:+.0f}", value_fmt=_pp, bars=False,
        zero=0.0, ticks=6,
        label="difference in pass@1 with its 95% Tango score interval", id_="diff-chart"))
    facts = [("difference", _pp(d["pass_at_1"])),
             ("95% interval" if ci else "interval", interval_text(d) if ci else TOO_FEW),
             ("McNemar exact p", f"{m['p_value']:.4g}"),
             ("improved / regressed", f"{m['improved']} / {m['regressed']}"),
             ("latency ratio (mean)", _x(lat["ratio_mean"])), ("token ratio", _x(tok["ratio"]))]
    invented = _invented(cmp)
    marks = {"token ratio": syn(bool(invented) and tok["ratio"] is not None)}
    parts.append('<div class="facts">' + "".join(f"<div><b>{esc(v)}{marks.get(k, '')}</b><span>{esc(k)}</span></div>"
                                                 for k, v in facts) + "</div>")
    interval_note = (f"95% {d['method']} over the paired tasks" if ci else
                     f"{d.get('reason') or TOO_FEW}: the {d['method']} is reported from {d['min_tasks']} paired tasks")
    parts.append(f'<p class="muted">{esc(interval_note)}. McNemar: {esc(m["rule"])}.</p>')
    parts.append("<h2>How the runs were made</h2>" + (
        table(["Setting", '<th>base</th>', '<th>other</th>'],
              [f"<tr><td>{esc(x['label'])}</td><td>{esc(setting_text(x['base']))}</td>"
               f"<td>{esc(setting_text(x['other']))}</td></tr>" for x in cmp["differences"]], id_="compare-differences")
        if cmp["differences"] else f'<p id="compare-differences">{esc(SAME_WAY[0].upper() + SAME_WAY[1:])}.</p>'))
    parts.append("<h2>Flipped tasks</h2><ul>" + "".join(
        f"<li><b>{label}</b>: {esc(', '.join(cmp['flips'][key]) or 'none')}</li>"
        for key, label in (("improved", "improved (base failed, other passed)"),
                           ("regressed", "regressed (base passed, other failed)"))) + "</ul>")
    if len(cmp.get("per_language", [])) > 1:
        parts.append("<h2>Per language</h2>" + table(
            ["Language", '<th class="num">Tasks</th>', '<th class="num">base</th>', '<th class="num">other</th>',
             '<th class="num">Δ pass@1</th>', "95% interval", '<th class="num">improved / regressed</th>'],
            [f"<tr><td>{esc(r['language'])}</td><td class=num>{r['n_tasks']}</td>"
             f"<td class=num>{pct(r['base_pass_at_1'])}</td><td class=num>{pct(r['other_pass_at_1'])}</td>"
             f"<td class=num>{_pp(r['difference'])}</td><td>{esc(_language_interval(r))}</td>"
             f"<td class=num>{r['improved']} / {r['regressed']}</td></tr>" for r in cmp["per_language"]],
            id_="compare-languages"))
    rows = []
    for t in cmp["per_task"]:
        cls = "delta-pos" if t["delta"] > 0 else "delta-neg" if t["delta"] < 0 else ""
        rows.append(f'<tr data-o="{t["flip"] or "same"}" data-text="{esc(t["task_id"])} {esc(t["category"])}">'
                    f"<td>{esc(t['task_id'])}</td><td class=opt>{esc(t['category'])}</td>"
                    f"<td class=num>{esc(_runs_cell(t['base']))}</td><td class=num>{esc(_runs_cell(t['other']))}</td>"
                    f'<td class="num {cls}">{_pp(t["delta"])}</td><td>{esc(t["flip"] or "")}</td></tr>')
    parts.append("<h2>Per task</h2>" + table(["Task", '<th class="opt">Category</th>', '<th class="num">base</th>',
                                               '<th class="num">other</th>', '<th class="num">Δ pass@1</th>', "Flip"],
                                              rows, id_="compare-tasks", paged=50, filter_label="Filter tasks"))
    parts.append("<h2>Latency and tokens</h2>" + table(["", '<th class="num">base</th>', '<th class="num">other</th>',
                                                        '<th class="num">other / base</th>'], [
        f"<tr><td>mean agent wall time per run</td><td class=num>{duration(lat['base']['mean_s'])}</td>"
        f"<td class=num>{duration(lat['other']['mean_s'])}</td><td class=num>{_x(lat['ratio_mean'])}</td></tr>",
        f"<tr><td>median agent wall time per run</td><td class=num>{duration(lat['base']['median_s'])}</td>"
        f"<td class=num>{duration(lat['other']['median_s'])}</td><td class=num>{_x(lat['ratio_median'])}</td></tr>",
        f"<tr><td>{esc(TOKENS_LABEL)}</td><td class=num>{_tokens_html(tok['base'])}</td>"
        f"<td class=num>{_tokens_html(tok['other'])}</td><td class=num>{_x(tok['ratio'])}"
        f"{marks['token ratio']}</td></tr>"]))
    if invented:
        parts.append(syn_note(f"{invented}: {SYNTHETIC_TOKENS}"))
    ts = cmp["task_set"]
    parts.append("<h2>Provenance</h2>" + provenance({
        "comparison made by": f"LocalAgentBench {cmp['harness_version']}",
        **{f"{key}: {k}": v for key, side in (("base", b), ("other", o)) for k, v in (
            ("agent × model", _label(side)), ("runs", ", ".join(side["run_ids"])), ("harness", side["harness_version"]),
            ("agent version", ", ".join(v for v in side["agent_version"] if v) or "unknown"),
            ("model", "; ".join(json.dumps(m, sort_keys=True) for m in side.get("model_info", []))),
            ("sandbox", ", ".join(side.get("sandbox", []))),
            ("concurrency", "--jobs " + ", ".join(str(j) for j in side.get("jobs", [1]))),
            ("options", setting_text(side.get("options", []))))},
        "tasks left out":
            ", ".join(ts["only_base"] + ts["only_other"] + ts["digest_changed"] + ts["unscored"]) or "none",
    }, open_=True) + digests_block(ts.get("task_digests", {}), "task digests of the compared tasks"))
    footer = f"LocalAgentBench {esc(cmp['harness_version'])} · statistics defined in METHODOLOGY.md"
    return page(f"{on} vs {bn}", "compare", "\n".join(parts), home=home, footer=footer)


def default_html_path(other_source: str, cmp: dict) -> Path | None:
    """Where the page goes by default: the other run's site/, named after the base run; None for stdin."""
    if other_source == "-":
        return None
    base = cmp["base"]
    name = slug(f"{'-'.join(base['run_ids'][:2])}-{base['agent']}-{base['model']}")
    return summary_path(other_source).parent / "site" / f"compare-{name}.html"


def render_site(summary: dict, site: Path) -> None:
    """Render the other run's site (and its report.md) where `compare` puts its page by default, as
    `localagentbench report` would, so the page is linked from an index and every link of the site resolves."""
    from bench import engine  # it composes the stages (render among them); only a run with no site needs it

    problem = ("a file, not a folder" if site.exists() and not site.is_dir() else
               None if os.access(site if site.exists() else site.parent, os.W_OK) else "not writable")
    if problem:
        raise UserError(f"{site}: {problem}, so the other run's site, which links the comparison page, cannot be "
                        "made there; pass --html PATH or --no-html")
    paths = engine.report(summary, site.parent)
    log(f"compare: the other run had no site; rendered it first: {paths['site']}")


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog=stage_prog("python -m bench.report.compare"), description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True, help="the baseline: summary.json or a results directory")
    parser.add_argument("--other", required=True,
                        help="the run compared against it: summary.json or a results directory")
    parser.add_argument("--base-group", default=None, help="AGENT:MODEL (or AGENT) when the base holds several groups")
    parser.add_argument("--other-group", default=None,
                        help="AGENT:MODEL (or AGENT) when the other holds several groups")
    parser.add_argument("--allow-different-tasks", action="store_true",
                        help="compare only the tasks both ran at the same digest instead of refusing")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON instead of Markdown")
    parser.add_argument("--html", default=None,
                        help="write the HTML page here (default: OTHER/site/compare-<base>.html)")
    parser.add_argument("--no-html", action="store_true", help="do not write the HTML page")
    args = parser.parse_args(argv)
    other = usable_runs(load_summary(args.other), "compare")
    cmp = compare(usable_runs(load_summary(args.base), "compare"), other, args.allow_different_tasks,
                  args.base_group, args.other_group)
    schema.check(cmp, "comparison", where="comparison")
    html_path = None if args.no_html else Path(args.html) if args.html else default_html_path(args.other, cmp)
    if html_path is not None and not args.html and (html_path.parent.is_dir() or html_path.parent.is_symlink()):
        real_dir(html_path.parent, "pass --html PATH or --no-html")   # the other run's own site/, never a link
    if html_path is not None and not args.html and not (html_path.parent / "index.html").exists():
        render_site(other, html_path.parent)
    if html_path is not None:
        in_site = html_path.parent.name == "site" and (html_path.parent / "index.html").exists()
        try:
            write_text_atomic(html_path, comparison_html(cmp, home="index.html" if in_site else "#"))
        except OSError as exc:
            raise UserError(f"{html_path}: cannot write the comparison page ({exc.strerror}); "
                            "pass --html PATH") from None
        log(f"compare: page at {html_path.resolve()}")
        if in_site:
            base_name, other_name = names(cmp)
            link_comparison(html_path.parent, html_path.name, f"{other_name} vs {base_name}")
    print(json.dumps(cmp, indent=2) if args.json else comparison_markdown(cmp))
    for warning in cmp["warnings"]:
        log(f"warning: {warning}")
    d = cmp["difference"]
    log(f"compare: {cmp['task_set']['compared']} task(s), difference {_pp(d['pass_at_1'])} "
        f"{interval_text(d)}, McNemar p = {cmp['mcnemar']['p_value']:.4g}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.report.compare` (and `localagentbench compare`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
