"""The contract every agent adapter implements, and the value types run_agent passes around.

An adapter is a plain module with four functions and one declaration:

    check(opts: dict) -> None            raise UserError (one line, with the fix) if the agent cannot run
    version(opts: dict) -> str | None    the agent's version string, recorded with every run
    invocation(ctx: AgentContext) -> Invocation
    parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals
    SPEC: AgentSpec                      what the harness needs to know about the agent without running it

and optionally `start_check(opts) -> (what, argv, ro_paths) | None`, a command run_agent starts in the
sandbox before the first run (see run_agent.preflight); an agent that declares a binary and has none gets
`SPEC.start_check()`, its `--version` with what the sandbox shows for the binary.

SPEC is the only place an agent's facts live: whether it talks to a model (then run_agent gathers the model's
metadata and warms it up, and a reported infrastructure error is checked against the server), whether its
--model goes to it as typed, its pinned version, its install recipe (`Install.npm` / `Install.pypi_venv`, which
`nox -s install-agents` runs), where its binary lies under .agents/, and the warm-up's Ollama options. A
built-in agent with no CLI of its own declares `AgentSpec()`. The registry (bench/agents/__init__.py) maps
the name to the module: one line per built-in agent, or an entry point in the group `localagentbench.agents`
for an agent shipped outside this package.

run_agent owns the process: it starts `Invocation.argv` in the workdir with a process-tree timeout,
streams stdout/stderr to bounded log files and hands them to `parse`, which turns what the agent printed
into counts and a normalized trajectory. Adapters never start processes themselves (except short
`--version` calls in `version`), so timeouts, sandboxing and log limits hold for every agent alike.
"""
from __future__ import annotations

import dataclasses
import json
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.agents import binaries
from bench.common import untrusted
from bench.common.paths import command
from bench.exec import safefs
from bench.exec.sandbox import binary_mounts
from bench.models.servers import ModelTarget, resolve_model

# How much of one text (a reply, a tool's input or output) a trajectory event keeps.
TRUNCATE = 2000


INSTALL_SESSION = command("install-agents")   # nox in a checkout, the console script for a pip install
# How the version of a PyPI package is read by the interpreter of the venv it lies in (`python -I -c ...`), for a
# CLI that has no --version (mini-swe-agent).
METADATA_VERSION = "import importlib.metadata as m; print(m.version({package!r}))"
NPM_VERSION = "import json; print(json.load(open({path!r}))['version'])"


