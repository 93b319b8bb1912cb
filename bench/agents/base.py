"""The contract every agent adapter implements, and the value types run_agent passes around.

An adapter is a plain module with four functions:

    check(opts: dict) -> None            raise UserError (one line, with the fix) if the agent cannot run
    version(opts: dict) -> str | None    the agent's version string, recorded with every run
    invocation(ctx: AgentContext) -> Invocation
    parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals

run_agent owns the process: it starts `Invocation.argv` in the workdir with a process-tree timeout,
streams stdout/stderr to bounded log files and hands them to `parse`, which turns what the agent printed
into counts and a normalized trajectory. Adapters never start processes themselves (except short
`--version` calls in `version`), so timeouts, sandboxing and log limits hold for every agent alike.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.exec import safefs

# How much of one text (a reply, a tool's input or output) a trajectory event keeps.
TRUNCATE = 2000


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


@dataclass
class Invocation:
    """The process run_agent starts: argv, extra environment, and what goes to stdin (None = /dev/null)."""

    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    stdin: bytes | None = None
    ro_paths: list[Path] = field(default_factory=list)  # what the sandbox must show read-only (install dirs)


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
MAX_COUNT = 10 ** 12
# What the harness reads of a file the agent wrote (its events): the same cap as its stdout and stderr.
MAX_EVENTS_BYTES = 16 * 1024 * 1024


def valid_count(value: Any) -> bool:
    """Whether `value` is a usable count: a whole number from 0 to MAX_COUNT (not a bool, not text)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


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
    if value is None:
        return None
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[:limit] + f"… [{len(text) - limit} more chars]"


def read_events(path: Path, limit: int = MAX_EVENTS_BYTES) -> list[dict[str, Any]]:
    """Normalized events from a JSON Lines file the agent wrote, read only if it is a regular file and only up
    to `limit` bytes (a symlink, FIFO or device there gives none); lines that are not JSON objects are skipped."""
    events: list[dict[str, Any]] = []
    found = safefs.read_file(path, limit)
    if found is None:
        return events
    data, _ = found
    for line in data.decode("utf-8", errors="replace").splitlines():
        try:
            event = json.loads(line)
        except (json.JSONDecodeError, RecursionError):  # not JSON, or nested deeper than any event is
            continue
        if isinstance(event, dict):
            events.append(event)
    return events


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
                    signals.problems.append(f"usage event {key}={truncate(value, 80)}: not a whole number >= 0; dropped")
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
