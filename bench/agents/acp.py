"""Any Agent Client Protocol (ACP) agent, driven headless: the generic adapter that ACP registry entries are made of.

An ACP agent speaks JSON-RPC 2.0 over its stdin and stdout, one message a line. The harness does not speak to it
from the host: the run's command is bench/agents/acp_client.py, a small standard-library program started with the
harness's interpreter INSIDE the sandbox next to the agent, which starts the agent as its child, runs the session
(`initialize`, `session/new` in the workdir with no MCP servers, one `session/prompt`), grants permission requests,
serves the client's file-system methods inside the workdir only (never through a link) and its terminal methods,
sends `session/cancel` at the timeout, and writes every message as an event log on its stdout: the log file
run_agent keeps (bounded, never followed through a link). So the host never opens a path the agent shaped.

`parse` turns that log into the normalized trajectory and counts:
- `text` events from `agent_message_chunk` (consecutive chunks joined; `agent_thought_chunk` as reasoning);
- `tool_call` events from `tool_call` / `tool_call_update` (name, kind, status ok / error, duration from the
  client's clock between the call's first report and its final status, input and output); a call still pending
  when the session ended counts as failed;
- `plan` events (the plan's entries, each update in full, as the protocol sends them), `permission` events;
- `turn` events: ACP does not expose model calls, so a turn is inferred from the stream: the agent's first output,
  and each output that follows a tool result. The proxy measures the real model calls (record.model_calls) and
  the tokens; `usage` from the prompt's answer (unstable in the spec) is kept as the agent's own report;
- the stop reason (`end_turn`, `max_tokens`, `max_turn_requests`, `refusal`, `cancelled`) in extra.stop_reason;
  `refusal`, an error answer or no answer at all is the agent's error (an error naming a connection failure is
  claimed as an infrastructure error, which run_agent confirms against the server).

An ACP registry entry is one small module:

    AGENT = acp.AcpAgent(spec=AgentSpec(needs_model=True, install=Install.npm(PKG, VERSION, binary=BIN)),
                         args=lambda ctx: ["acp"], env=my_environment, scrub=("MYAGENT_",))
    SPEC, check, version, invocation, parse = AGENT.exports()

`env(ctx)` gives the agent's environment for one run (a private HOME, the model through ctx.model_target(),
which is the harness's proxy); `scrub` the variable prefixes of the user's own that must not reach it.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.agents import acp_client
from bench.agents.base import (
    MAX_EVENTS_BYTES,
    TRUNCATE,
    AgentContext,
    AgentSignals,
    AgentSpec,
    Invocation,
    ProcessResult,
    stderr_lines,
    truncate,
    valid_count,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.common import untrusted
from bench.exec import safefs
from bench.exec.sandbox import binary_mounts

CLIENT = Path(acp_client.__file__).resolve()
STOP_REASONS = ("end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled")
# An error text that says the model server could not be reached: claimed as infra, which run_agent confirms.
_CONNECT_RE = re.compile(r"Connection error|Cannot connect|Unable to connect|fetch failed|ECONNREFUSED|ECONNRESET|"
                         r"ETIMEDOUT|EHOSTUNREACH|socket hang up|connection refused", re.I)


def grace_s(timeout_s: float) -> float:
    """How long before the harness's timeout the client cancels the prompt: 5% of it, from 2 to 10 seconds."""
    return round(min(10.0, max(2.0, timeout_s * 0.05)), 3)


def client_argv(ctx: AgentContext, agent_argv: list[str], terminal: bool = True) -> list[str]:
    """The command that runs acp_client.py with the harness's interpreter (isolated, standard library only) in the
    workdir, driving `agent_argv`."""
    python = str(Path(sys.executable).resolve())   # the sandbox shows the harness's Python (sandbox.python_dirs)
    return [python, "-I", "-S", str(CLIENT), "--cwd", str(ctx.workdir), "--timeout", f"{ctx.timeout_s:g}",
            "--grace", f"{grace_s(ctx.timeout_s):g}", *([] if terminal else ["--no-terminal"]), "--", *agent_argv]


def _no_env(ctx: AgentContext) -> dict[str, str]:
    return {}