@dataclass(frozen=True)
class Install:
    """How `nox -s install-agents` installs an agent CLI into .agents/ (at the repository root), as data.

    kind "npm": `npm install PACKAGE@VERSION` in .agents/, the binary at .agents/node_modules/.bin/BINARY;
    kind "venv": PACKAGE==VERSION from PyPI into its own virtualenv .agents/VENV, the binary at .agents/VENV/bin/BINARY.
    After installing, `nox -s install-agents` runs the binary's `--version`, or for a CLI that has none
    (metadata_version), the venv's Python printing the package's version (METADATA_VERSION), or for an npm
    package the version in its package.json (NPM_VERSION; ACP bridges start serving on `--version`).
    """

    kind: str
    package: str
    version: str
    binary: str
    venv: str | None = None
    metadata_version: bool = False

    @classmethod
    def npm(cls, package: str, version: str, binary: str, metadata_version: bool = False) -> Install:
        """An npm package, installed into .agents/node_modules; metadata_version: the CLI has no --version, its
        package.json says it."""
        return cls("npm", package, version, binary, metadata_version=metadata_version)

    @classmethod
    def pypi_venv(cls, package: str, version: str, binary: str, venv: str | None = None,
                  metadata_version: bool = False) -> Install:
        """A PyPI requirement, installed into its own virtualenv .agents/<venv> (default <binary>-venv);
        metadata_version: the CLI has no --version, the package's metadata says it."""
        return cls("venv", package, version, binary, venv or f"{binary}-venv", metadata_version)

    def __post_init__(self) -> None:
        if self.kind not in ("npm", "venv"):
            raise ValueError(f"Install.kind: {self.kind!r} is not npm or venv")
        if self.kind == "venv" and not self.venv:
            raise ValueError("Install: a venv recipe names its virtualenv directory")

    @property
    def requirement(self) -> str:
        """What the package manager is asked for: opencode-ai@1.18.33, aider-chat==0.86.2."""
        return f"{self.package}@{self.version}" if self.kind == "npm" else f"{self.package}=={self.version}"

    @property
    def package_json(self) -> str:
        """An npm package's package.json, relative to .agents/."""
        return f"node_modules/{self.package}/package.json"

    def installed_version(self, agents_dir: Path) -> str | None:
        """The version an npm package's package.json under `agents_dir` says (a regular file, read capped), or
        None: for a CLI without --version."""
        from bench.exec import safefs

        found = safefs.read_capped(agents_dir, self.package_json, 1 << 20) if self.kind == "npm" else None
        try:
            version = json.loads(found[0]).get("version") if found is not None else None
        except (ValueError, AttributeError):
            return None
        return version if isinstance(version, str) and len(version) < 100 else None

    @property
    def location(self) -> str:
        """Where the binary lands, relative to .agents/."""
        return f"node_modules/.bin/{self.binary}" if self.kind == "npm" else f"{self.venv}/bin/{self.binary}"

    def steps(self) -> list[tuple[str, list[str]]]:
        """The commands that install it, each as (directory relative to the repository root, argv)."""
        if self.kind == "npm":
            return [(".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", self.requirement])]
        venv = f".agents/{self.venv}"
        return [(".", ["python3", "-m", "venv", venv]), (".", [f"{venv}/bin/pip", "install", "-q", self.requirement])]

    def shell(self) -> str:
        """The steps as one shell line to run from the repository root."""
        parts = ["mkdir -p .agents"]
        for cwd, argv in self.steps():
            cmd = shlex.join(argv)
            parts.append(cmd if cwd == "." else f"cd {shlex.quote(cwd)} && {cmd}")
        return " && ".join(parts)

    def hint(self) -> str:
        """The one-line fix an error message gives when the binary is missing."""
        if self.kind == "npm":
            return f"`{INSTALL_SESSION}` or `npm install {self.requirement}`"
        return f"`{INSTALL_SESSION}` or `pip install {self.requirement}` (in its own virtualenv)"

    def check(self) -> list[str]:
        """The command that shows the installed CLI runs and says its version (from the repository root)."""
        if self.metadata_version and self.kind == "npm":
            return ["python3", "-I", "-c", NPM_VERSION.format(path=f".agents/{self.package_json}")]
        if self.metadata_version:
            return [f".agents/{self.venv}/bin/python", "-I", "-c", METADATA_VERSION.format(package=self.package)]
        return [f".agents/{self.location}", "--version"]

    def recipe(self, agent: str) -> dict[str, Any]:
        """The JSON form `python -m bench.agents --install-recipes` prints for the noxfile."""
        return {"agent": agent, "version": self.version, "creates": f".agents/{self.location}",
                "steps": [{"cwd": cwd, "argv": argv} for cwd, argv in self.steps()], "check": self.check()}


