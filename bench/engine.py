"""evaluate: run a whole task x repetition grid into one run bundle, the way `localagentbench run` does.

An orchestrator over the stages' core functions (isolate_one, run_agent_one, grade_one, score): it adds
what a long evaluation needs: N runs at once, retries of infrastructure errors with backoff, a clean stop
on Ctrl-C, `--resume` of an interrupted bundle, deterministic shards of the grid, and progress with ETA.
"""
from __future__ import annotations

import json
import math
import resource
import shutil
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import isolate, oracle, run_agent, score
from bench.agents.base import COUNT_FIELDS
from bench.common import outcome, schema
from bench.common.errors import UserError
from bench.common.paths import harness_version
from bench.common.records import CONFIG_FILE, write_json_atomic
from bench.common.stage import log
from bench.exec import cleanup, safefs, sandbox
from bench.exec.git import TaskSetupError
from bench.exec.proc import CANCEL
from bench.models.servers import model_for_agent, resolve_model

MAX_BACKOFF_S = 30.0
STOP_AFTER_INFRA_ERRORS = 3  # consecutive runs the harness could not run: the server or machine is down


def parse_shard(text: str | None) -> tuple[int, int] | None:
    """'K/N' -> (K, N) with 1 <= K <= N."""
    if not text:
        return None
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise UserError(f"--shard: {text!r} is not K/N (e.g. 2/4)") from None
    if not 1 <= k <= n:
        raise UserError(f"--shard: K must be between 1 and N (got {text})")
    return k, n


def shard_grid(grid: list[tuple[dict, int]], shard: tuple[int, int] | None) -> list[tuple[dict, int]]:
    """The deterministic 1/N of the grid: cells in (task id, rep) order, every N-th starting at K-1."""
    if shard is None:
        return grid
    k, n = shard
    ordered = sorted(grid, key=lambda cell: (cell[0]["id"], cell[1]))
    return [cell for i, cell in enumerate(ordered) if i % n == k - 1]


def _fmt_s(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"


class Progress:
    """One stderr line per finished run: n/N, task, outcome, elapsed and ETA (thread-safe)."""

    def __init__(self, total: int):
        self.total, self.done, self.start = total, 0, time.monotonic()
        self._lock = threading.Lock()

    def update(self, record: dict, note: str = "") -> None:
        """Report one finished run."""
        with self._lock:
            self.done += 1
            elapsed = time.monotonic() - self.start
            eta = elapsed / self.done * (self.total - self.done)
            wall = (record.get("agent") or {}).get("wall_s", 0.0)
            log(f"[{self.done}/{self.total}] {record['task_id']} rep {record['rep']}: "
                f"{record.get('outcome') or record['stage']}"
                f" ({wall:.1f}s agent){note} · elapsed {_fmt_s(elapsed)} · ETA {_fmt_s(eta)}")


def run_once(task: dict, out: Path, run_id: str, rep: int, *, agent: str, adapter, version: str | None,
             model_id: str, opts: dict, kind: str, sandbox_info: dict | None = None, model_section: dict | None = None,
             keep_workdir: bool = False, timeout_s: float | None = None, limits: dict | None = None) -> dict:
    """One run end to end: isolate it into `out`, run the agent in sandbox `kind`, grade it."""
    record = isolate.isolate_one(task, out, run_id, rep)
    record["sandbox"] = sandbox_info or run_agent.sandbox_record(kind, kind)
    if model_section:
        record["model"] = dict(model_section)
    # The grading copy and its sandbox are set up while the agent works: off the run's critical path.
    ahead = oracle.Ahead(record)
    try:
        record = run_agent.run_agent_one(record, agent, adapter, version, model_id, opts, keep_workdir, timeout_s,
                                         sandbox_kind=kind, limits=limits)
    except BaseException:
        ahead.discard()
        raise
    record = oracle.grade_one(record, ahead)
    # The workdir went while the tests ran; the grading copy goes now, before the next run creates its
    # trees (on a disk that discards on delete, deletions running beside creates slow both).
    cleanup.drain()
    return record


def finished_run(run_dir: Path, task: dict, config: dict) -> dict | None:
    """The run recorded in run_dir if it is complete and was made with the same task, agent, model and options.
    A run booked as an infrastructure error is not finished: --resume runs it again."""
    try:
        record = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        schema.check(record, "run")
    except (OSError, ValueError, UserError):
        return None
    same = (record["stage"] == "graded" and record["outcome"] != "infra_error"
            and record["task_digest"] == task["digest"]
            and outcome.SETUP_FLAG not in record["flags"]  # a task that could not be set up is tried again
            and record["agent"]["name"] == config["agent"] and record["model"]["id"] == config["model"]
            and (record.get("options") or {}) == config["options"])
    return record if same else None


def record_failure(run_dir: Path, task: dict, rep: int, config: dict, exc: BaseException, *,
                   sandbox_info: dict | None = None, model_section: dict | None = None) -> dict:
    """Book a run on which the harness raised as the agent's error, counted as not passed, flagged
    `harness_exception`: what the agent left behind may be what made it raise, so the run must stay in n."""
    try:
        record = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        if not isinstance(record, dict) or record.get("task_id") != task["id"] or record.get("rep") != rep:
            record = None
    except (OSError, ValueError):
        record = None
    record = record or {
        "schema": "localagentbench/run@1", "run_id": config["run_id"], "task_id": task["id"],
        "task_digest": task["digest"], "rep": rep, "harness_version": harness_version(), "task": task,
        "paths": {"run_dir": str(run_dir.resolve()), "workdir": None},
        "sandbox": sandbox_info or {"kind": config.get("sandbox", "none")},
    }
    message = f"the harness failed on this run: {type(exc).__name__}: {str(exc)[:500]}"
    agent = record.get("agent") if isinstance(record.get("agent"), dict) else {
        "name": config["agent"], "version": config.get("agent_version"), "argv": [], "exit_code": None,
        "timed_out": False, "wall_s": 0.0, **{key: None for key in COUNT_FIELDS}}
    workdir = (record.get("paths") or {}).get("workdir")
    if workdir:
        safefs.remove_tree(workdir)
    flags = [f for f in record.get("flags") or [] if isinstance(f, str) and f != "harness_exception"]
    record.update(flags=[*flags, "harness_exception"],
                  flag_details={**(record.get("flag_details") or {}), "harness_exception": [message]})
    if record.get("stage") != "graded" or not record.get("outcome"):  # graded before it raised: that verdict stands
        record.update(
            stage="graded", agent={**agent, "agent_error": message, "infra_error": None},
            model=record.get("model") or {**(model_section or {}), "id": config["model"]},
            oracle=None, heldout=None, outcome="agent_error", success=False,
            paths={**record.get("paths", {}), "workdir": None}, options=config.get("options") or {},
        )
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        schema.check(record, "run", where=str(run_dir / "run.json"))
        write_json_atomic(run_dir / "run.json", record)
    except (OSError, UserError) as write_exc:
        log(f"error: {run_dir}: could not record the failed run ({write_exc})")
    return record


def record_setup_failure(run_dir: Path, task: dict, rep: int, config: dict, exc: BaseException, *,
                         sandbox_info: dict | None = None, model_section: dict | None = None) -> dict:
    """Book a run whose task could not be set up (TaskSetupError: its git ref names no commit, ...) as the
    task's error: outcome task_error, which outcome.decide() derives again from the grading sections, which
    carry the reason as `task_error`; the run stays in the count (not passed) and is flagged outcome.SETUP_FLAG. The
    agent never ran, so it has no error of its own."""
    message = str(exc)
    section = {"passed": False, "commands": [], "error": f"the task could not be set up: {message}",
               "task_error": message}
    record = {
        "schema": "localagentbench/run@1", "run_id": config["run_id"], "task_id": task["id"],
        "task_digest": task["digest"], "rep": rep, "stage": "graded", "harness_version": harness_version(),
        "task": task, "paths": {"run_dir": str(run_dir.resolve()), "workdir": None},
        "agent": {"name": config["agent"], "version": config.get("agent_version"), "argv": [], "exit_code": None,
                  "timed_out": False, "wall_s": 0.0, **{key: None for key in COUNT_FIELDS},
                  "agent_error": None, "infra_error": None},
        "model": {**(model_section or {}), "id": config["model"]},
        "oracle": section, "heldout": dict(section) if task.get("heldout") else None,
        "flags": [outcome.SETUP_FLAG], "flag_details": {outcome.SETUP_FLAG: [message]},
        "sandbox": sandbox_info or {"kind": config.get("sandbox", "none")}, "options": config.get("options") or {},
    }
    record["outcome"], record["success"] = outcome.of_record(record)
    run_dir.mkdir(parents=True, exist_ok=True)
    schema.check(record, "run", where=str(run_dir / "run.json"))
    write_json_atomic(run_dir / "run.json", record)
    return record


def _check_config(out: Path, config: dict, resume: bool) -> dict:
    path = out / CONFIG_FILE
    existing = None
    if path.exists():
        try:
            existing = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            existing = None
    if resume:
        if existing is None:
            raise UserError(f"{out}: --resume: no readable {CONFIG_FILE} here; this is not a run bundle")
        for key in ("agent", "model", "options", "repeat"):
            if existing.get(key) != config[key]:
                raise UserError(f"{out}: --resume: this bundle was run with {key} {existing.get(key)!r}, "
                                f"not {config[key]!r}; pass the same arguments or a new --out")
        return {**config, "run_id": existing["run_id"], "started_at": existing.get("started_at")}
    if existing is not None or any(out.glob("runs/*/*/run.json")):
        raise UserError(f"{out}: already holds a run; pass --resume to continue it or a new --out "
                        "(nothing was overwritten)")
    return config


def _mark_interrupted(out: Path, grid: list[tuple[dict, int]]) -> int:
    """Runs caught half-way by Ctrl-C: their record says so, their workdir goes; finished runs are untouched."""
    count = 0
    for task, rep in grid:
        path = out / "runs" / task["id"] / str(rep) / "run.json"
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if record.get("stage") in ("isolated", "agent_done"):
            if record["paths"].get("workdir"):
                safefs.remove_tree(record["paths"]["workdir"])
            record["paths"]["workdir"] = None
            record["stage"] = "interrupted"
            write_json_atomic(path, record)
            count += 1
    return count


LIMIT_OPTIONS = {resource.RLIMIT_FSIZE: "--max-file-mb", resource.RLIMIT_NPROC: "--max-procs",
                 resource.RLIMIT_AS: "--max-mem-mb"}


def check_arguments(agent: str, model: str | None, opts: dict, *, repeat: int = 1, timeout_s: float | None = None,
                    limits: dict | None = None) -> None:
    """Everything an evaluation's arguments can be wrong about, checked before anything is written under --out
    (a refused run leaves no bundle behind, so the same --out works once the argument is fixed)."""
    if timeout_s is not None and not (math.isfinite(timeout_s) and timeout_s > 0):
        raise UserError(f"--timeout: must be a number of seconds above 0 (got {timeout_s:g}); "
                        "leave it out to use each task's own timeout")
    if repeat < 1:
        raise UserError(f"--repeat: must be at least 1 (got {repeat})")
    for which, value in (limits or {}).items():
        if value <= 0:
            given = value // (1024 * 1024) if which != resource.RLIMIT_NPROC else value  # MB as typed
            raise UserError(f"{LIMIT_OPTIONS.get(which, 'a resource limit')}: must be above 0 (got {given})")
    if agent in run_agent.MODEL_AGENTS and agent != "command":  # the command agent takes --model as typed
        resolve_model(model or "", opts.get("base_url"))  # spelling, provider, --base-url: one line each


def evaluate(tasks: list[dict], *, agent: str, model: str | None, opts: dict, out: Path, run_id: str | None = None,
             repeat: int = 1, jobs: int = 1, retries: int = 0, resume: bool = False,
             shard: tuple[int, int] | None = None,
             keep_workdir: bool = False, timeout_s: float | None = None, sandbox_requested: str | None = None,
             limits: dict | None = None, backoff_s: float = 1.0,
             stop_after_infra: int = STOP_AFTER_INFRA_ERRORS) -> tuple[dict, str | None]:
    """Run the grid into `out`; return (summary, why it stopped early or None). Finished runs are never lost
    or re-run. After `stop_after_infra` runs in a row are infrastructure errors (0: never) no more runs start:
    the rest would fail the same way, each after the agent's own timeouts."""
    if jobs < 1:
        raise UserError(f"--jobs: must be at least 1 (got {jobs})")
    if retries < 0:
        raise UserError(f"--retries: must be 0 or more (got {retries})")
    if stop_after_infra < 0:
        raise UserError(f"--stop-after-infra-errors: must be 0 (never stop) or more (got {stop_after_infra})")
    check_arguments(agent, model, opts, repeat=repeat, timeout_s=timeout_s, limits=limits)
    users = oracle.runner_users(tasks)
    missing = sorted(oracle.missing_runners(users))
    if missing:  # every run of those tasks would fail its grading, the reference solution's too
        raise UserError(f"{', '.join(missing)} not importable by {sys.executable}, which grades task(s) "
                        f"{', '.join(users[missing[0]][:3])}{' ...' if len(users[missing[0]]) > 3 else ''}; "
                        f"install it ({sys.executable} -m pip install {' '.join(m.split('.')[0] for m in missing)}); "
                        "nothing was run")
    model = model_for_agent(agent, model, opts.get("base_url"))   # `qwen3:8b` is recorded as `ollama/qwen3:8b`
    adapter, version = run_agent.prepare(agent, opts)
    kind = sandbox.resolve(sandbox_requested)
    run_agent.preflight(adapter, opts, kind)
    if kind == "none":
        log(f"warning: running without a sandbox ({sandbox.describe(kind, sandbox_requested, {})['warning']}); "
            "the agent can read and write anything this user can")
    model_id = model or run_agent.BUILTIN_MODEL
    model_section = run_agent.gather_model(agent, model, opts)
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / ".write-test").write_text("")
        (out / ".write-test").unlink()
    except OSError as exc:
        raise UserError(f"{out}: results directory is not writable ({exc.strerror}); pass a writable --out") from None
    whole = isolate.plan(tasks, repeat)
    grid = shard_grid(whole, shard)
    config = _check_config(out, {
        "run_id": run_id or isolate.new_run_id(), "agent": agent, "agent_version": version, "model": model_id,
        "options": opts, "repeat": repeat, "jobs": jobs, "retries": retries, "sandbox": kind,
        "shard": f"{shard[0]}/{shard[1]}" if shard else None, "harness_version": harness_version(),
        "tasks": {t["id"]: t["digest"] for t in tasks}, "grid": [[t["id"], rep] for t, rep in whole],
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "model_info": model_section,
    }, resume)
    write_json_atomic(out / CONFIG_FILE, config)
    todo = []
    for task, rep in grid:
        run_dir = out / "runs" / task["id"] / str(rep)
        if resume and finished_run(run_dir, task, config):
            continue
        if run_dir.exists():
            shutil.rmtree(run_dir)
        todo.append((task, rep))
    log(f"run {config['run_id']}: {len(tasks)} task(s) x {repeat}{' shard ' + config['shard'] if shard else ''} = "
        f"{len(grid)} run(s){f', {len(grid) - len(todo)} already done' if resume else ''}, agent {agent}, "
        f"model {model_id}, sandbox {kind}, jobs {jobs} -> {out}")
    progress = Progress(len(todo))
    sandbox_info = {**run_agent.sandbox_record(kind, sandbox_requested, opts.get("sandbox_ro") or ()), "jobs": jobs}

    def one(cell: tuple[dict, int]) -> None:
        task, rep = cell
        for attempt in range(retries + 1):
            record = run_once(task, out, config["run_id"], rep, agent=agent, adapter=adapter, version=version,
                              model_id=model_id, opts=opts, kind=kind, sandbox_info=sandbox_info,
                              model_section=model_section, keep_workdir=keep_workdir, timeout_s=timeout_s,
                              limits=limits)
            if record["outcome"] != "infra_error" or attempt == retries:
                note = f" after {attempt + 1} attempts" if attempt else ""
                progress.update(record, note)
                count_infra(record)
                return
            wait = min(MAX_BACKOFF_S, backoff_s * 2 ** attempt)
            log(f"  {task['id']} rep {rep}: infra error ({outcome.infra_reason(record)}); "
                f"retry {attempt + 1}/{retries} in {wait:.0f}s")
            shutil.rmtree(out / "runs" / task["id"] / str(rep), ignore_errors=True)
            if CANCEL.wait(wait):
                raise KeyboardInterrupt

    streak = {"count": 0, "last": None}
    stopping = threading.Event()
    streak_lock = threading.Lock()

    def count_infra(record: dict) -> None:
        with streak_lock:
            if record["outcome"] != "infra_error":
                streak.update(count=0, last=None)
                return
            streak.update(count=streak["count"] + 1, last=outcome.infra_reason(record))
            if stop_after_infra and streak["count"] >= stop_after_infra:
                stopping.set()

    def guarded(cell: tuple[dict, int]) -> None:
        if stopping.is_set():
            return
        try:
            one(cell)
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # one broken run must not lose the others, nor leave the count
            task, rep = cell
            if isinstance(exc, TaskSetupError):  # this task's starting state cannot be made: its error, not the suite's
                record = record_setup_failure(out / "runs" / task["id"] / str(rep), task, rep, config, exc,
                                              sandbox_info=sandbox_info, model_section=model_section)
                progress.update(record, " (task could not be set up)")
                count_infra(record)
                return
            if isinstance(exc, UserError) and not (out / "runs" / task["id"] / str(rep) / "run.json").exists():
                raise  # the run could not even be set up (cache, disk): the user's to fix, for every run
            log(f"error: {task['id']} rep {rep}: {type(exc).__name__}: {exc} (recorded as not passed)")
            record = record_failure(out / "runs" / task["id"] / str(rep), task, rep, config, exc,
                                    sandbox_info=sandbox_info, model_section=model_section)
            progress.update(record, " (harness error)")
            count_infra(record)

    stopped = None
    CANCEL.clear()
    try:
        if jobs == 1:
            for cell in todo:
                guarded(cell)
        else:
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(guarded, cell) for cell in todo]
                try:
                    for future in futures:
                        future.result()
                except KeyboardInterrupt:
                    CANCEL.set()
                    for future in futures:
                        future.cancel()
                    raise
    except KeyboardInterrupt:
        stopped = "interrupted"
        CANCEL.set()
        log(f"interrupted: {_mark_interrupted(out, grid)} run(s) stopped half-way; finished runs are kept "
            f"(continue with --resume)")
    finally:
        CANCEL.clear()
        cleanup.drain()  # the temporary trees of finished runs are gone when evaluate returns
    if stopping.is_set() and stopped is None:
        stopped = (f"stopped after {streak['count']} infrastructure errors in a row (last: {streak['last']}); "
                   f"fix the cause (is the model server up? `localagentbench doctor`), then continue with --resume")
    summary = (score.score_sources([str(out)]) if any(out.glob("runs/*/*/run.json"))
               else score.score([], [config]))
    schema.check(summary, "summary", where=str(out / "summary.json"))
    write_json_atomic(out / "summary.json", summary)
    return summary, stopped