@dataclass(frozen=True)
class AcpAgent:
    """One ACP agent as a registry entry declares it.

    spec      its AgentSpec (install recipe, binary, needs_model)
    args      the arguments after the binary that start its ACP mode, for one run
    env       its environment for one run (model, private HOME, config), e.g. a non-ACP adapter's own builder
    scrub     prefixes of the user's variables removed before it starts (`env -u`), those `env` sets excepted
    terminal  whether the client offers the terminal/* methods
    label     how messages name it (default: the binary's name)
    """

    spec: AgentSpec
    args: Callable[[AgentContext], list[str]]
    env: Callable[[AgentContext], dict[str, str]] = _no_env
    scrub: tuple[str, ...] = ()
    terminal: bool = True
    label: str | None = None
    extra_ro: Callable[[AgentContext], list[Path]] = field(default=lambda ctx: [])

    @property
    def name(self) -> str:
        return self.label or str(self.spec.binary)

    def check(self, opts: dict) -> None:
        """The agent's binary must exist."""
        self.spec.require_binary()

    def version(self, opts: dict) -> str | None:
        """`BINARY --version`, or None."""
        binary = self.spec.find_binary()
        return run_version(binary) if binary else None

    def invocation(self, ctx: AgentContext) -> Invocation:
        """acp_client.py driving `BINARY ARGS`, the prompt on the client's stdin; the agent's turn limit (ACP has
        none) is the harness's: the proxy refuses the model call past max_turns."""
        binary = self.spec.require_binary()
        env = self.env(ctx)
        scrub = scrubbed_env_prefix(self.scrub, keep=set(env)) if self.scrub else []
        argv = scrub + client_argv(ctx, [str(binary), *self.args(ctx)], self.terminal)
        return Invocation(argv=argv, env=env, stdin=ctx.prompt.encode("utf-8"),
                          ro_paths=[*binary_mounts(binary), CLIENT, *self.extra_ro(ctx)],
                          max_model_calls=ctx.max_turns or None)

    def parse(self, ctx: AgentContext, result: ProcessResult) -> AgentSignals:
        """The trajectory and counts from the client's event log (see parse_log)."""
        return parse_log(result, self.name)

    def exports(self) -> tuple[AgentSpec, Callable, Callable, Callable, Callable]:
        """(SPEC, check, version, invocation, parse): what an adapter module declares."""
        return self.spec, self.check, self.version, self.invocation, self.parse


# ---------------------------------------------------------------------------------------------
# parse


def _text_of(content: Any) -> str | None:
    """The text of a content block (or of ToolCallContent's `content` / `diff`), else None."""
    if not isinstance(content, dict):
        return None
    if content.get("type") == "text" and isinstance(content.get("text"), str):
        return content["text"]
    if content.get("type") == "content":
        return _text_of(content.get("content"))
    if content.get("type") == "diff" and isinstance(content.get("path"), str):
        return f"diff {content['path']}"
    if content.get("type") == "terminal":
        return f"terminal {content.get('terminalId')}"
    return None


def _output_of(update: dict) -> Any:
    """A tool call's output: its rawOutput, else the text of its content."""
    if update.get("rawOutput") is not None:
        return update["rawOutput"]
    content = update.get("content")
    if isinstance(content, list):
        texts = [t for t in (_text_of(c) for c in content) if t]
        return "\n".join(texts) if texts else None
    return None


