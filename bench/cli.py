"""The umbrella CLI, `localagentbench` (also `python -m bench`): a thin dispatcher over the stage functions.

    localagentbench run [--agent A] [--model M] [--tasks DIR] [--out DIR] [--repeat K] [--task ID] [--report]
                        [--visible split|all]
    localagentbench report --results SUMMARY [--out DIR]
    localagentbench check [--tasks DIR]
    localagentbench list-tasks [--tasks DIR] [--json]
    localagentbench verify [--tasks DIR] [--task ID] [--times N] [--visible split|all]
    localagentbench compare --base A --other B [--json] [--allow-different-tasks]
    localagentbench promote RUN --name NAME
    localagentbench publish [leaderboard] [--out DIR]
    localagentbench doctor [--probe MODEL] [--base-url URL] [--json]
    localagentbench prefs template --results R [--results R2 ...] | prefs rank --results R ... --prefs FILLED.csv
    localagentbench install-agents [--dry-run]
    localagentbench slurm submit|status|resubmit|merge ...   (see slurm --help)
    localagentbench import harbor DIR [--out TASKS_DIR] | export harbor TASKS_DIR --out DIR
"""
from __future__ import annotations

import dataclasses
import json
import shlex
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench import engine, slurm, verify
from bench.agents import install
from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import SCHEMAS_DIR, run_id_argument
from bench.common.stage import ArgumentParser, invoked_as, log, run_main
from bench.common.summary import load_summary
from bench.harbor import export_main, import_main
from bench.models import doctor
from bench.report import compare, prefs, promote, publish


def cmd_run(args) -> int:
    """Validate the tasks, then evaluate the grid into one run bundle (and render it)."""
    elsewhere: list[str] = []
    tasks, problems = engine.load_tasks([args.tasks], args.task, elsewhere, args.allow_local_repos, args.visible)
    for line in elsewhere:   # only with --task: the tasks asked for run, a broken file elsewhere is named
        log(f"warning: {line}; not asked for, not run (`localagentbench check` lists every problem)")
    if problems:
        for line in problems:
            log(line)
        raise UserError(f"{len(problems)} problem(s) in the task files; nothing was run")
    run_id = args.run_id or engine.new_run_id()  # one id: the default folder is named by the run it holds
    out = Path(args.out) if args.out else Path("results") / run_id
    jobs = engine.parse_jobs(args.jobs)
    plan = engine.Plan(out=out, run_id=run_id, repeat=args.repeat, jobs=jobs or 1, retries=args.retries,
                       resume=args.resume, shard=engine.parse_shard(args.shard),
                       stop_after_infra=args.stop_after_infra_errors, cells=engine.parse_cells(args.cells),
                       join=args.join)
    if args.join and not args.run_id:
        raise UserError("--join: pass the shared bundle's --run-id too (every process writing into it uses one id)")
    previous = _terminate_as_interrupt()
    try:
        spec = engine.spec_from_arguments(args)
        if args.model_slots is not None:   # the proxy shares them among the runs at once (ModelProxy.share)
            spec = dataclasses.replace(spec, model_slots=args.model_slots)
        if jobs is None:   # --jobs auto: from the server's slots, once the harness has reached it
            plan = engine.auto_plan(plan, spec, args.model_slots)
        summary, stopped = engine.evaluate(tasks, spec, plan)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    result = {"results": str(out.resolve()), "summary": str((out / "summary.json").resolve())}
    if stopped and stopped.kind == "server_down":   # nothing ran: one line says why, how to fix it, how to go on
        print(json.dumps(result))
        log(f"error: {stopped.detail}; no run was started: once it is up, {_resume_hint(args, out)}")
        return 3
    if args.report:
        result.update(engine.report(summary, out))
    for g in summary["groups"]:
        log(engine.headline(g))
    for warning in summary["warnings"]:
        log(f"warning: {warning}")
    print(json.dumps(result))
    log(f"report: {result['report']}" if "report" in result else f"summary: {result['summary']}")
    if stopped:
        log(f"{'interrupted' if stopped.kind == 'interrupted' else 'error'}: {stopped}; {_resume_hint(args, out)}")
        return 130 if stopped.kind == "interrupted" else 3
    if not summary["groups"] or any(g["pass_at_1"] is None for g in summary["groups"]):
        log("error: no run was scored (every run an infrastructure error?): there is no pass rate to report")
        return 3
    unset = engine.setup_failures(summary["runs"])
    if unset:  # the other tasks were graded and the summary written; these tasks' runs are booked task_error
        log("error: " + "; ".join(f"task {task_id} could not be set up, its runs are recorded as task_error ({why})"
                                  for task_id, why in sorted(unset.items())))
        return 1
    return 0


def _terminate_as_interrupt():
    """SIGTERM (scancel, a preempted or timed-out Slurm job, `kill`) stops the evaluation as Ctrl-C does: the runs
    caught half-way are marked interrupted, never left half-written, and a resume runs them again. Returns the
    handler it replaced (None where signals cannot be set: not the main thread)."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt
    try:
        return signal.signal(signal.SIGTERM, interrupt)
    except (ValueError, AttributeError):   # not the main thread, or no SIGTERM (Windows)
        return None


def _resume_hint(args, out: Path) -> str:
    """How to continue a bundle that stopped early: the same command, with --resume (and the --out it used)."""
    if args.resume:
        return "continue with the same command again"
    where = "" if args.out else f" --out {shlex.quote(str(out))}"
    return f"continue with the same command plus{where} --resume"


def cmd_report(args) -> int:
    """Render an existing summary (or a results directory, re-scored from its runs): the site's index.html and
    report.md into --out, or, without it, site/ and report.md beside the summary (as `run --report` does)."""
    source = Path(args.results)
    summary = engine.summarize([str(source)]) if source.is_dir() else load_summary(source)
    if args.out:
        paths = engine.report(summary, Path(args.out), site=Path(args.out))
    else:
        paths = engine.report(summary, source if source.is_dir() else source.parent)
    print(json.dumps(paths))
    log(f"report: {paths['report']} · site: {paths['site']}")
    return 0


def cmd_check(args) -> int:
    """Validate every task file, held-out separation, and that every schema is itself valid."""
    start = time.monotonic()
    for path in sorted(SCHEMAS_DIR.glob("*.schema.json")):
        schema.check_schema(path.name.removesuffix(".schema.json"))
    tasks, problems = engine.load_tasks([args.tasks], allow_local=args.allow_local_repos)
    problems = [*problems, *engine.task_setup_problems(tasks)]  # every git ref resolved up front, before any run
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
    tasks, problems = engine.load_tasks([args.tasks], allow_local=args.allow_local_repos)
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
            heldout = "yes" if t["heldout"] else "no"
            print(f"{t['id']:<{width}}  {t['category']:<10}  {t['difficulty']:<10}  {heldout:<7}  {t['repo']['type']}")
        print(f"{len(tasks)} task(s)")
    return 2 if problems else 0


PASSTHROUGH = {"verify": verify.main, "doctor": doctor.main, "compare": compare.main, "promote": promote.main,
               "publish": publish.main, "prefs": prefs.main, "install-agents": install.main,
               "slurm": slurm.main, "import": import_main, "export": export_main}


def build_parser() -> ArgumentParser:
    """The umbrella CLI's argument parser."""
    parser = ArgumentParser(prog="localagentbench", description="Evaluate coding agents on local models.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ArgumentParser)
    p = sub.add_parser("run", help="run an evaluation")
    engine.add_agent_arguments(p)
    p.add_argument("--tasks", default="tasks", help="the tasks directory (default: tasks)")
    p.add_argument("--task", action="append", default=[], help="only this task id (repeatable)")
    p.add_argument("--out", default=None, help="the run bundle directory (default: results/<run-id>)")
    p.add_argument("--run-id", default=None, type=run_id_argument,
                       help="the run id (default: UTC time + random suffix)")
    p.add_argument("--repeat", type=int, default=1, help="runs per task, for pass@k (default 1)")
    p.add_argument("--report", action="store_true", help="also write report.md and site/")
    p.add_argument("--jobs", default="1",
                   help="runs at once (default 1: a local model serves one request at a time), or auto: enough to "
                        "keep the server's slots busy (the wait for a free slot is not counted against a timeout)")
    p.add_argument("--model-slots", type=int, default=None, metavar="N",
                   help="with --jobs auto: the answers the model server makes at once, where it does not report "
                        "them (Ollama's OLLAMA_NUM_PARALLEL, vLLM); llama.cpp's own count wins")
    p.add_argument("--retries", type=int, default=0, help="retries of infrastructure errors, with backoff (default 0)")
    p.add_argument("--stop-after-infra-errors", type=int, default=engine.STOP_AFTER_INFRA_ERRORS, metavar="N",
                   help=f"stop when N runs in a row are infrastructure errors "
                        f"(default {engine.STOP_AFTER_INFRA_ERRORS}; 0: never); --resume continues")
    p.add_argument("--resume", action="store_true",
                   help="continue an interrupted bundle: keep finished runs, run the rest")
    p.add_argument("--shard", default=None, help="run only shard K/N of the task x repetition grid (merge with score)")
    p.add_argument("--cells", default=None, metavar="FILE",
                   help="run only the cells FILE lists, one `TASK_ID REP` a line (with --shard: K/N of them)")
    p.add_argument("--join", action="store_true",
                   help="write into a bundle other processes share (Slurm array tasks): its config is checked, not "
                        "owned; finished cells are kept; needs --run-id")
    p.add_argument("--attempts", type=int, default=1, metavar="N",
                   help="attempts per run (default 1; 2 is Aider's second try): after an attempt whose visible tests "
                        "failed the agent runs again in the same workdir, its prompt holding their output (never "
                        "the held-out tests'); the verdict is the last attempt's, and pass@1 is also reported after "
                        "each attempt")
    engine.add_visible(p)
    engine.add_allow_local(p)
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("report", help="render report.md and the site from a summary or a results directory")
    p.add_argument("--results", required=True, help="summary.json or a results directory")
    p.add_argument("--out", default=None,
                   help="the folder the site's index.html and report.md go in (default: site/ and report.md "
                        "beside the summary)")
    p.set_defaults(func=cmd_report)
    suite = ("the suite's tasks directory, holding <id>.yaml with fixtures/, heldout/ and solutions/ beside it "
             "(default: tasks, relative to the current directory: a checkout's own suite)")
    p = sub.add_parser("check", help="validate the task suite and the schemas",
                       description="Validate every task file of the suite (schema, fixture, held-out separation, "
                                   "solution, git refs) and that every schema is itself valid.")
    p.add_argument("--tasks", default="tasks", metavar="DIR", help=suite)
    engine.add_allow_local(p)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("list-tasks", help="list the tasks")
    p.add_argument("--tasks", default="tasks", metavar="DIR", help=suite)
    p.add_argument("--json", action="store_true", help="JSON Lines instead of a table")
    engine.add_allow_local(p)
    p.set_defaults(func=cmd_list_tasks)
    sub.add_parser("verify", help="prove every task solvable, discriminating and deterministic (see verify --help)")
    sub.add_parser("doctor",
                   help="check this machine, the model server and its models; --probe MODEL: the tool-call canary")
    sub.add_parser("compare", help="paired comparison of two runs: --base A --other B (see compare --help)")
    sub.add_parser("promote",
                   help="promote a run's summary into leaderboard/entries/: RUN --name NAME (see promote --help)")
    sub.add_parser("publish", help="build the leaderboard site from leaderboard/entries/ (see publish --help)")
    sub.add_parser("prefs", help="pairwise human preference: `prefs template` writes pairs to rate, `prefs rank` "
                                 "ranks a filled file (Bradley-Terry)")
    sub.add_parser("slurm", help="an evaluation as a Slurm job array: slurm submit|status|resubmit|merge "
                                 "(see slurm --help)")
    sub.add_parser("import", help="import harbor DIR [--out TASKS_DIR]: Harbor tasks as this project's tasks "
                                  "(see import harbor --help)")
    sub.add_parser("export", help="export harbor TASKS_DIR --out DIR: this project's tasks as Harbor tasks "
                                  "(see export harbor --help)")
    sub.add_parser("install-agents", help="install the pinned agent CLIs into .agents/ (what nox -s install-agents "
                                          "does in a checkout); --dry-run lists the commands")
    return parser


def _main(argv: Sequence[str]) -> int:
    if argv and argv[0] in PASSTHROUGH:  # orchestrators with their own argument parsers, shown as `localagentbench X`
        with invoked_as(f"localagentbench {argv[0]}"):
            return PASSTHROUGH[argv[0]](list(argv[1:]))
    args = build_parser().parse_args(argv)
    return args.func(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `localagentbench`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
