"""promote: turn a run's summary into a small leaderboard entry, leaderboard/entries/<name>.json.

    python -m bench.report.promote results/<run>/ --name qwen3-8b-aider [--leaderboard leaderboard] [--date YYYY-MM-DD]
                            [--force] [--allow-incomplete]

An entry keeps what a ranking needs (per group both pass@1 rates with their intervals, the runs the scored
rate leaves out, the grid's size, pass@k, held-out, overfit and infra counts, latency and token aggregates
with the figures the agent invented marked synthetic, per-task outcomes, task digests, provenance) and
nothing a reader cannot publish: no raw logs, no prompts, no argv, no absolute paths. A run that did not
finish (runs unfinished or missing) or scored no run at all is refused unless --allow-incomplete, and then
the entry says so. `python -m bench.report.publish` (`nox -s site`) builds the leaderboard site from every entry.
"""
from __future__ import annotations

import datetime
import json
import re
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.common import paths, schema
from bench.common.errors import UserError
from bench.common.records import write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main, stage_prog
from bench.common.summary import SYNTHETIC_FIGURES, group_key, load_summary, mode_note, run_key, visible_of
from bench.report.prefs import ranking_of_runs

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
# A directory part of an absolute path at the start of a word: /home/me/x -> x, C:\Users\me\x -> x.
_ABS_PATH = re.compile(r"(?:(?<=^)|(?<=[\s='\"]))(?:/|[A-Za-z]:\\)(?:[^\s/\\'\"]+[/\\])*")
GROUP_FIELDS = ("agent", "model", "visible", "agent_version", "n_tasks", "n_runs", "n_scored_runs", "repetitions",
                "passes",
                "pass_at_1", "pass_at_1_ci", "pass_at_1_strict", "pass_at_1_strict_ci", "n_grid_tasks", "n_grid_runs",
                "left_out", "complete", "synthetic", "pass_at_k", "heldout_checked", "heldout_confirmed", "overfit",
                "infra_errors", "outcomes", "flagged_runs", "calib", "categories", "languages", "latency", "costs",
                "sandbox", "attempts", "pass_at_1_by_attempt", "pass_at_1_by_attempt_ci", "serving",
                "known_gaps", "pass_at_1_without_known_gaps", "pass_at_1_without_known_gaps_ci")
ALLOW_FLAG = "--allow-incomplete"
# The agent whose figures are invented: the built-in mock adapter, the only agent named "mock" (agent names
# are adapter names). It has marked its counts synthetic since it was written, so an entry made before
# entries recorded `synthetic` is synthetic exactly when its group's agent is this one.
SYNTHETIC_AGENT = "mock"
# Figures in an entry derived from invented ones: tokens per run, and wall time per (invented) turn.
_DERIVED_SYNTHETIC = (("costs", "tokens_in_per_run"), ("latency", "per_turn_s"))


def scrub(value: Any) -> Any:
    """`value` with every absolute path cut to its last part, recursively (entries are published)."""
    if isinstance(value, str):
        return _ABS_PATH.sub("", value)
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items()}
    return value


