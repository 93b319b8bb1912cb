"""Qwen Code: `qwen --output-format stream-json` (@qwen-code/qwen-code 0.24.4), headless, one private HOME and
QWEN_HOME per run. The facts below were verified against the scripted server (notes/agent-clis.md).

- The prompt goes on stdin (closed after writing); there is no positional prompt (`-p` is deprecated and only
  appended to stdin). `--approval-mode yolo` grants every tool: the harness's sandbox is the boundary.
- Protocol: OpenAI chat completions, streamed, with `stream_options.include_usage`. OPENAI_BASE_URL is the proxy
  route's …/v1; `--model` / OPENAI_MODEL the model as the server knows it, sent verbatim.
- Its own dirs: QWEN_HOME (user settings, chat recordings, usage_record.jsonl) and HOME, both in the run's scratch
  dir, both created here: a missing one crashes qwen in loadSettings. With QWEN_HOME set, ~/.qwen is never read.
  The system scope (/etc/qwen-code/settings.json and system-defaults.json, which a machine may carry and the
  sandbox shows) is redirected to files of the run (QWEN_CODE_SYSTEM_SETTINGS_PATH / _DEFAULTS_PATH).
- The task repository's own project scope IS read, as for anyone who runs qwen in that repo: its QWEN.md (and
  the files it imports) joins the system prompt, like a repo's AGENTS.md or CLAUDE.md for the other agents (a
  task's instructions are the task's; the suite's tasks carry none). Its `.qwen/settings.json` is read too, but
  every setting the harness depends on is written to the SYSTEM scope, which overrides the workspace's: usage
  statistics, telemetry, auto-update, the background memory / dream / skill agents, request timeouts and
  retries, chat recording. The model, server, approval mode and turn limit are on the command line / in the
  environment, which win over every settings file. A repo's `.qwen/.env` cannot override a variable set here.
- Network: by default qwen posts usage statistics to an aliyuncs.com RUM endpoint: QWEN_USAGE_STATISTICS_ENABLED=0
  and privacy.usageStatisticsEnabled false stop it; then only the model URL is contacted (strace). The managed
  auto-memory agent makes an extra model request after the answer: switched off.
- Requests: qwen's own limits (120 s per request, 240 s between streamed chunks, 15 min per stream) would abort
  and retry a slow local model's long prefill; they are off, so the harness's timeout is the one bound. Retries
  of a refused request (429, 5xx; 28 requests in 100 s by default) are cut to MAX_RETRIES, though qwen's outer
  loop still makes 7 attempts over ~90 s on a server that answers 5xx (through the harness, the model proxy
  stops a run after 3 calls that could not reach the server). The context window is the run's context_length
  (default 32768, as for the other agents): qwen then sizes max_tokens to fit the prompt into it (about 4000
  with its 18k-token prompt) instead of asking an unknown model for 32768.
- Its `edit` tool refuses a file that was not read with `read_file` earlier in the session, and takes absolute
  paths only: weak local models trip over both (the failures show as failed tool calls).
- Max turns: `--max-session-turns N`; reaching it exits 53 with NO `result` event (stderr "Reached max session
  turns"). Server down: exit 1 in seconds, an assistant text "[API Error: Connection error. (cause: fetch
  failed)]" and a `result` with is_error and that message.

Stream-json (stdout): `system`/init (tools, model, qwen_code_version), one `assistant` event per content block
(the block that ends a model call carries that call's usage, the others 0/0), `user` (tool_result with
is_error), `result` (subtype, is_error, num_turns, usage summed over the calls). These events carry no times.
The chat recording (QWEN_HOME/projects/<workdir slug>/chats/<session>.jsonl; the session id is set on the
command line) does: each record has a timestamp, and its `ui_telemetry` records hold each tool call's
duration_ms and each model response's. parse reads it (capped, never through a link) for tool durations and the
turns' and calls' start times; without it those stay None. A subagent's model calls (its `agent` tool; events
with parent_tool_use_id, shape not verified) are counted as turns like the main loop's: the proxy counts them too.
Start-up to the first model request, sandbox included: 4-7 s on a 2-core machine, up to 13 s under load.
"""
from __future__ import annotations

import json
import re
import uuid
from datetime import datetime
from typing import Any

from bench.agents.base import (
    MAX_EVENTS_BYTES,
    AgentContext,
    AgentSignals,
    AgentSpec,
    Install,
    Invocation,
    ProcessResult,
    context_length,
    private_home,
    read_events,
    stderr_lines,
    truncate,
    valid_count,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.common import untrusted
from bench.exec import safefs
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy_env

NAME = "qwen-code"
PINNED_VERSION = "0.24.4"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@qwen-code/qwen-code", PINNED_VERSION, binary="qwen"))
# Exit codes of qwen 0.24.4 for its own limits (its docs: 53 turns, 55 wall time / tool-call budget).
EXIT_MAX_TURNS = 53
EXIT_BUDGET = 55
DEFAULT_CONTEXT = 32768
# Retries of a request the server refused (429, 5xx) inside one attempt; qwen's default is 10. A local server's
# refusal is not a cloud rate limit that passes. (Its outer loop of 7 attempts with backoff cannot be set.)
MAX_RETRIES = 1

FIXED_ENV = {
    "QWEN_USAGE_STATISTICS_ENABLED": "0",    # any value but true/1 disables; wins over every settings file
    "QWEN_TELEMETRY_ENABLED": "0",
    "QWEN_CODE_SUPPRESS_YOLO_WARNING": "1",
    "QWEN_STREAM_MAX_LIFETIME_MS": "0",      # settable only here: a stream's 15-minute cap, off
    "NO_COLOR": "1",
}
SCRUBBED_PREFIXES = ("QWEN_", "OPENAI_", "DASHSCOPE_", "SANDBOX", "BUILD_SANDBOX", "SEATBELT_")
# What every run's qwen is told, in the user AND the system scope (the system scope overrides a repo's
# .qwen/settings.json; a few keys are honoured in operator scopes only). No update check, no usage statistics,
# no background memory agents (each an extra model request billed to the run), no attribution in commits, chat
# recording on (parse reads its times), no request timeouts (the harness's timeout bounds the run).
SETTINGS: dict[str, Any] = {
    "general": {"enableAutoUpdate": False, "gitCoAuthor": {"commit": False, "pr": False}, "chatRecording": True},
    "privacy": {"usageStatisticsEnabled": False},
    "telemetry": {"enabled": False},
    "memory": {"enableManagedAutoMemory": False, "enableManagedAutoDream": False, "enableAutoSkill": False},
    "ui": {"enableFollowupSuggestions": False},
}


def check(opts: dict) -> None:
    """The qwen binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`qwen --version` (e.g. "0.24.4"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def settings_for(window: int) -> dict[str, Any]:
    """The settings of one run (SETTINGS plus the model's request controls for a `window`-token context)."""
    cfg = json.loads(json.dumps(SETTINGS))
    cfg["model"] = {"generationConfig": {"timeout": 0, "streamIdleTimeoutMs": 0, "maxRetries": MAX_RETRIES,
                                         "contextWindowSize": window}}
    return cfg


def session_id(ctx: AgentContext) -> str:
    """The run's session id (a UUID derived from its scratch dir): where parse finds the chat recording."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"localagentbench:{ctx.scratch_dir}"))


def recording_path(ctx: AgentContext) -> str:
    """The chat recording's path relative to QWEN_HOME: qwen names the project dir after the workdir, every
    character but letters and digits made '-' (sanitizeCwd in 0.24.4)."""
    return f"projects/{re.sub(r'[^a-zA-Z0-9]', '-', str(ctx.workdir))}/chats/{session_id(ctx)}.jsonl"


def environment(ctx: AgentContext) -> dict[str, str]:
    """qwen's environment for one run, its settings files written into the scratch dir (also what the ACP entry
    qwen-code-acp runs with)."""
    target = ctx.model_target()
    home, qwen_home, system = ctx.scratch_dir / "home", ctx.scratch_dir / "qwen", ctx.scratch_dir / "qwen-system"
    for d in (qwen_home, system):
        d.mkdir(parents=True, exist_ok=True)
    settings = json.dumps(settings_for(context_length(ctx, DEFAULT_CONTEXT)), indent=1)
    for path in (qwen_home / "settings.json", system / "settings.json"):
        path.write_text(settings, encoding="utf-8")
    (system / "system-defaults.json").write_text("{}\n", encoding="utf-8")
    env = dict(FIXED_ENV)
    env.update({
        **private_home(home),
        "QWEN_HOME": str(qwen_home),
        "QWEN_CODE_SYSTEM_SETTINGS_PATH": str(system / "settings.json"),
        "QWEN_CODE_SYSTEM_DEFAULTS_PATH": str(system / "system-defaults.json"),
        "OPENAI_BASE_URL": target.openai_base,
        "OPENAI_API_KEY": "localagentbench",
        "OPENAI_MODEL": target.model,
        **no_proxy_env(target),
    })
    return env


def invocation(ctx: AgentContext) -> Invocation:
    """`qwen --output-format stream-json --approval-mode yolo --auth-type openai --model M --session-id S
    --chat-recording [--max-session-turns N]`, the prompt on stdin."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    env = environment(ctx)
    # A user's QWEN_* / OPENAI_* / DASHSCOPE_* settings (another base URL, a runtime dir, a sandbox) must not reach
    # the run, nor the variables qwen's own sandbox reads (SANDBOX*: "already inside one", its mounts and flags).
    scrub = scrubbed_env_prefix(SCRUBBED_PREFIXES, keep=set(env))
    argv = scrub + [str(binary), "--output-format", "stream-json", "--approval-mode", "yolo",
                    "--auth-type", "openai", "--model", target.model, "--session-id", session_id(ctx),
                    "--chat-recording"]
    if ctx.max_turns:
        argv += ["--max-session-turns", str(int(ctx.max_turns))]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse

_CONNECT_RE = re.compile(r"Connection error|fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|"
                         r"socket hang up|API Error: (?:5\d\d|401|403|404|429)\b", re.I)
# How qwen shows a failed model request: as assistant text (usage 0/0), then in the result's error.
_API_ERROR_RE = re.compile(r"^\[API Error: ")


def _blocks(event: dict) -> list[dict]:
    msg = event.get("message") if isinstance(event.get("message"), dict) else {}
    content = msg.get("content")
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def _result_text(content: Any) -> Any:
    if isinstance(content, list):  # a tool_result's content may be blocks
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return content


def _usage(e: dict) -> tuple[int, int] | None:
    """The usage an assistant event carries when it closes a model call (the other blocks carry 0/0)."""
    msg = e.get("message") if isinstance(e.get("message"), dict) else {}
    usage = msg.get("usage") if isinstance(msg.get("usage"), dict) else {}
    tin, tout = usage.get("input_tokens"), usage.get("output_tokens")
    if valid_count(tin) and valid_count(tout) and (tin or tout):
        return tin, tout
    return None


class _Reader:
    """Folds qwen's stream-json events into normalized events, one model call (a run of assistant events that
    ends with the block carrying the call's usage) at a time, so that each turn precedes its text and calls."""

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.calls: dict[str, dict] = {}
        self.turns = 0
        self.pending: list[dict] = []      # the open model call's assistant events
        self.api_errors: list[str] = []

    def assistant(self, e: dict) -> None:
        self.pending.append(e)
        if _usage(e) is not None:
            self.flush()

    def flush(self) -> None:
        """Close the open model call: a turn (with its usage) and its blocks, or an error qwen printed as text."""
        group, self.pending = self.pending, []
        if not group:
            return
        blocks = [b for e in group for b in _blocks(e)]
        usage = next((u for u in (_usage(e) for e in group) if u), None)
        if not blocks and usage is None:   # nothing said, nothing counted: not a model call
            return
        texts = [str(b.get("text")) for b in blocks if b.get("type") == "text" and b.get("text")]
        if usage is None and texts and len(texts) == len(blocks) and all(_API_ERROR_RE.match(t) for t in texts):
            for t in texts:
                self.api_errors.append(t)
                self.events.append({"type": "error", "message": truncate(t), "t": None})
            return
        self.events.append({"type": "turn", "index": self.turns, "t": None,
                            "tokens_in": usage[0] if usage else None, "tokens_out": usage[1] if usage else None})
        self.turns += 1
        for b in blocks:
            if b.get("type") == "text" and b.get("text"):
                self.events.append({"type": "text", "text": truncate(b["text"]), "t": None})
            elif b.get("type") == "thinking" and b.get("thinking"):
                self.events.append({"type": "text", "text": truncate(b["thinking"]), "reasoning": True, "t": None})
            elif b.get("type") == "tool_use":
                ev = {"type": "tool_call", "name": str(b.get("name") or "?"), "status": "error", "duration_s": None,
                      "input": truncate(b.get("input")), "output": None, "t": None}
                self.events.append(ev)
                self.calls[str(b.get("id"))] = ev   # "error" until a tool_result says otherwise

    def user(self, e: dict) -> None:
        blocks = _blocks(e)
        if blocks:       # tool results: the model call that asked for them is over
            self.flush()
        for b in blocks:
            if b.get("type") == "tool_result" and str(b.get("tool_use_id")) in self.calls:
                ev = self.calls[str(b.get("tool_use_id"))]
                ev["status"] = "error" if b.get("is_error") else "ok"
                ev["output"] = truncate(_result_text(b.get("content")))


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
        if not any(e.get("type") == "error" and e.get("message") == truncate(msg) for e in sig.events):
            sig.events.append({"type": "error", "message": truncate(msg), "t": None})
        # Only a run that never got an answer blames the server (the harness checks it); later failures are
        # the agent's.
        if _CONNECT_RE.search(msg) and turns == 0:
            sig.infra_error = f"model server unreachable or refused the request: {truncate(msg, 300)}"
        else:
            sig.agent_error = truncate(msg, 300)
    elif isinstance(final.get("result"), str):
        extra["final_message"] = truncate(final["result"])


def _stamp(value: Any) -> float | None:
    """An ISO-8601 timestamp of the recording ("2026-12-04T03:01:13.686Z") as epoch seconds, or None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _ms(value: Any) -> float | None:
    value = untrusted.number(value)
    return value / 1000.0 if value is not None and value >= 0 else None


def read_recording(ctx: AgentContext) -> tuple[float | None, list[tuple[float, float]], dict[str, tuple[float, float]]]:
    """What the chat recording says about times: (its first record's time, each model response's (start, duration)
    in order, each tool call's (start, duration) by call id), all in epoch seconds; empty when it is missing.

    The file is read as the agent left it: never through a link, at most MAX_EVENTS_BYTES, junk lines skipped."""
    qwen_home = ctx.scratch_dir / "qwen"
    found = safefs.read_capped(qwen_home, recording_path(ctx), MAX_EVENTS_BYTES) if qwen_home.is_dir() else None
    t0, responses, tools = None, [], {}
    if found is None:
        return t0, responses, tools
    for line in found[0].decode("utf-8", errors="replace").splitlines():
        rec = untrusted.loads(line)   # None: not JSON, too deep, a number Python will not convert
        if not isinstance(rec, dict):
            continue
        if t0 is None:
            t0 = _stamp(rec.get("timestamp"))
        payload = rec.get("systemPayload") if isinstance(rec.get("systemPayload"), dict) else {}
        ui = payload.get("uiEvent") if rec.get("subtype") == "ui_telemetry" else None
        if not isinstance(ui, dict):
            continue
        end, dur = _stamp(ui.get("event.timestamp")), _ms(ui.get("duration_ms"))
        if end is None or dur is None:
            continue
        if ui.get("event.name") == "qwen-code.api_response":
            responses.append((end - dur, dur))
        elif ui.get("event.name") == "qwen-code.tool_call" and isinstance(ui.get("call_id"), str):
            tools[ui["call_id"]] = (end - dur, dur)
    return t0, responses, tools


def _add_times(ctx: AgentContext, reader: _Reader) -> bool:
    """Tool durations and turn / call start times (seconds from the prompt) from the chat recording."""
    t0, responses, tools = read_recording(ctx)
    if t0 is None:
        return False
    answered: float | None = None   # when the current turn's answer was complete: its text's time
    responses_left = iter(responses)
    for ev in reader.events:
        if ev["type"] == "turn":
            start, dur = next(responses_left, (None, None))
            ev["t"] = None if start is None else round(start - t0, 3)
            answered = None if start is None else round(start + dur - t0, 3)
        elif ev["type"] == "text":
            ev["t"] = answered
    for call_id, ev in reader.calls.items():
        if call_id in tools:
            start, dur = tools[call_id]
            ev["t"], ev["duration_s"] = round(start - t0, 3), round(dur, 3)
    return True


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns, tool calls (failed = tool_result is_error), tokens and the trajectory from qwen's stream-json,
    with times from its chat recording."""
    raw = read_events(result.stdout_path)
    sig = AgentSignals()
    reader = _Reader()
    final: dict | None = None
    extra: dict[str, Any] = {}
    for e in raw:
        typ = e.get("type")
        if typ == "system" and e.get("subtype") == "init":
            tools = e.get("tools")
            extra.update(session_id=truncate(e.get("session_id"), 80),
                         qwen_code_version=truncate(e.get("qwen_code_version"), 80),
                         model=truncate(e.get("model"), 200), tools_available=len(tools) if isinstance(tools, list)
                         else None)
        elif typ == "assistant":
            reader.assistant(e)
        elif typ == "user":
            reader.user(e)
        elif typ == "result":
            reader.flush()
            final = e
    reader.flush()
    sig.events = reader.events
    extra["times_from_recording"] = _add_times(ctx, reader)
    tool_events = [ev for ev in sig.events if ev["type"] == "tool_call"]
    sig.tool_calls = len(tool_events)
    sig.failed_tool_calls = sum(1 for ev in tool_events if ev["status"] == "error")
    sig.turns = reader.turns
    if final is not None:
        _result(final, sig, extra, reader.turns)
    elif reader.turns:   # no result event (a limit or a kill ended the run): the calls' own usage, summed
        sig.tokens_in = sum(ev["tokens_in"] or 0 for ev in sig.events if ev["type"] == "turn")
        sig.tokens_out = sum(ev["tokens_out"] or 0 for ev in sig.events if ev["type"] == "turn")
    if final is None and result.exit_code == EXIT_MAX_TURNS:
        extra["stopped"] = "max_turns"       # qwen prints no result event when the turn limit ends the run
    elif final is None and result.exit_code == EXIT_BUDGET:
        extra["stopped"] = "budget"
    elif final is None and reader.api_errors and not result.timed_out:
        _result({"is_error": True, "error": {"message": reader.api_errors[-1]}}, sig, extra, reader.turns)
    elif not raw and not result.timed_out:
        # Not the model server's fault (that would have been a result event): qwen ended before its first event,
        # a crash (exit 1) or a start it gave up on (exit 0, e.g. a sandbox it could not start).
        sig.agent_error = f"qwen failed to start: {_stderr_tail(result) or f'exit code {result.exit_code}'}"
    sig.extra = extra
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig


def _stderr_tail(result: ProcessResult) -> str | None:
    """The line that says why qwen failed to start: the first "Error…" line (the crash's own line follows "An
    unexpected critical error occurred:"), else the first one that is not a routine notice."""
    useful = [ln for ln in stderr_lines(result) if not ln.startswith(("Ripgrep not available", "Warning:"))]
    for ln in useful:
        if ln.startswith("Error"):
            return truncate(ln, 300)
    return truncate(useful[0], 300) if useful else None
