"""DRAFT (issue 20, not registered): Claude Code, `claude -p --output-format stream-json` (@anthropic-ai/claude-code
2.1.332), one private HOME and CLAUDE_CONFIG_DIR per run. Facts: notes/issue20-claude-codex.md.

It speaks Anthropic Messages only: ANTHROPIC_BASE_URL is the proxy route's root (no /v1: with /v1 it requests
/v1/v1/messages). Every model tier (ANTHROPIC_MODEL, the opus/sonnet/haiku defaults, the small/fast model, the
subagent models) is the model the user named, so no request asks the server for a model it lacks.
CLAUDE_CODE_ATTRIBUTION_HEADER=0 removes the per-request `x-anthropic-billing-header` system block that would
defeat a local server's prefix cache; the four quiet variables stop its start-up traffic to api.anthropic.com.

Context: for a model it does not know it assumes a 1,000,000-token window and keeps 32,000 for output. It is
told the run's context_length and a smaller output budget, both: the window alone makes it compact after every
turn ("Autocompact is thrashing"). Compaction summaries are extra model calls (the proxy counts them).

Tokens: each `assistant` event repeats its message's start usage (output_tokens 1), so only the final
`result` event's usage is summed; the proxy's numbers are the harness's anyway. `result.is_error` decides
failure: a server-down run ends with subtype "success" and is_error true.
"""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.agents.base import (
    AgentContext,
    AgentSignals,
    AgentSpec,
    Install,
    Invocation,
    ProcessResult,
    context_length,
    read_events,
    truncate,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy

NAME = "claude-code"
PINNED_VERSION = "2.1.332"
SPEC = AgentSpec(needs_model=True, model_as_typed=False,
                 install=Install.npm("@anthropic-ai/claude-code", PINNED_VERSION, binary="claude"))
DEFAULT_CONTEXT = 32768
MAX_OUTPUT = 4096   # with 8192 a 32k window compacted after every turn (the ~12k prompt crossed its threshold)
DEFAULT_MAX_TURNS = 50

FIXED_ENV = {
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "CLAUDE_CODE_ATTRIBUTION_HEADER": "0",
    # Without it a down server costs minutes of retries; the proxy's 502 comes back at once.
    "CLAUDE_CODE_MAX_RETRIES": "1",
    # bypassPermissions is refused as root otherwise; the harness's sandbox is the boundary.
    "IS_SANDBOX": "1",
    "ANTHROPIC_AUTH_TOKEN": "localagentbench",
    "ANTHROPIC_API_KEY": "",
    "NO_COLOR": "1",
}
# Every variable that picks a model for some tier or helper.
MODEL_VARS = ("ANTHROPIC_MODEL", "ANTHROPIC_DEFAULT_OPUS_MODEL", "ANTHROPIC_DEFAULT_SONNET_MODEL",
              "ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_SMALL_FAST_MODEL", "CLAUDE_CODE_SUBAGENT_MODEL",
              "CLAUDE_CODE_WORKFLOW_SUBAGENT_MODEL")


def check(opts: dict) -> None:
    """The claude binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`claude --version` ("2.1.332 (Claude Code)"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def invocation(ctx: AgentContext) -> Invocation:
    """`claude -p --output-format stream-json --verbose --permission-mode bypassPermissions --max-turns N
    --model M`, the prompt on stdin."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    home = ctx.scratch_dir / "home"
    ctxlen = context_length(ctx, DEFAULT_CONTEXT)
    env = dict(FIXED_ENV)
    env.update({name: target.model for name in MODEL_VARS})
    env.update({
        "ANTHROPIC_BASE_URL": target.root,
        "CLAUDE_CONFIG_DIR": str(ctx.scratch_dir / "claude-config"),
        "CLAUDE_CODE_MAX_CONTEXT_TOKENS": str(ctxlen),
        "CLAUDE_CODE_MAX_OUTPUT_TOKENS": str(min(MAX_OUTPUT, max(1024, ctxlen // 4))),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "NO_PROXY": no_proxy(target),
        "no_proxy": no_proxy(target),
    })
    for d in ("CLAUDE_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        Path(env[d]).mkdir(parents=True, exist_ok=True)
    # A user's ANTHROPIC_* / CLAUDE_* settings (another base URL, a real key, a model) must not reach the run.
    scrub = scrubbed_env_prefix(("ANTHROPIC_", "CLAUDE_"), keep=set(env))
    argv = scrub + [
        str(binary), "-p", "--output-format", "stream-json", "--verbose",
        "--permission-mode", "bypassPermissions", "--max-turns", str(ctx.max_turns or DEFAULT_MAX_TURNS),
        "--model", target.model,
    ]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse

_INFRA_STATUS = re.compile(r"API Error: (5\d\d|40[134]|408|429)\b")


def _ts(e: dict) -> float | None:
    ts = e.get("timestamp")
    if not isinstance(ts, str):
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _int(v: Any) -> int:
    return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0


def _tool_result_text(content: Any) -> Any:
    if isinstance(content, list):
        return " ".join(str(c.get("text", "")) for c in content if isinstance(c, dict))
    return content


def _assistant(sig: AgentSignals, e: dict, msg: dict, messages: set[str], pending: dict[str, dict],
               t: float | None, rel: Any) -> None:
    """One assistant event: a new message id is a turn; its text and tool_use blocks become events."""
    mid = str(msg.get("id") or "")
    if mid and mid not in messages:
        messages.add(mid)
        sig.events.append({"type": "turn", "index": len(messages) - 1, "t": rel(t)})
    for block in msg.get("content") or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text" and block.get("text"):
            sig.events.append({"type": "text", "text": truncate(block["text"]), "t": rel(t)})
        elif block.get("type") == "tool_use":
            ev = {"type": "tool_call", "name": str(block.get("name") or "?"), "status": "pending",
                  "duration_s": None, "input": truncate(block.get("input")), "output": None, "t": rel(t), "_t": t}
            sig.events.append(ev)
            pending[str(block.get("id"))] = ev


def _tool_results(msg: dict, pending: dict[str, dict], t: float | None) -> None:
    """A user event's tool_result blocks settle the tool calls they answer (is_error = a failed call)."""
    for block in msg.get("content") or []:
        if not isinstance(block, dict) or block.get("type") != "tool_result":
            continue
        ev = pending.pop(str(block.get("tool_use_id")), None)
        if ev is None:
            continue
        ev["status"] = "error" if block.get("is_error") else "ok"
        ev["output"] = truncate(_tool_result_text(block.get("content")))
        if t is not None and ev.get("_t") is not None:
            ev["duration_s"] = round(t - ev["_t"], 3)


def _final(sig: AgentSignals, final: dict, t: float | None) -> None:
    """Tokens and errors from the `result` event (the only usage that is not repeated per content block)."""
    usage = final.get("usage") if isinstance(final.get("usage"), dict) else {}
    cache_read = _int(usage.get("cache_read_input_tokens"))
    # Anthropic's input_tokens exclude cache reads and writes; tokens_in is what the server processed.
    sig.tokens_in = _int(usage.get("input_tokens")) + cache_read + _int(usage.get("cache_creation_input_tokens"))
    sig.tokens_out = _int(usage.get("output_tokens"))
    sig.tokens_cache_read = cache_read
    text = str(final.get("result") or "")
    if final.get("is_error"):
        # A server that is down or refuses ends with subtype "success" and is_error: the status says whose fault.
        status = final.get("api_error_status")
        if (isinstance(status, int) and (status >= 500 or status in (401, 403, 404, 408, 429))) \
                or _INFRA_STATUS.search(text) or "the model proxy" in text:
            sig.infra_error = truncate(text, 300)
        else:
            errors = final.get("errors")
            sig.agent_error = truncate("; ".join(map(str, errors)) if errors else text or "is_error", 300)
        sig.events.append({"type": "error", "message": truncate(text or str(final.get("errors"))), "t": t})
    sig.extra.update({"subtype": final.get("subtype"), "num_turns": final.get("num_turns"),
                      "duration_ms": final.get("duration_ms"), "agent_reported": {"usage": usage},
                      "session_id": final.get("session_id")})


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns (distinct assistant message ids), tool calls (tool_use paired with tool_result), tokens from the
    final `result` event, errors from `result.is_error` / `api_error_status`."""
    raw = read_events(result.stdout_path)
    sig = AgentSignals()
    t0 = next((t for t in map(_ts, raw) if t is not None), None)

    def rel(t: float | None) -> float | None:
        return round(t - t0, 3) if t is not None and t0 is not None else None

    messages: set[str] = set()
    pending: dict[str, dict] = {}     # tool_use id -> its event, until the result comes
    for e in raw:
        typ, t = e.get("type"), _ts(e)
        msg = e.get("message") if isinstance(e.get("message"), dict) else {}
        if typ == "system" and e.get("subtype") == "init":
            sig.extra.update(claude_code_version=e.get("claude_code_version"), model=e.get("model"))
        elif typ == "system" and e.get("subtype") == "compact_boundary":
            sig.events.append({"type": "compaction", "t": rel(t)})
        elif typ == "assistant":
            _assistant(sig, e, msg, messages, pending, t, rel)
        elif typ == "user":
            _tool_results(msg, pending, t)
        elif typ == "result":
            _final(sig, e, rel(t))
    for ev in sig.events:
        ev.pop("_t", None)
        if ev.get("status") == "pending":   # never answered: the run ended inside the call
            ev["status"] = "error"
    calls = [ev for ev in sig.events if ev["type"] == "tool_call"]
    sig.turns = len(messages)
    sig.tool_calls = len(calls)
    sig.failed_tool_calls = sum(1 for ev in calls if ev["status"] == "error")
    if "subtype" not in sig.extra and result.exit_code not in (0, None) and not result.timed_out:
        try:
            tail = result.stderr_path.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-1:]
        except OSError:
            tail = []
        why = tail[0] if tail else f"exit {result.exit_code}"
        sig.infra_error = f"claude ended without a result: {truncate(why, 300)}"
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig
