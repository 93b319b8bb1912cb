"""score: turn graded run records into summary.json: pass@1, unbiased pass@k, intervals, held-out, costs.

    python -m bench.score results/<run>/ [more runs or shards ...] [--out summary.json]

Runs are grouped by agent x model. Each group gets two pass@1 rates: over its scored runs (infrastructure
errors, unfinished and missing runs left out, and counted beside it) and strict (every run the grid planned,
a run that did not pass for whatever reason counting as not passed). Outcomes are decided again from each
run's graded sections (bench/common/outcome.py). Runs that went through the recording model proxy also give
their group a `model_calls` section (model time share, tokens per solved task, prefill/decode speed, truncations;
`model_figures`). METHODOLOGY.md defines every number.
"""
from __future__ import annotations

import json
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction

from bench import languages
from bench.common import lifecycle, outcome, schema
from bench.common.errors import UserError
from bench.common.outcome import GAP_PROBLEMS, OUTCOMES, UNSCORED
from bench.common.paths import harness_version
from bench.common.records import planned_cells, read_records, write_json_output
from bench.common.stage import ArgumentParser, log, run_main
from bench.common.stats import quantile, wilson_interval  # noqa: F401 (wilson_interval: re-exported as score.wilson_interval)
from bench.common.summary import left_out_parts, mode_note, rate_text, run_key, visible_of
from bench.common.untrusted import one_line
from bench.exec import sandbox
from bench.models.serving import FACTS as SERVING_FACTS

Cell = tuple[str, str, str, str, str, int]  # (run id, agent, model, visible mode, task id, repetition)


# What a run without a sandbox means for its numbers (README, "Operating systems"): said in every summary, so
# the report, the site and a leaderboard entry made from it all carry it.
NO_SANDBOX_WARNING = ("ran without a sandbox (--sandbox none, or no bubblewrap on this OS): the agent could read the "
                      "held-out tests, other runs and the host, so these results are not trustworthy against a "
                      "hostile agent")

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
        **time_parts(runs),
    }


def time_parts(runs: list[dict]) -> dict:
    """The agents' wall time in parts, summed over the runs the model proxy measured: the model busy with their
    calls (model_s), their calls waiting for a free server slot behind other runs' (queued_s), their own (own_s)."""
    measured = [r["agent"] for r in runs if isinstance(r["agent"].get("model_s"), (int, float))
                and isinstance(r["agent"].get("own_s"), (int, float))]
    if not measured:
        return {"model_s": None, "queued_s": None, "own_s": None}
    return {key: round(sum(float(a.get(key) or 0.0) for a in measured), 3) for key in ("model_s", "queued_s", "own_s")}


def costs(runs: list[dict]) -> dict:
    """Token and tool-call totals (None when the agent does not expose them)."""
    out = {f: _sum_known(runs, f) for f in ("tokens_in", "tokens_out", "tokens_reasoning", "tokens_cache_read",
                                            "turns", "tool_calls", "failed_tool_calls")}
    known = [r for r in runs if r["agent"].get("tokens_in") is not None]
    out["tokens_in_per_run"] = round(sum(r["agent"]["tokens_in"] for r in known) / len(known), 1) if known else None
    return out


# What a run's model_calls section (the recording model proxy's totals) must hold for the group's model figures.
MODEL_CALL_COUNTS = ("calls", "errors", "prefill_tokens", "decode_tokens", "context_truncated", "translated")
MODEL_CALL_SECONDS = ("model_s", "ttft_median_s", "prefill_s", "decode_s")


def _tps(runs: list[dict], tokens: str, seconds: str) -> float | None:
    """Tokens per second over the runs whose server reported the phase's time (tokens / seconds, both summed)."""
    timed = [r["model_calls"] for r in runs if r["model_calls"].get(seconds)]
    total_s = sum(m[seconds] for m in timed)
    return round(sum(m.get(tokens) or 0 for m in timed) / total_s, 1) if total_s > 0 else None


def _disagrees(run: dict) -> bool:
    """Whether the agent's own token counts (where it said them) differ from what the proxy measured."""
    said = run["agent"].get("agent_reported")
    said = said if isinstance(said, dict) else {}  # unknown is not a disagreement
    return any(said.get(f) is not None and said.get(f) != run["model_calls"][f] for f in ("tokens_in", "tokens_out"))


def model_figures(runs: list[dict]) -> dict | None:
    """What the recording model proxy measured over the runs that went through it (record["model_calls"] not
    None); None when no run did: an agent that was not measured has no figures, not zeros.

    "Solved" is a run that passed (outcome "passed": the visible oracle passed and the held-out tests, when the
    task has them, confirmed it; an overfit run is not solved), so tokens_per_solved is every token the
    measured runs spent, solved or not, divided by the solved ones (None when none was solved)."""
    measured = [r for r in runs if r.get("model_calls") is not None]
    if not measured:
        return None
    calls = [r["model_calls"] for r in measured]
    wall = sum(r["agent"]["wall_s"] for r in measured)
    model_s = sum(m["model_s"] for m in calls)
    solved = sum(1 for r in measured if r["success"])
    # A run whose tokens are unknown (calls answered without the server's counts) leaves the sum unknown: a
    # smaller number would pass for a measurement.
    incomplete = sum(1 for m in calls if m["calls"] and (m["tokens_in"] is None or m["tokens_out"] is None))
    tokens = None if incomplete else sum((m["tokens_in"] or 0) + (m["tokens_out"] or 0) for m in calls)
    ttfts = [m["ttft_median_s"] for m in calls if m.get("ttft_median_s") is not None]
    startups = [r["agent"]["startup_s"] for r in measured if r["agent"].get("startup_s") is not None]
    return {
        "runs_measured": len(measured), "calls": sum(m["calls"] for m in calls),
        "errors": sum(m["errors"] for m in calls),
        "model_s": round(model_s, 3), "wall_s": round(wall, 3),
        "model_share": round(model_s / wall, 4) if wall > 0 else None,
        "tokens": tokens, "runs_tokens_incomplete": incomplete, "solved": solved,
        "tokens_per_solved": round(tokens / solved, 1) if solved and tokens is not None else None,
        "prefill_tps": _tps(measured, "prefill_tokens", "prefill_s"),
        "decode_tps": _tps(measured, "decode_tokens", "decode_s"),
        "context_truncated": sum(m["context_truncated"] for m in calls),
        # of the calls whose truncation could be judged (runs recorded before context_judged: all their calls)
        "truncated_share": round(sum(m["context_truncated"] for m in calls) / n, 4)
        if (n := sum(m.get("context_judged", m["calls"]) for m in calls)) else None,
        "runs_truncated": sum(1 for m in calls if m["context_truncated"]),
        "ttft_median_s": round(statistics.median(ttfts), 3) if ttfts else None,
        "startup_median_s": round(statistics.median(startups), 3) if startups else None,
        "translated": sum(m["translated"] for m in calls),
        "tokens_disagree": sum(1 for r in measured if _disagrees(r)),
    }


def language_of(task: dict) -> str:
    """The language a task's results are counted under: its profile's name (aliases and case folded: `ts` and
    `TypeScript` are javascript), a language no profile knows as written (lower case), python when unset."""
    written = task.get("language")
    written = written.strip().lower() if isinstance(written, str) and written.strip() else "python"
    return languages.canonical(written) or written


def breakdown(rows: list[dict], key: str) -> dict[str, dict]:
    """Scored task rows grouped by `key` (category, language): per group its tasks, passes and scored runs, and
    pass@1 (the mean over its tasks of c/n, as the group's) with its 95% Wilson interval over its tasks."""
    parts: dict[str, dict] = {}
    for row in rows:
        part = parts.setdefault(row[key], {"n_tasks": 0, "passes": 0, "n_scored_runs": 0, "_p": Fraction(0)})
        part["n_tasks"] += 1
        part["passes"] += row["c"]
        part["n_scored_runs"] += row["n"]
        part["_p"] += Fraction(row["c"], row["n"])
    for part in parts.values():
        part["pass_at_1"] = float(part.pop("_p") / part["n_tasks"])
        part["pass_at_1_ci"] = wilson_interval(part["pass_at_1"], part["n_tasks"])
    return dict(sorted(parts.items()))