@dataclass(frozen=True)
class AgentSpec:
    """What an adapter declares about its agent (module constant SPEC); see the module docstring.

    needs_model     it talks to a model: run_agent records the model's metadata and warms it up once, and an
                    infrastructure error it reports counts only if the server also fails the harness's check
    model_as_typed  its --model is handed over as typed, not resolved to an Ollama / --base-url model
    binary          the executable's name (found via $LOCALAGENTBENCH_<BINARY>_BIN, .agents/, PATH); None when
                    the agent is built in (runs the harness's own code or a user's command)
    locations       where the binary lies relative to .agents/ (default: where `install` puts it)
    pinned_version  the version the adapter was verified with (default: `install`'s); None for built-ins
    install         how `nox -s install-agents` installs it, or None
    warmup_options  Ollama options for the warm-up request (a `num_ctx` there is the agent's default context,
                    replaced by the run's context_length option as the adapter does), or None
    """

    needs_model: bool = False
    model_as_typed: bool = False
    binary: str | None = None
    locations: tuple[str, ...] = ()
    pinned_version: str | None = None
    install: Install | None = None
    warmup_options: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.install is not None:
            if self.binary is None:
                object.__setattr__(self, "binary", self.install.binary)
            if not self.locations:
                object.__setattr__(self, "locations", (self.install.location,))
            if self.pinned_version is None:
                object.__setattr__(self, "pinned_version", self.install.version)
            if self.pinned_version != self.install.version:
                raise ValueError(f"AgentSpec: pinned {self.pinned_version} but installs {self.install.version}")
        object.__setattr__(self, "locations", tuple(self.locations))

    def install_hint(self) -> str:
        """How to get the binary, for an error message."""
        if self.install is not None:
            return self.install.hint()
        return f"put {self.binary} on PATH or point ${binaries.env_var(self.binary or '')} at it"

    def find_binary(self, env: dict[str, str] | None = None) -> Path | None:
        """The agent's binary ($LOCALAGENTBENCH_<BINARY>_BIN, .agents/, PATH), or None (also when it has none)."""
        return binaries.find_binary(self.binary, env, locations=self.locations) if self.binary else None

    def require_binary(self, env: dict[str, str] | None = None) -> Path:
        """find_binary, or a one-line UserError saying where it looked and how to install it."""
        if not self.binary:
            raise ValueError("this agent declares no binary")
        return binaries.require_binary(self.binary, self.install_hint(), env, locations=self.locations)

    def start_check(self) -> tuple[str, list[str], list[Path]]:
        """The default preflight of an agent with a binary: (what, `<binary> --version`, what the sandbox shows)."""
        binary = self.require_binary()
        return f"{self.binary} at {binary}", [str(binary), "--version"], binary_mounts(binary)

    def warmup(self, opts: dict) -> dict[str, Any] | None:
        """The Ollama options of this run's warm-up request (None: the server's defaults)."""
        if self.warmup_options is None:
            return None
        options = dict(self.warmup_options)
        if "num_ctx" in options:
            options["num_ctx"] = opts.get("context_length") or options["num_ctx"]
        return options


@dataclass
class AgentContext:
    """Everything an adapter may use to build its command line for one run."""

    task: dict[str, Any]          # the task record (validate's output): id, prompt, paths resolved
    workdir: Path                 # the agent's sandboxed copy of the repo (cwd of the agent)
    prompt: str
    prompt_file: Path             # the prompt as a file, outside the workdir
    model: str                    # as the user named it, e.g. "ollama/qwen3:8b"
    timeout_s: float
    max_turns: int | None
    scratch_dir: Path             # a private, empty temp dir for HOME, config files, caches
    run_dir: Path                 # results/<run>/runs/<task>/<rep>/ (logs land here)
    base_url: str | None = None   # an OpenAI-compatible server (…/v1), when the user gave --base-url
    options: dict[str, Any] = field(default_factory=dict)  # adapter options (agent_cmd, seed, …)
    rep: int = 0
    model_url: str | None = None  # this run's route on the harness's model proxy: where the agent must call

    def model_target(self) -> ModelTarget:
        """The model and where this run's agent reaches it: through the model proxy (model_url, which serves the
        OpenAI-compatible API under /v1 and Ollama's under /api), or the server itself when there is no proxy."""
        target = resolve_model(self.model, self.base_url)
        if self.model_url is None:
            return target
        return dataclasses.replace(target, root=self.model_url, openai_base=self.model_url + "/v1")


@dataclass
class Invocation:
    """The process run_agent starts: argv, extra environment, and what goes to stdin (None = /dev/null)."""

    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    stdin: bytes | None = None
    ro_paths: list[Path] = field(default_factory=list)  # what the sandbox must show read-only (install dirs)
    # For a CLI with no turn limit of its own: the model calls the harness allows (the proxy refuses the next one
    # and the agent is stopped); None: no limit from the harness (the CLI keeps max_turns, or there is none).
    max_model_calls: int | None = None


