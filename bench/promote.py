"""promote: turn a run's summary into a small leaderboard entry, leaderboard/entries/<name>.json.

    python -m bench.promote results/<run>/ --name qwen3-8b-aider [--leaderboard leaderboard] [--date YYYY-MM-DD] [--force]

An entry keeps what a ranking needs (per group pass@1 with its interval, pass@k, held-out, overfit and
infra counts, latency and token aggregates, per-task outcomes, task digests, provenance) and nothing a
reader cannot publish: no raw logs, no prompts, no argv, no absolute paths. `python -m bench.publish`
(`nox -s site`) builds the leaderboard site from every entry.
"""
from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any, Sequence

from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main
from bench.common.summary import load_summary

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
# A directory part of an absolute path at the start of a word: /home/me/x -> x, C:\Users\me\x -> x.
_ABS_PATH = re.compile(r"(?:(?<=^)|(?<=[\s='\"]))(?:/|[A-Za-z]:\\)(?:[^\s/\\'\"]+[/\\])*")
GROUP_FIELDS = ("agent", "model", "agent_version", "n_tasks", "n_runs", "n_scored_runs", "repetitions", "passes",
                "pass_at_1", "pass_at_1_ci", "pass_at_k", "heldout_checked", "heldout_confirmed", "overfit",
                "infra_errors", "outcomes", "flagged_runs", "calib", "categories", "latency", "costs", "sandbox")


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


def promote(summary: dict, name: str, date: str | None = None) -> dict:
    """The leaderboard entry for `summary` (a localagentbench/leaderboard-entry@1 record)."""
    if not NAME_RE.match(name):
        raise UserError(f"--name {name!r}: use 1-64 characters a-z 0-9 . _ - starting with a letter or digit "
                        "(e.g. qwen3-8b-aider)")
    runs_by_group: dict[tuple[str, str], list[dict]] = {}
    for run in summary["runs"]:
        runs_by_group.setdefault((run["agent"]["name"], run["model"]["id"]), []).append(run)
    confirmed: dict[tuple[str, str, str], int] = {}
    for run in summary["runs"]:
        if run.get("heldout") and run["heldout"]["passed"] and run.get("oracle") and run["oracle"]["passed"]:
            key = (run["agent"]["name"], run["model"]["id"], run["task_id"])
            confirmed[key] = confirmed.get(key, 0) + 1
    groups = []
    for g in summary["groups"]:
        runs = runs_by_group.get((g["agent"], g["model"]), [])
        tasks = [{"task_id": t["task_id"], "category": t["category"], "difficulty": t["difficulty"],
                  "has_heldout": bool(t.get("has_heldout")), "n": t["n"], "c": t["c"],
                  "pass_at_1": t["c"] / t["n"] if t["n"] else None, "outcomes": t["outcomes"],
                  "heldout_confirmed": confirmed.get((g["agent"], g["model"], t["task_id"]), 0),
                  "flags": t.get("flags", [])}
                 for t in summary["tasks"] if t["agent"] == g["agent"] and t["model"] == g["model"]]
        entry_group = {k: g[k] for k in GROUP_FIELDS if k in g}
        entry_group.update(
            model_info=_unique([{k: v for k, v in r["model"].items() if not isinstance(v, (dict, list))} for r in runs]),
            options=_unique([r.get("options") or {} for r in runs]),
            tasks=sorted(tasks, key=lambda t: t["task_id"]))
        groups.append(entry_group)
    entry = {
        "schema": "localagentbench/leaderboard-entry@1",
        "name": name,
        "date": date or datetime.date.today().isoformat(),
        "harness_version": summary["harness_version"],
        "run_ids": summary["run_ids"],
        "n_tasks": len(summary["task_digests"]),
        "task_digests": summary["task_digests"],
        "groups": groups,
        "warnings": summary["warnings"],
    }
    return scrub(entry)


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.promote", description=__doc__.split("\n")[0])
    parser.add_argument("run", help="the run: a results directory or its summary.json")
    parser.add_argument("--name", required=True, help="the entry's name, e.g. qwen3-8b-aider (a-z 0-9 . _ -)")
    parser.add_argument("--leaderboard", default="leaderboard", help="the leaderboard directory (default: leaderboard)")
    parser.add_argument("--date", default=None, help="the entry's date, YYYY-MM-DD (default: today)")
    parser.add_argument("--force", action="store_true", help="replace an existing entry of that name")
    args = parser.parse_args(argv)
    if args.date is not None:
        try:
            datetime.date.fromisoformat(args.date)
        except ValueError:
            raise UserError(f"--date {args.date!r}: not a date; use YYYY-MM-DD") from None
    entry = promote(load_summary(args.run), args.name, args.date)
    schema.check(entry, "leaderboard-entry", where=f"entry {args.name}")
    path = Path(args.leaderboard) / "entries" / f"{args.name}.json"
    if path.exists() and not args.force:
        raise UserError(f"{path}: an entry of that name exists; choose another --name or pass --force to replace it")
    write_json_atomic(path, entry)
    print(json.dumps({"entry": str(path.resolve()), "name": args.name, "groups": len(entry["groups"])}))
    log(f"promote: {path} ({len(entry['groups'])} group(s)); build the site with `nox -s site`")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.promote` (and `localagentbench promote`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
