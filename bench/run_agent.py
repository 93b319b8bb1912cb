"""run_agent: run the agent in each isolated workdir and record what it did.

    ... | python -m bench.run_agent - --agent NAME [--model M] [--agent-cmd CMD] [--base-url URL]

For each run record it writes prompt.txt, starts the adapter's command in the workdir with the task's
timeout (killing the whole process tree when it runs over), streams stdout/stderr to bounded log files,
asks the adapter to read them (tokens, turns, tool calls, trajectory), and writes patch.diff: the agent's
change against a snapshot it could not reach. The agent section of run.json is filled in.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType

from bench import agents, languages
from bench.agents import atif, get_adapter
from bench.agents.base import AgentContext, AgentSignals, ProcessResult, checked_signals, truncate
from bench.common import lifecycle, rules, schema, untrusted
from bench.common.errors import UserError
from bench.common.executor import executor_info
from bench.common.paths import temp_root, workdir_holder
from bench.common.records import RecordWriter, read_records, write_json_atomic
from bench.common.spec import BUILTIN_MODEL, RunSpec
from bench.common.stage import ArgumentParser, log, run_main
from bench.exec import cleanup, environment, safefs, sandbox
from bench.exec.git import MAX_CHANGED_FILES, TakenChange, head_commit, snapshot_diff
from bench.exec.proc import DEFAULT_MAX_LOG_BYTES, RLIMIT_AS, RLIMIT_FSIZE, RLIMIT_NPROC, run_tree
from bench.models import calls, modelserver, serving, slots
from bench.models.proxy import CALLS_FILE, STOP_AFTER_UNREACHABLE, ModelProxy
from bench.models.servers import model_for_agent, resolve_model


def agent_options(args) -> dict:
    """The adapter options a command line gives (also recorded in every run)."""
    pass_env = environment.check_names(getattr(args, "pass_env", None) or [])
    sandbox_ro = [os.path.abspath(os.path.expanduser(p)) for p in getattr(args, "sandbox_ro", None) or []]
    return {k: v for k, v in {"agent_cmd": args.agent_cmd, "seed": args.seed, "base_url": args.base_url,
                              "pass_env": sorted(set(pass_env)) or None, "sandbox_ro": sandbox_ro or None,
                              "max_change_mb": getattr(args, "max_change_mb", None),
                              # --num-ctx: the one window every model call is served with (bench/models/serving.py)
                              # and each adapter tells its agent (base.context_length)
                              "context_length": getattr(args, "num_ctx", None),
                              # `run --attempts` (the engine's): recorded only when not 1, so a single attempt's
                              # runs are recorded, resumed and compared as they always were
                              "attempts": None if getattr(args, "attempts", 1) == 1 else args.attempts,
                              "allow_local_repos": getattr(args, "allow_local_repos", False) or None}.items()
            if v is not None}


def prepare(agent: str, opts: dict) -> tuple[ModuleType, str | None]:
    """Resolve the adapter and check it can run, before any run starts; return (adapter, version)."""
    for line in agents.problems():   # plugins refused: said once, the chosen agent runs regardless
        log(f"warning: {line}")
    adapter = get_adapter(agent)
    adapter.check(opts)
    return adapter, adapter.version(opts)


PREFLIGHT_TIMEOUT_S = 60.0
DEFAULT_AGENT = "opencode"   # the agent `run` evaluates when --agent is not given
DEFAULT_MODEL = "qwen3:8b"   # the Ollama model an agent that needs one gets when no --model or --base-url names one


def _shown(text: str) -> str:
    """`text` with the user's home written as ~."""
    home = os.path.expanduser("~").rstrip("/")
    return text.replace(home + "/", "~/") if home else text


def _tail(done: subprocess.CompletedProcess) -> str:
    lines = [ln.strip() for ln in (done.stderr + b"\n" + done.stdout).decode(errors="replace").splitlines()
             if ln.strip()]
    return lines[-1][:200] if lines else f"exit code {done.returncode}"


def _start_check(adapter: ModuleType, opts: dict) -> tuple[str, list[str], list[Path]] | None:
    """The adapter's own start check, else its declared binary's `--version` (AgentSpec.start_check)."""
    if hasattr(adapter, "start_check"):
        return adapter.start_check(opts)
    return adapter.SPEC.start_check() if adapter.SPEC.binary else None


def preflight(adapter: ModuleType, opts: dict, kind: str) -> None:
    """Before the first run: start the agent's program in the sandbox the runs get, with the same mounts (its
    version command, or for a command agent its script's interpreter), so that an agent the sandbox cannot start
    is one line now, not an infra_error on every run. Raises UserError with the fix; a program that fails
    without the sandbox too is the agent's own problem, only warned about."""
    extra = sandbox.extra_mounts(opts.get("sandbox_ro") or ())   # each --sandbox-ro path exists, and is not HOME
    found = _start_check(adapter, opts) if kind == "bwrap" else None
    if not found:
        return
    what, argv, ro = found
    with tempfile.TemporaryDirectory(prefix="lab-preflight-", dir=temp_root()) as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        home.mkdir()
        work.mkdir()
        env = agent_env({}, home, opts.get("pass_env", ()))
        wrapped = sandbox.wrap(argv, kind, cwd=work, rw=[work], ro=sandbox.mount_set([*ro, *extra]), home=home,
                               network=False)
        try:
            done = subprocess.run(wrapped, capture_output=True, timeout=PREFLIGHT_TIMEOUT_S, stdin=subprocess.DEVNULL,
                                  env=env, cwd=work)
            if done.returncode == 0:
                return
            bare = subprocess.run(argv, capture_output=True, timeout=PREFLIGHT_TIMEOUT_S, stdin=subprocess.DEVNULL,
                                  env=env, cwd=work)
        except (OSError, subprocess.SubprocessError) as exc:
            log(f"warning: could not check that {_shown(what)} starts in the sandbox ({exc}); the runs go ahead")
            return
    if bare.returncode != 0:
        log(f"warning: {_shown(what)} fails to start even without the sandbox ({_shown(_tail(bare))}); "
            "the runs go ahead")
        return
    raise UserError(f"{_shown(what)} cannot start in the sandbox ({_shown(_tail(done))}); "
                    "pass --sandbox-ro DIR for what it needs, or --sandbox none")