class _Fold:
    """Folds the session's updates into normalized events, in order."""

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.calls: dict[str, dict] = {}
        self.started: dict[str, float | None] = {}
        self.text: dict | None = None          # the open text event (chunks are joined into it)
        self.text_chars = 0
        self.turns = 0
        self.after_result = True               # the next output of the agent starts a turn

    def _output(self, t: float | None) -> None:
        """The agent said something (text, a call): a new turn when it follows a tool result or is the first."""
        if self.after_result:
            self.events.append({"type": "turn", "index": self.turns, "t": t, "tokens_in": None, "tokens_out": None})
            self.turns += 1
            self.after_result = False

    def chunk(self, text: str, t: float | None, reasoning: bool) -> None:
        self._output(t)
        if self.text is None or self.text.get("reasoning", False) != reasoning:
            self.text = {"type": "text", "raw": [], "t": t, **({"reasoning": True} if reasoning else {})}
            self.text_chars = 0
            self.events.append(self.text)
        # joined once at the end, and only what an event keeps: a million chunks cost no quadratic copying
        if self.text_chars <= TRUNCATE:
            self.text["raw"].append(text)
        self.text_chars += len(text)

    def tool(self, update: dict, t: float | None, first: bool) -> None:
        self.text = None
        cid = str(update.get("toolCallId"))[:200]
        ev = self.calls.get(cid)
        if ev is None:
            self._output(t)
            ev = {"type": "tool_call", "name": None, "kind": None, "status": "error", "duration_s": None,
                  "input": None, "output": None, "t": t, "acp_status": None}
            self.calls[cid] = ev
            self.started[cid] = t
            self.events.append(ev)
        elif first:   # a second `tool_call` for a known id: an update in all but name
            pass
        name = update.get("name") if isinstance(update.get("name"), str) else None
        title = update.get("title") if isinstance(update.get("title"), str) else None
        if name or (title and not ev["name"]):
            ev["name"] = truncate(name or title, 300)
        if isinstance(update.get("kind"), str):
            ev["kind"] = truncate(update["kind"], 64)
        if update.get("rawInput") is not None:
            ev["input"] = truncate(update["rawInput"])
        output = _output_of(update)
        if output is not None:
            ev["output"] = truncate(output)
        status = update.get("status")
        if isinstance(status, str):
            ev["acp_status"] = truncate(status, 64)
            if status in ("completed", "failed"):
                ev["status"] = "ok" if status == "completed" else "error"
                start = self.started.get(cid)
                if start is not None and t is not None and t >= start:
                    ev["duration_s"] = round(t - start, 3)
                self.after_result = True

    def plan(self, update: dict, t: float | None) -> None:
        self.text = None
        entries = update.get("entries") if isinstance(update.get("entries"), list) else []
        shown = [{"content": truncate(e.get("content"), 500), "status": truncate(e.get("status"), 64),
                  "priority": truncate(e.get("priority"), 64)} for e in entries[:100] if isinstance(e, dict)]
        self.events.append({"type": "plan", "entries": shown, "t": t})

    def finish(self) -> None:
        for ev in self.events:
            if ev["type"] == "text":
                ev["text"] = truncate("".join(ev.pop("raw")))
        for ev in self.calls.values():
            if ev["acp_status"] not in ("completed", "failed"):
                ev["unfinished"] = True


def _seconds(value: Any) -> float | None:
    return value if untrusted.is_seconds(value) else None


class _Log:
    """The client's event log read line by line: the fold of the session's updates, and what the session said."""

    def __init__(self) -> None:
        self.fold = _Fold()
        self.extra: dict[str, Any] = {"stop_reason": None, "junk_lines": 0, "oversized_lines": 0, "fs_refused": 0,
                                      "permissions": 0, "agent_info": None, "session_id": None}
        self.failure: str | None = None
        self.pending: dict[str, str] = {}    # our request ids -> method (from the log's "out" lines)
        self.usage: dict | None = None
        self.exit_code: Any = None

    def line(self, line: dict) -> None:
        t = _seconds(line.get("t"))
        if isinstance(line.get("client"), str):
            self.client(line["client"], line, t)
            return
        out = line.get("out")
        if isinstance(out, dict) and isinstance(out.get("method"), str) and "id" in out:
            self.pending[_key(out["id"])] = out["method"]
            return
        msg = line.get("in")
        if not isinstance(msg, dict):
            return
        params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
        if msg.get("method") == "session/update":
            _update(self.fold, params.get("update"), t, self.extra)
        elif msg.get("method") is None and "id" in msg:
            self.answer(self.pending.pop(_key(msg["id"]), None), msg)

    def client(self, kind: str, line: dict, t: float | None) -> None:
        """One of the client's own events."""
        extra, events = self.extra, self.fold.events
        if kind in ("junk_line", "oversized_line"):
            extra[kind + "s"] += 1
        elif kind == "fs_refused":
            extra["fs_refused"] += 1
            events.append({"type": "refused", "method": truncate(line.get("method"), 64),
                           "path": truncate(line.get("path"), 500), "message": truncate(line.get("error"), 500),
                           "t": t})
        elif kind == "permission":
            extra["permissions"] += 1
            events.append({"type": "permission", "option": truncate(line.get("option"), 200),
                           "kind": truncate(line.get("kind"), 64), "t": t})
        elif kind == "failed":
            self.failure = f"{truncate(line.get('step'), 64)}: {truncate(line.get('error'), 300)}"
        elif kind == "cannot_start":
            self.failure = f"the ACP client cannot start the agent: {truncate(line.get('error'), 300)}"
        elif kind == "cancel":
            extra["cancelled_at_s"] = t
        elif kind == "exit":
            self.exit_code = line.get("code")

    def answer(self, asked: str | None, msg: dict) -> None:
        """The agent's answer to a request of ours (`asked`: its method)."""
        res = msg.get("result") if isinstance(msg.get("result"), dict) else {}
        if asked == "initialize":
            self.extra["agent_info"] = truncate(res.get("agentInfo"), 300) if res.get("agentInfo") else None
            self.extra["protocol_version"] = res.get("protocolVersion") \
                if valid_count(res.get("protocolVersion")) else None
        elif asked == "session/new":
            self.extra["session_id"] = truncate(res.get("sessionId"), 200)
        elif asked == "session/prompt":
            if isinstance(res.get("stopReason"), str):
                self.extra["stop_reason"] = truncate(res["stopReason"], 64)
            if isinstance(res.get("usage"), dict):
                self.usage = res["usage"]


