"""The engine: the one place that composes the stages (cli, verify and the benchmark go through it).

    spec = engine.build_spec(agent, model, opts, ...)      once: agent, model, sandbox checked and resolved
    engine.run_one(task, out, run_id, rep, spec)           one run: isolate -> run_agent -> oracle
    engine.evaluate(tasks, spec, engine.Plan(out=...))     the task x repetition grid into one run bundle

`evaluate` adds what a long evaluation needs: N runs at once, retries of infrastructure errors with backoff,
a clean stop on Ctrl-C, `--resume` of an interrupted bundle, deterministic shards of the grid, progress with
ETA, and the summary (score) at the end.
"""
from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bench import isolate, languages, oracle, render, run_agent, score, validate
from bench.agents.base import COUNT_FIELDS
from bench.common import lifecycle, outcome, schema
from bench.common.errors import UserError
from bench.common.executor import executor_info
from bench.common.paths import harness_version, workdir_holder, writable_dir
from bench.common.records import CONFIG_FILE, write_json_atomic
from bench.common.spec import RunSpec
from bench.common.stage import log
from bench.exec import cleanup, safefs, sandbox
from bench.exec.git import TaskSetupError
from bench.exec.proc import CANCEL
from bench.models import slots
from bench.models.proxy import CALLS_FILE

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


def parse_cells(path: str | None) -> frozenset[tuple[str, int]] | None:
    """--cells FILE: one cell a line, `TASK_ID REP` (blank lines and # comments skipped) -> the set of cells."""
    if not path:
        return None
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"--cells: {path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    cells = set()
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 2 or not words[1].isdigit():
            raise UserError(f"--cells: {path}: line {number}: {line.strip()!r} is not `TASK_ID REP` (e.g. fix-add 0)")
        cells.add((words[0], int(words[1])))
    return frozenset(cells)


def only_cells(grid: list[tuple[dict, int]], cells: frozenset[tuple[str, int]] | None) -> list[tuple[dict, int]]:
    """The cells of the grid --cells lists; a listed cell the grid does not hold is the user's error."""
    if cells is None:
        return grid
    have = {(task["id"], rep) for task, rep in grid}
    unknown = sorted(cells - have)
    if unknown:
        raise UserError(f"--cells: {len(unknown)} cell(s) not in this run's grid (e.g. {unknown[0][0]} "
                        f"{unknown[0][1]}); pass the same --tasks/--task/--repeat as the run")
    return [cell for cell in grid if (cell[0]["id"], cell[1]) in cells]


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
            tries = len(record.get("attempts") or ())
            log(f"[{self.done}/{self.total}] {record['task_id']} rep {record['rep']}: "
                f"{record.get('outcome') or record['stage']}{f' on attempt {tries}' if tries > 1 else ''}"
                f" ({wall:.1f}s agent){note} · elapsed {_fmt_s(elapsed)} · ETA {_fmt_s(eta)}")


def run_one(task: dict, out: Path, run_id: str, rep: int, spec: RunSpec) -> dict:
    """One run end to end: isolate it into `out`, run the agent of `spec`, grade it; return the graded record.
    With --attempts N (spec.options), an attempt whose visible tests failed is followed by another in the same
    workdir, its prompt holding their output (next_prompt), up to N; the run's verdict is the last attempt's."""
    started = time.monotonic()
    # A task's setup commands, when its snapshot is built, run in the evaluation's sandbox with its --sandbox-ro paths.
    ro = sandbox.extra_mounts(spec.options.get("sandbox_ro") or ()) if task.get("setup") else []
    isolated = run_agent.with_spec(isolate.isolate_one(task, out, run_id, rep, kind=spec.sandbox, ro=ro), spec)
    total = attempts_of(spec.options)
    with run_agent.proxied(spec) as spec:   # the evaluation's proxy, or one for this run alone
        graded: list[dict] = []
        prompt = task["prompt"]
        for number in range(1, total + 1):
            graded.append(_attempt(isolated, spec, started, prompt, again=number < total))
            if number == total or not wants_another(graded[-1]):
                break
            prompt = next_prompt(task["prompt"], oracle.visible_output(graded[-1]))
            _set_aside(isolated, graded)
        record = graded[-1] if total == 1 else combined(graded, spec)
    if len(graded) < total:   # the last attempt kept the workdir for one more that is not needed
        _drop_workdir(graded[-1], spec)
    # The workdir went while the tests ran; the grading copy goes now, before the next run creates its
    # trees (on a disk that discards on delete, deletions running beside creates slow both).
    cleanup.drain()
    return record


def _attempt(isolated: dict, spec: RunSpec, started: float, prompt: str, again: bool) -> dict:
    """One attempt of a run: the agent in the run's workdir, then its change graded (run.json written)."""
    # The grading copy and its sandbox are set up while the agent works: off the run's critical path.
    ahead = oracle.Ahead(isolated)
    try:
        record = run_agent.run_agent_one(isolated, spec, prompt=prompt, again=again)
    except BaseException:
        ahead.discard()
        raise
    return oracle.grade_one(record, ahead, started)


RETRY_INSTRUCTION = ("The code does not pass the tests yet. Above is the output of the tests you can see, from your "
                     "last attempt (your changes are still in the files). The tests are correct, don't change them: "
                     "fix the code so that they pass.")


def attempts_of(options: dict) -> int:
    """The attempts a run may make (--attempts, recorded in the options only when it is not 1)."""
    return int(options.get("attempts") or 1)


def wants_another(record: dict) -> bool:
    """Whether a graded attempt is followed by another (when one is left): its visible tests failed, on a verdict
    that is the agent's (an infrastructure error is the grid's to retry, from the start)."""
    return record["outcome"] != "infra_error" and not (record.get("oracle") or {}).get("passed")


def next_prompt(task_prompt: str, output: str) -> str:
    """The prompt of the next attempt, as Aider's benchmark asks its second try: the task's prompt, the visible
    tests' output (oracle.visible_output: bounded, never the held-out tests'), and the instruction to fix the code."""
    return f"{task_prompt.rstrip()}\n\n####\n\n{output.rstrip()}\n\n####\n\n{RETRY_INSTRUCTION}\n"


def attempt_dir(number: int) -> str:
    """The folder of the run's directory an earlier attempt's files are moved to (the last attempt's stay on top)."""
    return f"attempt-{number}"


def _set_aside(isolated: dict, graded: list[dict]) -> None:
    """Move what the last attempt wrote in the run's directory (its prompt, logs, trajectory, patch.diff, model
    calls, grading logs: everything but run.json) under attempt_dir, so the next attempt overwrites nothing; then
    write run.json as not yet graded (what Ctrl-C or a crash leaves is an unfinished run, run again on --resume)."""
    run_dir = Path(isolated["paths"]["run_dir"])
    aside = run_dir / attempt_dir(len(graded))
    aside.mkdir()
    for entry in sorted(os.listdir(run_dir)):
        if entry != "run.json" and not entry.startswith("attempt-"):
            os.replace(run_dir / entry, aside / entry)
    write_json_atomic(run_dir / "run.json", {**isolated, "attempts": attempt_entries(graded)})


def _drop_workdir(record: dict, spec: RunSpec) -> None:
    """The run's workdir once no attempt follows: removed, or with --keep-workdir kept and said where."""
    workdir = record["paths"].get("workdir")
    if workdir and spec.keep_workdir:
        log(f"kept workdir: {record['task_id']} rep {record['rep']}: {workdir}")
    elif workdir and workdir_holder(record):
        cleanup.remove_later(workdir_holder(record))


def attempt_entries(graded: list[dict]) -> list[dict]:
    """The record's `attempts`: one entry per attempt, with where its files are."""
    entries = []
    for number, record in enumerate(graded, 1):
        agent, heldout = record["agent"], record.get("heldout")
        entries.append({
            "n": number, "outcome": record["outcome"], "success": record["success"],
            "visible_passed": (record.get("oracle") or {}).get("passed"),
            "heldout_passed": heldout.get("passed") if isinstance(heldout, dict) else None,
            "wall_s": agent["wall_s"], "tokens_in": agent.get("tokens_in"), "tokens_out": agent.get("tokens_out"),
            "flags": list(record.get("flags", [])),
            "files": attempt_dir(number) if number < len(graded) else ".",
        })
    return entries


# The agent's figures a run adds up over its attempts: what it spent in all (an unknown count stays unknown).
SUMMED = (*COUNT_FIELDS, "wall_s", "model_s", "queued_s", "own_s", "model_calls")


def _sum(values: list) -> int | float | None:
    return None if any(v is None for v in values) else round(sum(values), 3)


def combined(graded: list[dict], spec: RunSpec) -> dict:
    """The run record of a run with --attempts: the last attempt's verdict, grading and change; the agent's time,
    tokens and calls summed over the attempts (the model calls summarized again from every attempt's calls file);
    every flag any attempt raised (a clean last attempt does not wash an earlier attempt's flags away), its
    details prefixed with the attempt; and `attempts`. Written to run.json."""
    last = graded[-1]
    run_dir = Path(last["paths"]["run_dir"])
    agents = [r["agent"] for r in graded]
    agent = {**last["agent"], **{key: _sum([a.get(key) for a in agents]) for key in SUMMED if key in last["agent"]}}
    reported = [a.get("agent_reported") for a in agents]
    if all(isinstance(r, dict) for r in reported):
        agent["agent_reported"] = {key: _sum([r.get(key) for r in reported]) for key in reported[-1]}
    flags = list(dict.fromkeys(f for r in graded for f in r.get("flags", [])))
    details: dict[str, list[str]] = {}
    for number, record in enumerate(graded, 1):
        for name, items in (record.get("flag_details") or {}).items():
            details.setdefault(name, []).extend(f"attempt {number}: {item}" for item in items)
    files = [run_dir / attempt_dir(n) / CALLS_FILE for n in range(1, len(graded))] + [run_dir / CALLS_FILE]
    measured = (run_agent.measured_calls(files, spec.proxy)
                if any(r.get("model_calls") is not None for r in graded) else None)
    timing = dict(last.get("timing") or {})
    if timing:
        grading_s = round(sum((r.get("timing") or {}).get("grading_s") or 0.0 for r in graded), 3)
        timing.update(agent_s=agent["wall_s"], model_s=agent.get("model_s"), queued_s=agent.get("queued_s"),
                      own_s=agent.get("own_s"),
                      grading_s=grading_s)
        if timing.get("total_s") is not None:
            timing["harness_s"] = round(max(0.0, timing["total_s"] - agent["wall_s"] - grading_s), 3)
    record = {**last, "agent": agent, "flags": flags, "flag_details": details, "model_calls": measured,
              "timing": timing or last.get("timing"), "attempts": attempt_entries(graded),
              "paths": {**last["paths"], "workdir": last["paths"]["workdir"] if spec.keep_workdir else None}}
    schema.check(record, "run", where=str(run_dir / "run.json"))
    write_json_atomic(run_dir / "run.json", record)
    return record


def finished_run(run_dir: Path, task: dict, config: dict) -> dict | None:
    """The run recorded in run_dir if it is complete and was made with the same task, agent, model and options.
    A run booked as an infrastructure error is not finished: --resume runs it again."""
    try:
        record = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
        schema.check(record, "run")
    except (OSError, ValueError, UserError):
        return None
    same = (lifecycle.is_graded(record) and record["outcome"] != "infra_error"
            and record["task_digest"] == task["digest"]
            and outcome.SETUP_FLAG not in record["flags"]  # a task that could not be set up is tried again
            and record["agent"]["name"] == config["agent"] and record["model"]["id"] == config["model"]
            and record.get("visible", "split") == task.get("visible", "split")
            and (record.get("options") or {}) == config["options"]
            # a run of several attempts is finished once they are combined (an attempt's own record is not)
            and (attempts_of(config["options"]) == 1 or isinstance(record.get("attempts"), list)))
    return record if same else None


