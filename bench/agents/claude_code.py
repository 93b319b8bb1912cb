"""Claude Code: `claude -p --output-format stream-json` (@anthropic-ai/claude-code 2.1.332), one private HOME and
CLAUDE_CONFIG_DIR per run. Facts verified with the real CLI below (notes/agent-clis.md: where AGENT-CLIS differs).

Protocol: Anthropic Messages only. ANTHROPIC_BASE_URL is the proxy route's root (no /v1: with /v1 it requests
/v1/v1/messages, which the proxy refuses). Against a server that speaks chat completions only, the proxy
translates. The prompt goes on stdin (closed after writing); `-p` with no argument reads it there.

Models: every variable that picks a model for some tier or helper (ANTHROPIC_MODEL and ANTHROPIC_DEFAULT_MODEL,
the opus/sonnet/haiku/fable defaults, the small/fast model, the subagent, workflow-subagent, auto-mode and
background-classifier models, found with `strings` in the 2.1.332 binary) is the model the user named, and
CLAUDE_CODE_SUBAGENT_MODEL_FORCE makes a subagent's own `model:` lose to it, so no request asks the server for
a model it lacks (checked with an Explore subagent, whose own default is a haiku tier).
CLAUDE_CODE_ATTRIBUTION_HEADER=0 removes the `x-anthropic-billing-header: cc_version=...` block it otherwise
puts first in every request's system prompt, which changes with the version and would defeat a local
server's prefix cache.

Quiet: CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC, DISABLE_TELEMETRY, DISABLE_AUTOUPDATER and
DISABLE_ERROR_REPORTING together stop its two start-up connections to api.anthropic.com. IS_SANDBOX=1:
as root it refuses `--permission-mode bypassPermissions` otherwise; the harness's sandbox is the boundary.
CLAUDE_CODE_MAX_RETRIES=1: a down server fails the run in seconds instead of minutes of back-off.

Context: for a model it does not know it assumes a 1,000,000-token window and keeps 32,000 tokens for output,
so it would never compact and overflow a local server instead. CLAUDE_CODE_MAX_CONTEXT_TOKENS is the run's
context_length (default 32768) and CLAUDE_CODE_MAX_OUTPUT_TOKENS min(4096, context/4, at least 1024): the window
alone makes it compact after every turn at 32k ("Autocompact is thrashing"; its threshold is about window -
max output - 13k, so 8192 still thrashed at 32k and 4096 did not). Its prompt is ~12,300 tokens before any work
(system prompt and 12 tool schemas): a 4k/8k window cannot run it. Compaction summaries are extra model calls
(the proxy counts them).

Parse: one `assistant` event per content block, each repeating its message's start usage, so turns are distinct
message ids and tokens come from the last `result` event only (into agent_reported; the proxy's figures count):
its `modelUsage`, which covers the whole session, subagents included. A subagent started through the Agent
tool runs in the background; its messages carry parent_tool_use_id (their events are marked `subagent`) and its
completion notice starts another main turn with a second `result` event, whose `usage` alone would miss it.
A tool call is a tool_use block settled by the `user` event's tool_result for its id (is_error: failed); its
duration runs from the tool_use event's timestamp to the tool_result event's. `result.is_error` decides
failure, not the subtype: a server that is down ends with subtype "success", is_error true and
api_error_status 502 (infra_error), `--max-turns` ends with subtype "error_max_turns" (extra stopped
"max_turns", not an error: the task's limit, graded like any agent's). An API error is also printed as an
assistant message of model "<synthetic>": not a turn.
"""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.agents.base import (
    MAX_COUNT,
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
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy_env

NAME = "claude-code"
PINNED_VERSION = "2.1.332"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@anthropic-ai/claude-code", PINNED_VERSION, binary="claude"))
DEFAULT_CONTEXT = 32768
MAX_OUTPUT = 4096   # with 8192 a 32k window compacted after every turn (the ~12k prompt crossed its threshold)
MIN_OUTPUT = 1024
DEFAULT_MAX_TURNS = 50   # --max-turns when the task names none; the harness's timeout is the hard bound

FIXED_ENV = {
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "CLAUDE_CODE_ATTRIBUTION_HEADER": "0",
    "CLAUDE_CODE_SUBAGENT_MODEL_FORCE": "1",
    # Without it a down server costs minutes of retries; the proxy's 502 comes back at once.
    "CLAUDE_CODE_MAX_RETRIES": "1",
    # bypassPermissions is refused as root otherwise; the harness's sandbox is the boundary.
    "IS_SANDBOX": "1",
    "ANTHROPIC_AUTH_TOKEN": "localagentbench",
    "ANTHROPIC_API_KEY": "",
    "NO_COLOR": "1",
}
# Every variable that picks a model for some tier or helper (strings of the 2.1.332 binary).
MODEL_VARS = ("ANTHROPIC_MODEL", "ANTHROPIC_DEFAULT_MODEL", "ANTHROPIC_DEFAULT_OPUS_MODEL",
              "ANTHROPIC_DEFAULT_SONNET_MODEL", "ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_DEFAULT_FABLE_MODEL",
              "ANTHROPIC_SMALL_FAST_MODEL", "CLAUDE_CODE_SUBAGENT_MODEL", "CLAUDE_CODE_WORKFLOW_SUBAGENT_MODEL",
              "CLAUDE_CODE_AUTO_MODE_MODEL", "CLAUDE_CODE_BG_CLASSIFIER_MODEL")
# The caller's variables of these families are dropped unless the adapter sets them: another base URL, a real
# key, a Bedrock/Vertex switch, a model, CLAUDECODE (set inside a Claude Code session), BASH_ENV for its shell.
SCRUBBED_PREFIXES = ("ANTHROPIC_", "CLAUDE", "DISABLE_", "MCP_", "MAX_THINKING_TOKENS", "BASH_")


def check(opts: dict) -> None:
    """The claude binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`claude --version` ("2.1.332 (Claude Code)"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def output_tokens(context: int) -> int:
    """CLAUDE_CODE_MAX_OUTPUT_TOKENS for a context window: small enough that auto-compaction does not thrash."""
    return min(MAX_OUTPUT, max(MIN_OUTPUT, context // 4))


def environment(ctx: AgentContext) -> dict[str, str]:
    """Claude Code's environment for one run: the proxy's Messages route, every model tier the run's model, HOME,
    CLAUDE_CONFIG_DIR and temporary dirs in the scratch dir (also what the ACP bridge claude-code-acp runs with)."""
    target = ctx.model_target()
    home = ctx.scratch_dir / "home"
    ctxlen = context_length(ctx, DEFAULT_CONTEXT)
    env = dict(FIXED_ENV)
    env.update({name: target.model for name in MODEL_VARS})
    env.update({
        "ANTHROPIC_BASE_URL": target.root,
        "CLAUDE_CONFIG_DIR": str(ctx.scratch_dir / "claude-config"),
        "CLAUDE_CODE_MAX_CONTEXT_TOKENS": str(ctxlen),
        "CLAUDE_CODE_MAX_OUTPUT_TOKENS": str(output_tokens(ctxlen)),
        **private_home(home),
        # its messaging socket (XDG_RUNTIME_DIR/cc-socks/<pid>.sock) and temporary files, else under the host's /tmp
        "XDG_RUNTIME_DIR": str(ctx.scratch_dir / "run"),
        "CLAUDE_CODE_TMPDIR": str(ctx.scratch_dir / "tmp"),
        **no_proxy_env(target),
    })
    for d in ("CLAUDE_CONFIG_DIR", "XDG_RUNTIME_DIR", "CLAUDE_CODE_TMPDIR"):
        Path(env[d]).mkdir(mode=0o700, parents=True, exist_ok=True)
    return env


def invocation(ctx: AgentContext) -> Invocation:
    """`claude -p --output-format stream-json --verbose --permission-mode bypassPermissions --max-turns N
    --model M`, the prompt on stdin, every model tier M, HOME and CLAUDE_CONFIG_DIR in the run's scratch dir."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    env = environment(ctx)
    scrub = scrubbed_env_prefix(SCRUBBED_PREFIXES, keep=set(env))
    argv = scrub + [
        str(binary), "-p", "--output-format", "stream-json", "--verbose",
        "--permission-mode", "bypassPermissions", "--max-turns", str(ctx.max_turns or DEFAULT_MAX_TURNS),
        "--model", target.model,
    ]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse

# The model server's fault: an HTTP status the server (or the proxy in front of it) answered, or no connection.
_INFRA_STATUS = re.compile(r"API Error: (5\d\d|40[134]|408|429)\b")
_CONNECT_RE = re.compile(r"Unable to connect|ECONNREFUSED|ConnectionRefused|connection refused|fetch failed|"
                         r"socket hang up|ETIMEDOUT|EHOSTUNREACH|unreachable", re.I)


def _ts(e: dict) -> float | None:
    ts = e.get("timestamp")
    if not isinstance(ts, str):
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _blocks(msg: dict) -> list[dict]:
    content = msg.get("content")
    return [b for b in content if isinstance(b, dict)] if isinstance(content, list) else []


def _tool_result_text(content: Any) -> Any:
    if isinstance(content, list):
        return " ".join(str(c.get("text", "")) for c in content if isinstance(c, dict))
    return content


class _Reader:
    """The state of one pass over the stream-json events."""

    def __init__(self, sig: AgentSignals) -> None:
        self.sig = sig
        self.t0: float | None = None
        self.messages: set[str] = set()
        self.pending: dict[str, dict] = {}     # tool_use id -> its event, until its result comes
        self.final: dict | None = None
        self.api_errors: list[dict] = []       # the "<synthetic>" assistant messages an API error becomes
        self.retries = 0
        self.compactions = 0

    def rel(self, t: float | None) -> float | None:
        return round(t - self.t0, 3) if t is not None and self.t0 is not None else None

    def event(self, e: dict) -> None:
        typ, t = e.get("type"), _ts(e)
        if self.t0 is None and t is not None:
            self.t0 = t
        msg = e.get("message") if isinstance(e.get("message"), dict) else {}
        sub = e.get("subtype")
        if typ == "system" and sub == "init":
            self.sig.extra.update(claude_code_version=e.get("claude_code_version"), model=e.get("model"),
                                  session_id=e.get("session_id"))
        elif typ == "system" and sub == "compact_boundary":
            self.compactions += 1
            self.sig.events.append({"type": "compaction", "t": self.rel(t)})
        elif typ == "system" and sub == "api_retry":
            self.retries += 1
        elif typ == "assistant" and (msg.get("model") == "<synthetic>" or e.get("is_api_error_message")):
            self.api_errors.append(e)
            text = " ".join(str(b.get("text")) for b in _blocks(msg) if b.get("type") == "text")
            self.sig.events.append({"type": "error", "message": truncate(text or str(e.get("error"))),
                                    "t": self.rel(t)})
        elif typ == "assistant" and msg:
            self.assistant(msg, t, subagent=bool(e.get("parent_tool_use_id")))
        elif typ == "user":
            self.tool_results(msg, t)
        elif typ == "result":
            self.final = e

    def assistant(self, msg: dict, t: float | None, subagent: bool) -> None:
        """One assistant event: a new message id is a turn; its text and tool_use blocks become events (marked
        `subagent` when a subagent the model started through the Agent tool wrote them)."""
        mid = str(msg.get("id") or "")
        start = len(self.sig.events)
        if mid not in self.messages:
            self.messages.add(mid)
            self.sig.events.append({"type": "turn", "index": len(self.messages) - 1, "t": self.rel(t)})
        self.blocks(msg, t)
        if subagent:
            for ev in self.sig.events[start:]:
                ev["subagent"] = True

    def blocks(self, msg: dict, t: float | None) -> None:
        """The text, thinking and tool_use blocks of one assistant event, as events."""
        for block in _blocks(msg):
            if block.get("type") == "text" and block.get("text"):
                self.sig.events.append({"type": "text", "text": truncate(str(block["text"])), "t": self.rel(t)})
            elif block.get("type") == "thinking" and block.get("thinking"):
                self.sig.events.append({"type": "text", "text": truncate(str(block["thinking"])), "reasoning": True,
                                        "t": self.rel(t)})
            elif block.get("type") == "tool_use":
                ev = {"type": "tool_call", "name": str(block.get("name") or "?"), "status": "pending",
                      "duration_s": None, "input": truncate(block.get("input")), "output": None,
                      "t": self.rel(t), "_t": t}
                self.sig.events.append(ev)
                self.pending[str(block.get("id"))] = ev

    def tool_results(self, msg: dict, t: float | None) -> None:
        """A user event's tool_result blocks settle the tool calls they answer (is_error = a failed call)."""
        for block in _blocks(msg):
            if block.get("type") != "tool_result":
                continue
            ev = self.pending.pop(str(block.get("tool_use_id")), None)
            if ev is None:
                continue
            ev["status"] = "error" if block.get("is_error") else "ok"
            ev["output"] = truncate(_tool_result_text(block.get("content")))
            if t is not None and ev.get("_t") is not None:
                ev["duration_s"] = round(max(0.0, t - ev["_t"]), 3)


def _count(sig: AgentSignals, where: str, value: Any) -> int | None:
    """`value` if it is a usable count; else None, and a problem noted when it was there but unusable."""
    if value is None or valid_count(value):
        return value
    sig.problems.append(f"result {where}={truncate(value, 80)}: not a count; dropped")
    return None


def _tokens(sig: AgentSignals, final: dict) -> None:
    """tokens_in / tokens_out from the last `result` event: its `modelUsage` (per model, for the whole session,
    subagents included) where present, else its `usage` (this result's main-agent requests only). Anthropic's
    input excludes cache reads and writes; tokens_in is what the server processed (as for every agent)."""
    per_model = final.get("modelUsage")
    if isinstance(per_model, dict) and per_model:
        keys = ("inputTokens", "cacheReadInputTokens", "cacheCreationInputTokens", "outputTokens")
        rows = [{k: _count(sig, f"modelUsage.{k}", m.get(k)) for k in keys}
                for m in per_model.values() if isinstance(m, dict)]
    else:
        usage = final.get("usage") if isinstance(final.get("usage"), dict) else {}
        rows = [{new: _count(sig, f"usage.{old}", usage.get(old)) for old, new in (
            ("input_tokens", "inputTokens"), ("cache_read_input_tokens", "cacheReadInputTokens"),
            ("cache_creation_input_tokens", "cacheCreationInputTokens"), ("output_tokens", "outputTokens"))}]
    if rows and all(r["inputTokens"] is not None for r in rows):
        sig.tokens_cache_read = min(sum(r["cacheReadInputTokens"] or 0 for r in rows), MAX_COUNT)
        sig.tokens_in = min(sum(r["inputTokens"] + (r["cacheReadInputTokens"] or 0)
                                + (r["cacheCreationInputTokens"] or 0) for r in rows), MAX_COUNT)
    if rows and all(r["outputTokens"] is not None for r in rows):
        sig.tokens_out = min(sum(r["outputTokens"] for r in rows), MAX_COUNT)


def _infra(status: Any, text: str) -> bool:
    """Whether an API error is the model server's fault (or the proxy's refusal): 5xx, 401/403/404/408/429,
    or no connection."""
    if isinstance(status, int) and not isinstance(status, bool) and (status >= 500 or status in (401, 403, 404,
                                                                                                   408, 429)):
        return True
    return bool(_INFRA_STATUS.search(text) or _CONNECT_RE.search(text) or "the model proxy" in text)


def _final(sig: AgentSignals, final: dict) -> None:
    """Tokens, the final message and errors from the `result` event."""
    _tokens(sig, final)
    text = str(final.get("result") or "")
    errors = final.get("errors") if isinstance(final.get("errors"), list) else []
    if final.get("subtype") == "error_max_turns":
        sig.extra["stopped"] = "max_turns"
    if final.get("is_error") is True:
        why = truncate("; ".join(map(str, errors)) if errors else text or str(final.get("subtype") or "is_error"), 300)
        # A server that is down or refuses ends with subtype "success" and is_error: the status says whose fault
        # (the harness double-checks a reported infrastructure error against the server).
        if final.get("subtype") == "error_max_turns":
            pass   # the task's turn limit, as with every agent: graded on what it did, not an error of its own
        elif _infra(final.get("api_error_status"), text):
            sig.infra_error = f"model server error: {why}"
        else:
            sig.agent_error = why
        sig.events.append({"type": "error", "message": truncate(why), "t": None})
    elif text:
        sig.extra["final_message"] = truncate(text)
    sig.extra.update(subtype=final.get("subtype"), terminal_reason=final.get("terminal_reason"),
                     num_turns=final.get("num_turns"), duration_ms=final.get("duration_ms"))


def _stderr_tail(result: ProcessResult) -> str | None:
    """The last stderr line that is not its notice about a model name it does not know."""
    lines = [ln for ln in stderr_lines(result) if not ln.startswith("[claude-code:unrecognized_model]")]
    return truncate(lines[-1], 300) if lines else None


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns (distinct assistant message ids), tool calls (tool_use paired with tool_result), tokens from the
    final `result` event, errors from `result.is_error` / `api_error_status`."""
    raw = read_events(result.stdout_path)
    sig = AgentSignals()
    reader = _Reader(sig)
    for e in raw:
        reader.event(e)
    for ev in sig.events:
        ev.pop("_t", None)
        if ev.get("status") == "pending":   # never answered: the run ended inside the call
            ev["status"] = "error"
    calls = [ev for ev in sig.events if ev["type"] == "tool_call"]
    sig.turns = len(reader.messages)
    sig.tool_calls = len(calls)
    sig.failed_tool_calls = sum(1 for ev in calls if ev["status"] == "error")
    if reader.final is not None:
        _final(sig, reader.final)
    elif reader.api_errors and not result.timed_out:
        last = reader.api_errors[-1]
        text = next((str(b.get("text")) for b in _blocks(last.get("message") or {}) if b.get("type") == "text"), "")
        if _infra(last.get("api_error_status"), text):
            sig.infra_error = f"model server error: {truncate(text, 300)}"
    elif result.exit_code not in (0, None) and not result.timed_out:
        why = _stderr_tail(result) or f"exit code {result.exit_code}"
        if raw:
            sig.agent_error = f"claude ended without a result: {why}"
        else:   # nothing on stdout at all: it could not start (a broken install, a bad flag)
            sig.infra_error = f"claude failed to start: {why}"
    sig.extra.update(api_retries=reader.retries, compactions=reader.compactions)
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig
