"""A run's trajectory as ATIF v1.7 (Harbor's Agent Trajectory Interchange Format), written beside its other files.

One converter for every agent: it reads what the harness already keeps, never the agent's own files.

    the task's prompt                       -> a `user` step
    the normalized events (agents.base)     -> `agent` steps: a `turn` event opens one; its `text` events are the
                                               message (`reasoning` ones the reasoning_content), its `tool_call`
                                               events the tool calls, their outputs the observation
                                               (without `turn` events: a message after a tool call opens the next)
    warning / error / note / compaction     -> `system` steps, after the agent step they came in
    the proxy's calls (model_calls.jsonl)   -> each agent step's metrics (prompt, completion and cached tokens) when
                                               the answered calls pair one to one with the agent steps; otherwise
                                               every call's figures in final_metrics.extra.calls and a note
    the run record's totals                 -> final_metrics

Everything in the file came from the agent or the model server, so every string is cut (MAX_TEXT characters,
lone surrogates made U+FFFD), the file is ASCII JSON (control characters and any other character escaped) and
at most MAX_BYTES: steps past that are left out and a last system step says how many. The file's name is fixed
(ATIF_FILE) and it is laid with safefs.lay_file: whatever stands at that name is removed, never followed.
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.common import untrusted
from bench.exec import safefs
from bench.models.calls import MODEL_CALLS

ATIF_FILE = "trajectory.atif.json"
SCHEMA_VERSION = "ATIF-v1.7"
MAX_TEXT = 16_000            # one message, reasoning text or tool output
MAX_PROMPT = 200_000         # the task's prompt (the harness's own, shown whole where it can be)
MAX_BYTES = 24 * 1024 * 1024  # the whole file; the normalized trajectory itself is at most 8 M characters
MAX_CALLS_LISTED = 10_000     # calls listed in final_metrics.extra when they do not pair with the steps
MAX_CALLS_BYTES = 64 * 1024 * 1024
SYSTEM_EVENTS = ("warning", "error", "note", "compaction")


def _s(value: Any, limit: int = MAX_TEXT) -> str:
    """Untrusted text made fit for the file: a string (JSON for anything else), cut, valid UTF-8."""
    return untrusted.text("" if value is None else value, limit)


def _count(value: Any) -> int | None:
    return value if untrusted.is_count(value) else None


def _arguments(value: Any) -> dict[str, Any]:
    """A tool call's input as ATIF's `arguments` object: a JSON object as itself (bounded), anything else under
    "input" (the adapters keep inputs as text, JSON written out for a structured one)."""
    if value is None:
        return {}
    if isinstance(value, str) and value.lstrip().startswith("{"):
        parsed = untrusted.loads(value)
        if isinstance(parsed, dict):
            bounded = untrusted.bounded(parsed)
            if isinstance(bounded, dict):
                return {_s(k, untrusted.MAX_KEY): v for k, v in bounded.items()}
    return {"input": _s(value)}


class _Turn:
    """One agent step while it is gathered from the events."""

    def __init__(self, turn: dict | None = None) -> None:
        self.turn = turn
        self.texts: list[str] = []
        self.reasoning: list[str] = []
        self.calls: list[dict] = []
        self.system: list[dict] = []   # system events that came during this step: laid after it


def group(events: list[dict]) -> list[_Turn | dict]:
    """The events as agent steps (_Turn) and system events (dict), in order; `usage` events are left out (the
    proxy's calls are the measure; without a proxy the `turn` events carry the agent's own counts)."""
    has_turns = any(e.get("type") == "turn" for e in events)
    out: list[_Turn | dict] = []
    cur: _Turn | None = None

    def close() -> None:
        if cur is not None:
            out.append(cur)
            out.extend(cur.system)

    for e in events:
        kind = e.get("type")
        if kind == "turn":
            close()
            cur = _Turn(e)
        elif kind in ("text", "tool_call"):
            reasoning = kind == "text" and e.get("reasoning") is True
            opens = cur is None or (not has_turns and kind == "text"
                                    and (bool(cur.calls) or (not reasoning and bool(cur.texts))))
            if opens:
                close()
                cur = _Turn()
            if kind == "tool_call":
                cur.calls.append(e)
            else:
                (cur.reasoning if reasoning else cur.texts).append(_s(e.get("text")))
        elif kind == "usage":
            continue
        elif cur is not None:
            cur.system.append(e)
        else:
            out.append(e)
    close()
    return out


def answered_calls(lines: list[dict]) -> list[dict]:
    """The model calls the server answered (a 2xx, not refused by the proxy): one LLM inference each."""
    return [c for c in lines if isinstance(c, dict) and c.get("protocol") in MODEL_CALLS
            and isinstance(c.get("usage"), dict) and not c.get("refused")
            and _count(c.get("status")) is not None and 200 <= c["status"] < 300]


def _timestamp(value: Any) -> str | None:
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return value


def call_metrics(call: dict) -> dict[str, Any]:
    """ATIF metrics of one proxy call: the server's usage as the proxy recorded it (unknown counts left out)."""
    usage = call["usage"]
    metrics = {"prompt_tokens": _count(usage.get("prompt_tokens")),
               "completion_tokens": _count(usage.get("completion_tokens")),
               "cached_tokens": _count(usage.get("cached_tokens"))}
    extra = {"tokens_source": "proxy", "reasoning_tokens": _count(usage.get("reasoning_tokens")),
             "protocol": _s(call.get("protocol"), 64), "total_s": untrusted.number(call.get("total_s")),
             "ttft_s": untrusted.number(call.get("ttft_s")), "finish_reason": call.get("finish_reason")}
    if isinstance(extra["finish_reason"], str):
        extra["finish_reason"] = _s(extra["finish_reason"], 64)
    else:
        extra["finish_reason"] = None
    return {**{k: v for k, v in metrics.items() if v is not None},
            "extra": {k: v for k, v in extra.items() if v is not None}}


