"""The umbrella CLI, `localagentbench` (also `python -m bench`): a thin dispatcher over the stage functions.

    localagentbench run --agent A [--model M] [--tasks DIR] [--out DIR] [--repeat K] [--task ID] [--report]
    localagentbench report --results SUMMARY --out DIR
    localagentbench check [--tasks DIR]
    localagentbench list-tasks [--tasks DIR] [--json]
    localagentbench verify [TASKS] [--task ID] [--times N]
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Sequence

from bench import isolate, oracle, render, run_agent, score, validate, verify
from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import SCHEMAS_DIR
from bench.common.records import read_records, write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main


def _fmt_s(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"


class Progress:
    """One stderr line per finished run: n/N, task, outcome, elapsed and ETA."""

    def __init__(self, total: int):
        self.total, self.done, self.start = total, 0, time.monotonic()

    def update(self, record: dict) -> None:
        """Report one finished run."""
        self.done += 1
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        log(f"[{self.done}/{self.total}] {record['task_id']} rep {record['rep']}: {record.get('outcome') or record['stage']} "
            f"({record['agent']['wall_s']:.1f}s agent) · elapsed {_fmt_s(elapsed)} · ETA {_fmt_s(eta)}")


def cmd_run(args) -> int:
    """Validate, isolate, run the agent, grade, score (and render) one run bundle."""
    tasks, problems = validate.validate([args.tasks], args.task)
    if problems:
        for line in problems:
            log(line)
        raise UserError(f"{len(problems)} problem(s) in the task files; nothing was run")
    opts = run_agent.agent_options(args)
    adapter, version = run_agent.prepare(args.agent, opts)
    run_id = args.run_id or isolate.new_run_id()
    out = Path(args.out) if args.out else Path("results") / run_id
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"{out}: results directory is not writable ({exc.strerror}); pass a writable --out") from None
    grid = isolate.plan(tasks, args.repeat)
    log(f"run {run_id}: {len(tasks)} task(s) x {args.repeat} = {len(grid)} run(s), agent {args.agent}, "
        f"model {args.model or run_agent.BUILTIN_MODEL} -> {out}")
    progress = Progress(len(grid))
    interrupted = False
    try:
        for task, rep in grid:
            try:
                record = isolate.isolate_one(task, out, run_id, rep)
                record = run_agent.run_agent_one(record, args.agent, adapter, version, args.model or run_agent.BUILTIN_MODEL,
                                                 opts, args.keep_workdir, args.timeout)
                record = oracle.grade_one(record)
            except UserError:
                raise
            except Exception as exc:  # one broken run must not lose the others
                log(f"error: {task['id']} rep {rep}: {type(exc).__name__}: {exc} (left unscored)")
                continue
            progress.update(record)
    except KeyboardInterrupt:
        interrupted = True
        log("interrupted: scoring the runs that finished")
    summary = score.score(read_records([str(out)]))
    schema.check(summary, "summary", where=str(out / "summary.json"))
    write_json_atomic(out / "summary.json", summary)
    result = {"results": str(out.resolve()), "summary": str((out / "summary.json").resolve())}
    if args.report:
        result.update(render.render(summary, out))
    for g in summary["groups"]:
        lo, hi = g["pass_at_1_ci"]
        log(f"{g['agent']} x {g['model']}: pass@1 {g['pass_at_1']:.3f} [{lo:.3f}, {hi:.3f}], "
            f"{g['passes']}/{g['n_scored_runs']} runs passed, overfit {g['overfit']}, infra errors {g['infra_errors']}")
    for warning in summary["warnings"]:
        log(f"warning: {warning}")
    print(json.dumps(result))
    log(f"report: {result['report']}" if "report" in result else f"summary: {result['summary']}")
    return 130 if interrupted else 0


def cmd_report(args) -> int:
    """Render an existing summary (or a results directory, re-scored) to report.md and site/."""
    source = Path(args.results)
    if source.is_dir():
        summary = score.score(read_records([str(source)]))
    else:
        summary = next(iter(_load_summary(source)))
    paths = render.render(summary, Path(args.out or (source if source.is_dir() else source.parent)))
    print(json.dumps(paths))
    log(f"report: {paths['report']}")
    return 0


def _load_summary(path: Path):
    if not path.is_file():
        raise UserError(f"{path}: no such summary file or results directory")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
    schema.check(data, "summary", where=str(path))
    yield data


def cmd_check(args) -> int:
    """Validate every task file, held-out separation, and that every schema is itself valid."""
    start = time.monotonic()
    for path in sorted(SCHEMAS_DIR.glob("*.schema.json")):
        schema.validator(path.name.removesuffix(".schema.json"))
    tasks, problems = validate.validate([args.tasks])
    for line in problems:
        log(line)
    ok = not problems
    print(json.dumps({"ok": ok, "tasks": len(tasks), "problems": problems,
                      "schemas": sorted(p.name for p in SCHEMAS_DIR.glob("*.schema.json")),
                      "seconds": round(time.monotonic() - start, 3)}))
    log(f"check: {len(tasks)} task(s), {len(problems)} problem(s)")
    return 0 if ok else 2


def cmd_list_tasks(args) -> int:
    """A table of the suite: id, category, difficulty, held-out yes/no."""
    tasks, problems = validate.validate([args.tasks])
    for line in problems:
        log(line)
    if args.json:
        for task in tasks:
            print(json.dumps({k: task[k] for k in ("id", "title", "category", "difficulty", "language")} |
                             {"heldout": bool(task["heldout"]), "repo": task["repo"]["type"]}))
    else:
        width = max((len(t["id"]) for t in tasks), default=4)
        print(f"{'id':<{width}}  {'category':<10}  {'difficulty':<10}  heldout  repo")
        for t in tasks:
            print(f"{t['id']:<{width}}  {t['category']:<10}  {t['difficulty']:<10}  {'yes' if t['heldout'] else 'no':<7}  {t['repo']['type']}")
        print(f"{len(tasks)} task(s)")
    return 2 if problems else 0


PASSTHROUGH = {"verify": verify.main}


def build_parser() -> ArgumentParser:
    """The umbrella CLI's argument parser."""
    parser = ArgumentParser(prog="localagentbench", description="Evaluate coding agents on local models.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ArgumentParser)
    p = sub.add_parser("run", help="run an evaluation")
    run_agent.add_agent_arguments(p)
    p.add_argument("--tasks", default="tasks", help="the tasks directory (default: tasks)")
    p.add_argument("--task", action="append", default=[], help="only this task id (repeatable)")
    p.add_argument("--out", default=None, help="the run bundle directory (default: results/<run-id>)")
    p.add_argument("--run-id", default=None, help="the run id (default: UTC time + random suffix)")
    p.add_argument("--repeat", type=int, default=1, help="runs per task, for pass@k (default 1)")
    p.add_argument("--report", action="store_true", help="also write report.md and site/")
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("report", help="render report.md and site/ from a summary or a results directory")
    p.add_argument("--results", required=True, help="summary.json or a results directory")
    p.add_argument("--out", default=None, help="output directory (default: beside the summary)")
    p.set_defaults(func=cmd_report)
    p = sub.add_parser("check", help="validate the task suite and the schemas")
    p.add_argument("--tasks", default="tasks")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("list-tasks", help="list the tasks")
    p.add_argument("--tasks", default="tasks")
    p.add_argument("--json", action="store_true", help="JSON Lines instead of a table")
    p.set_defaults(func=cmd_list_tasks)
    sub.add_parser("verify", help="prove every task solvable, discriminating and deterministic (see verify --help)")
    return parser


def _main(argv: Sequence[str]) -> int:
    if argv and argv[0] in PASSTHROUGH:  # orchestrators with their own argument parsers
        return PASSTHROUGH[argv[0]](list(argv[1:]))
    args = build_parser().parse_args(argv)
    return args.func(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `localagentbench`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