def agent_env(extra: dict[str, str], home: Path, pass_names: Sequence[str] = ()) -> dict[str, str]:
    """The agent's environment: the allowlisted variables (and those named with --pass-env), a private HOME,
    no bytecode in the workdir, the adapter's variables. Never the harness's whole environment."""
    env = environment.base(pass_names)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["HOME"] = str(home)
    env.update(extra)
    return env


def agent_limits(max_file_mb: int | None, max_procs: int | None, max_mem_mb: int | None) -> dict[int, int]:
    """Resource limits for the agent's processes (see SECURITY.md for what each one does and does not stop)."""
    limits = {}
    if max_file_mb:
        limits[RLIMIT_FSIZE] = max_file_mb * 1024 * 1024
    if max_procs:
        limits[RLIMIT_NPROC] = max_procs
    if max_mem_mb:
        limits[RLIMIT_AS] = max_mem_mb * 1024 * 1024
    return limits


def grader_references(task: dict, files: list[Path], limit: int = DEFAULT_MAX_LOG_BYTES) -> list[str]:
    """Grader paths (held-out tests, solutions, the suite) the agent mentioned in its output: attempts to peek."""
    candidates = [(task.get("heldout") or {}).get("path"), task.get("solution"), task.get("overfit_demo"),
                  # the full tests are graders' files in split mode; in all mode the agent has them
                  (task.get("visible_all") or {}).get("path") if task.get("visible") != "all" else None]
    needles = {p for p in candidates if p}
    needles |= {str(Path(task["suite_root"]) / "heldout"), str(Path(task["suite_root"]) / "solutions")}
    found = set()
    for file in files:
        if not file.exists():
            continue
        with open(file, "rb") as fh:
            data = fh.read(limit)
        found |= {n for n in needles if n.encode() in data}
    return sorted(found)


def history_flags(workdir: Path, base_commit: str) -> dict[str, list[str]]:
    """Flags for an agent that removed or moved the workdir's git history (its diff is still taken from the snapshot).

    The workdir's .git is the agent's: it is read as files, never through git (whose config the agent wrote).
    """
    if not os.path.lexists(workdir / ".git"):
        return {"git_dir_removed": [".git"]}
    now = head_commit(workdir / ".git") or "(unreadable)"
    return {} if now == base_commit else {"git_history_changed": [f"HEAD {base_commit[:12]} -> {now[:12]}"]}


MAX_CHANGED_FILE_BYTES = 32 * 1024 * 1024
DEFAULT_MAX_CHANGE_MB = 64   # the largest change (patch.diff) a run may make: a fix is far smaller
MAX_FLAG_DETAILS = 100       # details kept per flag: a million planted FIFOs are one flag, not a million lines


def _note(flags: dict[str, list[str]], name: str, detail: str) -> None:
    """Add `detail` to flag `name`, keeping MAX_FLAG_DETAILS of them and a count of the rest."""
    details = flags.setdefault(name, [])
    if len(details) < MAX_FLAG_DETAILS:
        details.append(detail)
        return
    more = int(details[-1].split()[1]) + 1 if len(details) > MAX_FLAG_DETAILS else 1
    details[MAX_FLAG_DETAILS:] = [f"and {more} more"]


def _same_size_in(snapshot: Path | None, rel: str, size: int) -> bool:
    try:
        return snapshot is not None and os.lstat(snapshot / rel).st_size == size
    except OSError:
        return False


def clean_workdir(workdir: Path, snapshot: Path | None = None) -> dict[str, list[str]]:
    """Remove what no diff can hold and what would make git read through the agent's files (FIFOs, sockets,
    devices; nested .git entries) before the change is taken, and files over MAX_CHANGED_FILE_BYTES the
    snapshot does not hold as they are (the diff, and every grading copy, would carry them); flag each.
    The tree is walked, not listed: each entry is removed as it is met."""
    flags: dict[str, list[str]] = {}
    for entry in safefs.walk(workdir):
        if entry.kind == "file":
            size = entry.st.st_size
            if size > MAX_CHANGED_FILE_BYTES and not _same_size_in(snapshot, entry.rel, size):
                safefs.remove(workdir, entry.rel)
                _note(flags, "large_file_removed", f"{entry.rel} ({size} bytes)")
        elif entry.kind == "special":
            safefs.remove(workdir, entry.rel)
            _note(flags, "special_file", f"{entry.rel} ({safefs.kind_of(entry.st.st_mode)})")
        elif entry.kind == "nested_git":
            safefs.remove(workdir, entry.rel)
            _note(flags, "nested_git_removed", entry.rel)
    return {name: sorted(details[:MAX_FLAG_DETAILS]) + details[MAX_FLAG_DETAILS:] for name, details in flags.items()}


def files_at_size_limit(root: Path, max_file_bytes: int, snapshot: Path | None = None) -> list[str]:
    """The harness's own evidence of a write stopped by --max-file-mb, whatever the agent's exit code: the
    files under `root` that reached the limit (a write past RLIMIT_FSIZE stops exactly there), except those
    the snapshot holds at that size. Walked by lstat, never following a link. A file the agent removed
    before it ended leaves no evidence."""
    found: dict[str, list[str]] = {}
    for entry in safefs.walk(root):
        if entry.kind == "file" and entry.st.st_size >= max_file_bytes \
                and not _same_size_in(snapshot, entry.rel, entry.st.st_size):
            _note(found, "at_limit", f"{entry.rel} ({entry.st.st_size} bytes)")
    return found.get("at_limit", [])


def max_change_bytes(opts: dict) -> int:
    """The cap on a run's change, in bytes: --max-change-mb (recorded in the options when given)."""
    return int(opts.get("max_change_mb") or DEFAULT_MAX_CHANGE_MB) << 20


