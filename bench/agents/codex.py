"""Codex CLI: `codex exec --json` (@openai/codex 0.171.0), one private HOME and CODEX_HOME per run.

The binary `.agents/node_modules/.bin/codex` is a node launcher (bin/codex.js) that execs the native binary of the
optional package @openai/codex-linux-x64 beside it; the sandbox shows both (binary_mounts mounts the whole
node_modules tree of a project install, whose dependencies are hoisted beside the package). Facts verified on this
pin (notes/agent-clis.md lists where the team fact sheet differs):

- It speaks OpenAI Responses only: one model provider `localagentbench` with `wire_api = "responses"` at the proxy
  route's /v1 (the proxy translates to chat completions for a server without /v1/responses), `-m` the model as
  the user named it. The key it sends comes from our own variable (env_key); nothing of the user's reaches it:
  CODEX_HOME (which must exist, or it refuses to start) and HOME are per run, `--ignore-user-config` and
  `--ignore-rules` keep even that CODEX_HOME's config and exec rules out, and CODEX_* / OPENAI_* are scrubbed.
- Start-up traffic (github.com, chatgpt.com, ab.chatgpt.com) stops with `--disable plugins`,
  `analytics.enabled=false`, `check_for_update_on_startup=false`; web search is disabled. Retries are zero and
  `unbounded_connection_retries` off, so a down server fails the run in about a second (`turn.failed`).
- It reads stdin even when given a prompt: the prompt goes on stdin (`-`), closed after writing.
- No model catalog entry is given. Without one it prints "Model metadata for `M` not found" as a JSONL item of
  type `error` (kept as a warning, not a failure) and offers `exec_command` (a shell command line in the workdir)
  as its edit tool; Codex intercepts an `apply_patch <<'EOF' ... EOF` command line and applies it itself (a
  file change). With a catalog entry it would offer `apply_patch` only as a freeform custom tool, which a model
  answering with a function call breaks (the call is dropped: "incompatible payload" on stderr).
- `codex exec` has no max-turns option and no config key that bounds model requests (checked in `exec --help` and
  the config keys in the binary): max_turns becomes Invocation.max_model_calls, which the harness keeps: the
  model proxy refuses the call past it (429; with retries off Codex gives up at once) and stops the agent. One
  model call is one turn here, as parse counts them. The harness's timeout stays the hard bound.
- The context window it plans with is 258,400 tokens for an unknown model; a run's `context_length` option
  becomes `model_context_window` (honoured: its session file then reports 95% of it as the window; compaction
  at that size was not exercised).

parse. The JSONL on stdout has no timestamps, reports usage once per `codex exec` turn (one `turn.completed` for
all the run's model requests) and leaves out every tool call Codex rejected before running it (an unknown tool,
a patch that does not apply: those only reach stderr's `ERROR codex_core::tools::router` lines). The session
file Codex writes in CODEX_HOME/sessions (`rollout-<time>-<thread id>.jsonl`) has all of it: each model
request's usage (`token_usage_record`: the turns), each call the model made (`function_call` /
`custom_tool_call`) with its output, the executed item (`item_completed`: command with exit code and duration,
file change with status) and timestamps. It is read like any file the agent wrote (regular file reached through
real directories only, capped), and the trajectory is built from it; without it (deleted, unreadable) from stdout
and stderr. A call is failed when its command exited non-zero, its file change failed, or Codex rejected it (no
executed item, and its output is a router error or missing). Tokens are what `turn.completed` reports (they go
to agent_reported; the proxy's figures count).
"""
from __future__ import annotations

import re
from datetime import datetime
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
    context_length,
    json_objects,
    private_home,
    read_events,
    truncate,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.common import untrusted
from bench.exec import safefs
from bench.exec.sandbox import binary_mounts
from bench.models.servers import no_proxy_env

NAME = "codex"
PINNED_VERSION = "0.171.0"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@openai/codex", PINNED_VERSION, binary="codex"))
PROVIDER_ID = "localagentbench"
KEY_VAR = "LOCALAGENTBENCH_CODEX_KEY"
CODEX_HOME = "codex-home"          # under the run's scratch dir
SESSIONS = "sessions"              # under CODEX_HOME: the session (rollout) files
MAX_STDERR_BYTES = 4 * 1024 * 1024

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
FIXED_FLAGS = ("exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox",
               "--disable", "plugins", "--disable", "unbounded_connection_retries",
               "--ignore-user-config", "--ignore-rules", "--color", "never")
