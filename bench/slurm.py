"""`localagentbench slurm`: an evaluation as a Slurm job array on a cluster, with the real scheduler (sbatch,
squeue, scancel); the harness adds no queue of its own.

    localagentbench slurm submit --out DIR [--shards N] [--sbatch ARGS]... [--array-sbatch ARGS]...
                                 [--server-script FILE] RUN-ARGS...
    localagentbench slurm status DIR [--json]
    localagentbench slurm resubmit DIR [--shards N] [--sbatch ARGS]... [--array-sbatch ARGS]...
    localagentbench slurm merge DIR

`submit` checks the run's arguments and tasks here, then submits the grid as one array (task K runs
`localagentbench run RUN-ARGS --out DIR --run-id ID --join --shard K/N`, every task writing into the one bundle
DIR, which must be on a filesystem every node sees) and a merge job that depends on the array (afterany) and
scores and renders the bundle (`slurm merge`). --sbatch ARGS go to every job untouched (partition, account,
time); --array-sbatch ARGS to the array tasks only (GPUs). With --server-script FILE a model-server job is
submitted first: it writes its URL into the file $LAB_SERVER_URL_FILE names, the array starts once it runs and
its tasks pass that URL as --base-url; the merge job cancels it. A task that is cancelled, preempted or killed
leaves its cells missing (SIGTERM stops the run as Ctrl-C does, half-way runs are marked interrupted);
`status` lists them and `resubmit` runs exactly those cells (run --cells).
"""
from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import bench
from bench.common import lifecycle
from bench.common.errors import UserError
from bench.common.paths import run_id_argument
from bench.common.records import CONFIG_FILE, write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main

SUBMIT_FILE = "submit.json"
# Arguments `submit` sets for every array task itself: the user passing them would fight it.
OWNED = ("--out", "--run-id", "--shard", "--cells", "--join", "--resume", "--report")
ACTIVE = {"PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "REQUEUED", "RESIZING", "SUSPENDED", "PREEMPTED",
          "REQUEUE_HOLD", "REQUEUE_FED", "SIGNALING", "STAGE_OUT", "STOPPED"}
SERVER_WAIT_S = 600


def _slurm(argv: list[str]) -> str:
    """Run a Slurm client command; a missing command or its failure is one line naming it."""
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        raise UserError(f"{argv[0]}: not found on PATH; run this on a Slurm login node (or install slurm-client)") \
            from None
    if proc.returncode != 0:
        raise UserError(f"{shlex.join(argv[:3])} ...: exit {proc.returncode}: "
                        f"{(proc.stderr or proc.stdout).strip()[:400]}")
    return proc.stdout


def _sbatch(options: list[str], script: Path) -> str:
    """Submit a batch script; the job id."""
    out = _slurm(["sbatch", "--parsable", *options, str(script)])
    return out.strip().split(";")[0]


def _split(values: list[str]) -> list[str]:
    return [word for value in values for word in shlex.split(value)]


def _script(lines: list[str], path: Path) -> Path:
    path.write_text("#!/bin/bash\n" + "\n".join(lines) + "\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def _harness_env() -> list[str]:
    """The batch scripts run this Python and this harness, from the folder `submit` ran in."""
    root = Path(bench.__file__).resolve().parent.parent
    return [f"cd {shlex.quote(str(Path.cwd()))}",
            f"export PYTHONPATH={shlex.quote(str(root))}${{PYTHONPATH:+:$PYTHONPATH}}"]


def _check_run(run_args: list[str], out: Path, run_id: str) -> tuple[int, list[str]]:
    """Parse the run's arguments as `run` will and load its tasks: a mistake fails here, not on every node.
    Returns the grid's size and the run arguments with its --tasks made absolute."""
    from bench import cli, engine  # cli imports this module
    for arg in run_args:
        if arg.split("=", 1)[0] in OWNED:
            raise UserError(f"slurm submit: {arg.split('=', 1)[0]} is set by submit for every array task; leave "
                            "it out (--out is the shared bundle)")
    args = cli.build_parser().parse_args(["run", *run_args, "--out", str(out), "--run-id", run_id])
    tasks, problems = engine.load_tasks([args.tasks], args.task, None, args.allow_local_repos, args.visible)
    if problems:
        raise UserError(f"{problems[0]} ({len(problems)} problem(s) in the task files; nothing was submitted)")
    if not tasks:
        raise UserError(f"{args.tasks}: no tasks to run; nothing was submitted")
    absolute = list(run_args)
    tasks_dir = str(Path(args.tasks).resolve())
    for i, arg in enumerate(absolute):
        if arg == "--tasks" and i + 1 < len(absolute):
            absolute[i + 1] = tasks_dir
        elif arg.startswith("--tasks="):
            absolute[i] = f"--tasks={tasks_dir}"
    if "--tasks" not in absolute and not any(a.startswith("--tasks=") for a in absolute):
        absolute += ["--tasks", tasks_dir]
    return len(tasks) * args.repeat, absolute


def _submit_array(out: Path, state: dict, shards: int, cells: Path | None, number: int) -> dict:
    """Write and submit one array (and its merge job); the submission's record, also appended to state."""
    slurm_dir = out / "slurm"
    (slurm_dir / "logs").mkdir(parents=True, exist_ok=True)
    common, array_only = state["sbatch"], state["array_sbatch"]
    run = [shlex.quote(sys.executable), "-m", "bench", "run", *map(shlex.quote, state["run_args"]),
           "--out", shlex.quote(str(out)), "--run-id", shlex.quote(state["run_id"]), "--join",
           "--shard", f"\"${{SLURM_ARRAY_TASK_ID}}/{shards}\""]
    if cells:
        run += ["--cells", shlex.quote(str(cells))]
    lines = ["set -eu", *_harness_env()]
    if state.get("server_job"):
        url_file = shlex.quote(str(slurm_dir / "server-url"))
        lines += [f"for _ in $(seq {SERVER_WAIT_S}); do [ -s {url_file} ] && break; sleep 1; done",
                  f"[ -s {url_file} ] || {{ echo 'the model server job wrote no URL into {url_file}' >&2; exit 3; }}"]
        run += ["--base-url", f"\"$(cat {url_file})\""]
    # exec: the harness is the job's process, so scancel's SIGTERM reaches it and it marks its runs interrupted
    lines.append("exec " + " ".join(run))
    array = _script(lines, slurm_dir / f"array-{number}.sh")
    name = f"lab-{state['run_id']}"
    depend = [f"--dependency=after:{state['server_job']}"] if state.get("server_job") else []
    array_id = _sbatch([f"--job-name={name}", f"--array=1-{shards}", "--open-mode=append",
                        f"--output={slurm_dir / 'logs' / 'array-%A_%a.out'}", *depend, *common, *array_only], array)
    merge = _script(["set -eu", *_harness_env(),
                     f"exec {shlex.quote(sys.executable)} -m bench slurm merge {shlex.quote(str(out))}"],
                    slurm_dir / f"merge-{number}.sh")
    merge_id = _sbatch([f"--job-name={name}-merge", f"--dependency=afterany:{array_id}", "--kill-on-invalid-dep=no",
                        f"--output={slurm_dir / 'logs' / 'merge-%j.out'}", *common], merge)
    submission = {"array_job": array_id, "merge_job": merge_id, "shards": shards,
                  "cells_file": str(cells) if cells else None,
                  "submitted_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    state["submissions"].append(submission)
    write_json_atomic(slurm_dir / SUBMIT_FILE, state)
    return submission


def _announce(out: Path, state: dict, submission: dict, cells: int) -> int:
    print(json.dumps({"results": str(out), "run_id": state["run_id"], "cells": cells, **submission,
                      "server_job": state.get("server_job")}))
    log(f"submitted {cells} cell(s) as array job {submission['array_job']} ({submission['shards']} task(s)), "
        f"merge job {submission['merge_job']} after it")
    log(f"watch: squeue -j {submission['array_job']},{submission['merge_job']} · "
        f"localagentbench slurm status {shlex.quote(str(out))}")
    return 0


def submit(argv: list[str]) -> int:
    """`slurm submit`: check, then submit the grid as an array plus its merge job (and a server job first)."""
    parser = ArgumentParser(prog="localagentbench slurm submit", allow_abbrev=False,   # --shard is run's, not --shards
                            description="Submit an evaluation as a Slurm job array; other arguments go to `run`.")
    parser.add_argument("--out", required=True, help="the shared results bundle (on a filesystem every node sees)")
    parser.add_argument("--shards", type=int, default=None,
                        help="array tasks (default: one per cell of the grid, at most 100)")
    parser.add_argument("--sbatch", action="append", default=[], metavar="ARGS",
                        help="sbatch options for every job, passed untouched (e.g. '--partition=gpu --time=4:00:00')")
    parser.add_argument("--array-sbatch", action="append", default=[], metavar="ARGS",
                        help="sbatch options for the array tasks only (e.g. '--gres=gpu:1')")
    parser.add_argument("--server-script", default=None, metavar="FILE",
                        help="a batch script that starts the model server and writes its URL into $LAB_SERVER_URL_FILE")
    parser.add_argument("--run-id", default=None, type=run_id_argument,
                        help="the run id (default: UTC time + random suffix)")
    args, run_args = parser.parse_known_args(argv)
    from bench import engine
    out = Path(args.out).resolve()
    if (out / CONFIG_FILE).exists() or (out / "slurm" / SUBMIT_FILE).exists():
        raise UserError(f"{out}: already holds a run; `localagentbench slurm resubmit {out}` runs its missing "
                        "cells, or pass a new --out")
    run_id = args.run_id or engine.new_run_id()
    cells, run_args = _check_run(run_args, out, run_id)
    shards = args.shards or min(cells, 100)
    if not 1 <= shards:
        raise UserError(f"--shards: must be at least 1 (got {shards})")
    shards = min(shards, cells)
    (out / "slurm").mkdir(parents=True, exist_ok=True)
    state = {"schema": "localagentbench/slurm@1", "run_id": run_id, "run_args": run_args,
             "sbatch": _split(args.sbatch), "array_sbatch": _split(args.array_sbatch), "server_job": None,
             "submissions": []}
    if args.server_script:
        script = Path(args.server_script)
        if not script.is_file():
            raise UserError(f"--server-script: {script}: no such file")
        state["server_job"] = _sbatch([f"--job-name=lab-{run_id}-server",
                                       f"--export=ALL,LAB_SERVER_URL_FILE={out / 'slurm' / 'server-url'}",
                                       f"--output={out / 'slurm' / 'server-%j.out'}", *state["sbatch"],
                                       *state["array_sbatch"]], script)
    return _announce(out, state, _submit_array(out, state, shards, None, 1), cells)


def _load_state(out: Path) -> dict:
    path = out / "slurm" / SUBMIT_FILE
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise UserError(f"{path}: cannot read ({exc}); is {out} a bundle `slurm submit` made?") from None
    if not isinstance(state, dict) or not isinstance(state.get("submissions"), list):
        raise UserError(f"{path}: not a submission record `slurm submit` writes")
    return state


def _job_states(state: dict) -> dict[str, str]:
    """Every job of the bundle still known to squeue, id (array tasks as ID_K) -> state."""
    ids = [s[k] for s in state["submissions"] for k in ("array_job", "merge_job")]
    ids += [state["server_job"]] if state.get("server_job") else []
    out = _slurm(["squeue", "-h", "-r", "-j", ",".join(ids), "-o", "%i %T"]) if ids else ""
    return dict(line.split(None, 1) for line in out.splitlines() if len(line.split(None, 1)) == 2)


def cell_states(out: Path, active: bool) -> dict[str, list[str]]:
    """The bundle's grid, cell by cell (`TASK/REP`): done (graded), failed (an infrastructure error), running
    (half-way while a job of the bundle is active), missing (no record, interrupted, or half-way with no job)."""
    try:
        config = json.loads((out / CONFIG_FILE).read_text(encoding="utf-8"))
        grid = [(str(t), int(r)) for t, r in config["grid"]]
    except (OSError, ValueError, KeyError, TypeError):
        grid = None
    states: dict[str, list[str]] = {"done": [], "running": [], "failed": [], "missing": []}
    if grid is None:   # no array task has started yet: the whole grid is to do
        return states
    for task_id, rep in grid:
        try:
            record = json.loads((out / "runs" / task_id / str(rep) / "run.json").read_text(encoding="utf-8"))
            record = record if isinstance(record, dict) else {}
        except (OSError, ValueError):
            record = {}
        if lifecycle.is_graded(record):
            kind = "failed" if record.get("outcome") == "infra_error" else "done"
        elif record and lifecycle.is_unfinished(record) and active:
            kind = "running"
        else:
            kind = "missing"
        states[kind].append(f"{task_id}/{rep}")
    return states


def status(argv: list[str]) -> int:
    """`slurm status DIR`: the jobs (from squeue) and the cells done, running, failed and missing."""
    parser = ArgumentParser(prog="localagentbench slurm status", description="Where a submitted evaluation stands.")
    parser.add_argument("results", help="the bundle `slurm submit --out` named")
    args = parser.parse_args(argv)
    out = Path(args.results).resolve()
    state = _load_state(out)
    jobs = _job_states(state)
    arrays = {s["array_job"] for s in state["submissions"]}
    # a half-way cell is running only while an array task may still finish it (not the merge or server job)
    active = any(v in ACTIVE for j, v in jobs.items() if j.split("_")[0] in arrays)
    cells = cell_states(out, active)
    print(json.dumps({"results": str(out), "run_id": state["run_id"], "jobs": jobs,
                      "counts": {k: len(v) for k, v in cells.items()}, **cells}))
    log(f"{out}: {', '.join(f'{len(v)} {k}' for k, v in cells.items())}; "
        f"{len(jobs)} job(s) in the queue" + (f" ({', '.join(sorted(set(jobs.values())))})" if jobs else ""))
    if (cells["missing"] or cells["failed"]) and not active:
        log(f"resubmit the missing and failed cells: localagentbench slurm resubmit {shlex.quote(str(out))}")
    return 0


def resubmit(argv: list[str]) -> int:
    """`slurm resubmit DIR`: exactly the cells missing or failed, as a new array (run --cells) and merge job."""
    parser = ArgumentParser(prog="localagentbench slurm resubmit",
                            description="Submit again only the cells of a bundle that are missing or failed.")
    parser.add_argument("results", help="the bundle `slurm submit --out` named")
    parser.add_argument("--shards", type=int, default=None, help="array tasks (default: one per cell, at most 100)")
    parser.add_argument("--sbatch", action="append", default=None, metavar="ARGS",
                        help="sbatch options for every job (default: the ones submit was given)")
    parser.add_argument("--array-sbatch", action="append", default=None, metavar="ARGS",
                        help="sbatch options for the array tasks only (default: the ones submit was given)")
    args = parser.parse_args(argv)
    out = Path(args.results).resolve()
    state = _load_state(out)
    jobs = _job_states(state)
    busy = sorted(j for j, s in jobs.items() if s in ACTIVE and j.split("_")[0] != state.get("server_job"))
    if busy:
        raise UserError(f"{out}: job(s) {', '.join(busy[:4])} of this bundle are still queued or running; wait for "
                        f"them (or scancel them) before resubmitting, so no cell runs twice")
    cells = cell_states(out, active=False)
    todo = cells["missing"] + cells["failed"]
    if not todo:
        print(json.dumps({"results": str(out), "cells": 0}))
        log(f"{out}: every cell of the grid is done; nothing to resubmit")
        return 0
    if args.sbatch is not None:
        state["sbatch"] = _split(args.sbatch)
    if args.array_sbatch is not None:
        state["array_sbatch"] = _split(args.array_sbatch)
    number = len(state["submissions"]) + 1
    cells_file = out / "slurm" / f"cells-{number}.txt"
    cells_file.write_text("".join(f"{c.rsplit('/', 1)[0]} {c.rsplit('/', 1)[1]}\n" for c in todo), encoding="utf-8")
    shards = min(args.shards or min(len(todo), 100), len(todo))
    if shards < 1:
        raise UserError(f"--shards: must be at least 1 (got {args.shards})")
    return _announce(out, state, _submit_array(out, state, shards, cells_file, number), len(todo))


def merge(argv: list[str]) -> int:
    """`slurm merge DIR` (the merge job): score the bundle into summary.json and render report.md and the site;
    then cancel the model-server job, when submit started one."""
    from bench import engine
    from bench.common import schema
    parser = ArgumentParser(prog="localagentbench slurm merge", description="Score and render a shared bundle.")
    parser.add_argument("results", help="the bundle")
    args = parser.parse_args(argv)
    out = Path(args.results).resolve()
    state = _load_state(out) if (out / "slurm" / SUBMIT_FILE).exists() else {}
    if not any(out.glob("runs/*/*/run.json")):
        raise UserError(f"{out}: no run finished (did every array task fail? see {out / 'slurm' / 'logs'})")
    summary = engine.summarize([str(out)])
    schema.check(summary, "summary", where=str(out / "summary.json"))
    write_json_atomic(out / "summary.json", summary)
    paths = engine.report(summary, out)
    for warning in summary["warnings"]:
        log(f"warning: {warning}")
    for g in summary["groups"]:
        log(engine.headline(g))
    if state.get("server_job"):
        subprocess.run(["scancel", state["server_job"]], capture_output=True, timeout=60)
    print(json.dumps({"results": str(out), "summary": str(out / "summary.json"), **paths}))
    return 0


COMMANDS = {"submit": submit, "status": status, "resubmit": resubmit, "merge": merge}


def _main(argv: Sequence[str]) -> int:
    argv = list(argv)
    if not argv or argv[0] not in COMMANDS:
        if argv and argv[0] in ("-h", "--help"):
            parser = ArgumentParser(prog="localagentbench slurm", description=__doc__,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
            parser.add_argument("command", choices=list(COMMANDS))
            parser.add_argument("args", nargs=argparse.REMAINDER, help="the command's arguments (COMMAND --help)")
            parser.parse_args(argv)   # prints the help and exits 0
        raise UserError(f"slurm: expected one of {', '.join(COMMANDS)} (see localagentbench slurm --help)")
    return COMMANDS[argv[0]](argv[1:])


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `localagentbench slurm ...`."""
    return run_main(_main, argv)