def known_gap_of(task: dict) -> str | None:
    """The problem verify knows the task has (its file's known_gap.problem: nop_passes, reference_fails) when the
    suite's verify record confirms it at the task's digest (validate's `verified`), else None: a fair task."""
    gap = task.get("known_gap")
    problem = gap.get("problem") if isinstance(gap, dict) and gap.get("verified") is True else None
    return problem if problem in GAP_PROBLEMS else None


def unverified_gap_warnings(runs: list[dict]) -> list[str]:
    """One line per task whose file claims a known gap that the suite's verify record does not confirm (in
    --visible all, never: the record is verify's of --visible split)."""
    claimed = sorted({(r["task_id"], r["task"].get("visible") == "all") for r in runs
                      if isinstance(r["task"].get("known_gap"), dict)
                      and r["task"]["known_gap"].get("verified") is not True})
    lines = []
    for task_id, all_visible in claimed:
        why = ("confirms for --visible split only, not for the tests --visible all grades" if all_visible else
               "does not list at this digest")
        fix = "" if all_visible else f": run `localagentbench verify --task {task_id} --record <suite>/verified.json`"
        lines.append(f"task {task_id}: its file claims a known gap that the suite's verify record (verified.json "
                     f"beside its tasks directory) {why}; it is scored as a fair task{fix}")
    return lines


def known_gap_figures(rows: list[dict]) -> dict:
    """What a group's known gaps do to its rate, {} when it ran none: per problem the tasks and passes (the
    language breakdown's parts), and pass@1 with its interval over the scored tasks without any known gap (a
    nop-passes task passes with no change at all; a reference-fails one cannot be passed here)."""
    if not any(row.get("known_gap") for row in rows):
        return {}
    parts = breakdown([dict(row, gap=row.get("known_gap") or "") for row in rows], "gap")
    fair = parts.pop("", None)
    return {"known_gaps": parts,
            "pass_at_1_without_known_gaps": fair["pass_at_1"] if fair else None,
            "pass_at_1_without_known_gaps_ci": fair["pass_at_1_ci"] if fair else None}


def known_gap_warnings(groups: list[dict]) -> list[str]:
    """One line per group that ran tasks the untouched code already passes: its pass@1 counts them as solved."""
    out = []
    for g in groups:
        nop = (g.get("known_gaps") or {}).get("nop_passes")
        if nop:
            without = g["pass_at_1_without_known_gaps"]
            out.append(f"{g['agent']} x {g['model']}: {nop['n_tasks']} task(s) here pass with no change at all "
                       f"(known gap nop_passes: verify's untouched fixture passes), {nop['passes']} of "
                       f"{nop['n_scored_runs']} run(s) passed; pass@1 without the known gaps: "
                       + ("n/a" if without is None else f"{100 * without:.1f}%"))
    return out


def attempts_made(run: dict) -> int:
    """How many attempts a graded run made (`attempts`, written by `run --attempts N`; one without it)."""
    return len(run.get("attempts") or [None])


def attempts_allowed(runs: list[dict]) -> int:
    """The most attempts any of `runs` was allowed (`run --attempts`, in its options; 1 when not given)."""
    allowed = [(r.get("options") or {}).get("attempts") for r in runs]
    return max([a for a in allowed if type(a) is int] + [attempts_made(r) for r in runs] + [1])


def by_attempt(rows: list[dict], attempts: int) -> tuple[dict[str, float], dict[str, list[float]]] | None:
    """pass@1 after each attempt, Aider's pass_rate_1, pass_rate_2...: per task c_k / n, c_k the scored runs that
    passed by attempt k (an attempt that passes is a run's last, so: passed, in at most k attempts), averaged over
    the scored tasks, each with its 95% Wilson interval over them; the last is pass@1. None for a single attempt."""
    if attempts < 2 or not rows:
        return None
    rates, intervals = {}, {}
    for k in range(1, attempts + 1):
        rate = float(sum((Fraction(row["solved_by"][k - 1], row["n"]) for row in rows), Fraction(0)) / len(rows))
        rates[str(k)], intervals[str(k)] = rate, wilson_interval(rate, len(rows))
    return rates, intervals


