"""mini-swe-agent (DRAFT, not registered): `mini -y --exit-immediately` (PyPI mini-swe-agent 2.4.6, litellm 1.110.2).

Verified against the scripted server through the model proxy (notes/issue20-qwen-mini.md):

- Everything the run needs goes in one config file the adapter writes, `<scratch>/run.yaml` (JSON is valid YAML;
  the name must end in .yaml, mini appends it otherwise): the task (`run.task`: no argv quoting or length
  limits), the step limit, the API base and key. `-c mini.yaml` comes first because any `-c` replaces the
  default config. stdin stays /dev/null (with no task it would prompt there).
- Protocol: OpenAI chat completions through litellm (`openai/<model>`; the request's model is `<model>`), not
  streamed, one native `bash` tool. The run ends when the model runs `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT`
  (exit_status Submitted).
- Its own dirs: MSWEA_GLOBAL_CONFIG_DIR and HOME in the scratch dir; MSWEA_CONFIGURED skips the interactive
  first-run setup; MSWEA_SILENT_STARTUP drops the banner. LITELLM_LOCAL_MODEL_COST_MAP=True is required for
  zero outbound traffic (else litellm fetches its cost map from raw.githubusercontent.com at start), and
  MSWEA_COST_TRACKING=ignore_errors because a local model has no price.
- The agent's shell commands inherit mini's whole environment: the API key therefore goes in the config file,
  not in OPENAI_API_KEY.
- Exit code is 0 for Submitted, LimitsExceeded (step limit) and RepeatedFormatError (a model that answers
  without tool calls): only the trajectory's `info.exit_status` tells them apart. A server that is down ends in
  exit 1, exit_status InternalServerError (after MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT attempts).

The trajectory (`-o`, format "mini-swe-agent-1.1") is written at the end, also on error exits: `messages` with
the model's replies (`extra.response.usage`, `extra.timestamp`), `tool` messages (`extra.returncode`,
`extra.timestamp`, `tool_call_id`), format-error `user` messages that carry the reply they rejected in
`extra.response`, and a final `exit` message. stdout is a terminal log, not parsed.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.agents.base import (
    MAX_EVENTS_BYTES,
    AgentContext,
    AgentSignals,
    AgentSpec,
    Install,
    Invocation,
    ProcessResult,
    truncate,
    valid_count,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.exec import safefs
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy

NAME = "mini-swe-agent"
PINNED_VERSION = "2.4.6"
SPEC = AgentSpec(needs_model=True, install=Install.pypi_venv("mini-swe-agent", PINNED_VERSION, binary="mini",
                                                             venv="mini-swe-agent-venv"))
TRAJECTORY = "traj.json"
SUBMIT_COMMAND = "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"
# exit_status values that mean the model server, not the agent, failed (litellm exception class names).
INFRA_STATUSES = ("InternalServerError", "APIConnectionError", "ServiceUnavailableError", "NotFoundError",
                  "BadGatewayError", "Timeout", "APIError")

FIXED_ENV = {
    "MSWEA_CONFIGURED": "true",
    "MSWEA_SILENT_STARTUP": "1",
    "MSWEA_COST_TRACKING": "ignore_errors",
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    # Its default is 10 attempts with backoff up to 60 s: minutes of retrying a server that is down.
    "MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT": "3",
    "NO_COLOR": "1",
}


def check(opts: dict) -> None:
    """The mini binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """mini has no --version: the version is the venv's package metadata, read by its own Python."""
    binary = SPEC.find_binary()
    if not binary:
        return None
    python = binary.parent / "python"
    args = ("-c", "import importlib.metadata as m; print(m.version('mini-swe-agent'))")
    return run_version(python, args) if python.exists() else None


def start_check(opts: dict) -> tuple[str, list[str], list[Path]]:
    """The sandbox preflight: `mini --help` (mini has no --version: the default check would fail), configured and
    silent so it neither asks for first-run setup nor writes a config dir."""
    binary = SPEC.require_binary()
    argv = ["env", "MSWEA_CONFIGURED=true", "MSWEA_SILENT_STARTUP=1", str(binary), "--help"]
    return f"mini at {binary}", argv, binary_mounts(binary)


def run_config(ctx: AgentContext, base_url: str) -> dict[str, Any]:
    """The config file merged over mini.yaml: the task, the limits, where the model is."""
    return {
        "run": {"task": ctx.prompt},
        # step_limit 0 is unlimited in mini; cost_limit 0 disables the (meaningless, unpriced) cost limit.
        "agent": {"step_limit": int(ctx.max_turns or 0), "cost_limit": 0},
        "model": {"model_kwargs": {"api_base": base_url, "api_key": "localagentbench"}},
    }


def invocation(ctx: AgentContext) -> Invocation:
    """`mini -y --exit-immediately -m openai/<model> -c mini.yaml -c <scratch>/run.yaml -o <scratch>/traj.json`."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    home = ctx.scratch_dir / "home"
    config_dir = ctx.scratch_dir / "mswea"
    for d in (home, config_dir):
        d.mkdir(parents=True, exist_ok=True)
    config = ctx.scratch_dir / "run.yaml"
    config.write_text(json.dumps(run_config(ctx, target.openai_base), indent=1), encoding="utf-8")
    env = dict(FIXED_ENV)
    env.update({
        "HOME": str(home),
        "MSWEA_GLOBAL_CONFIG_DIR": str(config_dir),
        "NO_PROXY": no_proxy(target),
        "no_proxy": no_proxy(target),
    })
    # A user's MSWEA_* (another config, a model name), LITELLM_* and OPENAI_* must not reach the run.
    scrub = scrubbed_env_prefix(("MSWEA_", "LITELLM_", "OPENAI_"), keep=set(env))
    argv = scrub + [str(binary), "-y", "--exit-immediately", "-m", f"openai/{target.model}",
                    "-c", "mini.yaml", "-c", str(config), "-o", str(ctx.scratch_dir / TRAJECTORY)]
    return Invocation(argv=argv, env=env, stdin=None, ro_paths=binary_mounts(binary))


def read_trajectory(path: Path) -> dict[str, Any] | None:
    """The trajectory mini wrote, read only if it is a regular file and at most MAX_EVENTS_BYTES; else None."""
    found = safefs.read_file(path, MAX_EVENTS_BYTES)
    if found is None:
        return None
    try:
        data = json.loads(found[0].decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _usage(message: dict) -> tuple[int | None, int | None]:
    extra = message.get("extra") if isinstance(message.get("extra"), dict) else {}
    response = extra.get("response") if isinstance(extra.get("response"), dict) else {}
    usage = response.get("usage") if isinstance(response.get("usage"), dict) else {}
    tin, tout = usage.get("prompt_tokens"), usage.get("completion_tokens")
    return (tin if valid_count(tin) else None), (tout if valid_count(tout) else None)


def _turn(sig: AgentSignals, message: dict, index: int, t0: float | None) -> None:
    tin, tout = _usage(message)
    ts = (message.get("extra") or {}).get("timestamp") if isinstance(message.get("extra"), dict) else None
    t = round(ts - t0, 3) if isinstance(ts, (int, float)) and t0 is not None else None
    sig.events.append({"type": "turn", "index": index, "t": t, "tokens_in": tin, "tokens_out": tout})


def _tool_result(ev: dict, message: dict, called_at: float | None) -> None:
    """Fill a tool_call event from mini's tool message: status by return code, duration by timestamps."""
    extra = message.get("extra") if isinstance(message.get("extra"), dict) else {}
    code, ts = extra.get("returncode"), extra.get("timestamp")
    submitted = SUBMIT_COMMAND in str(ev.get("input") or "")
    # The submit command's message is "action was not executed" with return code -1: that is mini ending the
    # run, not a failed call.
    ev["status"] = "ok" if code == 0 or submitted else "error"
    ev["output"] = truncate(extra.get("raw_output") if "raw_output" in extra else message.get("content"))
    if isinstance(ts, (int, float)) and isinstance(called_at, (int, float)):
        ev["duration_s"] = round(max(0.0, ts - called_at), 3)


def _walk(messages: list, sig: AgentSignals) -> None:
    """Trajectory messages into turn, text and tool_call events."""
    t0 = None
    calls: dict[str, dict] = {}
    called_at: float | None = None
    turns = 0
    for m in messages:
        if not isinstance(m, dict):
            continue
        extra = m.get("extra") if isinstance(m.get("extra"), dict) else {}
        if t0 is None and isinstance(extra.get("timestamp"), (int, float)):
            t0 = extra["timestamp"]
        role = m.get("role")
        if role == "assistant" or (role == "user" and "response" in extra):
            # a `user` message with a response is a reply mini rejected (no tool call, bad arguments): a turn too
            _turn(sig, m, turns, t0)
            turns += 1
            called_at = extra.get("timestamp")
        if role == "assistant":
            if isinstance(m.get("content"), str) and m["content"]:
                sig.events.append({"type": "text", "text": truncate(m["content"]), "t": None})
            for action in extra.get("actions") or []:
                if not isinstance(action, dict):
                    continue
                ev = {"type": "tool_call", "name": "bash", "status": "error", "duration_s": None,
                      "input": truncate(action.get("command")), "output": None, "t": None}
                sig.events.append(ev)
                calls[str(action.get("tool_call_id"))] = ev
        elif role == "user" and "response" in extra:
            sig.events.append({"type": "error", "message": truncate(m.get("content")), "t": None})
        elif role == "tool" and str(m.get("tool_call_id")) in calls:
            _tool_result(calls[str(m.get("tool_call_id"))], m, called_at)


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns, tool calls (failed = non-zero return code), tokens and the trajectory from mini's trajectory file."""
    sig = AgentSignals()
    traj = read_trajectory(ctx.scratch_dir / TRAJECTORY)
    if traj is None:
        if result.exit_code not in (0, None) and not result.timed_out:
            sig.infra_error = f"mini-swe-agent wrote no trajectory (exit code {result.exit_code})"
        return sig
    messages = traj.get("messages") if isinstance(traj.get("messages"), list) else []
    _walk(messages, sig)
    turns = [e for e in sig.events if e["type"] == "turn"]
    tools = [e for e in sig.events if e["type"] == "tool_call"]
    sig.turns, sig.tool_calls = len(turns), len(tools)
    sig.failed_tool_calls = sum(1 for e in tools if e["status"] == "error")
    if turns and all(e["tokens_in"] is not None and e["tokens_out"] is not None for e in turns):
        sig.tokens_in = sum(e["tokens_in"] for e in turns)
        sig.tokens_out = sum(e["tokens_out"] for e in turns)
    info = traj.get("info") if isinstance(traj.get("info"), dict) else {}
    status = str(info.get("exit_status") or "")
    last = messages[-1] if messages and isinstance(messages[-1], dict) else {}
    detail = str(last.get("content") or status) if last.get("role") == "exit" else status
    if status in ("Submitted", ""):
        pass
    elif status == "LimitsExceeded":
        sig.extra["stopped"] = "max_turns"
    elif status == "RepeatedFormatError":
        # The model kept answering without a (valid) tool call: a completed run that failed (issue 20), the
        # model's doing, not an agent error.
        sig.extra["stopped"] = "format_errors"
    elif status in INFRA_STATUSES and not turns:
        sig.infra_error = f"model server: {truncate(detail, 300)}"
    else:
        sig.agent_error = f"{status}: {truncate(detail, 300)}" if detail != status else status
    if status and status != "Submitted":
        sig.events.append({"type": "error", "message": truncate(f"exit_status {status}: {detail}"), "t": None})
    stats = info.get("model_stats") if isinstance(info.get("model_stats"), dict) else {}
    sig.extra.update(exit_status=status or None, api_calls=stats.get("api_calls"),
                     mini_version=info.get("mini_version"), trajectory_format=traj.get("trajectory_format"))
    return sig