def file_limit_evidence(limits: dict[int, int], roots: Sequence[tuple[Path, Path | None]]) -> list[str]:
    """files_at_size_limit over the trees the agent could write that outlive it (workdir, scratch), each with
    the snapshot its files came from (None: none), when the agent ran under --max-file-mb."""
    cap = limits.get(RLIMIT_FSIZE)
    return [shown_path(f"{root.name}/{rel}" if snapshot is None else rel)
            for root, snapshot in roots for rel in (files_at_size_limit(root, cap, snapshot) if cap else [])]


def take_change(workdir: Path, snapshot: Path, base_git: Path, out: Path, scratch: Path,
                max_bytes: int, language: str = "python") -> tuple[TakenChange, dict[str, list[str]]]:
    """The agent's change against the snapshot, written to `out` (the run's patch.diff) in bounded memory, and
    the flags taking it raised: the workdir cleaned first (clean_workdir), then git's diff streamed with a cap.
    A change over `max_bytes` (or MAX_CHANGED_FILES files) leaves `out` empty and is flagged
    `change_too_large`: no part of it is graded, and the run fails as the agent's. The language's build output
    (rules.build_excludes: cargo's target/, ...) is never part of a change: grading builds afresh."""
    flags = {**names_not_utf8(workdir, snapshot), **clean_workdir(workdir, snapshot)}
    taken = snapshot_diff(base_git, workdir, scratch, out, max_bytes, excludes=rules.build_excludes(language))
    if taken.over_cap:
        flags["change_too_large"] = [f"{over_cap_text(taken.over_cap, max_bytes)}; nothing of it is graded"]
    # a name the snapshot holds that is not UTF-8 is still a name in these details: the record shows it escaped
    return taken, {name: [shown_path(d) for d in details] for name, details in flags.items()}


def shown_path(name: str) -> str:
    """A path (or text holding one) as a record can hold it: a byte that is not UTF-8 shown as `\\xff`."""
    return name if name.isascii() else os.fsencode(name).decode("utf-8", "backslashreplace")


def names_not_utf8(workdir: Path, snapshot: Path | None) -> dict[str, list[str]]:
    """Remove every entry the agent added whose path is not valid UTF-8 (flag `file_name_not_utf8`): the change,
    the record and the grading rules name files as text, and a name that no text spells exactly would reach the
    grading copy under a name no rule finds (git writes its bytes, the rules look for U+FFFD). A name the snapshot
    holds is the task's own and stays."""
    flags: dict[str, list[str]] = {}
    for entry in safefs.walk(workdir):
        if entry.rel.isascii() or untrusted.utf8_name(entry.rel) or (snapshot is not None
                                                                 and os.path.lexists(snapshot / entry.rel)):
            continue
        safefs.remove(workdir, entry.rel)
        _note(flags, "file_name_not_utf8", shown_path(entry.rel))
    return flags


def over_cap_text(which: str, max_bytes: int) -> str:
    """What a change over a cap went over, in words."""
    if which == "files":
        return f"the change touches more than {MAX_CHANGED_FILES:,} files"
    return f"the change is larger than {max_bytes >> 20} MB (--max-change-mb)"


MAX_CALLS_BYTES = 64 * 1024 * 1024


def measured_calls(calls_files: Sequence[Path], proxy: ModelProxy | None) -> dict | None:
    """The run's `model_calls` section from what the proxy wrote (calls.summarize) into `calls_files` (one per
    attempt of the run); None when the run had no proxy. The files are the harness's own, in the run's directory,
    but their contents came from the model server."""
    if proxy is None:
        return None
    lines = []
    for calls_file in calls_files:
        found = safefs.read_file(calls_file, MAX_CALLS_BYTES)
        for raw in (found[0].splitlines() if found else []):
            try:
                lines.append(json.loads(raw))
            except (ValueError, RecursionError):
                continue   # a last line cut short by the size cap
    return untrusted.bounded(calls.summarize(lines, proxy.upstream.url), notes=False)   # its strings echo the agent's


TOKEN_FIELDS = (("tokens_in", "tokens_in"), ("tokens_out", "tokens_out"), ("tokens_reasoning", "tokens_reasoning"),
                ("tokens_cache_read", "tokens_cached"))


def token_figures(signals: AgentSignals, measured: dict | None) -> dict:
    """The run's token counts: the proxy's, measured at the wire, when the run went through it; else what the
    agent reported. The agent's own figures are kept beside them as `agent_reported`."""
    reported = {"tokens_in": signals.tokens_in, "tokens_out": signals.tokens_out,
                "tokens_reasoning": signals.tokens_reasoning, "tokens_cache_read": signals.tokens_cache_read,
                "turns": signals.turns, "tool_calls": signals.tool_calls}
    if measured is None:
        own = {field: reported[field] for field, _ in TOKEN_FIELDS}
        return {**own, "tokens_source": "agent" if any(v is not None for v in own.values()) else None,
                "agent_reported": reported, "model_calls": None}
    return {**{field: measured[key] for field, key in TOKEN_FIELDS}, "tokens_source": "proxy",
            "agent_reported": reported, "model_calls": measured["calls"]}


def other_models(measured: dict | None, model: str | None, base_url: str | None) -> dict[str, list[str]]:
    """Flag calls for a model other than the run's (`other_model_called`): an agent that quietly asks a bigger
    model would be scored as the one named. Ollama's `name` and `name:latest` are one model."""
    if not measured or not model or not measured.get("models"):
        return {}
    try:
        names = {resolve_model(model, base_url).model}
    except UserError:   # a command agent's own spelling: compare as typed and without a provider prefix
        names = {model, model.split("/", 1)[-1]}
    names = {modelserver.same_tag_key(n) for n in names}
    others = sorted(f"{name} ({count} call{'s' if count != 1 else ''})" for name, count in measured["models"].items()
                    if modelserver.same_tag_key(name) not in names)
    return {"other_model_called": others} if others else {}


