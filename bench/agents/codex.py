"""DRAFT (issue 20, not registered): Codex CLI, `codex exec --json` (@openai/codex 0.171.0), one private HOME and
CODEX_HOME per run. Facts: notes/issue20-claude-codex.md.

It speaks OpenAI Responses only: one model provider `localagentbench` with `wire_api = "responses"` at the proxy
route's /v1 (the proxy translates to chat completions for a server that lacks /v1/responses). No model catalog
entry is given: without one Codex warns "Model metadata ... not found" (a JSONL item of type `error`, kept as a
warning) and edits through `exec_command`; with one it offers `apply_patch` only as a freeform custom tool, and
a model that answers it as a function call breaks the call silently ("incompatible payload" on stderr).

Start-up traffic (github.com, chatgpt.com, ab.chatgpt.com) stops with `--disable plugins`,
`analytics.enabled=false`, `check_for_update_on_startup=false`; `web_search` is disabled. Retries are zero and
`unbounded_connection_retries` is off, so a down server fails in about a second instead of reconnecting forever.
stdin is always closed: it reads stdin even when a prompt is given; the prompt goes as `-` on stdin here.

`codex exec` has no max-turns option: max_turns is not passed (the harness's timeout and the proxy bound it).
Its events carry no timestamps, and one `turn.completed` covers every model request of the run, so turns and
tool durations are not read from stdout (the proxy has the per-request record).
"""
from __future__ import annotations

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
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy

NAME = "codex"
PINNED_VERSION = "0.171.0"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@openai/codex", PINNED_VERSION, binary="codex"))
PROVIDER_ID = "localagentbench"
KEY_VAR = "LOCALAGENTBENCH_CODEX_KEY"

FIXED_CONFIG = (
    f"model_provider={PROVIDER_ID}",
    f'model_providers.{PROVIDER_ID}.name="LocalAgentBench"',
    f'model_providers.{PROVIDER_ID}.wire_api="responses"',
    f'model_providers.{PROVIDER_ID}.env_key="{KEY_VAR}"',
    f"model_providers.{PROVIDER_ID}.request_max_retries=0",
    f"model_providers.{PROVIDER_ID}.stream_max_retries=0",
    'web_search="disabled"',
    "analytics.enabled=false",
    "check_for_update_on_startup=false",
)
_INFRA_RE = re.compile(r"unexpected status (5\d\d|40[134]|408|429)|error sending request|stream disconnected|"
                       r"connection refused|Reconnecting", re.I)


def check(opts: dict) -> None:
    """The codex binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`codex --version` ("codex-cli 0.171.0"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def invocation(ctx: AgentContext) -> Invocation:
    """`codex exec --json ... -m M -c <provider at the proxy> -- -`, the prompt on stdin."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    home = ctx.scratch_dir / "home"
    codex_home = ctx.scratch_dir / "codex-home"
    codex_home.mkdir(parents=True, exist_ok=True)   # it refuses to start when CODEX_HOME does not exist
    env = {
        "CODEX_HOME": str(codex_home),
        KEY_VAR: "localagentbench",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "NO_PROXY": no_proxy(target),
        "no_proxy": no_proxy(target),
        "NO_COLOR": "1",
    }
    for d in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        Path(env[d]).mkdir(parents=True, exist_ok=True)
    scrub = scrubbed_env_prefix(("CODEX_", "OPENAI_"), keep=set(env))
    config = [*FIXED_CONFIG, f'model_providers.{PROVIDER_ID}.base_url="{target.openai_base}"']
    argv = scrub + [str(binary), "exec", "--json", "--skip-git-repo-check",
                    "--dangerously-bypass-approvals-and-sandbox",
                    "--disable", "plugins", "--disable", "unbounded_connection_retries",
                    "-m", target.model, "-C", str(ctx.workdir)]
    for item in config:
        argv += ["-c", item]
    argv += ["-o", str(ctx.run_dir / "codex_last_message.txt"), "--", "-"]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse

def _int(v: Any) -> int:
    return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0


def _item_event(item: dict) -> dict | None:
    """A completed item as a normalized event (None for kinds the trajectory does not keep)."""
    kind = item.get("type")
    if kind == "agent_message":
        return {"type": "text", "text": truncate(item.get("text"))}
    if kind == "reasoning":
        return {"type": "text", "text": truncate(item.get("text")), "reasoning": True}
    if kind == "command_execution":
        ok = item.get("status") == "completed" and item.get("exit_code") == 0
        return {"type": "tool_call", "name": "exec_command", "status": "ok" if ok else "error", "duration_s": None,
                "input": truncate(item.get("command")), "output": truncate(item.get("aggregated_output")),
                "exit_code": item.get("exit_code")}
    if kind in ("file_change", "mcp_tool_call", "web_search"):
        ok = item.get("status") in (None, "completed")
        name = "apply_patch" if kind == "file_change" else str(item.get("tool") or kind)
        return {"type": "tool_call", "name": name, "status": "ok" if ok else "error", "duration_s": None,
                "input": truncate(item.get("changes") or item.get("arguments") or item.get("query")),
                "output": truncate(item.get("result") or item.get("error"))}
    if kind == "error":   # e.g. "Model metadata for `m` not found": a warning, the run goes on
        return {"type": "warning", "message": truncate(item.get("message"))}
    return None


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Tool calls from completed items, tokens summed over `turn.completed`, errors from `error` /
    `turn.failed` events and from stderr's fatal tool errors."""
    raw = read_events(result.stdout_path)
    sig = AgentSignals()
    tin = tout = cached = reasoning = 0
    usage_seen = False
    errors: list[str] = []
    for e in raw:
        typ = e.get("type")
        if typ == "thread.started":
            sig.extra["thread_id"] = e.get("thread_id")
        elif typ == "item.completed" and isinstance(e.get("item"), dict):
            ev = _item_event(e["item"])
            if ev is not None:
                sig.events.append(ev)
        elif typ == "turn.completed" and isinstance(e.get("usage"), dict):
            u = e["usage"]
            usage_seen = True
            # Responses' input_tokens include the cached ones, output_tokens the reasoning ones.
            tin += _int(u.get("input_tokens"))
            tout += _int(u.get("output_tokens"))
            cached += _int(u.get("cached_input_tokens"))
            reasoning += _int(u.get("reasoning_output_tokens"))
            sig.extra.setdefault("agent_reported", []).append(u)
        elif typ in ("error", "turn.failed"):
            err = e.get("error") if isinstance(e.get("error"), dict) else e
            msg = str(err.get("message") or typ)
            errors.append(msg)
            sig.events.append({"type": "error", "message": truncate(msg)})
    try:
        stderr = result.stderr_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        stderr = ""
    # The router logs the failure once; a second "in-flight tool future failed during drain" line repeats it.
    fatal = [ln for ln in stderr.splitlines() if "Fatal error: tool" in ln and "tools::router" in ln]
    if fatal:   # the call never shows in the JSONL: count it as a failed call of that tool
        for ln in fatal:
            m = re.search(r"tool (\S+) invoked", ln)
            sig.events.append({"type": "tool_call", "name": m.group(1) if m else "?", "status": "error",
                               "duration_s": None, "input": None, "output": truncate(ln)})
    calls = [ev for ev in sig.events if ev["type"] == "tool_call"]
    sig.tool_calls = len(calls)
    sig.failed_tool_calls = sum(1 for ev in calls if ev["status"] == "error")
    if usage_seen:
        sig.tokens_in, sig.tokens_out = tin, tout
        sig.tokens_cache_read, sig.tokens_reasoning = cached, reasoning
    if errors:
        last = errors[-1]
        if _INFRA_RE.search(last) or "the model proxy" in last:
            sig.infra_error = truncate(last, 300)
        else:
            sig.agent_error = truncate(last, 300)
    elif not raw and result.exit_code not in (0, None) and not result.timed_out:
        tail = [ln for ln in stderr.strip().splitlines() if ln.strip()][-1:] or [f"exit code {result.exit_code}"]
        sig.infra_error = f"codex failed to start: {truncate(tail[0], 300)}"
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig
