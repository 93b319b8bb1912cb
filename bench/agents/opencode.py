"""opencode: `opencode run --format json` (opencode-ai 1.18.33), one private HOME and config per run.

The prompt goes on stdin (closed after writing): opencode 1.18.33 joins its positional message
arguments after wrapping each one that contains a space in double quotes (and escaping inner quotes),
so an argument would not reach the model verbatim. stdin does.

Configuration is generated and passed inline (OPENCODE_CONFIG_CONTENT): one provider,
`@ai-sdk/openai-compatible` (bundled, nothing fetched), pointing at the model server's …/v1, the model
listed with tool calling and a context limit; `small_model` is the same model and `enabled_providers`
only this one, so nothing ever goes to another provider. Permissions: everything allowed (the harness's
sandbox is the boundary; in `run` mode anything that would "ask" is silently rejected) except
webfetch/websearch, which are denied, so the tools are not even offered: runs stay offline.

Tokens: opencode's step_finish splits the server's usage (`input` excludes cache reads and writes,
`output` excludes reasoning). tokens_in / tokens_out are recombined to what the server processed and
generated (its prompt_tokens / completion_tokens), the same meaning as for every other agent;
tokens_reasoning and tokens_cache_read are the parts, and opencode's own split is kept in extra.
HOME and every XDG directory live in the run's scratch dir; project config discovery is off; the
background `npm install @opencode-ai/plugin` opencode starts on every launch is kept offline with
npm_config_offline (without it, it reaches the npm registry on every run).

max_turns becomes the build agent's `steps`. In 1.18.33 that limit is advisory: past it opencode
appends an assistant message "CRITICAL - MAXIMUM STEPS REACHED ... Tools are disabled" but still
offers the tools and runs the calls a model makes anyway. The harness's timeout is the hard bound.

opencode retries connection errors and 5xx answers forever (backoff 2 s … 30 s) and prints nothing on
stdout meanwhile, so a down server ends in the harness's timeout; `--print-logs` puts its log on stderr,
where parse finds the cause and reports it as infra_error. `--thinking` only adds the model's reasoning
to the events (for the trajectory); it changes nothing the model is asked.
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
    context_length,
    private_home,
    truncate,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.common import untrusted
from bench.exec.sandbox import binary_mounts
from bench.models.servers import ModelTarget, no_proxy_env

NAME = "opencode"
PINNED_VERSION = "1.18.33"
SPEC = AgentSpec(needs_model=True, install=Install.npm("opencode-ai", PINNED_VERSION, binary=NAME))
# Exactly what `nox -s install-agents` runs for opencode (from the repository root).
INSTALL_HINT = SPEC.install.shell()
INSTALL_SHORT = SPEC.install_hint()
PROVIDER_ID = "localagentbench"
TITLE = "localagentbench"
DEFAULT_CONTEXT = 32768
MAX_OUTPUT = 8192
# Tools that reach the network: denied, so opencode does not offer them to the model at all.
DENIED_TOOLS = ("webfetch", "websearch", "codesearch")

FIXED_ENV = {
    "OPENCODE_DISABLE_MODELS_FETCH": "1",
    "OPENCODE_DISABLE_AUTOUPDATE": "1",
    "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
    "OPENCODE_DISABLE_PROJECT_CONFIG": "1",
    "OPENCODE_DISABLE_SHARE": "1",
    "npm_config_offline": "true",       # its background plugin install must not reach the registry
    "npm_config_update_notifier": "false",
    "NO_COLOR": "1",
}


def check(opts: dict) -> None:
    """The opencode binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`opencode --version` (e.g. "1.18.33"), or None."""
    binary = SPEC.find_binary()
    return run_version(binary) if binary else None


def config_for(target: ModelTarget, context_length: int = DEFAULT_CONTEXT, max_turns: int | None = None) -> dict:
    """The opencode config for one run (what goes into OPENCODE_CONFIG_CONTENT)."""
    output = min(MAX_OUTPUT, max(1024, context_length // 4))
    model_ref = f"{PROVIDER_ID}/{target.model}"
    permission: dict[str, str] = {"*": "allow"}
    permission.update({t: "deny" for t in DENIED_TOOLS})
    cfg: dict[str, Any] = {
        "autoupdate": False,
        "share": "disabled",
        "model": model_ref,
        "small_model": model_ref,
        "enabled_providers": [PROVIDER_ID],
        "permission": permission,
        "provider": {
            PROVIDER_ID: {
                "npm": "@ai-sdk/openai-compatible",
                "name": "LocalAgentBench",
                "options": {"baseURL": target.openai_base, "apiKey": "localagentbench"},
                "models": {
                    target.model: {
                        "name": target.model,
                        "tool_call": True,
                        "limit": {"context": context_length, "output": output},
                    }
                },
            }
        },
    }
    if max_turns:
        cfg["agent"] = {"build": {"steps": int(max_turns)}}
    return cfg


# A user's OPENCODE_CONFIG / OPENCODE_CONFIG_DIR / OPENCODE_* must not reach the run.
SCRUBBED_PREFIXES = ("OPENCODE_", "npm_config_")


def environment(ctx: AgentContext) -> dict[str, str]:
    """opencode's environment for one run: a private HOME, the generated config (the model through the proxy)
    inline, nothing fetched (also what the ACP entry opencode-acp runs with)."""
    target = ctx.model_target()
    env = dict(FIXED_ENV)
    env.update(private_home(ctx.scratch_dir / "home"))
    env.update({
        "OPENCODE_CONFIG_CONTENT": json.dumps(config_for(target, context_length(ctx, DEFAULT_CONTEXT), ctx.max_turns)),
        **no_proxy_env(target),
    })
    return env


def invocation(ctx: AgentContext) -> Invocation:
    """`opencode run --format json --title localagentbench -m localagentbench/<model> --dir W`, prompt on stdin."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    env = environment(ctx)
    scrub = scrubbed_env_prefix(SCRUBBED_PREFIXES, keep=set(env))
    argv = scrub + [
        str(binary), "run", "--format", "json", "--title", TITLE,
        "-m", f"{PROVIDER_ID}/{target.model}", "--dir", str(ctx.workdir),
        "--print-logs", "--log-level", "INFO", "--thinking",
    ]
    return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"), ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse

_CONNECT_RE = re.compile(r"Cannot connect to API|Unable to connect|ECONNREFUSED|ConnectionRefused|"
                         r"connection refused|fetch failed|socket hang up|ETIMEDOUT|EHOSTUNREACH", re.I)
_STREAM_ERR_RE = re.compile(r'message="stream error".*?error\.error="([^"]*)"')


def _int(v: Any) -> int:
    return untrusted.count_or_zero(v)


def read_events(path: Path) -> tuple[list[dict], int]:
    """opencode's JSON events from stdout, and the count of lines that were not JSON."""
    events, junk = [], 0
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return [], 0
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        obj = untrusted.loads(line)   # None: not JSON, too deep, a number Python will not convert
        if obj is None:
            junk += 1
            continue
        if isinstance(obj, dict):
            events.append(obj)
    return events, junk


def _error_text(err: Any) -> tuple[str, str, dict]:
    if not isinstance(err, dict):
        return "Error", str(err), {}
    data = err.get("data") if isinstance(err.get("data"), dict) else {}
    name = str(err.get("name") or "Error")
    msg = str(data.get("message") or err.get("message") or name)
    return name, msg, data


def _classify_error(name: str, msg: str, data: dict) -> str:
    """'infra' (server down, refused the model, misconfigured provider) or 'agent'."""
    status = data.get("statusCode")
    if name in ("ProviderModelNotFoundError", "ProviderInitError", "ModelNotFoundError"):
        return "infra"
    if name in ("APIError", "AI_APICallError", "UnknownError") or "APICallError" in name:
        if isinstance(status, int) and (status >= 500 or status in (401, 403, 404, 408, 429)):
            return "infra"
        if status is None and _CONNECT_RE.search(msg):
            return "infra"
    if _CONNECT_RE.search(msg):
        return "infra"
    return "agent"


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Turns, tool calls, tokens and the trajectory from opencode's JSON events (stdout) and log (stderr)."""
    raw, junk = read_events(result.stdout_path)
    sig = AgentSignals()
    t0 = next((ts for e in raw if (ts := untrusted.number(e.get("timestamp"))) is not None), None)

    def rel(e: dict) -> float | None:
        ts = untrusted.number(e.get("timestamp"))
        return untrusted.number(round((ts - t0) / 1000.0, 3)) if ts is not None and t0 is not None else None

    turns = tool_calls = failed = 0
    tin = tout = treason = tcache = tcache_write = raw_in = raw_out = 0
    finished_steps = 0
    cost = 0.0
    current_turn: dict | None = None
    agent_errors: list[str] = []
    infra_errors: list[str] = []
    session_id = None
    tools_used: dict[str, int] = {}
    for e in raw:
        typ = e.get("type")
        part = e.get("part") if isinstance(e.get("part"), dict) else {}
        session_id = session_id or e.get("sessionID")
        if typ == "step_start":
            current_turn = {"type": "turn", "index": turns, "t": rel(e), "tokens_in": None, "tokens_out": None}
            sig.events.append(current_turn)
            turns += 1
        elif typ == "step_finish":
            tok = part.get("tokens") if isinstance(part.get("tokens"), dict) else {}
            cache = tok.get("cache") if isinstance(tok.get("cache"), dict) else {}
            # opencode splits the server's usage: input excludes cache reads, output excludes reasoning.
            # tokens_in / tokens_out are what the server processed / generated (as for every agent);
            # reasoning and cache reads are also reported on their own.
            r, cr, cw = _int(tok.get("reasoning")), _int(cache.get("read")), _int(cache.get("write"))
            i, o = _int(tok.get("input")) + cr + cw, _int(tok.get("output")) + r
            raw_in += _int(tok.get("input"))
            raw_out += _int(tok.get("output"))
            tin += i
            tout += o
            treason += r
            tcache += cr
            tcache_write += cw
            if untrusted.number(part.get("cost")) is not None:
                cost += untrusted.number(part["cost"])
            finished_steps += 1
            if current_turn is None:   # a finish without a start: still a turn
                current_turn = {"type": "turn", "index": turns, "t": rel(e), "tokens_in": None, "tokens_out": None}
                sig.events.append(current_turn)
                turns += 1
            current_turn.update(tokens_in=i, tokens_out=o, reason=part.get("reason"))
            current_turn = None
        elif typ == "tool_use":
            state = part.get("state") if isinstance(part.get("state"), dict) else {}
            tool = str(part.get("tool") or "?")
            status_raw = state.get("status")
            # opencode turns unparsable arguments and unknown tools into a call of its `invalid` tool,
            # which "completes": for the benchmark that is a failed call of the tool the model meant.
            is_invalid = tool == "invalid"
            ok = status_raw == "completed" and not is_invalid
            name = tool
            inp = state.get("input")
            if is_invalid and isinstance(inp, dict) and inp.get("tool"):
                name = str(inp["tool"])
            tm = state.get("time") if isinstance(state.get("time"), dict) else {}
            dur = None
            start, end = untrusted.number(tm.get("start")), untrusted.number(tm.get("end"))
            if start is not None and end is not None:
                dur = untrusted.number(round((end - start) / 1000.0, 3))
            out = state.get("output") if ok else (state.get("error") or state.get("output")
                                                  or (inp.get("error") if isinstance(inp, dict) else None))
            ev = {"type": "tool_call", "name": name, "status": "ok" if ok else "error", "duration_s": dur,
                  "input": truncate(inp), "output": truncate(out), "t": rel(e)}
            if is_invalid:
                ev["invalid"] = True
            sig.events.append(ev)
            tool_calls += 1
            tools_used[name] = tools_used.get(name, 0) + 1
            if not ok:
                failed += 1
        elif typ == "text":
            text = part.get("text")
            if isinstance(text, str) and text:
                sig.events.append({"type": "text", "text": truncate(text), "t": rel(e)})
        elif typ == "reasoning":
            text = part.get("text")
            if isinstance(text, str) and text:
                sig.events.append({"type": "text", "text": truncate(text), "reasoning": True, "t": rel(e)})
        elif typ == "error":
            name, msg, data = _error_text(e.get("error"))
            sig.events.append({"type": "error", "message": truncate(f"{name}: {msg}"), "t": rel(e)})
            (infra_errors if _classify_error(name, msg, data) == "infra" else agent_errors).append(f"{name}: {msg}")

    # stderr (--print-logs): why a run that printed nothing hung, e.g. the server is down
    stream_errors: list[str] = []
    try:
        err_text = result.stderr_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        err_text = ""
    for m in _STREAM_ERR_RE.finditer(err_text):
        stream_errors.append(m.group(1))
    target_url = None
    try:
        target_url = ctx.model_target().openai_base
    except Exception:  # noqa: BLE001 - parse never fails on a bad model name
        pass
    if stream_errors:
        last = stream_errors[-1]
        if _CONNECT_RE.search(last):
            infra_msg = (f"model server unreachable at {target_url or 'the configured URL'} "
                         f"({len(stream_errors)} attempts)")
        else:
            infra_msg = f"model server error: {last} ({len(stream_errors)} attempts)"
        stuck = finished_steps == 0 or result.timed_out or (result.exit_code not in (0, None))
        if stuck:
            infra_errors.append(infra_msg)
        sig.events.append({"type": "error", "message": truncate(infra_msg), "t": None})

    sig.turns = turns
    sig.tool_calls = tool_calls
    sig.failed_tool_calls = failed
    if finished_steps:
        sig.tokens_in, sig.tokens_out = tin, tout
        sig.tokens_reasoning, sig.tokens_cache_read = treason, tcache
    if infra_errors:
        sig.infra_error = infra_errors[-1]
    elif agent_errors:
        sig.agent_error = agent_errors[-1]
    elif not raw and result.exit_code not in (0, None) and not result.timed_out:
        tail = [ln for ln in err_text.strip().splitlines() if ln.strip()][-1:] or [f"exit code {result.exit_code}"]
        sig.infra_error = f"opencode failed to start: {truncate(tail[0], 300)}"
    sig.extra = {
        "session_id": session_id, "steps_finished": finished_steps, "cost": round(cost, 6),
        "tokens_cache_write": tcache_write if finished_steps else None, "tools": tools_used,
        "opencode_tokens": {"input": raw_in, "output": raw_out} if finished_steps else None,
        "non_json_lines": junk,
    }
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig
