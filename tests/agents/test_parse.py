"""The opencode and aider parsers on real output captured from opencode 1.18.33 and aider 0.86.2.

The samples in tests/data/ were produced by tests/agents/test_real_clis.py's driver (the real CLIs against
bench.fakellm with the scripts in bench/fakellm_scripts/); the expected numbers are what those scripts
issued and what the server reported (opencode_events.fakellm.jsonl is the server's own log of that run).
aider_stdout_token_limit.txt is the start and end of a real SmolLM2 run's stdout (nox -s real-model).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench.agents import aider, opencode
from bench.agents.base import (
    MAX_TRAJECTORY_EVENTS,
    AgentContext,
    AgentSignals,
    ProcessResult,
    checked_signals,
    json_objects,
    signals_from_events,
)
from bench.common import untrusted

DATA = Path(__file__).resolve().parents[1] / "data"


def ctx(tmp_path: Path, model: str = "ollama/m", base_url: str | None = None) -> AgentContext:
    scratch = tmp_path / "scratch"
    scratch.mkdir(exist_ok=True)
    return AgentContext(task={"id": "t"}, workdir=tmp_path, prompt="p", prompt_file=tmp_path / "p.txt", model=model,
                        timeout_s=60, max_turns=None, scratch_dir=scratch, run_dir=tmp_path, base_url=base_url)


def result(stdout: Path, stderr: Path | None = None, exit_code: int | None = 0, timed_out: bool = False,
           tmp_path: Path | None = None) -> ProcessResult:
    if stderr is None:
        stderr = (tmp_path or stdout.parent) / "empty.stderr"
        if not stderr.exists():
            stderr.write_text("")
    return ProcessResult(exit_code, timed_out, 1.0, stdout, stderr)


# ---------------------------------------------------------------------------------------------
# opencode


def test_opencode_events_match_what_the_server_reported(tmp_path):
    sig = opencode.parse(ctx(tmp_path), result(DATA / "opencode_events.jsonl", tmp_path=tmp_path))
    server = [json.loads(line) for line in (DATA / "opencode_events.fakellm.jsonl").read_text().splitlines()]
    chats = [r for r in server if r.get("usage_reported")]
    assert sig.turns == len(chats) == 5
    assert sig.tokens_in == sum(r["usage"]["prompt_tokens"] for r in chats) == 38253
    assert sig.tokens_out == sum(r["usage"]["completion_tokens"] for r in chats) == 134
    assert sig.tokens_reasoning == 0 and sig.tokens_cache_read == 0
    assert sig.tool_calls == sum(len(r["tool_calls"]) for r in chats) == 4
    assert sig.failed_tool_calls == 1
    assert sig.infra_error is None and sig.agent_error is None
    assert sig.extra["tools"] == {"edit": 2, "read": 1, "write": 1}
    assert sig.extra["session_id"].startswith("ses_")


def test_opencode_trajectory_events(tmp_path):
    sig = opencode.parse(ctx(tmp_path), result(DATA / "opencode_events.jsonl", tmp_path=tmp_path))
    kinds = [e["type"] for e in sig.events]
    assert kinds.count("turn") == 5 and kinds.count("tool_call") == 4
    turns = [e for e in sig.events if e["type"] == "turn"]
    assert [t["index"] for t in turns] == [0, 1, 2, 3, 4]
    assert [t["tokens_in"] for t in turns] == [7415, 7512, 7713, 7781, 7832]
    assert turns[0]["t"] == 0.0 and all(t["t"] >= 0 for t in turns)
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [(c["name"], c["status"]) for c in calls] == [("edit", "error"), ("read", "ok"), ("edit", "ok"),
                                                         ("write", "ok")]
    assert "Could not find oldString" in calls[0]["output"]
    assert all(isinstance(c["duration_s"], float) for c in calls)
    assert json.loads(calls[3]["input"])["filePath"] == "CHANGES.md"
    texts = [e["text"] for e in sig.events if e["type"] == "text"]
    assert texts[0] == "I'll change the greeting." and texts[-1] == "Fixed greet() and noted it in CHANGES.md."
    # every event is JSON-serializable as written to trajectory.jsonl
    json.dumps(sig.events)


def test_opencode_invalid_arguments_count_as_failed(tmp_path):
    sig = opencode.parse(ctx(tmp_path), result(DATA / "opencode_events_invalid.jsonl", tmp_path=tmp_path))
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (2, 1, 1)
    (call,) = [e for e in sig.events if e["type"] == "tool_call"]
    assert call["name"] == "bash" and call["status"] == "error" and call["invalid"] is True
    assert "JSON parsing failed" in call["output"]


def test_opencode_error_event_for_unknown_model_is_infra(tmp_path):
    sig = opencode.parse(ctx(tmp_path), result(DATA / "opencode_events_404.jsonl", exit_code=1, tmp_path=tmp_path))
    assert sig.infra_error == "APIError: model 'no-such-model' not found"
    assert sig.agent_error is None
    assert sig.turns == 0 and sig.tokens_in is None and sig.tokens_out is None   # unknown, not 0
    assert [e["type"] for e in sig.events] == ["error"]


def test_opencode_server_down_found_in_its_log(tmp_path, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", "127.0.0.1:45999")
    sig = opencode.parse(ctx(tmp_path), result(DATA / "opencode_events_down.jsonl", DATA / "opencode_stderr_down.txt",
                                               exit_code=None, timed_out=True))
    assert sig.infra_error == "model server unreachable at http://127.0.0.1:45999/v1 (2 attempts)"
    assert sig.turns == 0 and sig.tool_calls == 0 and sig.tokens_in is None


def test_opencode_agent_error_and_garbage_lines(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text("not json\n" + json.dumps({"type": "error", "timestamp": 1, "error": {
        "name": "UnknownError", "data": {"message": "something broke inside the agent"}}}) + "\n")
    sig = opencode.parse(ctx(tmp_path), result(out, exit_code=1, tmp_path=tmp_path))
    assert sig.agent_error == "UnknownError: something broke inside the agent"
    assert sig.infra_error is None
    assert sig.extra["non_json_lines"] == 1


def test_opencode_startup_failure_is_infra(tmp_path):
    out, err = tmp_path / "out", tmp_path / "err"
    out.write_text("")
    err.write_text("Error: Config file at OPENCODE_CONFIG_CONTENT is not valid JSON(C):\n--- End ---\n")
    sig = opencode.parse(ctx(tmp_path), result(out, err, exit_code=1))
    assert sig.infra_error.startswith("opencode failed to start")


def test_opencode_reasoning_and_cache_tokens(tmp_path):
    out = tmp_path / "out.jsonl"
    lines = [
        {"type": "step_start", "timestamp": 1000, "sessionID": "s", "part": {}},
        {"type": "reasoning", "timestamp": 1100, "part": {"text": "thinking..."}},
        {"type": "step_finish", "timestamp": 2500, "part": {"reason": "stop", "cost": 0.001, "tokens": {
            "total": 180, "input": 100, "output": 50, "reasoning": 20, "cache": {"read": 10, "write": 3}}}},
    ]
    out.write_text("".join(json.dumps(x) + "\n" for x in lines))
    sig = opencode.parse(ctx(tmp_path), result(out, tmp_path=tmp_path))
    # what the server processed / generated: input + cache read + cache write, output + reasoning
    assert (sig.tokens_in, sig.tokens_out, sig.tokens_reasoning, sig.tokens_cache_read) == (113, 70, 20, 10)
    assert sig.extra["tokens_cache_write"] == 3 and sig.extra["cost"] == 0.001
    assert sig.extra["opencode_tokens"] == {"input": 100, "output": 50}
    assert sig.events[1] == {"type": "text", "text": "thinking...", "reasoning": True, "t": 0.1}
    assert sig.events[0]["t"] == 0.0


def test_opencode_truncates_long_outputs(tmp_path):
    out = tmp_path / "out.jsonl"
    big = "x" * 5000
    out.write_text(json.dumps({"type": "tool_use", "timestamp": 1, "part": {"tool": "read", "state": {
        "status": "completed", "input": {"filePath": "a"}, "output": big, "time": {"start": 1, "end": 2}}}}) + "\n")
    sig = opencode.parse(ctx(tmp_path), result(out, tmp_path=tmp_path))
    (call,) = sig.events
    assert len(call["output"]) < 2100 and call["output"].startswith("x" * 2000)
    assert sig.tokens_in is None   # no step_finish: unknown


# ---------------------------------------------------------------------------------------------
# aider


def aider_signals(name: str, tmp_path: Path, analytics: bool = False, **kw):
    c = ctx(tmp_path, **kw)
    if analytics:
        (c.scratch_dir / aider.ANALYTICS_FILE).write_text((DATA / "aider_analytics.jsonl").read_text())
    return aider.parse(c, result(DATA / name, tmp_path=tmp_path))


def test_aider_stdout_with_exact_tokens_from_analytics(tmp_path):
    sig = aider_signals("aider_stdout.txt", tmp_path, analytics=True)
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (2, 2, 1)
    assert (sig.tokens_in, sig.tokens_out) == (1234 + 2345, 45 + 61)   # what aider-calib-greeting-retry reports
    assert sig.extra["token_source"] == "analytics-log"
    assert sig.extra["applied_files"] == ["greeter/messages.py"]
    assert sig.infra_error is None and sig.agent_error is None
    assert sig.tokens_reasoning is None and sig.tokens_cache_read is None


def test_aider_stdout_alone_gives_rounded_tokens(tmp_path):
    sig = aider_signals("aider_stdout.txt", tmp_path)
    assert (sig.tokens_in, sig.tokens_out) == (1200 + 2300, 45 + 61)    # "1.2k sent", "2.3k sent"
    assert sig.extra["token_source"] == "stdout-rounded"


def test_aider_trajectory(tmp_path):
    sig = aider_signals("aider_stdout.txt", tmp_path, analytics=True)
    kinds = [e["type"] for e in sig.events]
    assert kinds == ["turn", "text", "tool_call", "error", "turn", "text", "tool_call"]
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [c["status"] for c in calls] == ["error", "ok"]
    assert calls[0]["name"] == "edit_block" and calls[0]["input"].startswith("greeter/messages.py\n<<<<<<< SEARCH")
    assert "SearchReplaceNoExactMatch" in calls[0]["output"]
    assert calls[1]["output"] == "applied to greeter/messages.py"
    texts = [e["text"] for e in sig.events if e["type"] == "text"]
    assert texts[1].startswith("Sorry, here is the block with the exact line.")
    assert not any("Aider v0.86.2" in t or "Added " in t for t in texts)


def test_aider_reflections_exhausted(tmp_path):
    sig = aider_signals("aider_stdout_reflections.txt", tmp_path)
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (4, 4, 4)
    assert (sig.tokens_in, sig.tokens_out) == (4 * 999, 4 * 12)
    assert sig.extra["reflections_exhausted"] is True
    assert sig.events[-1] == {"type": "error", "message": "Only 3 reflections allowed, stopping.", "t": None}


def test_aider_partly_applied_reply(tmp_path):
    """Two blocks, one matches: aider applies it, reports 1 failed; the repeats then fail twice each."""
    sig = aider_signals("aider_stdout_partial.txt", tmp_path)
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (4, 8, 7)
    statuses = [e["status"] for e in sig.events if e["type"] == "tool_call"]
    assert statuses == ["ok", "error"] + ["error"] * 6
    assert (sig.tokens_in, sig.tokens_out) == (4 * 1500, 4 * 80)


def test_aider_malformed_block(tmp_path):
    """A block without its file name: the whole reply is rejected ("^^^ Bad/missing filename")."""
    sig = aider_signals("aider_stdout_malformed.txt", tmp_path)
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (2, 2, 1)
    assert sig.extra["malformed_replies"] == 1
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [c["status"] for c in calls] == ["error", "ok"]
    assert "Bad/missing filename" in calls[0]["output"]
    assert (sig.tokens_in, sig.tokens_out) == (1900 + 2100, 38 + 40)


def test_aider_server_down_is_infra(tmp_path, monkeypatch):
    monkeypatch.setenv("OLLAMA_HOST", "http://127.0.0.1:45123")
    sig = aider_signals("aider_stdout_down.txt", tmp_path)
    assert sig.infra_error == "model server unreachable at http://127.0.0.1:45123 (8 retries)"
    assert sig.turns == 0 and sig.tool_calls == 0 and sig.tokens_in is None and sig.tokens_out is None


def test_aider_unknown_model_is_infra(tmp_path):
    sig = aider_signals("aider_stdout_notfound.txt", tmp_path, model="no-such-model", base_url="http://127.0.0.1:1/v1")
    assert sig.infra_error == "model server error: NotFoundError: OpenAIException - model 'no-such-model' not found"


@pytest.mark.parametrize("text,value", [("45", 45), ("999", 999), ("1.2k", 1200), ("12k", 12000), ("1.5M", 1_500_000)])
def test_aider_token_display(text, value):
    assert aider.parse_count(text) == value


def test_aider_tokens_line_with_cache():
    parsed = aider.parse_stdout("a reply\n\nTokens: 2.5k sent, 1.0k cache write, 2.0k cache hit, 300 received.\n")
    (call,) = parsed["calls"]
    assert (call["tokens_in"], call["tokens_out"], call["cache_write"], call["cache_hit"]) == (2500, 300, 1000, 2000)
    assert call["reply"] == "a reply"


def test_aider_nothing_printed_and_failed_start(tmp_path):
    out, err = tmp_path / "out", tmp_path / "err"
    out.write_text("")
    err.write_text("Traceback ...\nModuleNotFoundError: No module named 'aider'\n")
    sig = aider.parse(ctx(tmp_path), ProcessResult(1, False, 0.5, out, err))
    assert sig.infra_error == "aider failed to start: ModuleNotFoundError: No module named 'aider'"
    assert sig.turns == 0 and sig.tokens_in is None


def test_aider_reply_cut_at_the_token_limit_still_counts(tmp_path):
    """A real SmolLM2 run (nox -s real-model) that looped until its output limit: aider prints no
    "Tokens:" line, only its token-limit report; the call and its approximate tokens still count."""
    sig = aider_signals("aider_stdout_token_limit.txt", tmp_path)
    assert sig.turns == 1 and (sig.tokens_in, sig.tokens_out) == (6591, 4181)
    assert sig.infra_error is None
    errors = [e["message"] for e in sig.events if e["type"] == "error"]
    assert errors == ["Model openai/smollm2 has hit a token limit (~6591 input, ~4181 output tokens)"]
    texts = [e["text"] for e in sig.events if e["type"] == "text"]
    assert texts and texts[0].startswith("You can use the `-m` flag") and "token limit" not in texts[0]


# ---------------------------------------------------------------- the normalizer every adapter's output passes

HOSTILE = [
    pytest.param("many", id="string"), pytest.param(float("nan"), id="nan"), pytest.param(float("inf"), id="inf"),
    pytest.param(-1, id="negative"), pytest.param(1e308, id="1e308"), pytest.param(10 ** 30, id="huge-int"),
    pytest.param(True, id="bool"), pytest.param([1, 2], id="list"), pytest.param({"n": 1}, id="dict"),
    pytest.param(2.5, id="fraction"),
]


@pytest.mark.parametrize("value", HOSTILE)
def test_every_bad_count_becomes_unknown_and_flagged(value):
    """A count of the wrong kind on the signals or in a trajectory event is None afterwards, and the flag names
    the field; the record built from it passes the run schema's count definition and JSON's number rules."""
    signals = AgentSignals(tokens_in=value, tool_calls=value,
                           events=[{"type": "turn", "index": value, "tokens_in": value, "t": value,
                                    "duration_s": value}])
    flags = checked_signals(signals)
    assert signals.tokens_in is None and signals.tool_calls is None
    event = signals.events[0]
    assert event["index"] is None and event["tokens_in"] is None
    ok_seconds = type(value) in (int, float) and math.isfinite(value) and 0 <= value <= untrusted.MAX_SECONDS
    assert (event["t"] is None) is not ok_seconds   # 2.5 s is a time, not a count
    lines = flags["bad_agent_counts"]
    for field in ("tokens_in=", "tool_calls=", "trajectory event 0 index=", "trajectory event 0 tokens_in="):
        assert any(line.startswith(field) for line in lines), (field, lines)
    assert untrusted.problems_in({"agent": {"extra": signals.extra}, "events": signals.events}) == []
    json.dumps(signals.events, allow_nan=False)   # NaN and infinities are gone


def test_a_valid_count_and_time_are_kept_as_they_are():
    signals = AgentSignals(tokens_in=12, events=[{"type": "tool_call", "name": "bash", "t": 1.5, "duration_s": 0,
                                                  "status": "ok", "input": {"cmd": "ls"}}])
    assert checked_signals(signals) == {}
    assert signals.tokens_in == 12
    assert signals.events == [{"type": "tool_call", "name": "bash", "t": 1.5, "duration_s": 0, "status": "ok",
                               "input": {"cmd": "ls"}}]


def test_huge_strings_deep_nesting_and_lone_surrogates_are_bounded():
    """A 10 MB text, JSON nested 500 deep, a lone surrogate (which no UTF-8 file can hold) and a non-string key:
    each comes out bounded and writable as UTF-8."""
    deep: object = "bottom"
    for _ in range(500):
        deep = [deep]
    big = "x" * (10 * 1024 * 1024)
    signals = AgentSignals(agent_error=big, extra={"model": "\ud800" + big, "deep": deep, 7: "seven"},
                           events=[{"type": "text", "text": big + "\udfff", "payload": deep, "name": big}])
    checked_signals(signals)
    dumped = json.dumps({"error": signals.agent_error, "extra": signals.extra, "events": signals.events},
                        ensure_ascii=False)
    dumped.encode("utf-8")   # raises on a lone surrogate
    assert len(dumped) < 200_000
    assert len(signals.agent_error) <= untrusted.MAX_TEXT + 40 and "more chars" in signals.agent_error
    assert signals.extra["7"] == "seven"
    depth, node = 0, signals.events[0]["payload"]
    while isinstance(node, list):
        depth, node = depth + 1, node[0]
    assert depth == untrusted.MAX_DEPTH and "nested deeper" in node
    assert len(signals.events[0]["name"]) < 400


def test_a_hundred_thousand_events_are_cut_and_flagged_but_counted():
    signals = signals_from_events([{"type": "tool_call", "name": "x", "status": "ok"}] * 100_000)
    flags = checked_signals(signals)
    assert signals.tool_calls == 100_000          # the count is of every call the agent reported
    assert len(signals.events) == MAX_TRAJECTORY_EVENTS + 1 and signals.events[-1]["type"] == "note"
    assert "90,000 of 100,000" in flags["trajectory_truncated"][0]


@pytest.mark.parametrize("line", ["1" * 5000, "[" * 100_000 + "]" * 100_000, '{"a": NaN}', "not json"])
def test_untrusted_lines_never_raise(line):
    """A number with more digits than Python converts (ValueError, not JSONDecodeError), nesting deeper than
    the parser recurses, NaN: reading an agent's events file never raises."""
    objects = json_objects((line + "\n" + '{"type": "turn"}\n').encode())
    assert objects[-1] == {"type": "turn"}
