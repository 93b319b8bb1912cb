"""score: turn graded run records into summary.json: pass@1, unbiased pass@k, intervals, held-out, costs.

    python -m bench.score results/<run>/ [more runs or shards ...] [--out summary.json]

Runs are grouped by agent x model. Infrastructure errors are kept apart: they are not the agent's
failure and do not enter any pass rate. METHODOLOGY.md defines every number.
"""
from __future__ import annotations

import math
import statistics
from collections import defaultdict
from fractions import Fraction
from typing import Iterable, Sequence

from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import harness_version
from bench.common.records import read_records, write_json_output
from bench.common.stats import quantile, wilson_interval  # noqa: F401 (wilson_interval: re-exported as score.wilson_interval)
from bench.common.stage import ArgumentParser, log, run_main

OUTCOMES = ["passed", "failed", "overfit", "agent_timeout", "agent_error", "oracle_error", "infra_error"]


def pass_at_k(n: int, c: int, k: int) -> Fraction:
    """Unbiased pass@k (Chen et al. 2021) for n samples with c correct, exactly: 1 - C(n-c, k) / C(n, k)."""
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")
    if n - c < k:
        return Fraction(1)
    return 1 - Fraction(math.comb(n - c, k), math.comb(n, k))


def _sum_known(runs: list[dict], field: str) -> int | None:
    """Sum of a count over runs that expose it; None when no run does (unknown is not zero)."""
    values = [r["agent"].get(field) for r in runs if r["agent"].get(field) is not None]
    return sum(values) if values else None


def latency(runs: list[dict]) -> dict:
    """Agent wall-time aggregates, and seconds per turn where turns are known."""
    walls = [r["agent"]["wall_s"] for r in runs]
    if not walls:
        return {"total_s": 0.0, "mean_s": None, "median_s": None, "p90_s": None, "max_s": None, "per_turn_s": None}
    turned = [r for r in runs if r["agent"].get("turns")]
    turns = sum(r["agent"]["turns"] for r in turned)
    return {
        "total_s": round(sum(walls), 3), "mean_s": round(statistics.fmean(walls), 3),
        "median_s": round(statistics.median(walls), 3), "p90_s": round(quantile(walls, 0.9), 3),
        "max_s": round(max(walls), 3),
        "per_turn_s": round(sum(r["agent"]["wall_s"] for r in turned) / turns, 3) if turns else None,
    }


def costs(runs: list[dict]) -> dict:
    """Token and tool-call totals (None when the agent does not expose them)."""
    out = {f: _sum_known(runs, f) for f in ("tokens_in", "tokens_out", "tokens_reasoning", "tokens_cache_read",
                                            "turns", "tool_calls", "failed_tool_calls")}
    known = [r for r in runs if r["agent"].get("tokens_in") is not None]
    out["tokens_in_per_run"] = round(sum(r["agent"]["tokens_in"] for r in known) / len(known), 1) if known else None
    return out


def score_task(runs: list[dict]) -> dict:
    """Per-task numbers for one group: n scored runs, c successes, pass@k for every k <= n."""
    scored = [r for r in runs if r["outcome"] != "infra_error"]
    n, c = len(scored), sum(1 for r in scored if r["success"])
    first = runs[0]
    return {
        "task_id": first["task_id"], "category": first["task"]["category"], "difficulty": first["task"]["difficulty"],
        "task_digest": first["task_digest"], "has_heldout": bool(first["task"].get("heldout")),
        "n": n, "c": c, "n_runs": len(runs),
        "pass_at_k": {str(k): float(pass_at_k(n, c, k)) for k in range(1, n + 1)},
        "outcomes": [r["outcome"] for r in sorted(runs, key=lambda r: r["rep"])],
        "flags": sorted({f for r in runs for f in r.get("flags", [])}),
    }


def score_group(agent: str, model: str, runs: list[dict]) -> tuple[dict, list[dict]]:
    """The group summary and its per-task rows."""
    by_task: dict[str, list[dict]] = defaultdict(list)
    for run in runs:
        by_task[run["task_id"]].append(run)
    rows = [dict(score_task(task_runs), agent=agent, model=model) for task_runs in by_task.values()]
    rows.sort(key=lambda row: row["task_id"])
    scored_rows = [row for row in rows if row["n"] > 0]
    k_max = min((row["n"] for row in scored_rows), default=0)
    pass_k = {}
    for k in range(1, k_max + 1):
        exact = sum((pass_at_k(row["n"], row["c"], k) for row in scored_rows), Fraction(0)) / len(scored_rows)
        pass_k[str(k)] = float(exact)
    p1 = pass_k.get("1", 0.0)
    outcomes = {o: sum(1 for r in runs if r["outcome"] == o) for o in OUTCOMES}
    visible_passed = [r for r in runs if r["task"].get("heldout") and r["oracle"] and r["oracle"]["passed"]]
    calib = [row for row in scored_rows if row["category"] == "calib"]
    categories: dict[str, dict] = {}
    for row in scored_rows:
        cat = categories.setdefault(row["category"], {"n_tasks": 0, "_p": Fraction(0)})
        cat["n_tasks"] += 1
        cat["_p"] += Fraction(row["c"], row["n"])
    for cat in categories.values():
        cat["pass_at_1"] = float(cat.pop("_p") / cat["n_tasks"])
    group = {
        "agent": agent, "model": model,
        "agent_version": sorted({r["agent"].get("version") or "" for r in runs}),
        "n_tasks": len(scored_rows), "n_tasks_unscored": len(rows) - len(scored_rows),
        "n_runs": len(runs), "n_scored_runs": sum(row["n"] for row in rows),
        "repetitions": sorted({row["n_runs"] for row in rows}),
        "passes": sum(row["c"] for row in rows),
        "pass_at_1": p1,
        "pass_at_1_ci": wilson_interval(p1, len(scored_rows)),
        "pass_at_k": pass_k,
        "heldout_checked": len(visible_passed),
        "heldout_confirmed": sum(1 for r in visible_passed if r["heldout"] and r["heldout"]["passed"]),
        "overfit": outcomes["overfit"],
        "infra_errors": outcomes["infra_error"],
        "outcomes": outcomes,
        "flagged_runs": sum(1 for r in runs if r.get("flags")),
        "calib": {"n_tasks": len(calib), "passes": sum(row["c"] for row in calib),
                  "broken": bool(calib) and all(row["c"] == 0 for row in calib)},
        "categories": dict(sorted(categories.items())),
        "latency": latency([r for r in runs if r["outcome"] != "infra_error"]),
        "costs": costs([r for r in runs if r["outcome"] != "infra_error"]),
        "sandbox": sorted({r["sandbox"]["kind"] for r in runs}),
        "load_s": next((r["model"]["load_s"] for r in runs if r["model"].get("load_s") is not None), None),
        "jobs": sorted({r["sandbox"].get("jobs", 1) for r in runs}),
    }
    return group, rows


def headline(group: dict) -> str:
    """One line per group for people: pass@1 with its interval, passes, overfit, infra errors."""
    lo, hi = group["pass_at_1_ci"]
    return (f"{group['agent']} x {group['model']}: pass@1 {group['pass_at_1']:.3f} [{lo:.3f}, {hi:.3f}] over "
            f"{group['n_tasks']} task(s); {group['passes']}/{group['n_scored_runs']} runs passed, "
            f"overfit {group['overfit']}, infra errors {group['infra_errors']}")


def _graded_problem(record: dict) -> str | None:
    """What scoring a graded run relies on that the run schema leaves open (it also describes runs in progress):
    a hand-edited run.json must be refused in one line, not crash the grouping."""
    for section, article in (("agent", "an"), ("model", "a")):
        if not isinstance(record[section], dict):
            return f"{section}: a graded run needs {article} {section} object"
    for field in ("category", "difficulty"):
        if not isinstance(record["task"][field], str):
            return f"task.{field}: {record['task'][field]!r} is not a string"
    jobs = record["sandbox"].get("jobs", 1)
    if type(jobs) is not int:
        return f"sandbox.jobs: {jobs!r} is not a whole number"
    return None


def score(records: Iterable[dict]) -> dict:
    """Build the summary from run records of one run, several runs, or shards of one run."""
    runs, incomplete, duplicates, seen = [], [], [], set()
    for record in records:
        where = f"run {record.get('task_id')}/{record.get('rep')}"
        schema.check(record, "run", where=where)
        problem = _graded_problem(record) if record["stage"] == "graded" else None
        if problem:
            raise UserError(f"{where}: {problem}; it is not a run record `localagentbench run` writes")
        key = (record["run_id"], record["agent"]["name"] if record.get("agent") else None,
               (record.get("model") or {}).get("id"), record["task_id"], record["rep"])
        if key in seen:
            duplicates.append({"run_id": key[0], "task_id": key[3], "rep": key[4]})
            continue
        seen.add(key)
        if record["stage"] != "graded":
            incomplete.append({"run_id": record["run_id"], "task_id": record["task_id"], "rep": record["rep"],
                               "stage": record["stage"]})
            continue
        runs.append(record)
    runs.sort(key=lambda r: (r["agent"]["name"], r["model"]["id"], r["task_id"], r["rep"], r["run_id"]))
    grouped: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for run in runs:
        grouped[(run["agent"]["name"], run["model"]["id"])].append(run)
    groups, tasks = [], []
    for (agent, model), group_runs in grouped.items():
        group, rows = score_group(agent, model, group_runs)
        groups.append(group)
        tasks.extend(rows)
    digests: dict[str, set[str]] = defaultdict(set)
    for run in runs:
        digests[run["task_id"]].add(run["task_digest"])
    warnings = [f"task {t} was run at {len(d)} different digests; results mix task versions"
                for t, d in sorted(digests.items()) if len(d) > 1]
    warnings += [f"{len(incomplete)} run(s) did not finish grading and are not scored"] if incomplete else []
    warnings += [f"{len(duplicates)} duplicate run(s) ignored (same run id, agent, model, task, repetition)"] if duplicates else []
    warnings += [f"{g['agent']} x {g['model']}: every calibration task failed; the setup is broken, not the model"
                 for g in groups if g["calib"]["broken"]]
    return {
        "schema": "localagentbench/summary@1",
        "harness_version": harness_version(),
        "run_ids": sorted({r["run_id"] for r in runs}),
        "task_digests": {t: sorted(d)[0] for t, d in sorted(digests.items())},
        "groups": groups, "tasks": tasks, "runs": runs,
        "incomplete": incomplete, "duplicates": duplicates, "warnings": warnings,
    }


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.score", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="run bundles, run.json / JSONL files, or - (stdin)")
    parser.add_argument("--out", default="-", help="where to write summary.json (default: stdout)")
    args = parser.parse_args(argv)
    summary = score(read_records(args.inputs))
    schema.check(summary, "summary", where=args.out)
    write_json_output(args.out, summary)
    for warning in summary["warnings"]:
        log(f"warning: {warning}")
    for g in summary["groups"]:
        log(f"score: {headline(g)}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.score`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