@dataclass
class ProcessResult:
    """What run_agent observed of the agent process."""

    exit_code: int | None
    timed_out: bool
    wall_s: float
    stdout_path: Path
    stderr_path: Path
    stdout_truncated: bool = False
    stderr_truncated: bool = False


@dataclass
class AgentSignals:
    """What an adapter read from the agent's output. A count the agent does not expose stays None, never 0."""

    tokens_in: int | None = None
    tokens_out: int | None = None
    tokens_reasoning: int | None = None
    tokens_cache_read: int | None = None
    turns: int | None = None
    tool_calls: int | None = None
    failed_tool_calls: int | None = None
    infra_error: str | None = None   # not the agent's fault: model server unreachable, binary broken
    agent_error: str | None = None   # the agent itself reported an error
    events: list[dict[str, Any]] = field(default_factory=list)  # normalized trajectory events
    extra: dict[str, Any] = field(default_factory=dict)        # adapter-specific facts worth keeping
    problems: list[str] = field(default_factory=list)          # counts the agent reported that were unusable


COUNT_FIELDS = ("tokens_in", "tokens_out", "tokens_reasoning", "tokens_cache_read", "turns", "tool_calls",
                "failed_tool_calls")
MAX_COUNT = untrusted.MAX_COUNT
# What the harness reads of a file the agent wrote (its events): the same cap as its stdout and stderr.
MAX_EVENTS_BYTES = 16 * 1024 * 1024


def valid_count(value: Any) -> bool:
    """Whether `value` is a usable count: a whole number from 0 to MAX_COUNT (not a bool, not text)."""
    return untrusted.is_count(value)


def context_length(ctx: AgentContext, default: int) -> int:
    """The context window the run asked for (option `context_length`, or Ollama's name `num_ctx`), else default."""
    for key in ("context_length", "num_ctx"):
        v = ctx.options.get(key)
        if isinstance(v, int) and v > 0:
            return v
    return default


def truncate(value: Any, limit: int = TRUNCATE) -> Any:
    """`value` as event text, cut to `limit` characters with a note of how many were cut; None stays None.

    A non-string (a tool's JSON input) is written as JSON first.
    """
    return untrusted.optional_text(value, limit)


def private_home(home: Path) -> dict[str, str]:
    """HOME and the XDG base directories inside `home`, created (0700): where a CLI looks for its config, data,
    caches and state in one run, so that the user's own never reach it."""
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_STATE_HOME": str(home / ".local" / "state")}
    for directory in env.values():
        Path(directory).mkdir(mode=0o700, parents=True, exist_ok=True)
    return env


def read_events(path: Path, limit: int = MAX_EVENTS_BYTES) -> list[dict[str, Any]]:
    """Normalized events from a JSON Lines file the agent wrote, read only if it is a regular file and only up
    to `limit` bytes (a symlink, FIFO or device there gives none); lines that are not JSON objects are skipped."""
    found = safefs.read_file(path, limit)
    if found is None:
        return []
    events = json_objects(found[0], keep=MAX_TRAJECTORY_EVENTS + 1)
    if found[1]:   # the counts made from these events are of what was read, and the trajectory says so
        events.append({"type": "warning", "message": f"the events file is longer than {limit:,} bytes: the rest "
                                                     "was not read, and counts made from it are lower bounds"})
    return events


def json_objects(data: bytes, keep: int | None = None) -> list[dict[str, Any]]:
    """The JSON objects among the lines of `data` (other lines, and lines that are not objects, are skipped).
    `keep`: past that many objects, each is kept only as what signals_from_events counts of it (_counted): a
    trajectory keeps no more (normalized_events), and 16 MiB of `{}` lines would otherwise be 5 million dicts."""
    events: list[dict[str, Any]] = []
    start = 0
    # A line at a time, never the whole text split at once: 16 MiB of two-byte lines is 5 million strings.
    # (A UTF-8 sequence holds no newline byte, so each piece decodes alone; splitlines keeps \r and friends
    # line ends as they were for the whole text.)
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        for line in data[start:end].decode("utf-8", errors="replace").splitlines():
            event = untrusted.loads(line)   # None: not JSON, too deep, a number Python will not convert
            if isinstance(event, dict):
                events.append(event if keep is None or len(events) < keep else _counted(event))
        start = end + 1
    return events


def read_json_file(path: Path, limit: int = MAX_EVENTS_BYTES) -> Any:
    """The JSON document in a file the agent wrote (a trajectory), read only if it is a regular file and at most
    `limit` bytes long (a symlink, FIFO or device there, or a longer file, gives None); None when it is not JSON."""
    found = safefs.read_file(path, limit)
    if found is None or found[1]:   # cut at the cap: the rest of the document is missing
        return None
    return untrusted.loads(found[0].decode("utf-8", errors="replace"))


STDERR_TAIL_BYTES = 64 * 1024


def stderr_lines(result: ProcessResult, tail_bytes: int = STDERR_TAIL_BYTES) -> list[str]:
    """The agent's stderr as stripped, non-empty lines, from its last `tail_bytes` (where a crash says why)."""
    found = safefs.read_file(result.stderr_path, MAX_EVENTS_BYTES)
    if found is None:
        return []
    text = found[0][-tail_bytes:].decode("utf-8", errors="replace")
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


_COUNTED = {kind: {"type": kind} for kind in ("turn", "tool_call", "other")}
_FAILED_CALL = {"type": "tool_call", "status": "error"}


def _counted(event: dict[str, Any]) -> dict[str, Any]:
    """What signals_from_events reads of an event (its type; a call's failure; a usage event's tokens), as one
    shared dict per kind where that is all."""
    kind = event.get("type")
    if kind == "usage":
        return {"type": "usage", "tokens_in": event.get("tokens_in"), "tokens_out": event.get("tokens_out")}
    if kind == "tool_call" and event.get("status") == "error":
        return _FAILED_CALL
    return _COUNTED.get(kind, _COUNTED["other"]) if isinstance(kind, str) else _COUNTED["other"]


def signals_from_events(events: list[dict[str, Any]]) -> AgentSignals:
    """Counts derived from normalized events: `usage` events sum into tokens, `tool_call` and `turn` are counted."""
    signals = AgentSignals(events=events)
    usage = [e for e in events if e.get("type") == "usage"]
    if usage:
        for key in ("tokens_in", "tokens_out"):
            valid = []
            for event in usage:
                value = event.get(key)
                if value is None:
                    continue
                if valid_count(value):
                    valid.append(value)
                else:
                    signals.problems.append(
                        f"usage event {key}={truncate(value, 80)}: not a whole number >= 0; dropped")
            if valid or not signals.problems:
                setattr(signals, key, min(sum(valid), MAX_COUNT))
    calls = [e for e in events if e.get("type") == "tool_call"]
    if calls:
        signals.tool_calls = len(calls)
        signals.failed_tool_calls = sum(1 for e in calls if e.get("status") == "error")
    turns = [e for e in events if e.get("type") == "turn"]
    if turns:
        signals.turns = len(turns)
    return signals


# ---------------------------------------------------------------- what an adapter read, made fit for a record

# A trajectory longer than this is cut (and flagged): a page, and the file, stay a size a person can open.
MAX_TRAJECTORY_EVENTS = 10_000
MAX_TRAJECTORY_CHARS = 8_000_000
MAX_PROBLEMS = 20
# How each field of a trajectory event is checked (any other field is kept as bounded JSON).
EVENT_COUNTS = ("index", "tokens_in", "tokens_out", "tokens_reasoning", "tokens_cache_read", "tokens_cached")
EVENT_SECONDS = ("t", "duration_s")
EVENT_LABELS = {"type": 64, "status": 64, "name": 300}
EVENT_FLAGS = ("reasoning", "invalid", "subagent")