def time_split(wall_s: float, measured: dict | None) -> dict:
    """The agent's wall time split into time the model was busy with its calls, time its calls waited for a free
    server slot (queued_s: other runs' calls; bench.models.queue) and its own time."""
    if measured is None:
        return {"model_s": None, "queued_s": None, "own_s": None}
    queued_s = min(float(measured.get("queued_s") or 0.0), wall_s)
    model_s = min(measured["model_s"], wall_s - queued_s)
    # an answered call without a queue figure (vLLM without per-request metrics): the queue time is not measured
    unmeasured = bool(measured.get("queue_unmeasured"))
    return {"model_s": round(model_s, 3), "queued_s": None if unmeasured else round(queued_s, 3),
            "own_s": round(max(0.0, wall_s - model_s - queued_s), 3)}


# The most a run's timeout is extended by the time its calls waited for a free server slot, in multiples of the
# timeout: a server that takes calls and never answers them still ends the run (at 1 + QUEUE_CEILING timeouts).
QUEUE_CEILING = 2.0


def queue_grace(spec: RunSpec, model_url: str | None):
    """The deadline's extension while the agent runs (run_tree's `grace`): the time its calls have waited for a
    free server slot, when runs share the server (jobs > 1; one run alone never waits for another's call).
    None without a proxy or with one run at a time."""
    if model_url is None or spec.proxy is None or int((spec.sandbox_info or {}).get("jobs") or 1) <= 1:
        return None
    proxy = spec.proxy
    return lambda: proxy.queued_s(model_url)


def over_own_budget(done, budget: float, measured: dict | None, graced: bool):
    """A run whose deadline was extended is timed out when, with its calls' queue time as measured (settled, not
    the provisional credit of a call still waiting for its first token), its own and model time went past the
    budget: the verdict one run alone would have got."""
    if not graced or done.timed_out or done.exit_code is None:
        return done
    queued = float((measured or {}).get("queued_s") or 0.0)
    if done.wall_s - min(queued, done.grace_s) <= budget:
        return done
    return dataclasses.replace(done, timed_out=True, exit_code=None, signal=None)


def stopped_because(reason: str | None, max_calls: int | None) -> str:
    """Why the harness ended the agent early (the model proxy's stop reason), as the record says it."""
    if reason == "max_calls":
        return f"stopped by the harness: the task's max_turns ({max_calls} model calls) were spent"
    return f"stopped by the harness: the model server could not be reached {STOP_AFTER_UNREACHABLE} times in a row"


def startup_seconds(launched: float, measured: dict | None) -> float | None:
    """How long the agent took from its start to its first model call (None without one): its start-up cost."""
    first = (measured or {}).get("first_call_at")
    return None if first is None else round(max(0.0, first - launched), 3)


def upstream_failure(measured: dict | None) -> str | None:
    """The proxy's evidence that the model server failed the agent: its last model call ended in an upstream
    error (refused, timed out, a 5xx answer). A call the run's end cut is not the server's failure."""
    last = (measured or {}).get("last_call") or {}
    status, error = last.get("status"), last.get("error")
    if error and isinstance(status, int) and status >= 500:
        return str(error)
    return None


def server_problem(model: str, base_url: str | None, answered: bool) -> str | None:
    """What the harness's own check finds wrong with the model server: its health check, and when the server
    `answered` the agent with an error, a one-token request of the harness's own. None when it is healthy, or
    when the model is not one the harness can name (a command agent's own provider): then it cannot confirm."""
    try:
        modelserver.resolve(model, base_url)
    except UserError:
        return None
    problem = modelserver.health_problem(model, base_url)
    if problem is None and answered:
        tried = modelserver.warm_up(model, base_url, timeout_s=WARM_CHECK_TIMEOUT_S)
        problem = f"the harness's own one-token request failed too: {tried['error']}" if tried["error"] else None
    return problem


WARM_CHECK_TIMEOUT_S = 30.0


def confirm_infra_error(signals: AgentSignals, agent: str, model: str | None, opts: dict,
                        measured: dict | None = None) -> None:
    """A run is an infrastructure error only on the harness's own evidence. A claim (the adapter read one in the
    agent's output, or the proxy saw the server fail the agent's last call) is believed when the model server
    also fails the harness's own check: its health check, and for a server that answered with an error, a
    one-token request of the harness's own (an agent's odd request must not pass for a broken server).
    Otherwise the failure is the agent's."""
    evidence = upstream_failure(measured)
    claim, signals.infra_error = signals.infra_error, None
    if not claim and not evidence:
        return
    problem = server_problem(model, opts.get("base_url"), answered=bool(evidence)) \
        if agents.get_spec(agent).needs_model and model else None
    said = f"{evidence} (seen by the model proxy)" if evidence else f"the agent reported: {truncate(claim, 300)}"
    if problem:
        signals.infra_error = f"{problem} ({said})" if not evidence else f"{evidence}; {problem}"
    else:
        signals.agent_error = signals.agent_error or (
            f"{truncate(evidence or claim, 300)} (the harness found the model server healthy, so this is the agent's "
            "failure)")


def _last_line(path: Path) -> str:
    found = safefs.read_file(path, DEFAULT_MAX_LOG_BYTES)
    lines = found[0].decode(errors="replace").strip().splitlines() if found else []
    return lines[-1][:300] if lines else "no message"


def limit_hit(done, stderr_path: Path) -> str | None:
    """Which resource limit stopped the agent, where that can be told from how it ended."""
    file_size = getattr(signal, "SIGXFSZ", None)  # POSIX only: Windows has no file size limit to hit
    if file_size is not None and file_size in (done.signal, (done.exit_code or 0) - 128):  # or a shell reporting it
        return "file_size"
    if done.stdout_truncated or done.stderr_truncated:
        return "output_size"
    with open(stderr_path, "rb") as fh:
        fh.seek(max(0, stderr_path.stat().st_size - 4096))
        tail = fh.read()
    if b"File too large" in tail:
        return "file_size"
    if b"MemoryError" in tail or b"out of memory" in tail.lower() or b"Cannot allocate memory" in tail:
        return "memory"
    return None