_INFRA_RE = re.compile(r"unexpected status (5\d\d|40[134]|408|429)|error sending request|stream disconnected|"
                       r"connection refused|Connection failed|Reconnecting|the model proxy", re.I)
# A tool call Codex refused before running it: logged once by the router (a "during drain" line repeats a fatal one).
_ROUTER_RE = re.compile(r"ERROR codex_core::tools::router: error=(.*)")
_THREAD_RE = re.compile(r"^[0-9A-Za-z-]{8,64}$")
SCRUBBED_PREFIXES = ("CODEX_", "OPENAI_")


def check(opts: dict) -> None:
    """The codex binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`codex --version` ("codex-cli 0.171.0"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def environment(ctx: AgentContext) -> dict[str, str]:
    """Codex's environment for one run: CODEX_HOME and HOME in the scratch dir, the provider's key (also what the
    ACP bridge codex-acp runs with)."""
    target = ctx.model_target()
    home = ctx.scratch_dir / "home"
    codex_home = ctx.scratch_dir / CODEX_HOME
    codex_home.mkdir(parents=True, exist_ok=True)   # it refuses to start when CODEX_HOME does not exist
    env = {
        "CODEX_HOME": str(codex_home),
        KEY_VAR: "localagentbench",
        **private_home(home),
        **no_proxy_env(target),
        "NO_COLOR": "1",
    }
    return env


def config_overrides(ctx: AgentContext) -> list[str]:
    """The `-c key=value` overrides of one run: the provider at the proxy's Responses route, no retries, no
    start-up traffic, the context window (also what codex-acp, which reads the same config, is given)."""
    config = [*FIXED_CONFIG, f'model_providers.{PROVIDER_ID}.base_url="{ctx.model_target().openai_base}"']
    window = context_length(ctx, 0)
    if window:
        config.append(f"model_context_window={window}")
    return config


def invocation(ctx: AgentContext) -> Invocation:
    """`codex exec --json ... -m M -C W -c <provider at the proxy> -- -`, the prompt on stdin."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    env = environment(ctx)
    # A user's CODEX_HOME / OPENAI_BASE_URL / OPENAI_API_KEY ... must not reach the run.
    scrub = scrubbed_env_prefix(SCRUBBED_PREFIXES, keep=set(env))
    argv = [*scrub, str(binary), *FIXED_FLAGS, "-m", target.model, "-C", str(ctx.workdir)]
    for item in config_overrides(ctx):
        argv += ["-c", item]
    argv += ["--", "-"]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary),
                      max_model_calls=ctx.max_turns)


# ---------------------------------------------------------------------------------------------
# parse

def _int(v: Any) -> int:
    return untrusted.count_or_zero(v)


def _dict(v: Any) -> dict:
    return v if isinstance(v, dict) else {}


def _time(value: Any) -> float | None:
    """An ISO timestamp of the session file as epoch seconds, or None."""
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def rollout_events(codex_home: Path, thread_id: str | None) -> list[dict] | None:
    """The lines of this run's session file (CODEX_HOME/sessions/Y/M/D/rollout-*-<thread>.jsonl), or None when there
    is none to read. Only a regular file reached through real directories counts (the agent could have planted
    anything there); with several candidates, the one named for the thread stdout reported."""
    found = safefs.scan(codex_home / SESSIONS, skip_top=frozenset())
    names = sorted(rel for rel in found.files if rel.rsplit("/", 1)[-1].startswith("rollout-")
                   and rel.endswith(".jsonl"))
    if thread_id and _THREAD_RE.match(thread_id):
        names = [n for n in names if n.endswith(f"-{thread_id}.jsonl")]
    if len(names) != 1:
        return None
    found_file = safefs.read_capped(codex_home, f"{SESSIONS}/{names[0]}", MAX_EVENTS_BYTES)
    return json_objects(found_file[0]) if found_file is not None else None


def _router_errors(stderr: str) -> list[str]:
    return [m.group(1).strip() for ln in stderr.splitlines() if (m := _ROUTER_RE.search(ln))
            and "during drain" not in ln]


def _first_line(text: Any) -> str:
    return str(text).strip().splitlines()[0] if isinstance(text, str) and text.strip() else ""


def _call_status(item: dict | None, output: Any, rejected: set[str]) -> bool:
    """Whether a call succeeded: by the item Codex ran for it, else (nothing ran) by whether it was rejected."""
    if item is not None:
        if item.get("type") == "CommandExecution":
            return item.get("status") == "completed" and item.get("exit_code") == 0
        return item.get("status") in (None, "completed")
    if output is None:
        return False
    return _first_line(output) not in rejected


