"""compare: two runs side by side, paired task by task: flips, pass@1 difference with a paired bootstrap, McNemar.

    python -m bench.compare --base A --other B [--base-group AGENT:MODEL] [--other-group AGENT:MODEL]
                            [--allow-different-tasks] [--json] [--html PATH | --no-html] [--seed N]

A and B are summary.json files or results directories. Markdown goes to stdout (JSON with --json, matching
schemas/comparison.schema.json); an HTML page goes into B's site (site/compare-<base>.html) unless --html
or --no-html says otherwise. Runs whose task digests differ are refused unless --allow-different-tasks,
which compares only the tasks both ran at the same digest. METHODOLOGY.md defines every number.
"""
from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Sequence

from bench.common import schema
from bench.common.charts import interval_chart, nice_max
from bench.common.errors import UserError
from bench.common.paths import harness_version
from bench.common.records import write_text_atomic
from bench.common.site import digests_block, duration, esc, num, page, pct, provenance, slug, table
from bench.common.stage import ArgumentParser, log, run_main
from bench.common.stats import mcnemar_exact, paired_bootstrap, wilson_interval
from bench.common.summary import load_summary, summary_path

RESAMPLES = 10_000
SOLVED_RULE = "a task counts as solved when a strict majority of its scored runs succeeded (with one run: that run)"


def select_group(summary: dict, spec: str | None, side: str) -> dict:
    """The group a `--base-group`/`--other-group` spec names: 'AGENT:MODEL', 'AGENT', or nothing when only one."""
    groups = summary["groups"]
    names = ", ".join(f"{g['agent']}:{g['model']}" for g in groups) or "none"
    if spec is None:
        if len(groups) == 1:
            return groups[0]
        raise UserError(f"--{side}: the summary holds {len(groups)} agent x model groups ({names}); "
                        f"pick one with --{side}-group AGENT:MODEL")
    agent, _, model = spec.partition(":")  # agent names have no colon; model ids may (qwen3:8b)
    found = [g for g in groups if g["agent"] == agent and (not model or g["model"] == model)]
    if len(found) != 1:
        why = "matches no group" if not found else f"matches {len(found)} groups"
        raise UserError(f"--{side}-group {spec}: {why}; the summary holds: {names}")
    return found[0]


def _rows(summary: dict, group: dict) -> dict[str, dict]:
    return {t["task_id"]: t for t in summary["tasks"] if t["agent"] == group["agent"] and t["model"] == group["model"]}


def _digest(summary: dict, row: dict) -> str | None:
    return row.get("task_digest") or summary["task_digests"].get(row["task_id"])


def _runs(summary: dict, group: dict, tasks: set[str]) -> list[dict]:
    return [r for r in summary["runs"] if r["agent"]["name"] == group["agent"] and r["model"]["id"] == group["model"]
            and r["task_id"] in tasks and r["outcome"] != "infra_error"]


def _ratio(other: float | None, base: float | None) -> float | None:
    return round(other / base, 4) if other is not None and base else None


def _costs(base_runs: list[dict], other_runs: list[dict]) -> tuple[dict, dict]:
    def wall(runs):
        walls = [r["agent"]["wall_s"] for r in runs]
        return {"mean_s": round(statistics.fmean(walls), 3) if walls else None,
                "median_s": round(statistics.median(walls), 3) if walls else None, "n_runs": len(walls)}

    def tokens(runs):
        known = [r["agent"]["tokens_in"] + (r["agent"]["tokens_out"] or 0) for r in runs
                 if r["agent"].get("tokens_in") is not None]
        return {"mean_per_run": round(statistics.fmean(known), 1) if known else None, "n_runs": len(known)}

    lb, lo, tb, to = wall(base_runs), wall(other_runs), tokens(base_runs), tokens(other_runs)
    latency = {"base": lb, "other": lo, "ratio_mean": _ratio(lo["mean_s"], lb["mean_s"]),
               "ratio_median": _ratio(lo["median_s"], lb["median_s"])}
    return latency, {"base": tb, "other": to, "ratio": _ratio(to["mean_per_run"], tb["mean_per_run"])}


def _side(summary: dict, group: dict, rates: list[float]) -> dict:
    p1 = sum(rates) / len(rates) if rates else 0.0
    models = {json.dumps(r["model"], sort_keys=True) for r in summary["runs"]
              if r["agent"]["name"] == group["agent"] and r["model"]["id"] == group["model"]}
    return {"agent": group["agent"], "model": group["model"], "run_ids": summary["run_ids"],
            "harness_version": summary["harness_version"], "agent_version": group.get("agent_version", []),
            "model_info": [json.loads(m) for m in sorted(models)], "sandbox": group.get("sandbox", []),
            "n_tasks": len(rates), "pass_at_1": p1, "pass_at_1_ci": wilson_interval(p1, len(rates)),
            "group_pass_at_1": group["pass_at_1"]}


def compare(base_summary: dict, other_summary: dict, allow_different_tasks: bool = False, seed: int = 0,
            base_group: str | None = None, other_group: str | None = None, resamples: int = RESAMPLES) -> dict:
    """The paired comparison of `other` against `base` (a localagentbench/comparison@1 record)."""
    bg, og = select_group(base_summary, base_group, "base"), select_group(other_summary, other_group, "other")
    brows, orows = _rows(base_summary, bg), _rows(other_summary, og)
    only_base, only_other = sorted(set(brows) - set(orows)), sorted(set(orows) - set(brows))
    shared = sorted(set(brows) & set(orows))
    changed = [t for t in shared if _digest(base_summary, brows[t]) != _digest(other_summary, orows[t])]
    if (only_base or only_other or changed) and not allow_different_tasks:
        what = [f"{len(x)} {label} ({', '.join(x[:5])}{', …' if len(x) > 5 else ''})" for x, label in
                ((only_base, "only in base"), (only_other, "only in other"), (changed, "at different digests")) if x]
        raise UserError(f"task sets differ: {'; '.join(what)}; compare runs of the same task versions, "
                        "or pass --allow-different-tasks to compare only the tasks both ran at the same digest")
    same = [t for t in shared if t not in changed]
    unscored = [t for t in same if brows[t]["n"] == 0 or orows[t]["n"] == 0]  # every run an infra error
    paired = [t for t in same if t not in unscored]
    per_task, improved, regressed = [], [], []
    for t in paired:
        b, o = brows[t], orows[t]
        b_ok, o_ok = 2 * b["c"] > b["n"], 2 * o["c"] > o["n"]
        flip = "improved" if o_ok and not b_ok else "regressed" if b_ok and not o_ok else None
        if flip == "improved":
            improved.append(t)
        elif flip == "regressed":
            regressed.append(t)
        per_task.append({"task_id": t, "category": b["category"], "flip": flip,
                         "base": {"n": b["n"], "c": b["c"], "pass_at_1": b["c"] / b["n"], "solved": b_ok,
                                  "outcomes": b["outcomes"]},
                         "other": {"n": o["n"], "c": o["c"], "pass_at_1": o["c"] / o["n"], "solved": o_ok,
                                   "outcomes": o["outcomes"]},
                         "delta": o["c"] / o["n"] - b["c"] / b["n"]})
    base_rates = [row["base"]["pass_at_1"] for row in per_task]
    other_rates = [row["other"]["pass_at_1"] for row in per_task]
    base_side, other_side = _side(base_summary, bg, base_rates), _side(other_summary, og, other_rates)
    latency, tokens = _costs(_runs(base_summary, bg, set(paired)), _runs(other_summary, og, set(paired)))
    warnings = []
    if only_base or only_other or changed:
        warnings.append(f"only the {len(paired)} task(s) both runs ran at the same digest are compared "
                        f"({len(only_base)} only in base, {len(only_other)} only in other, "
                        f"{len(changed)} at different digests left out)")
    if unscored:
        warnings.append(f"{len(unscored)} task(s) left out: every run was an infrastructure error on one side")
    if not paired:
        warnings.append("no task can be paired: nothing to compare")
    return {
        "schema": "localagentbench/comparison@1",
        "harness_version": harness_version(),
        "base": base_side, "other": other_side,
        "task_set": {"compared": len(paired), "restricted": bool(only_base or only_other or changed),
                     "task_digests": {t: _digest(base_summary, brows[t]) for t in paired},
                     "only_base": only_base, "only_other": only_other, "digest_changed": changed, "unscored": unscored},
        "difference": {"pass_at_1": other_side["pass_at_1"] - base_side["pass_at_1"],
                       "ci": paired_bootstrap(base_rates, other_rates, resamples, seed),
                       "method": "paired bootstrap over tasks, 95% percentile interval",
                       "resamples": resamples, "seed": seed},
        "mcnemar": {"regressed": len(regressed), "improved": len(improved),
                    "p_value": mcnemar_exact(len(regressed), len(improved)), "rule": SOLVED_RULE},
        "flips": {"improved": improved, "regressed": regressed},
        "latency": latency, "tokens": tokens,
        "per_task": per_task, "warnings": warnings,
    }


def _label(side: dict) -> str:
    return f"{side['agent']} × {side['model']}"


def names(cmp: dict) -> tuple[str, str]:
    """Labels for base and other that tell them apart (the run id is added when agent and model are the same)."""
    b, o = _label(cmp["base"]), _label(cmp["other"])
    if b == o:
        b, o = (f"{lbl} ({', '.join(side['run_ids'][:2]) or '?'})" for lbl, side in ((b, cmp["base"]), (o, cmp["other"])))
    return b, o


def _pp(x: float) -> str:
    return f"{100 * x:+.1f} pp"


def _x(r: float | None) -> str:
    return "–" if r is None else f"{r:.2f}×"


def comparison_markdown(cmp: dict) -> str:
    """The comparison as Markdown (what `compare` prints)."""
    b, o, d, m = cmp["base"], cmp["other"], cmp["difference"], cmp["mcnemar"]
    lat, tok = cmp["latency"], cmp["tokens"]
    bn, on = names(cmp)
    lines = [f"# Comparison: {on} vs {bn}", "",
             f"Base: {_label(b)} (runs {', '.join(b['run_ids'])}) · Other: {_label(o)} (runs {', '.join(o['run_ids'])}) · "
             f"{cmp['task_set']['compared']} paired task(s)", ""]
    lines += [f"> **Note:** {w}" for w in cmp["warnings"]] + ([""] if cmp["warnings"] else [])
    lines += ["| | base | other |", "|---|---:|---:|",
              f"| pass@1 | {pct(b['pass_at_1'])} | {pct(o['pass_at_1'])} |",
              f"| 95% CI (Wilson) | {pct(b['pass_at_1_ci'][0])} – {pct(b['pass_at_1_ci'][1])} | "
              f"{pct(o['pass_at_1_ci'][0])} – {pct(o['pass_at_1_ci'][1])} |",
              f"| mean agent wall time per run | {duration(lat['base']['mean_s'])} | {duration(lat['other']['mean_s'])} |",
              f"| median agent wall time per run | {duration(lat['base']['median_s'])} | {duration(lat['other']['median_s'])} |",
              f"| mean tokens per run (in + out) | {num(tok['base']['mean_per_run'])} | {num(tok['other']['mean_per_run'])} |",
              "", f"**Difference (other − base):** {_pp(d['pass_at_1'])}, 95% paired bootstrap interval "
              f"[{_pp(d['ci'][0])}, {_pp(d['ci'][1])}] ({d['resamples']:,} resamples over tasks, seed {d['seed']}).", "",
              f"**Exact McNemar test:** p = {m['p_value']:.4g} on {m['improved'] + m['regressed']} discordant task(s) "
              f"({m['improved']} improved, {m['regressed']} regressed); {m['rule']}.", "",
              f"**Ratios (other / base):** latency {_x(lat['ratio_mean'])} mean, {_x(lat['ratio_median'])} median; "
              f"tokens {_x(tok['ratio'])}.", "", "## Flipped tasks", ""]
    lines.append("- improved (base failed, other passed): " + (", ".join(cmp["flips"]["improved"]) or "none"))
    lines.append("- regressed (base passed, other failed): " + (", ".join(cmp["flips"]["regressed"]) or "none"))
    lines += ["", "## Per task", "", "| Task | Category | base | other | Δ pass@1 | flip |", "|---|---|---:|---:|---:|---|"]
    for t in cmp["per_task"]:
        lines.append(f"| {t['task_id']} | {t['category']} | {t['base']['c']}/{t['base']['n']} | "
                     f"{t['other']['c']}/{t['other']['n']} | {_pp(t['delta'])} | {t['flip'] or ''} |")
    lines += ["", "Statistics defined in METHODOLOGY.md (Comparing two runs).", ""]
    return "\n".join(lines)


def comparison_html(cmp: dict, home: str = "index.html") -> str:
    """The comparison as one self-contained HTML page (stylesheet and script inlined)."""
    b, o, d, m = cmp["base"], cmp["other"], cmp["difference"], cmp["mcnemar"]
    lat, tok = cmp["latency"], cmp["tokens"]
    bn, on = names(cmp)
    parts = [f"<h1>{esc(on)} vs {esc(bn)}</h1>",
             f'<p class="sub">{cmp["task_set"]["compared"]} paired task(s) · base runs {esc(", ".join(b["run_ids"]))} · '
             f'other runs {esc(", ".join(o["run_ids"]))}</p>']
    parts += [f'<div class="alert">{esc(w)}</div>' for w in cmp["warnings"]]
    parts.append("<h2>pass@1</h2>" + interval_chart(
        [{"label": f"base: {bn}", "value": b["pass_at_1"], "lo": b["pass_at_1_ci"][0], "hi": b["pass_at_1_ci"][1]},
         {"label": f"other: {on}", "value": o["pass_at_1"], "lo": o["pass_at_1_ci"][0], "hi": o["pass_at_1_ci"][1]}],
        label="pass@1 of each with 95% Wilson interval", id_="pass-chart"))
    span = min(1.0, nice_max([0.1, abs(d["ci"][0]), abs(d["ci"][1]), abs(d["pass_at_1"])]))
    parts.append("<h2>Difference (other − base)</h2>" + interval_chart(
        [{"label": "other − base", "value": d["pass_at_1"], "lo": d["ci"][0], "hi": d["ci"][1]}],
        domain=(-span, span), fmt=lambda v: "0 pp" if abs(v) < 1e-9 else f"{100 * v:+.0f}", value_fmt=_pp, bars=False,
        zero=0.0, ticks=6,
        label="difference in pass@1 with 95% paired bootstrap interval", id_="diff-chart"))
    facts = [("difference", _pp(d["pass_at_1"])), ("95% paired bootstrap", f"[{100 * d['ci'][0]:+.1f}, {100 * d['ci'][1]:+.1f}] pp"),
             ("McNemar exact p", f"{m['p_value']:.4g}"), ("improved / regressed", f"{m['improved']} / {m['regressed']}"),
             ("latency ratio (mean)", _x(lat["ratio_mean"])), ("token ratio", _x(tok["ratio"]))]
    parts.append('<div class="facts">' + "".join(f"<div><b>{esc(v)}</b><span>{esc(k)}</span></div>" for k, v in facts)
                 + "</div>")
    parts.append(f'<p class="muted">{esc(d["method"])}, {d["resamples"]:,} resamples, seed {d["seed"]}. McNemar: '
                 f"{esc(m['rule'])}.</p>")
    parts.append("<h2>Flipped tasks</h2><ul>" + "".join(
        f"<li><b>{label}</b>: {esc(', '.join(cmp['flips'][key]) or 'none')}</li>"
        for key, label in (("improved", "improved (base failed, other passed)"),
                           ("regressed", "regressed (base passed, other failed)"))) + "</ul>")
    rows = []
    for t in cmp["per_task"]:
        cls = "delta-pos" if t["delta"] > 0 else "delta-neg" if t["delta"] < 0 else ""
        rows.append(f'<tr data-o="{t["flip"] or "same"}" data-text="{esc(t["task_id"])} {esc(t["category"])}">'
                    f"<td>{esc(t['task_id'])}</td><td class=opt>{esc(t['category'])}</td>"
                    f"<td class=num>{t['base']['c']}/{t['base']['n']}</td><td class=num>{t['other']['c']}/{t['other']['n']}</td>"
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
        f"<tr><td>mean tokens per run (in + out)</td><td class=num>{num(tok['base']['mean_per_run'])}</td>"
        f"<td class=num>{num(tok['other']['mean_per_run'])}</td><td class=num>{_x(tok['ratio'])}</td></tr>"]))
    ts = cmp["task_set"]
    parts.append("<h2>Provenance</h2>" + provenance({
        "comparison made by": f"LocalAgentBench {cmp['harness_version']}",
        **{f"{key}: {k}": v for key, side in (("base", b), ("other", o)) for k, v in (
            ("agent × model", _label(side)), ("runs", ", ".join(side["run_ids"])), ("harness", side["harness_version"]),
            ("agent version", ", ".join(v for v in side["agent_version"] if v) or "unknown"),
            ("model", "; ".join(json.dumps(m, sort_keys=True) for m in side.get("model_info", []))),
            ("sandbox", ", ".join(side.get("sandbox", []))))},
        "tasks left out": ", ".join(ts["only_base"] + ts["only_other"] + ts["digest_changed"] + ts["unscored"]) or "none",
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


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.compare", description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True, help="the baseline: summary.json or a results directory")
    parser.add_argument("--other", required=True, help="the run compared against it: summary.json or a results directory")
    parser.add_argument("--base-group", default=None, help="AGENT:MODEL (or AGENT) when the base holds several groups")
    parser.add_argument("--other-group", default=None, help="AGENT:MODEL (or AGENT) when the other holds several groups")
    parser.add_argument("--allow-different-tasks", action="store_true",
                        help="compare only the tasks both ran at the same digest instead of refusing")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON instead of Markdown")
    parser.add_argument("--html", default=None, help="write the HTML page here (default: OTHER/site/compare-<base>.html)")
    parser.add_argument("--no-html", action="store_true", help="do not write the HTML page")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    args = parser.parse_args(argv)
    hint = "localagentbench report --results DIR"
    cmp = compare(load_summary(args.base, hint), load_summary(args.other, hint), args.allow_different_tasks,
                  args.seed, args.base_group, args.other_group)
    schema.check(cmp, "comparison", where="comparison")
    html_path = None if args.no_html else Path(args.html) if args.html else default_html_path(args.other, cmp)
    if html_path is not None:
        in_site = html_path.parent.name == "site" and (html_path.parent / "index.html").exists()
        try:
            write_text_atomic(html_path, comparison_html(cmp, home="index.html" if in_site else "#"))
        except OSError as exc:
            raise UserError(f"{html_path}: cannot write the comparison page ({exc.strerror}); pass --html PATH") from None
        log(f"compare: page at {html_path.resolve()}")
    print(json.dumps(cmp, indent=2) if args.json else comparison_markdown(cmp))
    for warning in cmp["warnings"]:
        log(f"warning: {warning}")
    d = cmp["difference"]
    log(f"compare: {cmp['task_set']['compared']} task(s), difference {_pp(d['pass_at_1'])} "
        f"[{_pp(d['ci'][0])}, {_pp(d['ci'][1])}], McNemar p = {cmp['mcnemar']['p_value']:.4g}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.compare` (and `localagentbench compare`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