def _listed_call(call: dict) -> dict[str, Any]:
    m = call_metrics(call)
    return {"started_at": _timestamp(call.get("started_at")), "model": _s(call.get("model"), 200),
            **{k: v for k, v in m.items() if k != "extra"}, **m["extra"]}


def agent_step(turn: _Turn, step_id: int, call: dict | None, synthetic: bool) -> dict[str, Any]:
    """One ATIF agent step; `call`: the proxy call it pairs with (its metrics), None when unpaired."""
    step: dict[str, Any] = {"step_id": step_id, "source": "agent", "message": _s("\n\n".join(turn.texts))}
    if turn.reasoning:
        step["reasoning_content"] = _s("\n\n".join(turn.reasoning))
    if turn.calls:
        calls, results = [], []
        for k, e in enumerate(turn.calls, 1):
            call_id = f"call-{step_id}-{k}"
            extra = {key: (_s(e[key], 64) if isinstance(e[key], str) else e[key])
                     for key in ("status", "duration_s", "invalid", "subagent") if e.get(key) is not None}
            calls.append({"tool_call_id": call_id, "function_name": _s(e.get("name") or "?", 300),
                          "arguments": _arguments(e.get("input")), **({"extra": extra} if extra else {})})
            result: dict[str, Any] = {"source_call_id": call_id}
            if e.get("output") is not None:
                result["content"] = _s(e.get("output"))
            results.append(result)
        step["tool_calls"] = calls
        step["observation"] = {"results": results}
    if call is not None:
        step["llm_call_count"] = 1
        step["metrics"] = call_metrics(call)
        when = _timestamp(call.get("started_at"))
        if when:
            step["timestamp"] = when
        if isinstance(call.get("model"), str):
            step["model_name"] = _s(call["model"], 200)
    elif turn.turn is not None and (_count(turn.turn.get("tokens_in")) is not None
                                    or _count(turn.turn.get("tokens_out")) is not None):
        # No proxy: the agent's own counts for the turn, said to be its own (and synthetic for the mock agent).
        metrics = {"prompt_tokens": _count(turn.turn.get("tokens_in")),
                   "completion_tokens": _count(turn.turn.get("tokens_out")),
                   "cached_tokens": _count(turn.turn.get("tokens_cache_read"))}
        step["metrics"] = {**{k: v for k, v in metrics.items() if v is not None},
                           "extra": {"tokens_source": "agent", **({"synthetic": True} if synthetic else {})}}
    return step


def system_step(event: dict, step_id: int) -> dict[str, Any]:
    """A warning, error, note or other harness/agent event as a system step."""
    kind = _s(event.get("type") or "unknown", 64)
    text = event.get("text") if event.get("text") is not None else event.get("message")
    return {"step_id": step_id, "source": "system", "message": _s(text if text is not None else event),
            "extra": {"event": kind}}


def _final_metrics(record: dict, steps: int, listed: list[dict] | None) -> dict[str, Any]:
    a = record.get("agent") or {}
    totals = {"total_prompt_tokens": _count(a.get("tokens_in")), "total_completion_tokens": _count(a.get("tokens_out")),
              "total_cached_tokens": _count(a.get("tokens_cache_read")), "total_steps": steps}
    extra = {"tokens_source": a.get("tokens_source"), "tokens_reasoning": _count(a.get("tokens_reasoning")),
             "model_calls": _count(a.get("model_calls")), "tool_calls": _count(a.get("tool_calls")),
             "failed_tool_calls": _count(a.get("failed_tool_calls")), "wall_s": untrusted.number(a.get("wall_s")),
             "model_s": untrusted.number(a.get("model_s"))}
    if listed is not None:
        extra["calls"] = listed
    return {**{k: v for k, v in totals.items() if v is not None},
            "extra": {k: v for k, v in extra.items() if v is not None}}


def convert(record: dict, events: list[dict], prompt: str | None, call_lines: list[dict] | None,
            *, max_bytes: int = MAX_BYTES) -> dict[str, Any]:
    """The ATIF v1.7 document of one run (or attempt): `record` the run record as run_agent writes it, `events`
    its normalized trajectory, `prompt` what the agent was asked, `call_lines` its calls file's lines (None: the
    run had no proxy)."""
    a = record.get("agent") or {}
    synthetic = a.get("name") == "mock"
    grouped = group([e for e in events if isinstance(e, dict)])
    turns = [g for g in grouped if isinstance(g, _Turn)]
    answered = answered_calls(call_lines) if call_lines is not None else []
    notes = []
    if not turns and answered:   # an agent whose output gave no trajectory: one step per inference, no message
        turns = [_Turn() for _ in answered]
        grouped = [*turns, *grouped]
    paired = call_lines is not None and len(turns) == len(answered)
    listed = None
    if call_lines is not None and not answered and turns:
        notes.append("the model proxy saw no answered model call: the steps carry no metrics")
    elif call_lines is not None and not paired:
        listed = [_listed_call(c) for c in answered[:MAX_CALLS_LISTED]]
        notes.append(f"the agent's {len(turns):,} steps and the model proxy's {len(answered):,} answered calls do "
                     "not pair one to one: the steps carry no metrics; each call's figures are in "
                     "final_metrics.extra.calls" + (f" (the first {MAX_CALLS_LISTED:,})"
                                                    if len(answered) > MAX_CALLS_LISTED else ""))
    pairs = dict(zip(map(id, turns), answered, strict=True)) if paired else {}
    steps: list[dict] = [{"step_id": 1, "source": "user", "message": _s(prompt or "", MAX_PROMPT)}]
    size = len(json.dumps(steps[0]))
    budget = max_bytes - 64 * 1024 - (len(json.dumps(listed)) if listed else 0)   # room for the rest of the document
    for i, item in enumerate(grouped):
        step_id = len(steps) + 1
        step = (agent_step(item, step_id, pairs.get(id(item)), synthetic) if isinstance(item, _Turn)
                else system_step(item, step_id))
        cost = len(json.dumps(step)) + 2
        if size + cost > budget:
            left = len(grouped) - i
            notes.append(f"{left:,} of {len(grouped):,} steps not kept (the file is kept under {max_bytes:,} bytes)")
            steps.append({"step_id": step_id, "source": "system", "message": notes[-1],
                          "extra": {"event": "truncated"}})
            break
        size += cost
        steps.append(step)
    doc: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "session_id": _s(f"{record.get('run_id')}/{record.get('task_id')}/{record.get('rep')}", 600),
        "agent": {"name": _s(a.get("name") or "unknown", 200), "version": _s(a.get("version") or "unknown", 200),
                  **({"model_name": _s((record.get("model") or {}).get("id"), 300)}
                     if (record.get("model") or {}).get("id") else {}),
                  "extra": {"harness": "localagentbench", "harness_version": _s(record.get("harness_version"), 100)}},
        "steps": steps,
        "final_metrics": _final_metrics(record, len(steps), listed),
        "extra": {"task_id": _s(record.get("task_id"), 300), "rep": record.get("rep"),
                  "run_id": _s(record.get("run_id"), 300)},
    }
    if notes:
        doc["notes"] = _s("; ".join(notes), 2000)
    return doc


def read_call_lines(calls_file: Path, limit: int = MAX_CALLS_BYTES) -> list[dict]:
    """The lines of a calls file (the harness's, in the run's directory), read without following a link and at
    most `limit` bytes; lines that are not JSON objects (a last line cut by the cap) are skipped."""
    found = safefs.read_file(calls_file, limit)
    lines = []
    for raw in (found[0].splitlines() if found else []):
        item = untrusted.loads(raw)
        if isinstance(item, dict):
            lines.append(item)
    return lines


def write(run_dir: Path, record: dict, events: list[dict], prompt: str | None, calls_file: Path | None) -> Path:
    """Convert the run (convert) and lay it at run_dir/ATIF_FILE: ASCII JSON, whatever stood at that name removed
    rather than followed (safefs.lay_file). Returns the file's path."""
    doc = convert(record, events, prompt, read_call_lines(calls_file) if calls_file is not None else None)
    safefs.lay_file(run_dir, ATIF_FILE, (json.dumps(doc, ensure_ascii=True) + "\n").encode("ascii"))
    return run_dir / ATIF_FILE
