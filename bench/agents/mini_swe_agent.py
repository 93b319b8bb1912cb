"""mini-swe-agent: `mini -y --exit-immediately` (PyPI mini-swe-agent 2.4.6, litellm 1.110.2), a private config per run.

Verified against the scripted server through the model proxy (notes/agent-clis.md, and for this adapter
the tests in tests/agents/test_real_mini_swe_agent.py):

- Everything the run needs goes in one config file the adapter writes, `<scratch>/run.yaml` (JSON is valid YAML;
  the name must end in .yaml, mini appends it otherwise): the task (`run.task`: no argv quoting or length
  limits), the step limit, the API base and key, the retry count, and the directory the agent's commands run in.
  `-c mini.yaml` (the packaged config: prompts, tool, templates) comes first because any `-c` replaces the
  default config. stdin stays /dev/null (with no task it would prompt there).
- mini looks a config name up in its working directory before its own package, so a task repo holding a
  `mini.yaml` would replace the packaged one. mini therefore starts in the run's scratch dir (`env -C`), and
  the config's `environment.cwd` puts the agent's commands in the workdir.
- Protocol: OpenAI chat completions through litellm (`openai/<model>`; the request's model is `<model>`, as the
  user named it without the provider prefix), not streamed, one native `bash` tool (`{"command": str}`) whose
  commands each run in a fresh subshell. The run ends when the model runs `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`
  (exit_status Submitted).
- Its own dirs: MSWEA_GLOBAL_CONFIG_DIR and HOME in the scratch dir; MSWEA_CONFIGURED skips the interactive
  first-run setup; MSWEA_SILENT_STARTUP drops the banner. LITELLM_LOCAL_MODEL_COST_MAP=True is required for
  zero outbound traffic (else litellm fetches its cost map from raw.githubusercontent.com at start), and
  MSWEA_COST_TRACKING=ignore_errors because a local model has no price. LITELLM_MODE=PRODUCTION stops litellm
  from loading a `.env` found by walking up from its own install directory (a user's ~/.env, for one).
- The agent's shell commands inherit mini's whole environment (`os.environ`): the API key (a dummy) therefore
  goes in the config file, and the environment holds only what the harness passes plus the variables below.
- A server that is down: litellm's OpenAI client tries each request 3 times (max_retries 2, under 2 s), and mini's
  own retry loop (tenacity, by default 10 attempts with 4-60 s waits) is cut to one attempt, so mini exits
  (code 1, exit_status InternalServerError / ServiceUnavailableError / ...) seconds after its first request.
  Through the harness, the proxy's stop after 3 undeliverable calls in a row usually ends it first (a signal,
  before mini saved a step: no trajectory, and the infra_error is the harness's own finding).
- Exit code is 0 for Submitted, LimitsExceeded (step limit = max_turns) and RepeatedFormatError (three replies in
  a row without a valid tool call: a text-only model): only the trajectory's `info.exit_status` tells them apart.
  mini has no --version (see `version`, `start_check`).

The trajectory (`-o`, format "mini-swe-agent-1.1", JSON, not JSON Lines) is rewritten after every step, so a run
the harness killed leaves the steps it finished: `messages` with the model's replies (`extra.response.usage`,
`extra.timestamp`, `extra.actions`), `tool` messages (`extra.returncode`, `extra.timestamp`, `tool_call_id`),
format-error `user` messages that carry the reply they rejected in `extra.response` (and no timestamp: their
events have t None), and a final `exit` message. A tool call's duration runs from its reply's arrival to its result
message, which mini stamps after running all of that reply's commands: with several calls in one reply, each
duration is theirs together. stdout is a terminal log, not parsed; stderr's exception line
says why mini died before writing a trajectory.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bench.agents.base import (
    METADATA_VERSION,
    AgentContext,
    AgentSignals,
    AgentSpec,
    Install,
    Invocation,
    ProcessResult,
    private_home,
    read_json_file,
    stderr_lines,
    truncate,
    valid_count,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.common import untrusted
from bench.exec.sandbox import binary_mounts, shebang, symlink_chain
from bench.models.servers import no_proxy_env

NAME = "mini-swe-agent"
PINNED_VERSION = "2.4.6"
# mini has no --version: `nox -s install-agents` and version() read the package's metadata instead.
SPEC = AgentSpec(needs_model=True, install=Install.pypi_venv("mini-swe-agent", PINNED_VERSION, binary="mini",
                                                             venv="mini-swe-agent-venv", metadata_version=True))
CONFIG = "run.yaml"
TRAJECTORY = "traj.json"
SUBMIT_COMMAND = "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"
# exit_status values that mean the model server failed or refused the request (litellm's exception class names;
# InternalServerError is what a refused connection becomes). The harness checks the server before believing it.
INFRA_STATUSES = ("InternalServerError", "APIConnectionError", "ServiceUnavailableError", "BadGatewayError",
                  "NotFoundError", "Timeout", "APIError", "RateLimitError", "AuthenticationError",
                  "PermissionDeniedError")
# exit_status values of a run that ended normally, as far as the agent is concerned.
STOPPED = {"LimitsExceeded": "max_turns", "RepeatedFormatError": "format_errors"}
# The OpenAI client's own retries of a failed request (its default); mini's retry loop is cut to one attempt.
CLIENT_RETRIES = 2

FIXED_ENV = {
    "MSWEA_CONFIGURED": "true",
    "MSWEA_SILENT_STARTUP": "1",
    "MSWEA_COST_TRACKING": "ignore_errors",
    "MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT": "1",
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LITELLM_MODE": "PRODUCTION",
    "NO_COLOR": "1",
}


def check(opts: dict) -> None:
    """The mini binary must exist."""
    SPEC.require_binary()


def _python(binary: Path) -> Path:
    """The interpreter mini's launcher script runs (its shebang), else the python beside it."""
    real = symlink_chain(binary)[1]
    words = shebang(real)
    if words and Path(words[0]).is_absolute() and Path(words[0]).name != "env":
        return Path(words[0])
    return real.parent / "python3"