def _unique(items: list[dict]) -> list[dict]:
    seen, out = set(), []
    for item in items:
        key = json.dumps(item, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def synthetic_figures(group: dict) -> list[str]:
    """The figures of an entry group an agent that marks its figures synthetic invented, as field paths
    ("costs.tokens_in", "latency.per_turn_s", ...): the invented counts it reports and what is derived
    from them. Only figures the group has (not null) are named; wall times and outcomes are never here."""
    costs, latency = group.get("costs") or {}, group.get("latency") or {}
    figures = [f"costs.{k}" for k in SYNTHETIC_FIGURES if costs.get(k) is not None]
    figures += [f"{part}.{k}" for part, k in _DERIVED_SYNTHETIC if {"costs": costs, "latency": latency}[part].get(k)
                is not None]
    return figures


def group_synthetic(group: dict) -> tuple[bool, list[str], bool]:
    """(synthetic?, which figures, inferred?) for an entry group. An entry made before entries recorded it
    has no `synthetic` field: it is then inferred from the agent's name (see SYNTHETIC_AGENT)."""
    if "synthetic" in group:
        figures = group.get("synthetic_figures")
        return bool(group["synthetic"]), list(figures if figures is not None else synthetic_figures(group)), False
    inferred = group.get("agent") == SYNTHETIC_AGENT
    return inferred, synthetic_figures(group) if inferred else [], True


def incomplete_reasons(summary: dict) -> list[str]:
    """Why `summary` is not a whole, scored run, one short phrase each (empty when it is): groups with runs
    unfinished or missing, groups with no scored run, and unfinished or missing runs outside every group."""
    reasons, counted = [], 0
    for g in summary["groups"]:
        who = f"{g['agent']} x {g['model']}{mode_note(g)}"
        left = g.get("left_out") or {}
        unfinished, missing = left.get("incomplete", 0), left.get("missing", 0)
        counted += unfinished + missing
        if not g.get("complete", True) or unfinished or missing:
            reasons.append(f"{who}: {unfinished + missing} of {g.get('n_grid_runs', '?')} planned run(s) not graded "
                           f"({unfinished} unfinished, {missing} missing)")
        if g.get("pass_at_1") is None:
            reasons.append(f"{who}: no run was scored (pass@1 n/a)")
    rest = len(summary.get("incomplete") or []) + len(summary.get("missing") or []) - counted
    if rest > 0:
        reasons.append(f"{rest} more run(s) unfinished or missing")
    if not summary["groups"]:
        reasons.append("no run was graded")
    return reasons


def promote(summary: dict, name: str, date: str | None = None, *, allow_incomplete: bool = False,
            source: str = "the run") -> dict:
    """The leaderboard entry for `summary` (a localagentbench/leaderboard-entry@1 record).

    A summary with runs unfinished or missing, or with a group that scored no run, is refused (UserError
    naming `source` and the flag) unless `allow_incomplete`; the entry then has `complete: false` and the
    reasons in `incomplete_reasons`, and the site marks it."""
    if not NAME_RE.match(name):
        raise UserError(f"--name {name!r}: use 1-64 characters a-z 0-9 . _ - starting with a letter or digit "
                        "(e.g. qwen3-8b-aider)")
    reasons = incomplete_reasons(summary)
    if reasons and not allow_incomplete:
        raise UserError(f"{source}: not promoted: {'; '.join(reasons)}; finish the run (`localagentbench run ... "
                        f"--resume`) or pass {ALLOW_FLAG} to promote it marked incomplete")
    runs_by_group: dict[tuple[str, str, str], list[dict]] = {}
    for run in summary["runs"]:
        runs_by_group.setdefault(run_key(run), []).append(run)
    # Held-out confirmed as the summary counts it (bench/common/outcome.py heldout_counts): a run of a task
    # with held-out tests whose outcome is passed.
    confirmed: dict[tuple[str, str, str, str], int] = {}
    for run in summary["runs"]:
        if run["task"].get("heldout") and run["outcome"] == "passed":
            key = (*run_key(run), run["task_id"])
            confirmed[key] = confirmed.get(key, 0) + 1
    # Runs of the grid with no verdict, per (agent, model, task): shown per task; a task a group never graded
    # at all has no row, and its digest is unknown.
    unrun: dict[tuple[str, str, str, str], dict[str, int]] = {}
    for status, items in (("unfinished", summary.get("incomplete") or []), ("missing", summary.get("missing") or [])):
        for item in items:
            counts = unrun.setdefault((item.get("agent"), item.get("model"), visible_of(item), item["task_id"]), {})
            counts[status] = counts.get(status, 0) + 1
    groups = []
    for g in summary["groups"]:
        runs = runs_by_group.get(group_key(g), [])
        tasks = [{"task_id": t["task_id"], "category": t["category"], "difficulty": t["difficulty"],
                  "language": t.get("language", "python"),
                  "task_digest": t["task_digest"], "has_heldout": bool(t.get("has_heldout")), "n": t["n"], "c": t["c"],
                  "n_runs": t["n_runs"], "n_grid": t["n_grid"], "pass_at_1": t["c"] / t["n"] if t["n"] else None,
                  "pass_at_1_strict": t["pass_at_1_strict"], "outcomes": t["outcomes"],
                  "heldout_confirmed": confirmed.get((*group_key(g), t["task_id"]), 0),
                  "flags": t.get("flags", []), "unfinished": 0, "missing": 0,
                  **unrun.get((*group_key(g), t["task_id"]), {})}
                 for t in summary["tasks"] if group_key(t) == group_key(g)]
        digests = {t["task_id"]: t["task_digest"] for t in tasks}
        entry_group = {k: g[k] for k in GROUP_FIELDS if k in g}
        entry_group.update(
            synthetic_figures=synthetic_figures(g) if g["synthetic"] else [],
            task_digests=dict(sorted(digests.items())),
            ungraded_tasks=sorted({task for agent, model, mode, task in unrun
                                   if (agent, model, mode) == group_key(g)} - set(digests)),
            model_info=_unique([{k: v for k, v in r["model"].items() if not isinstance(v, (dict, list))}
                                for r in runs]),
            options=_unique([r.get("options") or {} for r in runs]),
            tasks=sorted(tasks, key=lambda t: t["task_id"]))
        groups.append(entry_group)
    task_ids = set(summary["task_digests"]).union(*(set(g["ungraded_tasks"]) for g in groups))
    entry = {
        "schema": "localagentbench/leaderboard-entry@1",
        "name": name,
        "date": date or datetime.date.today().isoformat(),
        "harness_version": summary["harness_version"],
        "run_ids": summary["run_ids"],
        "n_tasks": len(task_ids),
        "task_digests": summary["task_digests"],
        "complete": not reasons,
        "incomplete_reasons": reasons,
        "synthetic": any(g["synthetic"] for g in groups),
        "groups": groups,
        "warnings": summary["warnings"],
    }
    ranking = ranking_of_runs(summary["runs"])
    if ranking is not None:
        entry["human_preference"] = ranking
    return scrub(entry)


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog=stage_prog("python -m bench.report.promote"), description=__doc__.split("\n")[0])
    parser.add_argument("run", help="the run: a results directory or its summary.json")
    parser.add_argument("--name", required=True, help="the entry's name, e.g. qwen3-8b-aider (a-z 0-9 . _ -)")
    parser.add_argument("--leaderboard", default="leaderboard", help="the leaderboard directory (default: leaderboard)")
    parser.add_argument("--date", default=None, help="the entry's date, YYYY-MM-DD (default: today)")
    parser.add_argument("--force", action="store_true", help="replace an existing entry of that name")
    parser.add_argument(ALLOW_FLAG, dest="allow_incomplete", action="store_true",
                        help="promote a run with runs unfinished or missing, or one that scored no run; "
                             "the entry and the site mark it incomplete")
    args = parser.parse_args(argv)
    if args.date is not None:
        try:
            datetime.date.fromisoformat(args.date)
        except ValueError:
            raise UserError(f"--date {args.date!r}: not a date; use YYYY-MM-DD") from None
    entry = promote(load_summary(args.run), args.name, args.date, allow_incomplete=args.allow_incomplete,
                    source=args.run)
    schema.check(entry, "leaderboard-entry", where=f"entry {args.name}")
    path = Path(args.leaderboard) / "entries" / f"{args.name}.json"
    if path.exists() and not args.force:
        raise UserError(f"{path}: an entry of that name exists; choose another --name or pass --force to replace it")
    write_json_atomic(path, entry)
    print(json.dumps({"entry": str(path.resolve()), "name": args.name, "groups": len(entry["groups"]),
                      "complete": entry["complete"], "synthetic": entry["synthetic"]}))
    mark = "" if entry["complete"] else f"; marked incomplete: {'; '.join(entry['incomplete_reasons'])}"
    log(f"promote: {path} ({len(entry['groups'])} group(s)){mark}; build the site with "
        f"`{site_command(Path(args.leaderboard))}`")
    return 0


def site_command(leaderboard: Path) -> str:
    """The command that builds the site of the entries just written: `nox -s site` (or its installed spelling) only
    for the checkout's own leaderboard/, which is the one it builds; any other directory is named to publish."""
    if paths.from_checkout() and leaderboard.resolve() == (paths.REPO_ROOT / "leaderboard").resolve():
        return paths.command("site")
    return f"localagentbench publish {shlex.quote(str(leaderboard))}"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.report.promote` (and `localagentbench promote`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