def _duration(item: dict | None, t_call: float | None, t_out: float | None) -> float | None:
    dur = _dict((item or {}).get("duration"))
    if dur:
        return round(_int(dur.get("secs")) + _int(dur.get("nanos")) / 1e9, 3)
    if t_call is not None and t_out is not None and t_out >= t_call:
        return round(t_out - t_call, 3)
    return None


def _call_name(payload: dict, item: dict | None) -> str:
    name = str(payload.get("name") or "?")
    if item is not None and item.get("type") == "FileChange":
        return "apply_patch"      # Codex's own patch command, intercepted from exec_command
    args = payload.get("arguments")
    if name == "exec_command" and item is None and isinstance(args, str) and '"apply_patch' in args[:40]:
        return "apply_patch"
    return name


def _from_rollout(lines: list[dict], rejected: set[str]) -> tuple[list[dict], dict]:
    """Normalized events (turns, text, tool calls in order, with times) and facts from the session file."""
    items: dict[str, dict] = {}
    outputs: dict[str, tuple[Any, float | None]] = {}
    times = [t for t in (_time(ln.get("timestamp")) for ln in lines) if t is not None]
    t0 = min(times) if times else None
    for ln in lines:
        p = _dict(ln.get("payload"))
        if ln.get("type") == "event_msg" and p.get("type") == "item_completed":
            item = _dict(p.get("item"))
            if isinstance(item.get("id"), str):
                items[item["id"]] = item
        elif ln.get("type") == "response_item" and p.get("type") in ("function_call_output", "custom_tool_call_output"):
            if isinstance(p.get("call_id"), str):
                outputs[p["call_id"]] = (p.get("output"), _time(ln.get("timestamp")))

    def rel(t: float | None) -> float | None:
        return round(t - t0, 3) if t is not None and t0 is not None else None

    events: list[dict] = []
    turns = start = 0
    for ln in lines:
        p, t = _dict(ln.get("payload")), _time(ln.get("timestamp"))
        kind = p.get("type")
        if ln.get("type") == "token_usage_record":
            # Written when a model request is answered: the turn goes before what that answer said and called.
            u = _dict(p.get("usage"))
            began = events[start]["t"] if start < len(events) else rel(t)
            events.insert(start, {"type": "turn", "index": turns, "t": began, "tokens_in": _int(u.get("input_tokens")),
                                  "tokens_out": _int(u.get("output_tokens"))})
            turns += 1
            start = len(events)
        elif ln.get("type") != "response_item":
            continue
        elif kind == "message" and p.get("role") == "assistant":
            text = "".join(str(c.get("text") or "") for c in p.get("content") or [] if isinstance(c, dict))
            if text:
                events.append({"type": "text", "text": truncate(text), "t": rel(t)})
        elif kind == "reasoning":
            parts = [c.get("text") for c in (p.get("summary") or []) + (p.get("content") or [])
                     if isinstance(c, dict) and isinstance(c.get("text"), str)]
            if parts:
                events.append({"type": "text", "text": truncate("\n".join(parts)), "reasoning": True, "t": rel(t)})
        elif kind in ("function_call", "custom_tool_call"):
            call_id = p.get("call_id") if isinstance(p.get("call_id"), str) else ""
            item = items.get(call_id)
            output, t_out = outputs.get(call_id, (None, None))
            ok = _call_status(item, output, rejected)
            events.append({"type": "tool_call", "name": _call_name(p, item), "status": "ok" if ok else "error",
                           "duration_s": _duration(item, t, t_out), "output": truncate(output), "t": rel(t),
                           "input": truncate(p.get("arguments", p.get("input")))})
    return events, {"turns": turns}


def _item_event(item: dict) -> dict | None:
    """A completed stdout item as a normalized event (None for kinds the trajectory does not keep)."""
    kind = item.get("type")
    if kind == "agent_message":
        return {"type": "text", "text": truncate(item.get("text"))}
    if kind == "reasoning":
        return {"type": "text", "text": truncate(item.get("text")), "reasoning": True}
    if kind == "command_execution":
        ok = item.get("status") == "completed" and item.get("exit_code") == 0
        return {"type": "tool_call", "name": "exec_command", "status": "ok" if ok else "error", "duration_s": None,
                "input": truncate(item.get("command")), "output": truncate(item.get("aggregated_output"))}
    if kind in ("file_change", "mcp_tool_call", "web_search"):
        ok = item.get("status") in (None, "completed")
        name = "apply_patch" if kind == "file_change" else str(item.get("tool") or kind)
        return {"type": "tool_call", "name": name, "status": "ok" if ok else "error", "duration_s": None,
                "input": truncate(item.get("changes") or item.get("arguments") or item.get("query")),
                "output": truncate(item.get("result") or item.get("error"))}
    return None