def _event(raw: dict, index: int, problems: list[str]) -> dict[str, Any]:
    """One trajectory event with every field checked: counts, seconds and yes/no fields of the wrong kind become
    None (a problem line names them), labels and texts are capped UTF-8, anything else is bounded JSON."""
    event: dict[str, Any] = {}
    for key, value in list(raw.items())[:untrusted.MAX_ITEMS]:
        key = untrusted.text(key if isinstance(key, str) else str(key), untrusted.MAX_KEY)
        bad = None
        if value is None:
            pass
        elif key in EVENT_COUNTS:
            bad = None if untrusted.is_count(value) else f"not a whole number from 0 to {MAX_COUNT:.0e}"
        elif key in EVENT_SECONDS:
            bad = None if untrusted.is_seconds(value) else \
                f"not a number of seconds from 0 to {untrusted.MAX_SECONDS:.0e}"
        elif key in EVENT_FLAGS:
            bad = None if isinstance(value, bool) else "not true or false"
        elif key in EVENT_LABELS:
            value = untrusted.text(value, EVENT_LABELS[key])
        elif isinstance(value, str):
            value = untrusted.text(value)
        else:
            value = untrusted.bounded(value)
        if bad:
            problems.append(f"trajectory event {index} {key}={untrusted.shown(value)}: {bad}; made unknown")
            value = None
        event[key] = value
    if not isinstance(event.get("type"), str):
        event["type"] = "unknown"
    return event


def normalized_events(events: list[Any]) -> tuple[list[dict[str, Any]], list[str], str | None]:
    """(the trajectory as a record keeps it, problem lines, a note when it was cut): every event checked
    (_event), at most MAX_TRAJECTORY_EVENTS events and MAX_TRAJECTORY_CHARS characters of them."""
    out: list[dict[str, Any]] = []
    problems: list[str] = []
    size = 0
    objects = [e for e in events if isinstance(e, dict)]
    for i, raw in enumerate(objects):
        if i >= MAX_TRAJECTORY_EVENTS or size >= MAX_TRAJECTORY_CHARS:
            note = (f"{len(objects) - i:,} of {len(objects):,} trajectory events not kept (the record keeps at most "
                    f"{MAX_TRAJECTORY_EVENTS:,} events and {MAX_TRAJECTORY_CHARS:,} characters of them)")
            out.append({"type": "note", "text": note})
            return out, problems, note
        event = _event(raw, i, problems)
        size += len(json.dumps(event, ensure_ascii=False))
        out.append(event)
    return out, problems, None


def checked_signals(signals: AgentSignals) -> dict[str, list[str]]:
    """The one point where what an adapter read of the agent's output becomes a record's figures: every count the
    agent reported that is not a whole number from 0 to MAX_COUNT is set to None, every trajectory event is
    checked (normalized_events), error texts are capped UTF-8 and `extra` is bounded JSON. Returns the flags:
    `bad_agent_counts` with a line per figure made unknown, `trajectory_truncated` when events were dropped."""
    problems = [untrusted.text(p, 300) for p in signals.problems if isinstance(p, str)]
    for key in COUNT_FIELDS:
        value = getattr(signals, key)
        if value is not None and not untrusted.is_count(value):
            problems.append(f"{key}={untrusted.shown(value)}: not a whole number from 0 to {MAX_COUNT:.0e}; dropped")
            setattr(signals, key, None)
    for key in ("infra_error", "agent_error"):
        setattr(signals, key, untrusted.optional_text(getattr(signals, key)))
    extra = untrusted.bounded(signals.extra, depth=untrusted.MAX_DEPTH) if isinstance(signals.extra, dict) else {}
    signals.extra = extra if isinstance(extra, dict) else {}
    signals.events, event_problems, cut = normalized_events(signals.events if isinstance(signals.events, list) else [])
    problems += event_problems
    flags: dict[str, list[str]] = {}
    if problems:
        more = len(problems) - MAX_PROBLEMS
        flags["bad_agent_counts"] = problems[:MAX_PROBLEMS] + ([f"… and {more:,} more"] if more > 0 else [])
    if cut:
        flags["trajectory_truncated"] = [cut]
    return flags