def run_agent_one(record: dict, spec: RunSpec, *, prompt: str | None = None, again: bool = False) -> dict:
    """Run the agent of `spec` for one isolated run; return the updated record (also written to run.json).

    `record` is trusted to match the run schema: run_agent() checks every record it reads and emits
    (the engine checks each run once, when it is graded). `prompt`: what the agent is asked (default the task's
    prompt; the engine's next attempt adds the visible tests' output). `again`: another attempt may follow in
    this workdir, so it is kept (and named in the record) for it.
    """
    lifecycle.require(record, "run_agent")
    sandbox.keep_secret(sandbox.run_secrets(record))   # this run's suite and results, masked in every later sandbox
    agent, adapter, opts, sandbox_kind = spec.agent, spec.adapter, spec.options, spec.sandbox
    model, keep_workdir = spec.model, spec.keep_workdir
    task = record["task"]
    language = task.get("language", "python")
    run_dir = Path(record["paths"]["run_dir"])
    workdir = Path(record["paths"]["workdir"])
    if not workdir.is_dir():
        raise FileNotFoundError(f"{workdir}: the run's workdir is gone; run isolate again")
    prompt_file = run_dir / "prompt.txt"
    prompt = task["prompt"] if prompt is None else prompt
    prompt_file.write_text(prompt, encoding="utf-8")  # a new run's own file: nothing to replace atomically
    scratch = Path(tempfile.mkdtemp(prefix="lab-scratch-", dir=temp_root()))
    stdout_path, stderr_path = run_dir / "agent.stdout.log", run_dir / "agent.stderr.log"
    budget = float(spec.timeout_s or task["timeout_s"])
    private = Path(tempfile.mkdtemp(prefix="lab-private-", dir=temp_root()))  # the harness's alone: never bound
    calls_file = run_dir / CALLS_FILE
    model_url = spec.proxy.route(calls_file, model=spec.agent_model) if spec.proxy is not None else None
    ctx = AgentContext(
        task=task, workdir=workdir, prompt=prompt, prompt_file=prompt_file, model=model,
        timeout_s=budget, max_turns=task.get("max_turns"), scratch_dir=scratch, run_dir=run_dir,
        base_url=opts.get("base_url"), options=opts, rep=record["rep"], model_url=model_url,
    )
    try:
        inv = adapter.invocation(ctx)
        if model_url is not None:
            spec.proxy.limit_calls(model_url, inv.max_model_calls)
        home = Path(inv.env.get("HOME") or scratch / "home")
        home.mkdir(parents=True, exist_ok=True)
        # The agent's network is the model proxy's route and nothing else (no network at all without a proxy).
        sealed = spec.proxy is not None and spec.proxy.unix_path is not None
        argv = sandbox.wrap(inv.argv, sandbox_kind, cwd=workdir, rw=[workdir, scratch], home=home, network=False,
                            ro=sandbox.mount_set([prompt_file, *inv.ro_paths, *languages.sandbox_mounts(language),
                                                  *sandbox.extra_mounts(opts.get("sandbox_ro") or ())]),
                            model_socket=spec.proxy.unix_path if sealed else None,
                            model_port=spec.proxy.port if sealed else None)
        env = agent_env(inv.env, home, opts.get("pass_env", ()))
        env.update(languages.sandbox_env(language, home, env.get("PATH", os.defpath)))
        languages.prepare_home(language, home)
        launched = time.time()
        grace = queue_grace(spec, model_url)
        done = run_tree(argv, cwd=workdir, env=env, stdout_path=stdout_path, stderr_path=stderr_path,
                        timeout_s=budget, stdin=inv.stdin, max_log_bytes=spec.max_log_bytes, limits=spec.limits,
                        contained=sandbox_kind == "bwrap", sandbox_status=sandbox_kind == "bwrap",
                        stop=spec.proxy.stop_event(model_url) if model_url is not None else None,
                        grace=grace, max_grace_s=budget * QUEUE_CEILING)
        stop_reason = spec.proxy.stop_reason(model_url) if model_url is not None else None
        if model_url is not None:
            spec.proxy.close_route(model_url)   # a process that outlived the run adds no calls
        measured = measured_calls([calls_file], spec.proxy)
        done = over_own_budget(done, budget, measured, grace is not None)
        result = ProcessResult(done.exit_code, done.timed_out, done.wall_s, stdout_path, stderr_path,
                               done.stdout_truncated, done.stderr_truncated)
        if done.start_error:
            signals = AgentSignals(infra_error=f"cannot start the agent: {done.start_error}")
        elif sandbox_kind == "bwrap" and not (done.timed_out or done.stopped) and done.sandbox_exit is None:
            signals = AgentSignals(infra_error=f"the sandbox could not start the agent: {_last_line(stderr_path)}")
        else:
            signals = adapter.parse(ctx, result)
            confirm_infra_error(signals, agent, spec.agent_model, opts, measured)
            if stop_reason == "max_calls":   # what it said of the refused call is the harness's doing, not an error
                signals.infra_error = signals.agent_error = None
        flags = checked_signals(signals)
        flags.update(other_models(measured, spec.agent_model, opts.get("base_url")))
        flags.update(calls.run_flags(measured))
        snapshot = Path(record["paths"]["snapshot"])
        at_limit = file_limit_evidence(spec.limits, [(workdir, snapshot), (scratch, None)])
        change, taken_flags = take_change(workdir, snapshot, Path(record["paths"]["base_git"]),
                                          run_dir / "patch.diff", private, max_change_bytes(opts),
                                          task.get("language", "python"))
        flags.update(taken_flags)
        if change.over_cap:
            signals.agent_error = signals.agent_error or \
                f"{over_cap_text(change.over_cap, max_change_bytes(opts))} (flag change_too_large)"
        flags.update(history_flags(workdir, record["base_commit"]))
    finally:
        if model_url is not None:
            spec.proxy.close_route(model_url)
        cleanup.remove_later(scratch)
        cleanup.remove_later(private)
    with open(run_dir / "trajectory.jsonl", "w", encoding="utf-8") as fh:
        for event in signals.events:
            fh.write(json.dumps(event, ensure_ascii=False) + "\n")
    peeked = grader_references(task, [stdout_path, stderr_path, run_dir / "trajectory.jsonl"])
    if peeked:
        flags["grader_path_referenced"] = peeked
    if done.escaped_processes:
        flags["escaped_processes"] = [f"{done.escaped_processes} process(es) left the process group and were killed"]
    hit = None if done.timed_out else limit_hit(done, stderr_path)
    if at_limit and hit in (None, "file_size"):
        hit = "file_size"   # the files at the limit are the harness's own evidence, whatever the exit code said
    if hit:
        flags[f"limit_{hit}"] = [hit, *(at_limit if hit == "file_size" else [])]
    if keep_workdir and not again:   # the path is in a temp directory the user never named: say where it is
        log(f"kept workdir: {record['task_id']} rep {record['rep']}: {workdir}")
    elif not again:
        holder = workdir_holder(record)
        if holder:
            cleanup.remove_later(holder)
    record = dict(record)
    record["stage"] = lifecycle.WRITES["run_agent"]
    record["paths"] = {**record["paths"], "workdir": str(workdir) if keep_workdir or again else None}
    record["model"] = {**(record.get("model") or {}), "id": model}
    record["options"] = opts
    record["flags"] = [*record.get("flags", []), *[f for f in flags if f not in record.get("flags", [])]]
    record["flag_details"] = {**record.get("flag_details", {}), **flags}
    record["sandbox"] = {**(record.get("sandbox") or {}), "env": {"agent": environment.names(env)}}
    record["model_calls"] = measured
    warn_truncated(record, measured)
    record["agent"] = {
        "name": agent, "version": spec.version, "argv": [str(a) for a in inv.argv],
        "exit_code": done.exit_code, "timed_out": done.timed_out, "wall_s": done.wall_s,
        "timeout_s": budget, "timeout_extended_s": done.grace_s if grace is not None else None, "limit_hit": hit,
        "stopped": stopped_because(stop_reason, inv.max_model_calls)
        if done.stopped or stop_reason == "max_calls" else None,
        **token_figures(signals, measured), **time_split(done.wall_s, measured),
        "startup_s": startup_seconds(launched, measured),
        "turns": signals.turns, "tool_calls": signals.tool_calls, "failed_tool_calls": signals.failed_tool_calls,
        "infra_error": signals.infra_error, "agent_error": signals.agent_error,
        "stdout_truncated": done.stdout_truncated, "stderr_truncated": done.stderr_truncated,
        "patch_bytes": change.size, "files_changed": sorted(path for _, path in change.files), "extra": signals.extra,
    }
    # The trajectory in the ecosystem's format too (ATIF), beside the normalized one, from the same events and calls.
    atif.write(run_dir, record, signals.events, prompt, calls_file if spec.proxy is not None else None)
    write_json_atomic(run_dir / "run.json", record)
    return record


def warn_truncated(record: dict, measured: dict | None) -> None:
    """A warning line when the proxy found some of a run's calls truncated: the model saw less than was sent."""
    if measured and measured.get("context_truncated"):
        log(f"warning: {record['task_id']}/{record['rep']}: {measured['context_truncated']} of {measured['calls']} "
            "model call(s) truncated by the context window; see METHODOLOGY.md, 'One context window'")


def warmup_options(agent: str, opts: dict) -> dict | None:
    """The Ollama options the harness's own requests send (warm-up, measuring slots): those the agent declares
    (SPEC.warmup: an agent that pins num_ctx) and --num-ctx's window, or Ollama loads the model again for them."""
    options = agents.get_spec(agent).warmup(opts)
    num_ctx = opts.get("context_length")
    if num_ctx is not None:   # warmed up with the window the calls will have, or Ollama loads the model again
        options = {**(options or {}), "num_ctx": num_ctx}
    return options


def gather_model(agent: str, model: str | None, opts: dict) -> dict | None:
    """Once per evaluation: what the model server reports about the model, and an untimed warm-up.

    Only for agents that declare they talk to a model (SPEC.needs_model); the warm-up's `load_s` is model
    load time, kept apart so the first task is not charged for it. The warm-up sends the options the agent
    declares (SPEC.warmup: an agent that pins num_ctx must be warmed up with it, or Ollama loads the model twice).
    """
    if not agents.get_spec(agent).needs_model or not model:
        return None
    section = modelserver.gather_model(model, opts.get("base_url"), options=warmup_options(agent, opts))
    if section.get("error") and not server_down(agent, section, opts):   # a server that is down stops `run`
        log(f"warning: model {model}: {section['error']} (recorded; the runs go ahead)")
    serving_section(section, model, opts)
    return section


def serving_section(section: dict, model: str, opts: dict) -> None:
    """Add the serving facts (serving.facts) to a gathered model section; refuse (UserError, one line) a
    --num-ctx that differs from the window a llama.cpp or vLLM server fixed when it started."""
    num_ctx = opts.get("context_length")
    # a server that could not be asked (section["error"]) is the warm-up's problem to report (server_down)
    if opts.get("base_url") and not (section.get("server") or {}).get("ollama") and not section.get("error"):
        fixed = serving.fixed_window(modelserver.server_for(opts["base_url"]).openai_base,
                                     section.get("served_as") or model)
        if fixed:
            section["fixed_window"] = fixed
        refusal = serving.window_mismatch(fixed, num_ctx, opts["base_url"])
        if refusal:
            raise UserError(refusal)
    section["serving"] = serving.facts(section, num_ctx)


def server_down(agent: str, section: dict | None, opts: dict) -> str | None:
    """Why no run of `agent` can reach its model, from the harness's own warm-up before the first run
    (gather_model's `section`): the server did not accept the connection. None when it did, or when the harness
    does not place the agent's model itself (a `command` agent names its own, which may live anywhere)."""
    if agents.get_spec(agent).model_as_typed:
        return None
    where = modelserver.unreachable(section)
    if where is None:
        return None
    fix = ("start it, or pass the --base-url it listens at" if opts.get("base_url")
           else "start it (`ollama serve`), or set OLLAMA_HOST to where it listens")
    return f"the model server at {where} cannot be reached; {fix}"


def sandbox_record(kind: str, requested: str | None, extra_ro: Sequence[str] = (), model: bool = True) -> dict:
    """The sandbox section every run record carries (`extra_ro`: the --sandbox-ro paths; `model`: whether the
    agent talks to a model, and so reaches the model proxy, its only network)."""
    agent_network = "the model proxy only" if model else "none"
    return sandbox.describe(kind, requested, {"agent": agent_network, "grading": "none"}, extra_ro)


MAX_ATTEMPTS = 3   # `run --attempts`: Aider's benchmark makes 2; a third shows whether more feedback helps


LIMIT_OPTIONS = {RLIMIT_FSIZE: "--max-file-mb", RLIMIT_NPROC: "--max-procs",
                 RLIMIT_AS: "--max-mem-mb"}


def check_arguments(agent: str, model: str | None, opts: dict, *, timeout_s: float | None = None,
                    limits: dict | None = None) -> None:
    """Everything an evaluation's arguments can be wrong about, checked before anything is written under --out
    (a refused run leaves no bundle behind, so the same --out works once the argument is fixed)."""
    if timeout_s is not None and not (math.isfinite(timeout_s) and timeout_s > 0):
        raise UserError(f"--timeout: must be a number of seconds above 0 (got {timeout_s:g}); "
                        "leave it out to use each task's own timeout")
    for which, value in (limits or {}).items():
        if value <= 0:
            given = value // (1024 * 1024) if which != RLIMIT_NPROC else value  # MB as typed
            raise UserError(f"{LIMIT_OPTIONS.get(which, 'a resource limit')}: must be above 0 (got {given})")
    if opts.get("max_change_mb") is not None and opts["max_change_mb"] <= 0:
        raise UserError(f"--max-change-mb: must be above 0 (got {opts['max_change_mb']})")
    serving.check_num_ctx(opts.get("context_length"))
    if opts.get("attempts") is not None and not 1 <= opts["attempts"] <= MAX_ATTEMPTS:
        raise UserError(f"--attempts: must be 1 (the default) to {MAX_ATTEMPTS} (got {opts['attempts']}); "
                        "2 is Aider's second try")
    declared = agents.get_spec(agent)   # an unknown agent is one line before anything is written
    if declared.needs_model and not declared.model_as_typed:
        resolve_model(model or "", opts.get("base_url"))  # spelling, provider, --base-url: one line each


def default_model(agent: str, model: str | None, opts: dict) -> str | None:
    """`model`, or DEFAULT_MODEL (said on stderr) for an agent that needs a model the harness resolves when no
    --model and no --base-url name one: a --base-url server's model ids are its own, so there it stays required."""
    declared = agents.get_spec(agent)
    if model or opts.get("base_url") or not declared.needs_model or declared.model_as_typed:
        return model
    log(f"--model not given: {DEFAULT_MODEL} (the default), served by Ollama; name another with --model")
    return DEFAULT_MODEL


def build_spec(agent: str, model: str | None, opts: dict, *, sandbox_requested: str | None = None,
               timeout_s: float | None = None, limits: dict[int, int] | None = None,
               keep_workdir: bool = False) -> RunSpec:
    """The evaluation's RunSpec, built once before any run: the agent's adapter checked and its version read,
    the model named as recorded (`qwen3:8b` is `ollama/qwen3:8b`), the sandbox resolved and the agent's program
    started in it once (preflight), and the model server asked about the model (with an untimed warm-up). The
    arguments are checked first (check_arguments), so `localagentbench run` and this stage alone refuse alike."""
    model = default_model(agent, model, opts)
    check_arguments(agent, model, opts, timeout_s=timeout_s, limits=limits)
    model = model_for_agent(agent, model, opts.get("base_url"))
    adapter, version = prepare(agent, opts)
    kind = sandbox.resolve(sandbox_requested)
    preflight(adapter, opts, kind)
    info = sandbox_record(kind, sandbox_requested, opts.get("sandbox_ro") or (), adapter.SPEC.needs_model)
    return RunSpec(agent=agent, adapter=adapter, version=version, model=model or BUILTIN_MODEL, options=opts,
                   sandbox=kind, sandbox_info=info, model_info=gather_model(agent, model, opts),
                   timeout_s=timeout_s, limits=limits or {}, keep_workdir=keep_workdir)


@contextlib.contextmanager
def proxied(spec: RunSpec) -> Iterator[RunSpec]:
    """`spec` with the model proxy running for its runs (started here, stopped on the way out), for an agent
    that talks to a model; the agent reaches the model server only through it. A spec that already has one,
    or an agent without a model, is given back as it is."""
    if spec.proxy is not None or not spec.adapter.SPEC.needs_model:
        yield spec
        return
    server = modelserver.server_for(spec.options.get("base_url"))
    # Under bwrap the agent has no network of its own: it reaches the proxy through a Unix socket bound into its
    # sandbox (sandbox.wrap's model_socket). A socket's path is at most 107 bytes, so it lives in a short directory.
    sock_dir = _socket_dir() if spec.sandbox == "bwrap" else None
    try:
        # Ollama by name (no --base-url), or found at --base-url: there the proxy sets the window per call
        ollama = server.is_ollama or bool(((spec.model_info or {}).get("server") or {}).get("ollama"))
        with ModelProxy(server.root, openai_base=server.openai_base,
                        unix_path=sock_dir / "model.sock" if sock_dir else None,
                        num_ctx=spec.options.get("context_length"), ollama=ollama,
                        window=known_window(spec.model_info)) as proxy:
            jobs = int((spec.sandbox_info or {}).get("jobs") or 1)
            known = shared_slots(spec, jobs)
            if known is None and jobs > 1:
                log("warning: the model server's slots are not known (name them with --model-slots N, or use --jobs "
                    "auto): no run is held to its share of them, and a call waiting for a slot moves its run's "
                    "deadline only once it is answered")
            proxy.share(known, jobs)
            yield dataclasses.replace(spec, proxy=proxy)
    finally:
        if sock_dir is not None:
            shutil.rmtree(sock_dir, ignore_errors=True)