def version(opts: dict) -> str | None:
    """mini has no --version: the version is the package's metadata, read by the interpreter mini runs with."""
    binary = SPEC.find_binary()
    if not binary:
        return None
    python = _python(binary)
    args = ("-I", "-c", METADATA_VERSION.format(package=SPEC.install.package))
    return run_version(python, args) if python.exists() else None


def start_check(opts: dict) -> tuple[str, list[str], list[Path]]:
    """The sandbox preflight: `mini --help` (mini has no --version: the default check would fail), configured and
    silent so it neither asks for first-run setup nor prints its banner."""
    binary = SPEC.require_binary()
    argv = ["env", "MSWEA_CONFIGURED=true", "MSWEA_SILENT_STARTUP=1", str(binary), "--help"]
    return f"mini at {binary}", argv, binary_mounts(binary)


def run_config(ctx: AgentContext, base_url: str) -> dict[str, Any]:
    """The config file merged over mini.yaml: the task, the limits, where the model is, where commands run."""
    return {
        "run": {"task": ctx.prompt},
        # step_limit 0 is unlimited in mini; cost_limit 0 disables the (meaningless, unpriced) cost limit.
        "agent": {"step_limit": int(ctx.max_turns or 0), "cost_limit": 0},
        "environment": {"cwd": str(ctx.workdir)},
        "model": {"model_kwargs": {"api_base": base_url, "api_key": "localagentbench",
                                   "max_retries": CLIENT_RETRIES}},
    }