def _from_stdout(raw: list[dict], rejected: list[str]) -> list[dict]:
    """The trajectory without a session file: stdout's items, then the calls Codex rejected (stderr), untimed."""
    events = [ev for e in raw if e.get("type") == "item.completed" and _dict(e.get("item")).get("type") != "error"
              and (ev := _item_event(_dict(e.get("item")))) is not None]
    for err in rejected:
        m = re.search(r"tool (\S+) invoked|unsupported call: (\S+)|^(apply_patch)", err)
        name = next((g for g in m.groups() if g), "?") if m else "?"
        events.append({"type": "tool_call", "name": name, "status": "error", "duration_s": None, "input": None,
                       "output": truncate(err)})
    return events


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns, tool calls and the trajectory from the session file (else stdout and stderr), tokens summed over
    stdout's `turn.completed`, errors from its `error` / `turn.failed` events."""
    raw = read_events(result.stdout_path)
    found = safefs.read_file(result.stderr_path, MAX_STDERR_BYTES)
    stderr = found[0].decode("utf-8", errors="replace") if found else ""
    rejected = _router_errors(stderr)
    sig = AgentSignals()
    thread_id = next((e.get("thread_id") for e in raw if e.get("type") == "thread.started"
                      and isinstance(e.get("thread_id"), str)), None)
    tin = tout = cached = reasoning = 0
    usage_seen = False
    errors: list[str] = []
    warnings: list[dict] = []
    final = None
    for e in raw:
        typ, item = e.get("type"), _dict(e.get("item"))
        if typ == "item.completed" and item.get("type") == "error":
            # "Model metadata for `m` not found": a warning, the run goes on
            warnings.append({"type": "warning", "message": truncate(item.get("message"))})
        elif typ == "item.completed" and item.get("type") == "agent_message" and isinstance(item.get("text"), str):
            final = item["text"]
        elif typ == "turn.completed" and isinstance(e.get("usage"), dict):
            u = e["usage"]
            usage_seen = True
            # Responses' input_tokens include the cached ones, output_tokens the reasoning ones.
            tin += _int(u.get("input_tokens"))
            tout += _int(u.get("output_tokens"))
            cached += _int(u.get("cached_input_tokens"))
            reasoning += _int(u.get("reasoning_output_tokens"))
        elif typ in ("error", "turn.failed"):
            err = _dict(e.get("error")) or e
            msg = str(err.get("message") or typ)
            if not errors or errors[-1] != msg:      # turn.failed repeats the error event before it
                errors.append(msg)

    lines = rollout_events(ctx.scratch_dir / CODEX_HOME, thread_id)
    if lines is not None:
        body, facts = _from_rollout(lines, set(rejected))
        sig.turns = facts["turns"]
        sig.extra["trajectory_source"] = "session file"
    else:
        body = _from_stdout(raw, rejected)
        sig.extra["trajectory_source"] = "stdout"
    sig.events = [*warnings, *body, *({"type": "error", "message": truncate(m)} for m in errors)]
    calls = [ev for ev in sig.events if ev["type"] == "tool_call"]
    sig.tool_calls = len(calls)
    sig.failed_tool_calls = sum(1 for ev in calls if ev["status"] == "error")
    if usage_seen:
        sig.tokens_in, sig.tokens_out = tin, tout
        sig.tokens_cache_read, sig.tokens_reasoning = cached, reasoning
    if errors:
        last = errors[-1]
        if _INFRA_RE.search(last):
            sig.infra_error = truncate(last, 300)
        else:
            sig.agent_error = truncate(last, 300)
    elif not raw and result.exit_code not in (0, None) and not result.timed_out:
        tail = [ln for ln in stderr.strip().splitlines() if ln.strip()][-1:] or [f"exit code {result.exit_code}"]
        sig.agent_error = f"codex failed to start: {truncate(tail[0], 300)}"
    sig.extra.update(thread_id=thread_id, final_message=truncate(final), rejected_calls=len(rejected))
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig

