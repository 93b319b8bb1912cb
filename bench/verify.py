"""verify: prove every task fair: the untouched fixture fails, the reference solution passes every time.

    localagentbench verify [--tasks DIR | DIR ...] [--task ID ...] [--times 3] [--sandbox auto] [--visible split]
                           [--jobs N] [--changed-from FILE] [--sample-per-language K] [--record FILE] [--list]
    python -m bench.verify ...                                         the same

Runs are graded in the sandbox an evaluation would use (`--sandbox`, default auto), so a task that
passes only outside it is caught here, not booked against agents later. For each task: the nop agent
must fail it (visible or held-out); the oracle agent must pass visible and held-out tests `--times` runs
in a row (differing outcomes mark it flaky); every grading command must finish within half its timeout;
no file of the fixture may reach outside it (symlinks); a test-writing task's reference tests must catch
every mutant. One line per task, a summary (fair N / known gaps M / unfair K), exit 1 on any unfair task.

A task file's `known_gap: {problem, reason}` keeps a task verify finds unfair in a known way: nop_passes (the
untouched fixture passes; the reference must still pass) or reference_fails (the reference cannot pass here; the
untouched fixture must still fail). It counts as a known gap, not unfair, only while it shows exactly that problem
and nothing else; a gap that no longer shows is unfair too, so its flag is taken off.

A large suite is verified in part: `--changed-from FILE` verifies only the tasks whose digest differs from what
FILE (written by `--record FILE`) says was verified fair or the known gap the task is, and `--sample-per-language K`
adds K tasks of each language chosen by a fixed rule (the lowest sha256 of their ids), so a harness change that
breaks a language is seen even when no task changed. `--jobs N` verifies N tasks at once.

Like the umbrella CLI, this is an orchestrator: it composes the stages' core functions.
"""
from __future__ import annotations

import functools
import hashlib
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import engine
from bench.common import heldout as layout
from bench.common.errors import UserError
from bench.common.records import write_json_atomic, write_json_output
from bench.common.spec import RunSpec
from bench.common.stage import ArgumentParser, log, run_main, stage_prog
from bench.common.verified import RECORD_SCHEMA, read_record_all, recorded
from bench.exec import sandbox
from bench.exec.git import TaskSetupError

MAX_TIMEOUT_SHARE = 0.5


def _run(task: dict, agent: str, results: Path, run_id: str, rep: int, kind: str) -> dict:
    return engine.run_one(task, results / run_id, run_id, rep, _spec(agent, kind))


@functools.cache
def _spec(agent: str, kind: str) -> RunSpec:
    """The built-in agent's RunSpec, built once per verification (as an evaluation builds its own once)."""
    return engine.build_spec(agent, None, {}, sandbox_requested=kind)


def escaping_links(root: Path) -> list[str]:
    """Symlinks under `root` that point outside it (a fixture must not reach held-out files or anything else)."""
    bad = []
    for path in root.rglob("*"):
        if path.is_symlink():
            target = (path.parent / os.readlink(path)).resolve()
            if not target.is_relative_to(root.resolve()):
                bad.append(f"{path.relative_to(root)} -> {os.readlink(path)}")
    return bad


def verify_task(task: dict, times: int, results: Path, kind: str = "none") -> dict:
    """Check one task, graded in sandbox `kind` as an evaluation would; return its report: problems
    (empty when fair) and what was measured."""
    problems: list[str] = []
    start = time.monotonic()
    try:
        nop = _run(task, "nop", results, "nop", 0, kind)
    except TaskSetupError as exc:  # its git ref names no commit, say: this task's problem; the others are checked
        return judge({"task_id": task["id"], "problems": [f"the task cannot be set up: {exc}"],
                      "untouched_fails": "not run", "oracle_outcomes": [], "slowest": None, "mutants": None,
                      "seconds": round(time.monotonic() - start, 2)}, ["setup"], task.get("known_gap"))
    kinds: list[str] = []   # each problem's kind, which a task's known_gap.problem names
    if nop["success"]:
        kinds.append("nop_passes")
        problems.append("the untouched fixture passes its oracle and held-out tests: the task does not discriminate")
    untouched = ("visible" if not nop["oracle"]["passed"]
                 else "held-out" if nop["heldout"] and not nop["heldout"]["passed"] else "none")
    runs = [_run(task, "oracle", results, "oracle", rep, kind) for rep in range(times)]
    outcomes = [r["outcome"] for r in runs]
    for found in _reference_problems(task, runs):
        kinds.append(found[0])
        problems.append(found[1])
    slowest = None
    for run in [nop, *runs]:
        for section in ("oracle", "heldout"):
            for command in (run[section] or {}).get("commands", []):
                share = command["duration_s"] / command["timeout_s"]
                if slowest is None or share > slowest["share"]:
                    slowest = {"command": command["command"], "duration_s": command["duration_s"],
                               "timeout_s": command["timeout_s"], "share": round(share, 4)}
    if slowest and slowest["share"] > MAX_TIMEOUT_SHARE:
        kinds.append("slow")
        problems.append(f"slow: `{slowest['command']}` took {slowest['duration_s']:.1f}s "
                        f"of its {slowest['timeout_s']}s timeout")
    if task["repo"]["type"] == "fixture":
        links = escaping_links(Path(task["repo"]["path"]))
        if links:
            kinds.append("links")
            problems.append(f"fixture links point outside it: {', '.join(links)}")
    # a test-writing task's mutants: the held-out phase's; with --visible all (no held-out phase) the oracle's
    mutants = (runs[0]["heldout"] or runs[0]["oracle"] or {}).get("mutants")
    if task["category"] == "test":
        if mutants is None:
            kinds.append("mutants")
            problems.append("a test-writing task needs heldout.mutation (its correct/ and mutants/ candidates), or a "
                            "held-out command that reports mutants_total / mutants_caught")
        elif mutants["caught"] != mutants["total"]:
            kinds.append("mutants")
            problems.append(f"the reference tests catch only {mutants['caught']}/{mutants['total']} mutants")
    return judge({"task_id": task["id"], "problems": problems, "untouched_fails": untouched,
                  "oracle_outcomes": outcomes, "slowest": slowest, "mutants": mutants,
                  "seconds": round(time.monotonic() - start, 2)}, kinds, task.get("known_gap"))


def _reference_problems(task: dict, runs: list[dict]) -> list[tuple[str, str]]:
    """(kind, problem) for the reference solution's runs: flaky, does not pass, or passes without having applied."""
    found: list[tuple[str, str]] = []
    outcomes = [r["outcome"] for r in runs]
    if len(set(outcomes)) > 1:
        found.append(("flaky", f"flaky: the reference solution gave {', '.join(outcomes)} over {len(runs)} runs"))
    elif outcomes[0] != "passed":
        first = runs[0]
        why = first["agent"].get("agent_error") or (
            "visible oracle failed" if first["oracle"] and not first["oracle"]["passed"] else "held-out tests failed")
        skipped = [phase for phase in ("oracle", "heldout") if (first[phase] or {}).get("commands") and any(
            c.get("summary") == "tests_skipped" for c in first[phase]["commands"])]
        if skipped:
            why = (f"its {' and '.join('visible' if p == 'oracle' else 'held-out' for p in skipped)} tests' runner "
                   f"reported skipped tests (tests_skipped); if the fixture's own tests skip them, set "
                   f"{' and '.join(p + '.allow_skipped: true' for p in skipped)} in {task['source_file']}")
        elif outcomes[0] == "task_error" and first["oracle"] and first["oracle"]["passed"] and task.get("heldout"):
            why = (f"the held-out command could not run its tests; the held-out files land in "
                   f"{layout.describe(task['heldout'])} (heldout.into: {layout.into(task['heldout'])})")
        else:
            why += _grading_said(first)
        found.append(("reference_fails", f"the reference solution does not pass: {outcomes[0]} ({why})"))
    unapplied = next((r["agent"]["agent_error"] for r in runs if r["outcome"] == "passed"
                      and r["agent"].get("agent_error")), None)
    if unapplied:   # the tests passed without the reference (a fixture that already passes): that proves nothing
        found.append(("reference_not_applied", "the reference solution did not apply, though the tests passed: "
                      f"{unapplied.splitlines()[-1]}"))
    return found


def _grading_said(run: dict) -> str:
    """What grading itself said about a reference run that did not pass, for the task's author: the first note on a
    command of the phase that failed (`exit 0, but no command printed a summary ...`), and each flag grading raised
    on the run with what it names (`test_config_modified (upper.sh)`: the reference's change to that file was laid
    back, so the tests ran without it)."""
    phase = "oracle" if run["oracle"] and not run["oracle"]["passed"] else "heldout"
    said = [f"`{c['command']}`: {c['note']}" for c in (run[phase] or {}).get("commands", []) if c.get("note")][:1]
    details = run.get("flag_details") or {}
    said += [f"flagged {flag}" + (f" ({', '.join(map(str, details[flag]))})" if details.get(flag) else "")
             for flag in run.get("flags") or [] if flag in details]
    return "".join(f"; {s}" for s in said)


GAP_FIX = ("take known_gap out of the task file (the polyglot suite's: its GAPS and KNOWN_GAP_PROBLEMS in "
           "tools/polyglot/convert.py, then `python -m tools.polyglot.convert`)")


def judge(report: dict, kinds: list[str], gap: dict | None) -> dict:
    """The report's verdict: status fair (no problem), known_gap (exactly the problem the task's known_gap names,
    which then leaves `problems` for `known_problem`) or unfair (any other problem, or a known gap that no longer
    shows: the flag would otherwise hide a fair task from the scores); ok unless unfair."""
    problems = report["problems"]
    known = None
    if gap is not None:
        expected = gap["problem"]
        known = [p for k, p in zip(kinds, problems, strict=True) if k == expected]
        problems = [p for k, p in zip(kinds, problems, strict=True) if k != expected]
        if not known and not problems:
            problems = [f"known_gap {expected} no longer shows (the task is fair here): {GAP_FIX}"]
    status = "unfair" if problems else "known_gap" if known else "fair"
    return {"task_id": report["task_id"], "ok": status != "unfair", "status": status,
            "known_gap": gap["problem"] if gap else None, "known_problem": known[0] if known else None,
            **{k: v for k, v in report.items() if k != "task_id"}, "problems": problems}


def read_record(path: Path, visible: str) -> dict[str, dict]:
    """{task id: {digest, times}} of the tasks a previous `--record` found fair in mode `visible`; {} when the file
    does not exist. A record holds one mode: a task's digest differs between modes."""
    return read_record_all(path, visible)[0]


def sample_per_language(tasks: list[dict], k: int) -> set[str]:
    """The ids of `k` tasks per language: those whose sha256(id) is lowest, the same on every machine."""
    chosen: set[str] = set()
    by_language: dict[str, list[str]] = {}
    for task in tasks:
        by_language.setdefault(task["language"], []).append(task["id"])
    for ids in by_language.values():
        chosen.update(sorted(ids, key=lambda i: hashlib.sha256(i.encode()).hexdigest())[:k])
    return chosen


def select(tasks: list[dict], changed_from: dict[str, dict] | None, sample: int,
           known_gaps: dict[str, dict] | None = None) -> list[dict]:
    """The tasks to verify, in suite order: all of them, or (with a record: its fair tasks `changed_from` and its
    `known_gaps`) those whose digest it does not list as verified fair or as the known gap they are, plus the
    per-language sample."""
    if changed_from is None and not sample:
        return tasks
    keep = sample_per_language(tasks, sample) if sample else set()
    if changed_from is not None:
        keep |= {t["id"] for t in tasks if not recorded(t, changed_from, known_gaps or {})}
    return [t for t in tasks if t["id"] in keep]


def update_record(path: Path, tasks: list[dict], reports: list[dict], times: int, visible: str,
                  partial: bool = False) -> None:
    """Write the record: the tasks just found fair with their digests, and apart from them those that showed exactly
    their known gap (its problem and the task file's reason: what was measured, not typed); the others' earlier
    entries kept while their digest is unchanged, a task found unfair or gone dropped. `partial`: only some of the
    suite's tasks were loaded (--task, or task files named one by one), so an entry of a task not among them is
    kept as it was."""
    current = {t["id"]: t for t in tasks}
    old_fair, old_gaps = read_record_all(path, visible)
    fair = {i: e for i, e in old_fair.items()
            if (i not in current and partial) or (i in current and current[i]["digest"] == e["digest"])}
    gaps = {i: e for i, e in old_gaps.items()
            if (i not in current and partial) or (i in current and recorded(current[i], {}, old_gaps))}
    for report in reports:
        task = current[report["task_id"]]
        fair.pop(task["id"], None)
        gaps.pop(task["id"], None)
        if report["status"] == "fair":
            fair[task["id"]] = {"digest": task["digest"], "times": times}
        elif report["status"] == "known_gap":
            gaps[task["id"]] = {"digest": task["digest"], "problem": task["known_gap"]["problem"],
                                "reason": task["known_gap"]["reason"], "times": times}
    write_json_atomic(path, {"schema": RECORD_SCHEMA, "visible": visible, "tasks": dict(sorted(fair.items())),
                             "known_gaps": dict(sorted(gaps.items()))})


def verify(paths: Sequence[str], only: Sequence[str] = (), times: int = 3, keep: Path | None = None,
           sandbox_requested: str | None = None, allow_local: bool = False, visible: str = "split", jobs: int = 1,
           changed_from: Path | None = None, sample: int = 0, record: Path | None = None,
           list_only: bool = False) -> dict:
    """Verify the tasks (all, or those `changed_from` and `sample` select) in the sandbox an evaluation would use,
    `jobs` at once; return the report (tasks, problems count). `allow_local`: --allow-local-repos. `visible`: the
    mode the tasks are verified in (--visible). `list_only` (--list): return which tasks would be verified
    ({selected: [ids], in_suite}) and run nothing."""
    if times < 1:
        raise UserError(f"--times: must be at least 1 (got {times})")
    if jobs < 1:
        raise UserError(f"--jobs: must be at least 1 (got {jobs})")
    if sample < 0:
        raise UserError(f"--sample-per-language: must be 0 or more (got {sample})")
    kind = sandbox.resolve(sandbox_requested)
    elsewhere: list[str] = []
    tasks, problems = engine.load_tasks(paths, only, elsewhere, allow_local, visible)
    for line in elsewhere:   # only with --task: the tasks asked for are verified, a broken file elsewhere is named
        log(f"warning: {line}; not asked for, not verified (`localagentbench check` lists every problem)")
    if problems:
        for line in problems:
            log(line)
        raise UserError(f"{len(problems)} problem(s) in the task files; fix them before verifying")
    if changed_from is not None and not changed_from.exists():
        raise UserError(f"--changed-from {changed_from}: no such file; write one with --record {changed_from}")
    if record is not None:
        read_record(record, visible)   # a record it could not update is refused before any task runs
    fair, gaps = read_record_all(changed_from, visible) if changed_from else (None, None)
    chosen = select(tasks, fair, sample, gaps)
    if len(chosen) < len(tasks):
        log(f"verify: {len(chosen)} of {len(tasks)} task(s) selected (changed since the record, "
            f"{sample} per language sampled)")
    if list_only:
        return {"selected": [t["id"] for t in chosen], "in_suite": len(tasks)}
    results = keep or Path(tempfile.mkdtemp(prefix="lab-verify-"))
    try:
        def one(task: dict) -> dict:
            report = verify_task(task, times, results / task["id"], kind)
            yield_line(report)
            return report
        if jobs == 1:
            reports = [one(task) for task in chosen]
        else:
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                reports = list(pool.map(one, chosen))
    finally:
        if keep is None:
            shutil.rmtree(results, ignore_errors=True)
    if record is not None:
        # task files named one by one (not their directory) are part of a suite, as --task's are
        partial = bool(only) or any(not Path(path).is_dir() for path in paths)
        update_record(record, tasks, reports, times, visible, partial=partial)
    slowest = max((r["slowest"] for r in reports if r["slowest"]), key=lambda s: s["share"], default=None)
    counts = {status: sum(1 for r in reports if r["status"] == status) for status in ("fair", "known_gap", "unfair")}
    return {"tasks": reports, "ok": all(r["ok"] for r in reports), "times": times, "sandbox": kind, "visible": visible,
            "jobs": jobs, "selected": len(chosen), "in_suite": len(tasks), "fair": counts["fair"],
            "known_gaps": counts["known_gap"], "unfair": counts["unfair"],
            "problems": sum(len(r["problems"]) for r in reports), "slowest": slowest}


def yield_line(report: dict) -> None:
    """One human line per task on stderr."""
    status = {"fair": "ok  ", "known_gap": "gap ", "unfair": "FAIL"}[report["status"]]
    mut = f", mutants {report['mutants']['caught']}/{report['mutants']['total']}" if report["mutants"] else ""
    slow = report["slowest"]
    share = f", slowest {slow['duration_s']:.2f}s ({100 * slow['share']:.0f}% of timeout)" if slow else ""
    log(f"{status} {report['task_id']}: untouched fails {report['untouched_fails']}, reference "
        f"{'/'.join(report['oracle_outcomes']) or 'not run'}{mut}{share}")
    if report["known_problem"]:
        log(f"     - known gap ({report['known_gap']}): {report['known_problem']}")
    for problem in report["problems"]:
        log(f"     - {problem}")


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog=stage_prog("python -m bench.verify"), description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=[], help="task files or directories (default: tasks)")
    parser.add_argument("--tasks", action="append", default=[], metavar="DIR",
                        help="the tasks directory, as for `run` and `check` "
                             "(default: tasks; same as giving it positionally)")
    parser.add_argument("--task", action="append", default=[], help="only this task id (repeatable)")
    parser.add_argument("--times", type=int, default=3, help="reference-solution runs per task (default 3)")
    parser.add_argument("--keep", default=None, help="keep the verification runs in this directory")
    parser.add_argument("--out", default="-", help="where to write the JSON report (default: stdout)")
    parser.add_argument("--sandbox", default="auto",
                        help="grade in this sandbox: auto (default, as `run`), bwrap, none")
    parser.add_argument("--jobs", type=int, default=1,
                        help="tasks verified at once (default 1); they share the CPU, and a command past half its "
                             "timeout still counts as slow")
    parser.add_argument("--changed-from", default=None, metavar="FILE",
                        help="verify only the tasks whose digest FILE (written by --record) does not list as fair")
    parser.add_argument("--sample-per-language", type=int, default=0, metavar="K",
                        help="also verify K tasks of each language, chosen by a fixed rule (lowest sha256 of the id)")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="write the tasks found fair, and apart from them the known gaps found as known, with "
                             "their digests, to FILE (kept entries whose task is unchanged)")
    parser.add_argument("--list", action="store_true",
                        help="only print which tasks would be verified (JSON: selected, in_suite); run nothing")
    engine.add_visible(parser)
    engine.add_allow_local(parser)
    args = parser.parse_args(argv)
    if args.list and args.record:
        raise UserError("--list runs nothing, so it records nothing: leave out --record")
    report = verify(args.paths + args.tasks or ["tasks"], args.task, args.times,
                    Path(args.keep) if args.keep else None, args.sandbox, args.allow_local_repos, args.visible,
                    args.jobs, Path(args.changed_from) if args.changed_from else None, args.sample_per_language,
                    Path(args.record) if args.record else None, args.list)
    write_json_output(args.out, report)
    if args.list:
        return 0
    slow = report["slowest"]
    log(f"verify: fair {report['fair']} / known gaps {report['known_gaps']} / unfair {report['unfair']} of "
        f"{len(report['tasks'])} task(s) under sandbox {report['sandbox']}, visible "
        f"{report['visible']}, "
        f"{report['problems']} problem(s); reference solution "
        f"run {args.times}x per task" + (f"; slowest command `{slow['command']}` {slow['duration_s']:.2f}s = "
                                          f"{100 * slow['share']:.0f}% of its timeout" if slow else ""))
    return 0 if report["ok"] else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.verify` (also `localagentbench verify`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