def invocation(ctx: AgentContext) -> Invocation:
    """`env -C <scratch> mini -y --exit-immediately -m openai/<model> -c mini.yaml -c run.yaml -o traj.json`."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    home = ctx.scratch_dir / "home"
    config_dir = ctx.scratch_dir / "mswea"
    config_dir.mkdir(parents=True, exist_ok=True)
    config = ctx.scratch_dir / CONFIG
    config.write_text(json.dumps(run_config(ctx, target.openai_base), indent=1), encoding="utf-8")
    env = dict(FIXED_ENV)
    env.update({
        **private_home(home),
        "MSWEA_GLOBAL_CONFIG_DIR": str(config_dir),
        **no_proxy_env(target),
    })
    # A user's MSWEA_* (another config, a model name), LITELLM_* and OPENAI_* (a base URL, a key) must not reach
    # the run, nor the agent's shell, which inherits mini's environment.
    unset = scrubbed_env_prefix(("MSWEA_", "LITELLM_", "OPENAI_"), keep=set(env)) or ["env"]
    argv = unset + ["-C", str(ctx.scratch_dir), str(binary), "-y", "--exit-immediately",
                    "-m", f"openai/{target.model}", "-c", "mini.yaml", "-c", str(config),
                    "-o", str(ctx.scratch_dir / TRAJECTORY)]
    return Invocation(argv=argv, env=env, stdin=None, ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _num(value: Any) -> float | None:
    return untrusted.number(value)


def _usage(extra: dict) -> tuple[int | None, int | None]:
    usage = _dict(_dict(extra.get("response")).get("usage"))
    tin, tout = usage.get("prompt_tokens"), usage.get("completion_tokens")
    return (tin if valid_count(tin) else None), (tout if valid_count(tout) else None)


class _Walk:
    """Trajectory messages into turn, text, tool_call and error events (one pass, in order)."""

    def __init__(self, sig: AgentSignals) -> None:
        self.sig = sig
        self.t0: float | None = None
        self.turns = 0
        self.calls: dict[str, dict] = {}       # tool_call_id -> its event, until the tool message comes
        self.called_at: float | None = None    # when the reply that made the calls arrived

    def rel(self, ts: float | None) -> float | None:
        return round(ts - self.t0, 3) if ts is not None and self.t0 is not None else None

    def message(self, m: dict) -> None:
        extra = _dict(m.get("extra"))
        ts = _num(extra.get("timestamp"))
        if self.t0 is None and ts is not None:
            self.t0 = ts
        role = m.get("role")
        if role == "assistant":
            self.turn(extra, ts)
            if isinstance(m.get("content"), str) and m["content"]:
                self.sig.events.append({"type": "text", "text": truncate(m["content"]), "t": self.rel(ts)})
            for action in extra.get("actions") if isinstance(extra.get("actions"), list) else []:
                if isinstance(action, dict):
                    self.call(action, ts)
        elif role == "user" and "response" in extra:
            # a reply mini rejected (no tool call, bad arguments): a turn, and mini's complaint as an error
            self.turn(extra, ts)
            text = self.rejected_text(extra)
            if text:
                self.sig.events.append({"type": "text", "text": truncate(text), "t": self.rel(ts)})
            self.sig.events.append({"type": "error", "message": truncate(m.get("content")), "t": self.rel(ts)})
        elif role == "tool" and str(m.get("tool_call_id")) in self.calls:
            self.result(self.calls.pop(str(m.get("tool_call_id"))), m, extra, ts)

    def turn(self, extra: dict, ts: float | None) -> None:
        tin, tout = _usage(extra)
        self.sig.events.append({"type": "turn", "index": self.turns, "t": self.rel(ts), "tokens_in": tin,
                                "tokens_out": tout})
        self.turns += 1
        self.called_at = ts

    @staticmethod
    def rejected_text(extra: dict) -> str | None:
        choices = _dict(extra.get("response")).get("choices")
        first = _dict(choices[0]) if isinstance(choices, list) and choices else {}
        content = _dict(first.get("message")).get("content")
        return content if isinstance(content, str) else None

    def call(self, action: dict, ts: float | None) -> None:
        command = action.get("command")
        ev = {"type": "tool_call", "name": "bash", "status": "error", "duration_s": None,
              "input": truncate(command), "output": None, "t": self.rel(ts)}
        # the submit command is mini ending the run: it reports it as "not executed" (return code -1)
        ev["_submit"] = isinstance(command, str) and SUBMIT_COMMAND in command
        self.sig.events.append(ev)
        self.calls[str(action.get("tool_call_id"))] = ev

    def result(self, ev: dict, m: dict, extra: dict, ts: float | None) -> None:
        """A tool message: status by return code, duration from the reply's and the result's timestamps."""
        code = extra.get("returncode")
        ev["status"] = "ok" if code == 0 or ev["_submit"] else "error"
        ev["output"] = truncate(extra.get("raw_output") if "raw_output" in extra else m.get("content"))
        if code != 0 and not ev["_submit"]:
            ev["exit_code"] = code if isinstance(code, int) and not isinstance(code, bool) else None
            if extra.get("exception_info"):
                ev["error"] = truncate(extra["exception_info"], 300)
        if ts is not None and self.called_at is not None:
            ev["duration_s"] = round(max(0.0, ts - self.called_at), 3)


_EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b")


def _stderr_reason(result: ProcessResult) -> str | None:
    """Why mini died, from its stderr: the exception line of its (rich, wrapped) traceback and the lines that
    continue it; None without one (its other stderr lines, like "Input is not a terminal", say nothing)."""
    lines = stderr_lines(result)
    starts = [i for i, ln in enumerate(lines) if _EXCEPTION_LINE.match(ln)]
    return " ".join(lines[starts[-1]:]) if starts else None


def _ending(sig: AgentSignals, traj: dict, messages: list) -> None:
    """What info.exit_status says: a normal stop, the server's failure (a claim the harness checks), the agent's."""
    info = _dict(traj.get("info"))
    status = info.get("exit_status") if isinstance(info.get("exit_status"), str) else ""
    last = _dict(messages[-1]) if messages else {}
    detail = str(last.get("content") or status) if last.get("role") == "exit" else status
    stats = _dict(info.get("model_stats"))
    sig.extra.update(exit_status=status or None, api_calls=stats.get("api_calls") if valid_count(
        stats.get("api_calls")) else None, mini_version=truncate(info.get("mini_version"), 40),
        trajectory_format=truncate(traj.get("trajectory_format"), 40))
    if status in ("Submitted", ""):   # "": the run was cut short (the trajectory holds the steps it finished)
        return
    if status in STOPPED:
        # max turns, or a model that kept answering without a (valid) tool call: a completed run that failed,
        # the model's doing, not an agent error
        sig.extra["stopped"] = STOPPED[status]
    elif status in INFRA_STATUSES:
        sig.infra_error = f"model server: {truncate(detail, 300)}"
    else:
        sig.agent_error = f"{status}: {truncate(detail, 300)}" if detail != status else status
    sig.events.append({"type": "error", "message": truncate(f"exit_status {status}: {detail}"), "t": None})


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns, tool calls (failed = non-zero return code), tokens and the trajectory from mini's trajectory file."""
    sig = AgentSignals()
    traj = read_json_file(ctx.scratch_dir / TRAJECTORY)
    if not isinstance(traj, dict):
        # mini exiting on its own with an error before its first step was saved; a signal is the harness ending
        # the run (timeout, a server it stopped reaching), which the run record says, not mini's failure
        if isinstance(result.exit_code, int) and result.exit_code > 0 and not result.timed_out:
            why = _stderr_reason(result) or f"exit code {result.exit_code}"
            sig.agent_error = f"mini-swe-agent ended without a trajectory: {truncate(why, 300)}"
        sig.extra["trajectory"] = None
        return sig
    messages = traj.get("messages") if isinstance(traj.get("messages"), list) else []
    walk = _Walk(sig)
    for m in messages:
        if isinstance(m, dict):
            walk.message(m)
    for ev in sig.events:
        ev.pop("_submit", None)
    turns = [e for e in sig.events if e["type"] == "turn"]
    tools = [e for e in sig.events if e["type"] == "tool_call"]
    sig.turns, sig.tool_calls = len(turns), len(tools)
    sig.failed_tool_calls = sum(1 for e in tools if e["status"] == "error")
    if turns and all(e["tokens_in"] is not None and e["tokens_out"] is not None for e in turns):
        sig.tokens_in = sum(e["tokens_in"] for e in turns)
        sig.tokens_out = sum(e["tokens_out"] for e in turns)
    _ending(sig, traj, messages)
    return sig
