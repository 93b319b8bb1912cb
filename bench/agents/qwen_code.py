"""qwen-code (DRAFT, not registered): `qwen --output-format stream-json` (@qwen-code/qwen-code 0.24.4), headless.

Verified against the scripted server through the model proxy (notes/issue20-qwen-mini.md):

- The prompt goes on stdin (closed after writing); no positional prompt (`-p` is deprecated and would be
  appended to stdin anyway). `--approval-mode yolo` grants every tool; the harness's sandbox is the boundary.
- Protocol: OpenAI chat completions, streamed, with `stream_options.include_usage`. OPENAI_BASE_URL is the
  proxy route's …/v1, OPENAI_MODEL / --model the model as the server knows it (sent verbatim).
- Its own dirs: QWEN_HOME (settings, chat recordings, usage_record.jsonl) and HOME, both in the run's scratch
  dir. Both must exist before it starts: a missing one is a crash in loadSettings. With QWEN_HOME set, ~/.qwen
  is not read (a planted ~/.qwen/settings.json and QWEN.md were ignored). A `.qwen/settings.json` or QWEN.md
  inside the task's repo IS read (project scope); the env variables below still win over it.
- Network: with defaults it posts usage statistics to an aliyuncs.com RUM endpoint. QWEN_USAGE_STATISTICS_ENABLED=0
  (env, also honoured under --bare, which ignores settings.json) and privacy.usageStatisticsEnabled false stop it;
  then only the model URL is contacted (strace). Background memory extraction / dream / auto-skill agents make
  extra model requests after the answer: switched off in settings.
- Its `edit` tool refuses a file that was not read with `read_file` earlier in the session, and takes absolute
  paths only: weak local models trip over both (the failures show as failed tool calls).
- Max turns: `--max-session-turns N`; reaching it exits 53 with NO `result` event (stderr: "Reached max session
  turns"). Server down: exit 1 in seconds, a `result` with subtype error_during_execution and
  error.message "[API Error: Connection error. (cause: fetch failed)]".

Stream-json events: `system`/init (tools, model, qwen_code_version), `assistant` (one per content block; the
block that ends a model call carries that call's usage, the others 0/0), `user` (tool_result with is_error),
`result` (subtype, is_error, num_turns, usage summed over the calls). Events carry no timestamps, so tool
durations are unknown (None).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bench.agents.base import (
    AgentContext,
    AgentSignals,
    AgentSpec,
    Install,
    Invocation,
    ProcessResult,
    read_events,
    truncate,
    valid_count,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy

NAME = "qwen-code"
PINNED_VERSION = "0.24.4"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@qwen-code/qwen-code", PINNED_VERSION, binary="qwen"))
# Exit codes of qwen 0.24.4 for its own limits (its docs: 53 turns, 55 wall time / tool-call budget).
EXIT_MAX_TURNS = 53
EXIT_BUDGET = 55

FIXED_ENV = {
    "QWEN_USAGE_STATISTICS_ENABLED": "0",    # any value but true/1 disables; wins over every settings file
    "QWEN_TELEMETRY_ENABLED": "0",
    "QWEN_CODE_SUPPRESS_YOLO_WARNING": "1",
    "NO_COLOR": "1",
}
# The per-run user settings (QWEN_HOME/settings.json): no update check, no usage statistics, no background
# memory agents (each is an extra model request billed to the run), no attribution in commits.
SETTINGS: dict[str, Any] = {
    "general": {"enableAutoUpdate": False, "gitCoAuthor": {"commit": False, "pr": False}},
    "privacy": {"usageStatisticsEnabled": False},
    "telemetry": {"enabled": False},
    "memory": {"enableManagedAutoMemory": False, "enableManagedAutoDream": False, "enableAutoSkill": False},
    "ui": {"enableFollowupSuggestions": False},
}

_CONNECT_RE = re.compile(r"Connection error|fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|"
                         r"socket hang up|\b(?:5\d\d|401|403|404|429)\b", re.I)


def check(opts: dict) -> None:
    """The qwen binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`qwen --version` (e.g. "0.24.4"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def invocation(ctx: AgentContext) -> Invocation:
    """`qwen --output-format stream-json --approval-mode yolo --auth-type openai --model M`, prompt on stdin."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    home = ctx.scratch_dir / "home"
    qwen_home = ctx.scratch_dir / "qwen"
    for d in (home, qwen_home):
        d.mkdir(parents=True, exist_ok=True)
    (qwen_home / "settings.json").write_text(json.dumps(SETTINGS, indent=1), encoding="utf-8")
    env = dict(FIXED_ENV)
    env.update({
        "HOME": str(home),
        "QWEN_HOME": str(qwen_home),
        "OPENAI_BASE_URL": target.openai_base,
        "OPENAI_API_KEY": "localagentbench",
        "OPENAI_MODEL": target.model,
        "NO_PROXY": no_proxy(target),
        "no_proxy": no_proxy(target),
    })
    # A user's QWEN_* / OPENAI_* settings (another base URL, a runtime dir, a sandbox) must not reach the run.
    scrub = scrubbed_env_prefix(("QWEN_", "OPENAI_"), keep=set(env))
    argv = scrub + [str(binary), "--output-format", "stream-json", "--approval-mode", "yolo",
                    "--auth-type", "openai", "--model", target.model]
    if ctx.max_turns:
        argv += ["--max-session-turns", str(int(ctx.max_turns))]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary))


def _blocks(event: dict) -> list[dict]:
    msg = event.get("message") if isinstance(event.get("message"), dict) else {}
    content = msg.get("content")
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def _result_text(content: Any) -> Any:
    if isinstance(content, list):  # a tool_result's content may be blocks
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return content


def _assistant(e: dict, sig: AgentSignals, calls: dict[str, dict], turns: int) -> int:
    """One `assistant` event into turn / text / tool_call events; returns the turn count so far."""
    msg = e.get("message") if isinstance(e.get("message"), dict) else {}
    usage = msg.get("usage") if isinstance(msg.get("usage"), dict) else {}
    tin, tout = usage.get("input_tokens"), usage.get("output_tokens")
    if valid_count(tin) and valid_count(tout) and (tin or tout):  # the block that closes a model call
        sig.events.append({"type": "turn", "index": turns, "t": None, "tokens_in": tin, "tokens_out": tout})
        turns += 1
    for b in _blocks(e):
        if b.get("type") == "text" and b.get("text"):
            sig.events.append({"type": "text", "text": truncate(b["text"]), "t": None})
        elif b.get("type") == "thinking" and b.get("thinking"):
            sig.events.append({"type": "text", "text": truncate(b["thinking"]), "reasoning": True, "t": None})
        elif b.get("type") == "tool_use":
            ev = {"type": "tool_call", "name": str(b.get("name") or "?"), "status": "error",
                  "duration_s": None, "input": truncate(b.get("input")), "output": None, "t": None}
            sig.events.append(ev)
            calls[str(b.get("id"))] = ev   # status stays "error" until a tool_result says otherwise
    return turns


def _result(final: dict, sig: AgentSignals, extra: dict[str, Any], turns: int) -> None:
    """The closing `result` event: qwen's token totals, its subtype, and an error it reports."""
    usage = final.get("usage") if isinstance(final.get("usage"), dict) else {}
    for key, name in (("input_tokens", "tokens_in"), ("output_tokens", "tokens_out"),
                      ("cache_read_input_tokens", "tokens_cache_read")):
        if valid_count(usage.get(key)):
            setattr(sig, name, usage[key])
        elif usage.get(key) is not None:
            sig.problems.append(f"result usage {key}={truncate(usage.get(key), 80)}: not a count; dropped")
    extra.update(subtype=final.get("subtype"), num_turns=final.get("num_turns"),
                 duration_ms=final.get("duration_ms"), duration_api_ms=final.get("duration_api_ms"))
    if final.get("is_error"):
        err = final.get("error") if isinstance(final.get("error"), dict) else {}
        msg = str(err.get("message") or final.get("result") or final.get("subtype") or "error")
        sig.events.append({"type": "error", "message": truncate(msg), "t": None})
        # Only a run that never got an answer blames the server; later failures are the agent's.
        if _CONNECT_RE.search(msg) and turns == 0:
            sig.infra_error = f"model server unreachable or refused the request: {truncate(msg, 300)}"
        else:
            sig.agent_error = truncate(msg, 300)
    elif isinstance(final.get("result"), str):
        extra["final_message"] = truncate(final["result"])


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns, tool calls (failed = tool_result is_error), tokens and the trajectory from qwen's stream-json."""
    raw = read_events(result.stdout_path)
    sig = AgentSignals()
    calls: dict[str, dict] = {}
    final: dict | None = None
    turns = 0
    extra: dict[str, Any] = {}
    for e in raw:
        typ = e.get("type")
        if typ == "system" and e.get("subtype") == "init":
            extra.update(session_id=e.get("session_id"), qwen_code_version=e.get("qwen_code_version"),
                         model=e.get("model"), tools_available=len(e.get("tools") or []))
        elif typ == "assistant":
            turns = _assistant(e, sig, calls, turns)
        elif typ == "user":
            for b in _blocks(e):
                if b.get("type") == "tool_result" and str(b.get("tool_use_id")) in calls:
                    ev = calls[str(b.get("tool_use_id"))]
                    ev["status"] = "error" if b.get("is_error") else "ok"
                    ev["output"] = truncate(_result_text(b.get("content")))
        elif typ == "result":
            final = e
    tool_events = [ev for ev in sig.events if ev["type"] == "tool_call"]
    sig.tool_calls = len(tool_events)
    sig.failed_tool_calls = sum(1 for ev in tool_events if ev["status"] == "error")
    sig.turns = turns
    if final is not None:
        _result(final, sig, extra, turns)
    elif turns:   # no result event (a limit or a kill ended the run): the calls' own usage, summed
        sig.tokens_in = sum(ev["tokens_in"] for ev in sig.events if ev["type"] == "turn")
        sig.tokens_out = sum(ev["tokens_out"] for ev in sig.events if ev["type"] == "turn")
    if final is None and result.exit_code == EXIT_MAX_TURNS:
        extra["stopped"] = "max_turns"       # qwen prints no result event when the turn limit ends the run
    elif final is None and result.exit_code == EXIT_BUDGET:
        extra["stopped"] = "budget"
    elif not raw and result.exit_code not in (0, None) and not result.timed_out:
        sig.infra_error = f"qwen failed to start: {_stderr_tail(result.stderr_path) or f'exit code {result.exit_code}'}"
    sig.extra = extra
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig


def _stderr_tail(path: Path) -> str | None:
    """The last stderr line that is not one of qwen's routine notices (ripgrep fallback, yolo warning)."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    useful = [ln.strip() for ln in lines if ln.strip() and not ln.startswith(("Ripgrep not available", "Warning:"))]
    for ln in useful:
        if ln.startswith("Error"):     # the crash's own line follows "An unexpected critical error occurred:"
            return truncate(ln, 300)
    return truncate(useful[-1], 300) if useful else None