def parse_log(result: ProcessResult, label: str = "the ACP agent") -> AgentSignals:
    """What the client's event log (the run's stdout) says: the trajectory, turns and tool calls, the stop reason,
    the agent's own usage report, and whether the session failed (see the module docstring)."""
    found = safefs.read_file(result.stdout_path, MAX_EVENTS_BYTES)
    read = _Log()
    lines = 0
    for line in _objects(found[0] if found else b""):
        read.line(line)
        lines += 1
    fold, extra = read.fold, read.extra
    fold.finish()
    sig = AgentSignals(events=fold.events)
    calls = list(fold.calls.values())
    sig.tool_calls = len(calls)
    sig.failed_tool_calls = sum(1 for ev in calls if ev["status"] == "error")
    sig.turns = fold.turns
    extra["turns_inferred"] = True
    if read.usage is not None:
        _usage(read.usage, sig)
    stop = extra["stop_reason"]
    if stop is not None and stop not in STOP_REASONS:
        sig.problems.append(f"stopReason {truncate(stop, 80)!r}: not one the protocol defines")
    failure = read.failure
    if failure is None and stop is None and not result.timed_out:
        if not lines:
            tail = (stderr_lines(result) or [f"exit code {result.exit_code}"])[-1]
            failure = f"the ACP client did not run: {truncate(tail, 300)}"
        else:
            failure = f"{label} ended without answering the prompt"
    if failure and valid_count(read.exit_code) and read.exit_code:
        failure += f" ({label} exited {read.exit_code})"
    if failure and not result.timed_out:
        if _CONNECT_RE.search(failure) and fold.turns == 0:
            sig.infra_error = f"model server unreachable or refused the request: {failure}"
        else:
            sig.agent_error = failure
        sig.events.append({"type": "error", "message": truncate(failure), "t": None})
    elif stop == "refusal":
        sig.agent_error = f"{label} refused the task (stopReason refusal)"
    sig.extra = extra
    if result.stdout_truncated:
        sig.extra["stdout_truncated"] = True
    return sig


def _objects(data: bytes) -> Iterator[dict]:
    """The JSON objects among the lines of `data`, one at a time (16 MiB of tiny lines is never a list of them)."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        obj = untrusted.loads(data[start:end].decode("utf-8", errors="replace"))
        if isinstance(obj, dict):
            yield obj
        start = end + 1


def _key(rid: Any) -> str:
    return f"{type(rid).__name__}:{rid}"[:200]


def _update(fold: _Fold, update: Any, t: float | None, extra: dict) -> None:
    """One session/update notification into the fold."""
    if not isinstance(update, dict):
        return
    kind = update.get("sessionUpdate")
    if kind in ("agent_message_chunk", "agent_thought_chunk"):
        text = _text_of(update.get("content"))
        if text:
            fold.chunk(text, t, reasoning=kind == "agent_thought_chunk")
    elif kind in ("tool_call", "tool_call_update") and update.get("toolCallId") is not None:
        fold.tool(update, t, first=kind == "tool_call")
    elif kind == "plan":
        fold.plan(update, t)
    elif kind == "usage_update":
        # context in use and the session's cost: the last report is kept (tokens are measured at the proxy)
        extra["context_used"] = update.get("used") if valid_count(update.get("used")) else None
        extra["context_size"] = update.get("size") if valid_count(update.get("size")) else None
        cost = update.get("cost") if isinstance(update.get("cost"), dict) else {}
        if untrusted.number(cost.get("amount")) is not None:
            extra["cost"] = {"amount": untrusted.number(cost["amount"]), "currency": truncate(cost.get("currency"), 16)}


def _usage(usage: dict, sig: AgentSignals) -> None:
    """The prompt answer's usage (unstable in ACP v1): the agent's own token report."""
    for key, name in (("inputTokens", "tokens_in"), ("outputTokens", "tokens_out"),
                      ("thoughtTokens", "tokens_reasoning"), ("cachedReadTokens", "tokens_cache_read")):
        value = usage.get(key)
        if value is None:
            continue
        if valid_count(value):
            setattr(sig, name, value)
        else:
            sig.problems.append(f"usage {key}={truncate(value, 80)}: not a count; dropped")