def record_failure(run_dir: Path, task: dict, rep: int, config: dict, exc: BaseException, spec: RunSpec) -> dict:
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
        "task_digest": task["digest"], "rep": rep, "visible": task.get("visible", "split"),
        "harness_version": harness_version(), "task": task,
        "paths": {"run_dir": str(run_dir.resolve()), "workdir": None},
        "sandbox": dict(spec.sandbox_info), "executor": executor_info(),
    }
    message = f"the harness failed on this run: {type(exc).__name__}: {str(exc)[:500]}"
    agent = record.get("agent") if isinstance(record.get("agent"), dict) else {
        "name": config["agent"], "version": config.get("agent_version"), "argv": [], "exit_code": None,
        "timed_out": False, "wall_s": 0.0, **{key: None for key in COUNT_FIELDS}}
    holder = workdir_holder(record)
    if holder:
        safefs.remove_tree(holder)
    flags = [f for f in record.get("flags") or [] if isinstance(f, str) and f != "harness_exception"]
    record.update(flags=[*flags, "harness_exception"],
                  flag_details={**(record.get("flag_details") or {}), "harness_exception": [message]})
    if not lifecycle.is_graded(record) or not record.get("outcome"):  # graded before it raised: that verdict stands
        record.update(
            stage=lifecycle.GRADED, agent={**agent, "agent_error": message, "infra_error": None},
            model=record.get("model") or {**(spec.model_info or {}), "id": spec.model},
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


def record_setup_failure(run_dir: Path, task: dict, rep: int, config: dict, exc: BaseException,
                         spec: RunSpec) -> dict:
    """Book a run whose task could not be set up (TaskSetupError: its git ref names no commit, ...) as the
    task's error: outcome task_error, which outcome.decide() derives again from the grading sections, which
    carry the reason as `task_error`; the run stays in the count (not passed) and is flagged outcome.SETUP_FLAG. The
    agent never ran, so it has no error of its own."""
    message = str(exc)
    section = {"passed": False, "commands": [], "error": f"the task could not be set up: {message}",
               "task_error": message}
    record = {
        "schema": "localagentbench/run@1", "run_id": config["run_id"], "task_id": task["id"],
        "task_digest": task["digest"], "rep": rep, "visible": task.get("visible", "split"),
        "stage": lifecycle.GRADED, "harness_version": harness_version(),
        "task": task, "paths": {"run_dir": str(run_dir.resolve()), "workdir": None},
        "agent": {"name": config["agent"], "version": config.get("agent_version"), "argv": [], "exit_code": None,
                  "timed_out": False, "wall_s": 0.0, **{key: None for key in COUNT_FIELDS},
                  "agent_error": None, "infra_error": None},
        "model": {**(spec.model_info or {}), "id": spec.model},
        "oracle": section, "heldout": dict(section) if task.get("heldout") else None,
        "flags": [outcome.SETUP_FLAG], "flag_details": {outcome.SETUP_FLAG: [message]},
        "sandbox": dict(spec.sandbox_info), "options": spec.options, "executor": executor_info(),
    }
    record["outcome"], record["success"] = outcome.of_record(record)
    run_dir.mkdir(parents=True, exist_ok=True)
    schema.check(record, "run", where=str(run_dir / "run.json"))
    write_json_atomic(run_dir / "run.json", record)
    return record


def _check_config(out: Path, config: dict, resume: bool, join: bool = False) -> dict:
    path = out / CONFIG_FILE
    existing = None
    if path.exists():
        try:
            existing = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            existing = None
    if join and existing is None:   # the first array task to start writes the shared config
        return config
    if resume or join:
        if existing is None:
            raise UserError(f"{out}: --resume: no readable {CONFIG_FILE} here; this is not a run bundle")
        for key in ("agent", "model", "options", "visible", "repeat", *(("tasks",) if join else ())):
            # a bundle written before the mode was recorded ran split: the only mode there was
            if (existing.get(key, "split") if key == "visible" else existing.get(key)) != config[key]:
                raise UserError(f"{out}: {'--join' if join else '--resume'}: this bundle was run with {key} "
                                f"{existing.get(key)!r}, "
                                f"not {config[key]!r}; pass the same arguments or a new --out")
        if join and existing.get("run_id") != config["run_id"]:
            raise UserError(f"{out}: --join: this bundle holds run {existing.get('run_id')!r}, not "
                            f"{config['run_id']!r}; pass its --run-id")
        return {**config, "run_id": existing["run_id"], "started_at": existing.get("started_at")}
    if existing is not None or any(out.glob("runs/*/*/run.json")):
        raise UserError(f"{out}: already holds a run; pass --resume to continue it or a new --out "
                        "(nothing was overwritten)")
    return config


def _unfinished(run_dir: Path) -> dict | None:
    """The run recorded in run_dir when it was caught between isolate and grading, its workdir (the directory
    the harness made around it: paths.workdir_holder) deleted; None for any other run."""
    try:
        record = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or not lifecycle.is_unfinished(record) or not isinstance(record.get("paths"), dict):
        return None
    holder = workdir_holder(record)
    if holder:
        safefs.remove_tree(holder)
    return record


def _mark_interrupted(out: Path, grid: list[tuple[dict, int]]) -> int:
    """Runs caught half-way by Ctrl-C: their record says so, their workdir goes; finished runs are untouched."""
    count = 0
    for task, rep in grid:
        path = out / "runs" / task["id"] / str(rep) / "run.json"
        record = _unfinished(path.parent)
        if record is not None:
            record["paths"]["workdir"] = None
            record["stage"] = lifecycle.INTERRUPTED
            write_json_atomic(path, record)
            count += 1
    return count


@dataclass(frozen=True)
class Plan:
    """How an evaluation walks its grid: where the bundle goes, repetitions, parallel runs, retries, resume,
    shard, and when a streak of infrastructure errors stops it. Checked when made (nothing is written yet)."""

    out: Path
    run_id: str | None = None
    repeat: int = 1
    jobs: int = 1
    retries: int = 0
    resume: bool = False
    shard: tuple[int, int] | None = None
    # --cells FILE: exactly these (task id, rep) cells of the grid (a resubmit of the missing ones); --join: write
    # into a bundle other processes (array tasks on other nodes) write into too: its config is shared, not owned
    cells: frozenset[tuple[str, int]] | None = None
    join: bool = False
    backoff_s: float = 1.0
    stop_after_infra: int = STOP_AFTER_INFRA_ERRORS   # runs in a row (0: never stop)
    model_slots: dict | None = None   # --jobs auto: the slots it was resolved from (bench.models.slots.auto_jobs)

    def __post_init__(self):
        if self.repeat < 1:
            raise UserError(f"--repeat: must be at least 1 (got {self.repeat})")
        if self.jobs < 1:
            raise UserError(f"--jobs: must be at least 1 (got {self.jobs})")
        if self.retries < 0:
            raise UserError(f"--retries: must be 0 or more (got {self.retries})")
        if self.stop_after_infra < 0:
            raise UserError(f"--stop-after-infra-errors: must be 0 (never stop) or more (got {self.stop_after_infra})")


def parse_jobs(text: str | int) -> int | None:
    """--jobs: a number of runs at once, or None for `auto` (auto_plan)."""
    return slots.parse_jobs(text)


def auto_plan(plan: Plan, spec: RunSpec, model_slots: int | None) -> Plan:
    """The plan with --jobs auto resolved: runs enough to keep the model server's slots busy (bench.models.slots)."""
    jobs, how = slots.auto_jobs(spec.agent_model, spec.options.get("base_url"), model_slots,
                                run_agent.warmup_options(spec.agent, spec.options))
    log(f"--jobs auto: {jobs} runs at once for {how['slots']} model slot(s) ({how['source']})")
    return dataclasses.replace(plan, jobs=jobs, model_slots=how)


def check_suite(tasks: list[dict]) -> None:
    """Refuse, before anything runs, a suite whose test runners grading cannot import, or whose languages'
    toolchains are not installed: every run of those tasks would fail its grading, the reference solution's too."""
    absent = missing_toolchains(tasks)
    if absent:
        tool, task_ids = next(iter(absent.items()))
        raise UserError(f"{', '.join(absent)} not found on PATH, which task(s) {', '.join(task_ids[:3])}"
                        f"{' ...' if len(task_ids) > 3 else ''} need to build and run their tests; install the "
                        f"toolchains (nox -s toolchains) or leave those tasks out (--task ID); nothing was run")
    missing, users = missing_runners(tasks)
    if missing:
        raise UserError(f"{', '.join(missing)} not importable by {sys.executable}, which grades task(s) "
                        f"{', '.join(users[missing[0]][:3])}{' ...' if len(users[missing[0]]) > 3 else ''}; "
                        f"install it ({sys.executable} -m pip install {' '.join(m.split('.')[0] for m in missing)}); "
                        "nothing was run")


def build_spec(agent: str, model: str | None, opts: dict | None = None, *, sandbox_requested: str | None = None,
               timeout_s: float | None = None, limits: dict | None = None, keep_workdir: bool = False) -> RunSpec:
    """The evaluation's RunSpec (run_agent.build_spec: arguments checked, agent, model and sandbox resolved)."""
    return run_agent.build_spec(agent, model, dict(opts or {}), sandbox_requested=sandbox_requested,
                                timeout_s=timeout_s, limits=limits, keep_workdir=keep_workdir)


def _writable(out: Path) -> None:
    writable_dir(out, "--out")


class _GridRun:
    """The runs of one evaluation still to do: each with retries, a failure booked instead of lost, and the
    streak of infrastructure errors that stops the rest."""

    def __init__(self, spec: RunSpec, plan: Plan, config: dict, total: int):
        self.spec, self.plan, self.config = spec, plan, config
        self.progress = Progress(total)
        self.streak, self.last_reason = 0, None
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        how = plan.model_slots   # --jobs auto: runs at once follow the runs' time off the model
        self.auto = slots.AutoJobs(how["slots"], plan.jobs, self._calls_begun) if how else None

    def _calls_begun(self) -> int:
        """Runs of this evaluation that have begun a model call (its model proxy's count); an agent without a model
        proxy makes no call to wait for."""
        proxy = self.spec.proxy
        return proxy.routes_called() if proxy is not None else sys.maxsize

    def _run_dir(self, task: dict, rep: int) -> Path:
        return self.plan.out / "runs" / task["id"] / str(rep)

    def _finished(self, record: dict, note: str = "") -> None:
        self.progress.update(record, note)
        if self.auto is not None:
            before = self.auto.allowed()
            self.auto.finished(record)
            if self.auto.allowed() != before and self.auto.off_model is not None:
                log(f"--jobs auto: {self.auto.allowed()} runs at once from now (the runs so far spent "
                    f"{self.auto.off_model:.1f}x their model time in all)")
        with self._lock:
            if record["outcome"] != "infra_error":
                self.streak, self.last_reason = 0, None
                return
            self.streak, self.last_reason = self.streak + 1, outcome.infra_reason(record)
            if self.plan.stop_after_infra and self.streak >= self.plan.stop_after_infra:
                self.stopping.set()

    def _attempts(self, task: dict, rep: int) -> None:
        retries = self.plan.retries
        for attempt in range(retries + 1):
            record = run_one(task, self.plan.out, self.config["run_id"], rep, self.spec)
            if record["outcome"] != "infra_error" or attempt == retries:
                self._finished(record, f" after {attempt + 1} attempts" if attempt else "")
                return
            wait = min(MAX_BACKOFF_S, self.plan.backoff_s * 2 ** attempt)
            log(f"  {task['id']} rep {rep}: infra error ({outcome.infra_reason(record)}); "
                f"retry {attempt + 1}/{retries} in {wait:.0f}s")
            shutil.rmtree(self._run_dir(task, rep), ignore_errors=True)
            if CANCEL.wait(wait):
                raise KeyboardInterrupt

    def cell(self, cell: tuple[dict, int]) -> None:
        """Run one cell of the grid; a failure of the harness on it is booked against it, never lost."""
        if self.stopping.is_set():
            return
        task, rep = cell
        try:
            self._attempts(task, rep)
        except KeyboardInterrupt:
            raise
        except TaskSetupError as exc:  # this task's starting state cannot be made: its error, not the suite's
            self._finished(record_setup_failure(self._run_dir(task, rep), task, rep, self.config, exc, self.spec),
                           " (task could not be set up)")
        except Exception as exc:  # one broken run must not lose the others, nor leave the count
            if isinstance(exc, UserError) and not (self._run_dir(task, rep) / "run.json").exists():
                raise  # the run could not even be set up (cache, disk): the user's to fix, for every run
            log(f"error: {task['id']} rep {rep}: {type(exc).__name__}: {exc} (recorded as not passed)")
            self._finished(record_failure(self._run_dir(task, rep), task, rep, self.config, exc, self.spec),
                           " (harness error)")

    def _gated(self, cell: tuple[dict, int]) -> None:
        """One cell under --jobs auto: started once the runs at once are fewer than AutoJobs allows."""
        if not self.auto.enter(lambda: CANCEL.is_set() or self.stopping.is_set()):
            return
        try:
            self.cell(cell)
        finally:
            self.auto.leave()

    def all(self, todo: list[tuple[dict, int]]) -> None:
        """Run every cell, `plan.jobs` at once (--jobs auto: more as the runs show time off the model); Ctrl-C
        cancels what has not started and raises."""
        if self.plan.jobs == 1 and self.auto is None:
            for cell in todo:
                self.cell(cell)
            return
        workers, run = (self.plan.jobs, self.cell) if self.auto is None else (self.auto.most, self._gated)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run, cell) for cell in todo]
            try:
                for future in futures:
                    future.result()
            except KeyboardInterrupt:
                CANCEL.set()
                for future in futures:
                    future.cancel()
                raise

    def stopped_early(self) -> Stop | None:
        """Why no more runs started, when a streak of infrastructure errors stopped them."""
        if not self.stopping.is_set():
            return None
        return Stop("infra_errors", f"stopped after {self.streak} infrastructure errors in a row",
                    f"last: {self.last_reason}; fix the cause (is the model server up? `localagentbench doctor`)")


@dataclass(frozen=True)
class Stop:
    """Why an evaluation ended before its grid was done: `kind` interrupted, infra_errors or server_down;
    `what` says what happened (run-config.json keeps it, so score says why runs are missing), `detail` the
    cause and its fix."""

    kind: str
    what: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.what} ({self.detail})" if self.detail else self.what


def _config(tasks: list[dict], spec: RunSpec, plan: Plan, whole: list[tuple[dict, int]]) -> dict:
    """The bundle's run-config.json: what every run shares and the grid it plans (score lists what is missing)."""
    shard = None if plan.join else plan.shard   # a joined bundle holds the whole grid, whatever each task runs
    return {
        "run_id": plan.run_id or isolate.new_run_id(), "agent": spec.agent, "agent_version": spec.version,
        "model": spec.model, "options": spec.options, "visible": visible_mode(tasks), "repeat": plan.repeat,
        "jobs": plan.jobs, **({"jobs_auto": plan.model_slots} if plan.model_slots else {}),
        "retries": plan.retries, "sandbox": spec.sandbox, "shard": f"{shard[0]}/{shard[1]}" if shard else None,
        "harness_version": harness_version(), "tasks": {t["id"]: t["digest"] for t in tasks},
        "grid": [[t["id"], rep] for t, rep in whole],
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "model_info": spec.model_info,
    }


def _run_grid(todo: list[tuple[dict, int]], runs: _GridRun, grid: list[tuple[dict, int]], tasks: list[dict],
              plan: Plan) -> Stop | None:
    """Run the cells still to do; return why the grid stopped early (Ctrl-C, a streak of infra errors) or None."""
    spec, config, out = runs.spec, runs.config, plan.out
    if spec.sandbox == "none":
        log(f"warning: running without a sandbox ({spec.sandbox_info.get('warning')}); "
            "the agent can read and write anything this user can")
    log(f"run {config['run_id']}: {len(tasks)} task(s) x {plan.repeat}"
        f"{f' shard {plan.shard[0]}/{plan.shard[1]}' if plan.shard else ''}"
        f"{f' of {len(plan.cells)} listed cell(s)' if plan.cells is not None else ''} = {len(grid)} run(s)"
        f"{f', {len(grid) - len(todo)} already done' if plan.resume else ''}, agent {spec.agent}, "
        f"model {spec.model}, sandbox {spec.sandbox}, jobs {plan.jobs} -> {out}")
    CANCEL.clear()
    try:
        with run_agent.proxied(spec) as proxied_spec:   # one model proxy for every run of the evaluation
            runs.spec = proxied_spec
            runs.all(todo)
    except KeyboardInterrupt:
        CANCEL.set()
        return Stop("interrupted", "interrupted (Ctrl-C)",
                    f"{_mark_interrupted(out, grid)} run(s) stopped half-way; finished runs are kept")
    finally:
        CANCEL.clear()
        cleanup.drain()  # the temporary trees of finished runs are gone when evaluate returns
    return runs.stopped_early()


def _todo(grid: list[tuple[dict, int]], out: Path, config: dict, resume: bool) -> list[tuple[dict, int]]:
    """The cells still to run: all of them, or with --resume those without a finished run of the same config."""
    todo = []
    for task, rep in grid:
        run_dir = out / "runs" / task["id"] / str(rep)
        if resume and finished_run(run_dir, task, config):
            continue
        _unfinished(run_dir)   # a run the harness was killed in the middle of leaves its workdir behind
        if run_dir.exists():
            shutil.rmtree(run_dir)
        todo.append((task, rep))
    return todo


def evaluate(tasks: list[dict], spec: RunSpec, plan: Plan) -> tuple[dict, Stop | None]:
    """Run the grid of `plan` with `spec` into plan.out; return (summary, why it stopped early or None).
    Finished runs are never lost or re-run. When the harness's own warm-up (build_spec) could not connect to
    the model server, no run starts; after plan.stop_after_infra runs in a row are infrastructure errors no
    more do: the rest would fail the same way, each after the agent's own timeouts. The bundle is written
    either way, so --resume continues it."""
    check_suite(tasks)
    out = plan.out
    _writable(out)
    spec = dataclasses.replace(spec, sandbox_info={**spec.sandbox_info, "jobs": plan.jobs},
                               model_slots=(plan.model_slots or {}).get("slots") or spec.model_slots)
    whole = isolate.plan(tasks, plan.repeat)
    grid = shard_grid(only_cells(whole, plan.cells), plan.shard)
    config = _check_config(out, _config(tasks, spec, plan, whole), plan.resume, plan.join)
    if not plan.join or not (out / CONFIG_FILE).exists():
        write_json_atomic(out / CONFIG_FILE, config)
    todo = _todo(grid, out, config, plan.resume or plan.join)
    down = run_agent.server_down(spec.agent, spec.model_info, spec.options)
    if down:
        stopped = Stop("server_down", "stopped before its first run: the model server could not be reached", down)
    else:
        stopped = _run_grid(todo, _GridRun(spec, plan, config, len(todo)), grid, tasks, plan)
    if stopped and not plan.join:  # kept in the bundle, so score says why runs are missing (--resume: afresh)
        config = {**config, "stopped": stopped.what}
        write_json_atomic(out / CONFIG_FILE, config)
    summary = (score.score_sources([str(out)]) if any(out.glob("runs/*/*/run.json"))
               else score.score([], [config]))
    schema.check(summary, "summary", where=str(out / "summary.json"))
    write_json_atomic(out / "summary.json", summary)
    return summary, stopped


# What the commands around the engine (cli, verify, doctor, the benchmark) use of the stages: the engine is
# the one module that imports them, so a stage's insides can change without those commands changing.

def load_tasks(paths: list[str], only: list[str] | tuple = (), others: list[str] | None = None,
               allow_local: bool = False, visible: str = "split") -> tuple[list[dict], list[str]]:
    """The suite's task records and one line per problem in its files (the validate stage); with `only` and
    `others`, the problems of files that are not the asked tasks go to `others`. Every command that loads a suite
    takes it as --tasks, which a missing suite's error names. `allow_local`: --allow-local-repos. `visible`: the
    mode (--visible) every task is used in (validate.with_visible: a task without its full tests is refused)."""
    tasks, problems = validate.validate(paths, only, others, option="--tasks DIR", allow_local=allow_local)
    return ([validate.with_visible(task, visible) for task in tasks] if not problems else tasks), problems


def add_visible(parser) -> None:
    """--visible, for the commands that run tasks (run, verify)."""
    parser.add_argument("--visible", choices=validate.VISIBLE_MODES, default="split",
                        help="which tests the agent sees: split (default: the visible part; the held-out part is "
                             "graded after it stops) or all (every upstream test, nothing held out: Aider's "
                             "benchmark's way, for numbers beside its own; tasks need visible_all)")


def visible_mode(tasks: list[dict]) -> str:
    """The mode an evaluation's tasks were loaded in (load_tasks gives them all the same one)."""
    modes = {task.get("visible", "split") for task in tasks}
    if len(modes) > 1:
        raise UserError(f"the tasks were loaded in {' and '.join(sorted(modes))} modes; one evaluation runs one "
                        "--visible mode")
    return modes.pop() if modes else "split"


def add_allow_local(parser) -> None:
    """--allow-local-repos, for every command that loads a suite."""
    validate.add_allow_local(parser)


def task_setup_problems(tasks: list[dict]) -> list[str]:
    """One line per task whose starting state cannot be made (its git ref names no commit, ...)."""
    return validate.setup_problems(tasks)


def missing_toolchains(tasks: list[dict]) -> dict[str, list[str]]:
    """{tool a task needs (languages.needed_tools) not found on the PATH grading gives it (grading_path): the tasks
    that need it}, in the order first needed."""
    absent: dict[str, list[str]] = {}
    paths: dict[str | None, str] = {}
    for task in tasks:
        language = task.get("language")
        search_path = paths.setdefault(language, grading_path(language))
        for tool in languages.needed_tools(task):
            if tool.locate(search_path) is None:
                absent.setdefault(tool.name, []).append(task["id"])
    return absent


def missing_runners(tasks: list[dict]) -> tuple[list[str], dict[str, list[str]]]:
    """(test runners grading cannot import, {runner: the tasks that use it})."""
    users = oracle.runner_users(tasks)
    return sorted(oracle.missing_runners(users)), users


def grading_path(language: str | None) -> str:
    """The PATH a grading command of a task in `language` runs with: grading's (the harness's interpreter first),
    the language profile's toolchain directories ahead of it. Where doctor looks the toolchain up."""
    path = oracle.grading_env().get("PATH", os.defpath)
    return languages.sandbox_env(language, Path.home(), path)["PATH"]


def new_run_id() -> str:
    """A fresh run id (UTC time + random suffix)."""
    return isolate.new_run_id()


def summarize(sources: list[str]) -> dict:
    """The summary of run bundles or run.json files (the score stage)."""
    return score.score_sources(sources)


def headline(group: dict) -> str:
    """One line per agent x model group: strict and scored pass@1 and what was left out."""
    return score.headline(group)


def setup_failures(runs: list[dict]) -> dict[str, str]:
    """{task id: why} for tasks whose runs are booked task_error because they could not be set up."""
    return score.setup_failures(runs)


def report(summary: dict, out: Path, site: Path | None = None) -> dict[str, str]:
    """Write report.md into `out` and the site into `site` (default: out/site) for `summary` (the render stage);
    return their paths."""
    return render.render(summary, out, site_dir=site)


def add_agent_arguments(parser) -> None:
    """The agent options of `run` (--agent, --model, --sandbox, limits, ...)."""
    run_agent.add_agent_arguments(parser)


def spec_from_arguments(args) -> RunSpec:
    """The RunSpec the agent options on a parsed command line ask for."""
    return build_spec(args.agent, args.model, run_agent.agent_options(args), sandbox_requested=args.sandbox,
                      timeout_s=args.timeout, keep_workdir=args.keep_workdir,
                      limits=run_agent.agent_limits(args.max_file_mb, args.max_procs, args.max_mem_mb))


def summarize_records(records: list[dict]) -> dict:
    """The summary of run records already in memory (the score stage)."""
    return score.score(records)


def bare_grading_state(task: dict, dest: Path) -> dict[str, str]:
    """The graded state made by hand, for the benchmark's floor: the task's tree with its reference solution
    applied (real git) and its held-out files laid as grading lays them; returns grading's environment."""
    isolate.materialize(task, dest)
    if task.get("solution"):
        subprocess.run(["git", "apply", "--whitespace=nowarn", task["solution"]], cwd=dest, check=True,
                       capture_output=True)
    if task.get("heldout"):
        oracle.lay_heldout(task["heldout"], dest, oracle.Flags(), frozenset(os.listdir(dest)))
    return oracle.grading_env()


def grade_command(command: str, timeout_s: int, *, kind: str, copy: Path, home: Path, logs: Path,
                  language: str) -> oracle.Step:
    """One grading command run as a grading phase runs it (sandbox, environment, the language's mounts and HOME),
    for the benchmarks."""
    return oracle.run_command(command, timeout_s, kind=kind, copy=copy, home=home, env=oracle.grading_env(),
                              logs=logs, index=0, language=language)


def build_snapshot(task: dict, results_dir: Path) -> Path:
    """The task's starting state, built once into the snapshot cache (what the first run of a task pays)."""
    return isolate.snapshot(task, results_dir)