def score_task(runs: list[dict], n_grid: int | None = None) -> dict:
    """Per-task numbers for one group: n scored runs, c successes, pass@k for every k <= n, and the strict
    pass@1 over the `n_grid` runs the grid planned for the task (default: the runs given)."""
    scored = [r for r in runs if r["outcome"] not in UNSCORED]
    n, c = len(scored), sum(1 for r in scored if r["success"])
    n_grid = max(n_grid or 0, len(runs))
    first = runs[0]
    return {
        "task_id": first["task_id"], "category": first["task"]["category"], "difficulty": first["task"]["difficulty"],
        "language": language_of(first["task"]),
        **({"known_gap": known_gap_of(first["task"])} if known_gap_of(first["task"]) else {}),
        "task_digest": first["task_digest"], "has_heldout": bool(first["task"].get("heldout")),
        "n": n, "c": c, "n_runs": len(runs), "n_grid": n_grid, "pass_at_1_strict": c / n_grid,
        "pass_at_k": {str(k): float(pass_at_k(n, c, k)) for k in range(1, n + 1)},
        "outcomes": [r["outcome"] for r in sorted(runs, key=lambda r: r["rep"])],
        "flags": sorted({f for r in runs for f in r.get("flags", [])}),
        # scored runs that passed within 1, 2, ... attempts (the last: c)
        "solved_by": [sum(1 for r in scored if r["success"] and attempts_made(r) <= k)
                      for k in range(1, attempts_allowed(runs) + 1)],
    }


def score_group(agent: str, model: str, runs: list[dict], grid: dict[str, int] | None = None,
                left_out: dict[str, int] | None = None, visible: str = "split") -> tuple[dict, list[dict]]:
    """The group summary and its per-task rows. `grid`: task id -> runs planned (default: the runs given);
    `left_out`: runs of the grid the scored rate cannot see ({"incomplete": n, "missing": n}); `visible`: the
    --visible mode of every run given."""
    grid = dict(grid or {})
    by_task: dict[str, list[dict]] = defaultdict(list)
    for run in runs:
        by_task[run["task_id"]].append(run)
        grid.setdefault(run["task_id"], 0)
    rows = [dict(score_task(task_runs, grid[task_id]), agent=agent, model=model, visible=visible)
            for task_id, task_runs in by_task.items()]
    rows.sort(key=lambda row: row["task_id"])
    scored_rows = [row for row in rows if row["n"] > 0]
    k_max = min((row["n"] for row in scored_rows), default=0)
    pass_k = {}
    for k in range(1, k_max + 1):
        exact = sum((pass_at_k(row["n"], row["c"], k) for row in scored_rows), Fraction(0)) / len(scored_rows)
        pass_k[str(k)] = float(exact)
    p1 = pass_k.get("1")
    n_grid_runs = sum(max(planned, len(by_task.get(task_id, []))) for task_id, planned in grid.items())
    strict = (float(sum((Fraction(row["c"], row["n_grid"]) for row in rows), Fraction(0)) / len(grid))
              if grid else None)
    outcomes = {o: sum(1 for r in runs if r["outcome"] == o) for o in OUTCOMES}
    attempts = attempts_allowed(runs)
    for row in rows:   # a task whose runs were allowed fewer attempts: what they passed by their last, after more
        row["solved_by"] += [row["c"]] * (attempts - len(row["solved_by"]))
    by_attempts = by_attempt(scored_rows, attempts)
    for row in rows if attempts == 1 else ():   # a single attempt's summary stays as it always was
        del row["solved_by"]
    calib = [row for row in scored_rows if row["category"] == "calib"]
    unscored = {"infra_error": sum(1 for r in runs if r["outcome"] in UNSCORED),
                "incomplete": (left_out or {}).get("incomplete", 0), "missing": (left_out or {}).get("missing", 0)}
    scored_runs = [r for r in runs if r["outcome"] not in UNSCORED]
    group = {
        "agent": agent, "model": model, "visible": visible,
        "agent_version": sorted({r["agent"].get("version") or "" for r in runs}),
        "n_tasks": len(scored_rows), "n_tasks_unscored": len(grid) - len(scored_rows),
        "n_runs": len(runs), "n_scored_runs": sum(row["n"] for row in rows),
        "n_grid_tasks": len(grid), "n_grid_runs": n_grid_runs,
        "repetitions": sorted({row["n_runs"] for row in rows}),
        "passes": sum(row["c"] for row in rows),
        "pass_at_1": p1,
        "pass_at_1_ci": wilson_interval(p1, len(scored_rows)) if p1 is not None else None,
        "pass_at_1_strict": strict,
        "pass_at_1_strict_ci": wilson_interval(strict, len(grid)) if strict is not None else None,
        "left_out": {**unscored, "total": sum(unscored.values())},
        "complete": not unscored["incomplete"] and not unscored["missing"],
        "pass_at_k": pass_k,
        **({"attempts": attempts, "pass_at_1_by_attempt": by_attempts[0], "pass_at_1_by_attempt_ci": by_attempts[1]}
           if by_attempts else {}),
        **outcome.heldout_counts(runs),
        "infra_errors": outcomes["infra_error"],
        "outcomes": outcomes,
        "flagged_runs": sum(1 for r in runs if r.get("flags")),
        "calib": {"n_tasks": len(calib), "passes": sum(row["c"] for row in calib),
                  "broken": bool(calib) and all(row["c"] == 0 for row in calib)},
        "categories": breakdown(scored_rows, "category"),
        "languages": breakdown(scored_rows, "language"),
        **known_gap_figures(scored_rows),
        "latency": latency(scored_runs),
        "costs": costs(scored_runs),
        "model_calls": model_figures(scored_runs),
        "synthetic": any((r["agent"].get("extra") or {}).get("synthetic") is True for r in runs),
        "sandbox": sorted({r["sandbox"]["kind"] for r in runs}),
        "load_s": next((r["model"]["load_s"] for r in runs if r["model"].get("load_s") is not None), None),
        "jobs": sorted({r["sandbox"].get("jobs", 1) for r in runs}),
        "serving": serving_facts(runs),
    }
    return group, rows


def serving_facts(runs: list[dict]) -> dict[str, list]:
    """The serving facts of a group's runs (bench/models/serving.py FACTS), each as its distinct values: one value
    where the evaluation was served one way; {} for runs recorded before the harness recorded them."""
    out: dict[str, set] = {}
    for r in runs:
        facts = r["model"].get("serving") if isinstance(r["model"].get("serving"), dict) else None
        for key in (*SERVING_FACTS, "context_source") if facts else ():
            value = facts.get(key)
            out.setdefault(key, set()).add(json.dumps(value if isinstance(value, (str, int)) and
                                                      not isinstance(value, bool) else None))
    return {k: [json.loads(v) for v in sorted(vals)] for k, vals in out.items()}


def truncation_warnings(groups: list[dict]) -> list[str]:
    """A warning line per group whose model calls the proxy found truncated (its share of the calls)."""
    out = []
    for g in groups:
        m = g.get("model_calls") or {}
        if m.get("context_truncated"):
            window = "/".join(str(w) for w in g.get("serving", {}).get("context_window", []) if w) or "unknown"
            out.append(f"{g['agent']} x {g['model']}: {m['context_truncated']} of {m['calls']} model call(s) "
                       f"({100 * (m.get('truncated_share') or 0):.1f}%) were truncated by the context window "
                       f"({window} tokens): the model saw less than the agent sent; run with a larger --num-ctx")
    return out


def headline(group: dict) -> str:
    """One line per group for people: both pass@1 rates with their intervals and what each leaves out."""
    left = group["left_out"]
    parts = left_out_parts(left)
    return (f"{group['agent']} x {group['model']}{mode_note(group)}: pass@1 "
            f"{rate_text(group['pass_at_1'], group['pass_at_1_ci'])} "
            f"over {group['n_scored_runs']} scored run(s) of {group['n_tasks']} task(s) "
            f"({left['total']} left out{': ' + ', '.join(parts) if parts else ''}); strict pass@1 "
            f"{rate_text(group['pass_at_1_strict'], group['pass_at_1_strict_ci'])} over all {group['n_grid_runs']} "
            f"run(s) of the grid; {group['passes']} passed, overfit {group['overfit']}")


def _graded_problem(record: dict) -> str | None:
    """What scoring a graded run relies on that the run schema leaves open (it also describes runs in progress):
    a hand-edited run.json must be refused in one line, not crash the grouping."""
    for section, article in (("agent", "an"), ("model", "a")):
        if not isinstance(record[section], dict):
            return f"{section}: a graded run needs {article} {section} object"
    for field in ("category", "difficulty"):
        if not isinstance(record["task"][field], str):
            return f"task.{field}: {record['task'][field]!r} is not a string"
    problem = _model_calls_problem(record.get("model_calls"))
    if problem:
        return problem
    jobs = record["sandbox"].get("jobs", 1)
    if type(jobs) is not int:
        return f"sandbox.jobs: {jobs!r} is not a whole number"
    return None


def _number(value, whole: bool) -> bool:
    """A count (whole) or a measurement that the sums can use: not a bool, not NaN or infinite, not negative."""
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return False
    return math.isfinite(value) and value >= 0


def _model_calls_problem(section) -> str | None:
    """What a graded run's model_calls section lacks for the group's model figures (None: absent, or usable)."""
    if section is None:
        return None
    if not isinstance(section, dict):
        return f"model_calls: {section!r} is neither null nor an object"
    for field in MODEL_CALL_COUNTS:
        if not _number(section.get(field), whole=True):
            return f"model_calls.{field}: {section.get(field)!r} is not a whole number"
    for field in MODEL_CALL_SECONDS:
        value = section.get(field)
        if (value is not None or field == "model_s") and not _number(value, whole=False):
            return f"model_calls.{field}: {value!r} is not a number of seconds"
    return None


def _derived(record: dict, where: str, warnings: list[str]) -> dict:
    """The record with the outcome and success its graded sections show; a run.json that says otherwise is
    scored by what its grading shows, and the warning names it."""
    verdict, success = outcome.of_record(record)
    if (record["outcome"], record["success"]) == (verdict, success):
        return record
    warnings.append(f"{where}: run.json says outcome {record['outcome']!r} (success {record['success']}), but its "
                    f"graded sections show {verdict!r}; scored as {verdict!r}")
    return {**record, "outcome": verdict, "success": success}


def score(records: Iterable[dict], configs: Iterable[dict] = ()) -> dict:
    """Build the summary from run records of one run, several runs, or shards of one run. `configs`: the
    bundles' run-config.json (read_records gathers them), whose grids say which runs were planned: a planned
    run that is neither graded nor in progress is reported missing and counts in the strict rate."""
    runs, incomplete, duplicates, seen, derived_warnings = [], [], [], set(), []
    for record in records:
        where = f"run {record.get('task_id')}/{record.get('rep')}"
        schema.check(record, "run", where=where)
        problem = _graded_problem(record) if lifecycle.is_graded(record) else None
        if problem:
            raise UserError(f"{where}: {problem}; it is not a run record `localagentbench run` writes")
        key = (record["run_id"], record["agent"]["name"] if record.get("agent") else None,
               (record.get("model") or {}).get("id"), visible_of(record), record["task_id"], record["rep"])
        if key in seen:
            duplicates.append({"run_id": key[0], "task_id": key[4], "rep": key[5]})
            continue
        seen.add(key)
        if not lifecycle.is_graded(record):
            incomplete.append({"run_id": record["run_id"], "task_id": record["task_id"], "rep": record["rep"],
                               "stage": record["stage"], "agent": key[1], "model": key[2], "visible": key[3]})
            continue
        runs.append(_derived(record, where, derived_warnings))
    runs.sort(key=lambda r: (r["agent"]["name"], r["model"]["id"], r["task_id"], r["rep"], r["run_id"]))
    configs = list(configs)  # complete only now: read_records fills it as the records are read
    planned_by = {c["run_id"]: c for c in configs
                  if isinstance(c.get("agent"), str) and isinstance(c.get("model"), str)}
    for item in incomplete:  # a run stopped before its agent started names no agent yet: its bundle does
        if item["run_id"] in planned_by and (item["agent"] is None or item["model"] is None):
            item.update(agent=planned_by[item["run_id"]]["agent"], model=planned_by[item["run_id"]]["model"])
    cells = _grid(runs, incomplete, planned_by.values())
    graded_cells = {(r["run_id"], *run_key(r), r["task_id"], r["rep"]) for r in runs}
    incomplete_cells = {(i["run_id"], i["agent"], i["model"], i["visible"], i["task_id"], i["rep"])
                        for i in incomplete if i["agent"] is not None and i["model"] is not None}
    missing = [{"run_id": c[0], "agent": c[1], "model": c[2], "visible": c[3], "task_id": c[4], "rep": c[5]}
               for c in sorted(cells - graded_cells - incomplete_cells)]
    grouped: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    for run in runs:   # a group per agent x model x --visible mode: runs of two modes are never pooled
        grouped[run_key(run)].append(run)
    groups, tasks = [], []
    for (agent, model, visible), group_runs in sorted(grouped.items()):
        mine = [c for c in cells if c[1:4] == (agent, model, visible)]
        grid: dict[str, int] = defaultdict(int)
        for cell in mine:
            grid[cell[4]] += 1
        left_out = {"incomplete": sum(1 for c in mine if c in incomplete_cells),
                    "missing": sum(1 for c in mine if c not in graded_cells and c not in incomplete_cells)}
        group, rows = score_group(agent, model, group_runs, grid, left_out, visible)
        groups.append(group)
        tasks.extend(rows)
    unrun = sorted({(c[1], c[2]) for c in cells} - {key[:2] for key in grouped})
    digests: dict[tuple[str, str], set[str]] = defaultdict(set)
    for run in runs:   # a task's two modes have two digests (each its own files): a version is per mode
        digests[(run["task_id"], visible_of(run))].add(run["task_digest"])
    warnings = [f"task {t} was run at {len(d)} different digests{mode_note({'visible': m})}; results mix task "
                "versions" for (t, m), d in sorted(digests.items()) if len(d) > 1]
    warnings += derived_warnings
    warnings += [f"{len(incomplete)} run(s) did not finish grading and are not scored"] if incomplete else []
    warnings += _missing_warnings(missing, {run_id: _stopped_text(c["stopped"]) for run_id, c in planned_by.items()
                                            if isinstance(c.get("stopped"), str)})
    warnings += [f"{agent} x {model}: no run was graded; nothing to score" for agent, model in unrun]
    if duplicates:
        warnings.append(f"{len(duplicates)} duplicate run(s) ignored (same run id, agent, model, task, repetition)")
    warnings += [f"{g['agent']} x {g['model']}: no run was scored; pass@1 is n/a"
                 for g in groups if g["pass_at_1"] is None]
    warnings += [f"{g['agent']} x {g['model']}: every calibration task failed; the setup is broken, not the model"
                 for g in groups if g["calib"]["broken"]]
    warnings += [f"{agent} x {model}: {NO_SANDBOX_WARNING}" for (agent, model, _), group_runs in sorted(grouped.items())
                 if not all(sandbox.confined(r["sandbox"]) for r in group_runs)]
    warnings += truncation_warnings(groups)
    warnings += known_gap_warnings(groups)
    warnings += unverified_gap_warnings(runs)
    unset = setup_failures(runs)
    warnings += [f"task {t}: could not be set up, its runs are recorded as task_error ({why}); fix it and check "
                 f"with `localagentbench check`" for t, why in sorted(unset.items())]
    broken = sorted({r["task_id"] for r in runs if r["outcome"] == "task_error"} - set(unset))
    warnings += [f"task {t}: its grading command could not run its tests (outcome task_error); the task is broken: "
                 f"check it with `localagentbench verify --task {t}`" for t in broken]
    return {
        "schema": "localagentbench/summary@1",
        "harness_version": harness_version(),
        "run_ids": sorted({r["run_id"] for r in runs}),
        # one digest per task: its split mode's where it ran in both (each row and run names its own)
        "task_digests": {t: sorted(d)[0] for (t, _), d in sorted(digests.items(),
                                                                 key=lambda item: (item[0][0], item[0][1] == "split"))},
        "groups": groups, "tasks": tasks, "runs": runs,
        "incomplete": incomplete, "missing": missing, "duplicates": duplicates, "warnings": warnings,
    }


def setup_failures(runs: Iterable[dict]) -> dict[str, str]:
    """Task id -> why, for the tasks whose runs are booked task_error because the task could not be set up."""
    return {r["task_id"]: ((r.get("flag_details") or {}).get(outcome.SETUP_FLAG) or ["?"])[0] for r in runs
            if r["outcome"] == "task_error" and outcome.SETUP_FLAG in r.get("flags", [])}


def _grid(runs: list[dict], incomplete: list[dict], configs: Iterable[dict]) -> set[Cell]:
    """Every run planned: each config's grid under its run id, agent and model, plus every run found."""
    cells: set[Cell] = {(r["run_id"], *run_key(r), r["task_id"], r["rep"]) for r in runs}
    cells |= {(i["run_id"], i["agent"], i["model"], i["visible"], i["task_id"], i["rep"]) for i in incomplete
              if i["agent"] is not None and i["model"] is not None}
    for config in configs:
        cells |= {(config["run_id"], config["agent"], config["model"], visible_of(config), task_id, rep)
                  for task_id, rep in planned_cells(config)}
    return cells


MAX_STOPPED_CHARS = 200  # the harness's own reasons are one short line


def _stopped_text(value: str) -> str:
    """Why a run stopped, as its run-config.json says (a file in a bundle someone handed in): one line, its head
    kept, controls made visible, before it enters the summary's warnings, every page and stderr."""
    return one_line(value if len(value) <= MAX_STOPPED_CHARS else value[:MAX_STOPPED_CHARS] + "…")


def _missing_warnings(missing: list[dict], stopped: dict[str, str], shown: int = 5) -> list[str]:
    """One warning naming the missing runs (the first few, then how many more): those of a run that stopped
    before them (`stopped`: run id -> why, as its run-config.json says), then any others."""
    warnings = []
    for cut in (True, False):
        part = [m for m in missing if (m["run_id"] in stopped) == cut]
        if not part:
            continue
        names = [f"{m['task_id']}/{m['rep']}" for m in part]
        listed = f"{', '.join(names[:shown])}{f' and {len(names) - shown} more' if len(names) > shown else ''}"
        why = (f"not run (the run was {'; '.join(sorted({stopped[m['run_id']] for m in part}))}; `--resume` runs "
               "them)" if cut else "missing (no run.json; a shard not given?)")
        warnings.append(f"{len(part)} run(s) the grid planned are {why}: {listed}; they count as not passed in "
                        "the strict pass@1")
    return warnings


def score_sources(sources: Sequence[str]) -> dict:
    """score() over run bundles, record files or '-', with the grids their bundles' configs planned."""
    configs: list[dict] = []
    origins: list[str] = []

    def checked() -> Iterator[dict]:
        # checked here, where the file is known: a malformed run.json is named in the one-line error
        for record in read_records(sources, configs, origins):
            schema.check(record, "run", where=origins[-1] if origins else "record")
            yield record
    return score(checked(), configs)


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.score", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="run bundles, run.json / JSONL files, or - (stdin)")
    parser.add_argument("--out", default="-", help="where to write summary.json (default: stdout)")
    args = parser.parse_args(argv)
    summary = score_sources(args.inputs)
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