def shared_slots(spec: RunSpec, jobs: int) -> int | None:
    """The model server's slots the runs at once share: known for the evaluation (--jobs auto, --model-slots), else
    as the server reports them (llama.cpp) when more than one run goes at once; None when not known."""
    if spec.model_slots is not None or jobs <= 1 or spec.agent_model is None:
        return spec.model_slots
    return slots.reported_slots(spec.agent_model, spec.options.get("base_url"))[0]


def known_window(model_info: dict | None) -> int | None:
    """The window every call of the evaluation is served with, where that is certain (--num-ctx, or a window the
    server fixed at start); None where each agent may ask its own (Ollama's Modelfile default is only a default)."""
    facts = (model_info or {}).get("serving") or {}
    return facts.get("context_window") if facts.get("context_source") in ("--num-ctx", "server") else None


MAX_SOCKET_PATH_BYTES = 100   # a Unix socket's path: 107 bytes at most (sun_path), with a margin


def _socket_dir() -> Path:
    """A new private directory for the proxy's socket: under the harness's temp root, or /tmp when that path would
    make the socket's too long."""
    for parent in (temp_root(), tempfile.gettempdir(), "/tmp"):
        made = Path(tempfile.mkdtemp(prefix="lab-proxy-", dir=parent))
        if len(os.fsencode(made / "model.sock")) <= MAX_SOCKET_PATH_BYTES:
            return made
        made.rmdir()
    raise UserError(f"no temporary directory short enough for the model proxy's socket (tried {temp_root()} and "
                    "/tmp); set TMPDIR to a short path")


def with_spec(record: dict, spec: RunSpec) -> dict:
    """An isolated record carrying the evaluation's sandbox and model sections, ready for run_agent_one."""
    record = {**record, "sandbox": dict(spec.sandbox_info), "executor": executor_info()}
    if spec.model_info:
        record["model"] = dict(spec.model_info)
    return record


def run_agent(records: Iterable[dict], spec: RunSpec) -> Iterator[dict]:
    """Run the agent on every isolated run record, in order, through one model proxy; each record read and
    emitted is schema-checked."""
    with proxied(spec) as spec:
        for record in records:
            schema.check(record, "run", where=f"run {record.get('task_id')}/{record.get('rep')}")
            record = run_agent_one(with_spec(record, spec), spec)
            schema.check(record, "run", where=str(Path(record["paths"]["run_dir"]) / "run.json"))
            yield record


def add_agent_arguments(parser) -> None:
    """The agent options, shared by run_agent and the umbrella CLI's `run`."""
    parser.add_argument("--agent", default=DEFAULT_AGENT,
                        help=f"{', '.join(agents.BUILTIN)}, or an installed plugin's name (doctor lists them); "
                             f"default {DEFAULT_AGENT}")
    parser.add_argument("--model", default=None,
                        help=f"the model as the agent names it, e.g. ollama/qwen3:8b (default {DEFAULT_MODEL} for an "
                             "agent that needs one, unless --base-url is given)")
    parser.add_argument("--agent-cmd", default=None, help="the shell command for --agent command")
    parser.add_argument("--base-url", default=None, help="an OpenAI-compatible server (…/v1) instead of Ollama")
    parser.add_argument("--num-ctx", type=int, default=None, metavar="N",
                        help="serve every model call with a context window of N tokens and tell each agent so "
                             "(Ollama: set per call; llama.cpp, vLLM: must match the server's own, else refused)")
    parser.add_argument("--seed", type=int, default=None, help="the mock agent's seed (default 0)")
    parser.add_argument("--keep-workdir", action="store_true", help="keep each run's workdir for inspection")
    parser.add_argument("--timeout", type=float, default=None, help="override every task's agent timeout (seconds)")
    parser.add_argument("--sandbox", choices=sandbox.KINDS, default="auto",
                        help="bwrap (Linux), none, or auto: bwrap where it works (default)")
    parser.add_argument("--sandbox-ro", action="append", default=[], metavar="PATH",
                        help="also show this file or directory to the agent, read-only (repeatable), for what its "
                             "binary needs that the harness does not find itself; a task's setup commands see it "
                             "too (a package cache)")
    parser.add_argument("--max-file-mb", type=int, default=1024, help="largest file an agent may write (default 1024)")
    parser.add_argument("--max-change-mb", type=int, default=None,
                        help=f"largest change (patch.diff) a run may make; a larger one fails the run, flagged "
                             f"change_too_large (default {DEFAULT_MAX_CHANGE_MB})")
    parser.add_argument("--max-procs", type=int, default=None,
                        help="process limit (RLIMIT_NPROC; not enforced for root)")
    parser.add_argument("--max-mem-mb", type=int, default=None, help="address-space limit per agent process")
    parser.add_argument("--pass-env", action="append", default=[], metavar="NAME",
                        help="pass this environment variable to the agent and the tests (repeatable; by default "
                             "they get only PATH, locale and terminal variables)")


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.run_agent", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="isolated run records (file or - for stdin)")
    add_agent_arguments(parser)
    parser.add_argument("--out", default="-", help="where to write run records (default: stdout)")
    args = parser.parse_args(argv)
    count = 0
    with RecordWriter(args.out) as out:
        spec = build_spec(args.agent, args.model, agent_options(args), sandbox_requested=args.sandbox,
                          timeout_s=args.timeout, keep_workdir=args.keep_workdir,
                          limits=agent_limits(args.max_file_mb, args.max_procs, args.max_mem_mb))
        down = server_down(spec.agent, spec.model_info, spec.options)
        if down:   # every run would fail the same way, each after the agent's own retries
            raise UserError(f"{down}; no run was started")
        for record in run_agent(read_records(args.inputs), spec):
            out.write(record)
            count += 1
            log(f"run_agent: {record['task_id']}/{record['rep']}: exit {record['agent']['exit_code']}, "
                f"{record['agent']['wall_s']:.1f}s")
    log(f"run_agent: {count} run(s)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.run_agent`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
