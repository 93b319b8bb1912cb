"""bench.fakellm's newer faces over real HTTP on 127.0.0.1: OpenAI's Responses API, Anthropic's Messages API
(each whole and streamed, in multi-turn tool conversations), the chat-completions-only mode, simulated speed
and parallel slots. Timing checks are lower bounds or event order, never upper bounds."""
from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bench import fakellm
from conftest import http_call, http_json

REPO = Path(__file__).resolve().parents[2]

WRITE_ARGS = {"filePath": "a.py", "content": "x = 1\n"}
SCRIPT = {
    "models": {
        "fixer": {
            "turns": [
                {"content": "Writing it.", "tool_calls": [{"name": "write", "arguments": WRITE_ARGS}],
                 "usage": {"prompt_tokens": 1000, "completion_tokens": 50, "cached_tokens": 200,
                           "reasoning_tokens": 7}},
                [{"when": {"last_role": "tool", "contains": "Error"}, "content": "The write failed."},
                 {"when": {"last_role": "tool"}, "content": "Wrote a.py."},
                 {"content": "No tool result?"}],
            ],
            "final": "All done.",
        },
        "caller": {"turns": [{"content": "", "tool_calls": [{"name": "read", "arguments": {"path": "b.py"}}]}]},
        "long": {"turns": [{"content": "word " * 40}]},
        "thinker": {"turns": [{"content": "42", "reasoning": "let me think"}]},
        "cut": {"turns": [{"content": "trunc", "done_reason": "length"}]},
        "pass": {"persona": "native_tools"},
        "e500": {"persona": "error500", "error": "runner died"},
    },
}
RESP_TOOLS = [{"type": "function", "name": "write", "description": "write a file",
               "parameters": {"type": "object", "properties": {"filePath": {"type": "string"},
                                                               "content": {"type": "string"}},
                              "required": ["filePath", "content"]}}]
ANTH_TOOLS = [{"name": "write", "description": "write a file",
               "input_schema": RESP_TOOLS[0]["parameters"]}]


@pytest.fixture
def server(tmp_path):
    with fakellm.serve(SCRIPT, log_path=tmp_path / "log.jsonl") as srv:
        yield srv


call, jcall = http_call, http_json


def named_sse(text: str) -> list[tuple[str, dict]]:
    """SSE blocks with an ``event:`` line and a JSON ``data:`` line, as (event name, payload)."""
    out = []
    for block in text.split("\n\n"):
        if not block.strip():
            continue
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((fields["event"], json.loads(fields["data"])))
    return out


# ---------------------------------------------------------------------------------------------
# OpenAI Responses API


def test_responses_non_stream_text_tool_call_and_usage(server):
    status, r = jcall(server.url, "/v1/responses", {"model": "fixer", "input": "write a.py", "tools": RESP_TOOLS})
    assert status == 200
    assert r["object"] == "response" and r["status"] == "completed" and r["model"] == "fixer"
    msg, fc = r["output"]
    assert msg["type"] == "message" and msg["role"] == "assistant"
    assert msg["content"] == [{"type": "output_text", "text": "Writing it.", "annotations": []}]
    assert fc["type"] == "function_call" and fc["name"] == "write" and fc["status"] == "completed"
    assert json.loads(fc["arguments"]) == WRITE_ARGS and fc["call_id"].startswith("call_")
    assert r["usage"] == {"input_tokens": 1000, "input_tokens_details": {"cached_tokens": 200},
                          "output_tokens": 50, "output_tokens_details": {"reasoning_tokens": 7},
                          "total_tokens": 1050}
    entry = server.chat_requests()[-1]
    assert entry["api"] == "responses" and entry["status"] == 200 and entry["stream"] is False
    assert entry["turn"] == 0 and entry["tools"] == ["write"] and entry["last_role"] == "user"
    assert entry["tool_calls"] == [{"name": "write", "arguments": WRITE_ARGS}]
    assert entry["usage"]["prompt_tokens"] == 1000 and entry["usage"]["completion_tokens"] == 50


def test_responses_stream_events(server):
    status, headers, text = call(server.url, "/v1/responses",
                                 {"model": "fixer", "input": "write a.py", "tools": RESP_TOOLS, "stream": True})
    assert status == 200 and headers["Content-Type"] == "text/event-stream"
    events = named_sse(text)
    assert all(name == data["type"] for name, data in events)
    assert [d["sequence_number"] for _, d in events] == list(range(len(events)))
    names = [n for n, _ in events]
    assert names[:2] == ["response.created", "response.in_progress"] and names[-1] == "response.completed"
    for needed in ("response.output_item.added", "response.content_part.added", "response.output_text.delta",
                   "response.output_text.done", "response.function_call_arguments.delta",
                   "response.function_call_arguments.done", "response.output_item.done"):
        assert needed in names
    assert events[0][1]["response"]["status"] == "in_progress" and events[0][1]["response"]["usage"] is None
    text_out = "".join(d["delta"] for n, d in events if n == "response.output_text.delta")
    args = "".join(d["delta"] for n, d in events if n == "response.function_call_arguments.delta")
    assert text_out == "Writing it." and json.loads(args) == WRITE_ARGS
    added = [d["item"] for n, d in events if n == "response.output_item.added"]
    assert [i["type"] for i in added] == ["message", "function_call"] and added[1]["name"] == "write"
    fc_id = added[1]["id"]
    assert {d["item_id"] for n, d in events if n.startswith("response.function_call_arguments")} == {fc_id}
    final = events[-1][1]["response"]
    assert final["status"] == "completed" and final["usage"]["input_tokens"] == 1000
    assert final["usage"]["output_tokens_details"] == {"reasoning_tokens": 7}
    assert [o["type"] for o in final["output"]] == ["message", "function_call"]
    entry = server.chat_requests()[-1]
    assert entry["api"] == "responses" and entry["stream"] is True


def test_responses_multi_turn_tool_conversation(server):
    first = {"model": "fixer", "instructions": "You are terse.",
             "input": [{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "write"}]}],
             "tools": RESP_TOOLS}
    status, r1 = jcall(server.url, "/v1/responses", first)
    fc = r1["output"][1]
    # the client sends the answer's items back, then the call's output
    second = dict(first, input=first["input"] + [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Writing it."}]},
        {"type": "function_call", "call_id": fc["call_id"], "name": "write", "arguments": fc["arguments"]},
        {"type": "function_call_output", "call_id": fc["call_id"], "output": "Error: disk full"}])
    status, r2 = jcall(server.url, "/v1/responses", second)
    assert status == 200
    assert r2["output"][0]["content"][0]["text"] == "The write failed."
    assert [o["type"] for o in r2["output"]] == ["message"]
    ok = dict(second, input=second["input"][:-1] + [
        {"type": "function_call_output", "call_id": fc["call_id"], "output": "wrote 6 bytes"}])
    assert jcall(server.url, "/v1/responses", ok)[1]["output"][0]["content"][0]["text"] == "Wrote a.py."
    # a third turn: the whole exchange again plus the model's answer and a new user message
    third = dict(ok, input=ok["input"] + [{"role": "assistant", "content": "Wrote a.py."},
                                          {"role": "user", "content": "thanks"}])
    assert jcall(server.url, "/v1/responses", third)[1]["output"][0]["content"][0]["text"] == "All done."
    turns = [(e["turn"], e["last_role"]) for e in server.chat_requests()]
    assert turns == [(0, "user"), (1, "tool"), (1, "tool"), (2, "user")]
    assert server.chat_requests()[0]["messages"] == 2   # instructions + the user message


def test_responses_reasoning_length_stop_and_unknown_model(server):
    r = jcall(server.url, "/v1/responses", {"model": "thinker", "input": "q"})[1]
    assert [o["type"] for o in r["output"]] == ["reasoning", "message"]
    assert r["output"][0]["summary"][0]["text"] == "let me think"
    r = jcall(server.url, "/v1/responses", {"model": "cut", "input": "q"})[1]
    assert r["status"] == "incomplete" and r["incomplete_details"] == {"reason": "max_output_tokens"}
    status, r = jcall(server.url, "/v1/responses", {"model": "nope", "input": "q"})
    assert status == 404 and "nope" in r["error"]["message"]


def test_responses_persona_answers_from_responses_shaped_tools(server):
    r = jcall(server.url, "/v1/responses", {"model": "pass", "input": "go", "tools": RESP_TOOLS})[1]
    fc = r["output"][-1]
    assert fc["type"] == "function_call" and set(json.loads(fc["arguments"])) == {"filePath", "content"}


# ---------------------------------------------------------------------------------------------
# Anthropic Messages API

ANTH_HEADERS = {"x-api-key": "sk-ant-fake", "anthropic-version": "2023-06-01"}


def test_messages_non_stream_text_tool_use_and_usage(server):
    body = {"model": "fixer", "max_tokens": 1024, "system": "You are terse.", "tools": ANTH_TOOLS,
            "messages": [{"role": "user", "content": "write a.py"}]}
    status, r = jcall(server.url, "/v1/messages", body, headers=ANTH_HEADERS)
    assert status == 200
    assert r["type"] == "message" and r["role"] == "assistant" and r["model"] == "fixer"
    text, tool = r["content"]
    assert text == {"type": "text", "text": "Writing it."}
    assert tool["type"] == "tool_use" and tool["name"] == "write" and tool["input"] == WRITE_ARGS
    assert tool["id"].startswith("toolu_")
    assert r["stop_reason"] == "tool_use" and r["stop_sequence"] is None
    # Anthropic counts cached prompt tokens apart from input_tokens
    assert r["usage"] == {"input_tokens": 800, "cache_read_input_tokens": 200, "cache_creation_input_tokens": 0,
                          "output_tokens": 50}
    entry = server.chat_requests()[-1]
    assert entry["api"] == "messages" and entry["stream"] is False and entry["tools"] == ["write"]
    assert entry["tool_calls"] == [{"name": "write", "arguments": WRITE_ARGS}] and entry["messages"] == 2


def test_messages_stream_events(server):
    body = {"model": "fixer", "max_tokens": 1024, "stream": True, "tools": ANTH_TOOLS,
            "messages": [{"role": "user", "content": [{"type": "text", "text": "write a.py"}]}]}
    status, headers, text = call(server.url, "/v1/messages", body, headers=ANTH_HEADERS)
    assert status == 200 and headers["Content-Type"] == "text/event-stream"
    events = named_sse(text)
    assert all(name == data["type"] for name, data in events)
    names = [n for n, _ in events]
    assert names[0] == "message_start" and names[-2:] == ["message_delta", "message_stop"]
    start = events[0][1]["message"]
    assert start["content"] == [] and start["stop_reason"] is None and start["usage"]["input_tokens"] == 800
    blocks = [d for n, d in events if n == "content_block_start"]
    assert [b["content_block"]["type"] for b in blocks] == ["text", "tool_use"]
    assert blocks[1]["content_block"]["name"] == "write" and blocks[1]["content_block"]["input"] == {}
    assert [d["index"] for n, d in events if n == "content_block_stop"] == [0, 1]
    deltas = [d for n, d in events if n == "content_block_delta"]
    text_out = "".join(d["delta"]["text"] for d in deltas if d["delta"]["type"] == "text_delta")
    args = "".join(d["delta"]["partial_json"] for d in deltas if d["delta"]["type"] == "input_json_delta")
    assert text_out == "Writing it." and json.loads(args) == WRITE_ARGS
    assert {d["index"] for d in deltas if d["delta"]["type"] == "input_json_delta"} == {1}
    delta = events[-2][1]
    assert delta["delta"]["stop_reason"] == "tool_use"
    assert delta["usage"]["output_tokens"] == 50 and delta["usage"]["cache_read_input_tokens"] == 200
    assert server.chat_requests()[-1]["stream"] is True


def test_messages_multi_turn_tool_conversation(server):
    system = [{"type": "text", "text": "You are terse.", "cache_control": {"type": "ephemeral"}}]
    msgs = [{"role": "user", "content": "write a.py"}]
    r1 = jcall(server.url, "/v1/messages", {"model": "fixer", "max_tokens": 99, "system": system,
                                            "tools": ANTH_TOOLS, "messages": msgs})[1]
    tool = r1["content"][1]
    failed = msgs + [{"role": "assistant", "content": r1["content"]},
                     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool["id"],
                                                   "content": [{"type": "text", "text": "Error: disk full"}],
                                                   "is_error": True}]}]
    status, r2 = jcall(server.url, "/v1/messages", {"model": "fixer", "max_tokens": 99, "system": system,
                                                    "tools": ANTH_TOOLS, "messages": failed})
    assert status == 200 and r2["content"] == [{"type": "text", "text": "The write failed."}]
    assert r2["stop_reason"] == "end_turn"
    ok = failed[:-1] + [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool["id"],
                                                      "content": "wrote 6 bytes"}]}]
    r3 = jcall(server.url, "/v1/messages", {"model": "fixer", "max_tokens": 99, "tools": ANTH_TOOLS,
                                            "messages": ok})[1]
    assert r3["content"][0]["text"] == "Wrote a.py."
    more = ok + [{"role": "assistant", "content": r3["content"]}, {"role": "user", "content": "thanks"}]
    assert jcall(server.url, "/v1/messages", {"model": "fixer", "max_tokens": 99,
                                              "messages": more})[1]["content"][0]["text"] == "All done."
    assert [(e["turn"], e["last_role"]) for e in server.chat_requests()] == [
        (0, "user"), (1, "tool"), (1, "tool"), (2, "user")]


def test_messages_count_tokens_matches_the_reported_estimate(server):
    body = {"model": "long", "system": "sys", "tools": ANTH_TOOLS,
            "messages": [{"role": "user", "content": "how many tokens is this prompt?"}]}
    status, counted = jcall(server.url, "/v1/messages/count_tokens", body, headers=ANTH_HEADERS)
    assert status == 200 and set(counted) == {"input_tokens"} and counted["input_tokens"] > 1
    # Claude Code calls /v1/messages?beta=true
    r = jcall(server.url, "/v1/messages?beta=true", dict(body, max_tokens=10), headers=ANTH_HEADERS)[1]
    assert r["usage"]["input_tokens"] == counted["input_tokens"]
    assert server.requests[0]["api"] == "count_tokens"
    assert len(server.chat_requests()) == 1   # counting is not a turn


def test_messages_errors_in_anthropic_shape(server):
    status, r = jcall(server.url, "/v1/messages", {"model": "nope", "max_tokens": 5,
                                                   "messages": [{"role": "user", "content": "hi"}]})
    assert status == 404 and r["type"] == "error" and r["error"]["type"] == "not_found_error"
    r = jcall(server.url, "/v1/messages", {"model": "cut", "max_tokens": 5,
                                           "messages": [{"role": "user", "content": "hi"}]})[1]
    assert r["stop_reason"] == "max_tokens"


def test_error500_persona_in_each_new_api_shape(server):
    status, r = jcall(server.url, "/v1/responses", {"model": "e500", "input": "x"})
    assert status == 500 and r["error"]["message"] == "runner died"
    status, r = jcall(server.url, "/v1/messages", {"model": "e500", "max_tokens": 5,
                                                   "messages": [{"role": "user", "content": "x"}]})
    assert status == 500 and r == {"type": "error", "error": {"type": "api_error", "message": "runner died"}}
    assert [(e["api"], e["status"]) for e in server.chat_requests()] == [("responses", 500), ("messages", 500)]


def test_native_tools_persona_over_messages_reads_the_tool_result(server):
    msgs = [{"role": "user", "content": "go"}]
    r1 = jcall(server.url, "/v1/messages", {"model": "pass", "max_tokens": 9, "tools": ANTH_TOOLS, "messages": msgs})[1]
    tool = r1["content"][-1]
    assert tool["type"] == "tool_use" and set(tool["input"]) == {"filePath", "content"}
    msgs += [{"role": "assistant", "content": r1["content"]},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool["id"], "content": "42"}]}]
    r2 = jcall(server.url, "/v1/messages", {"model": "pass", "max_tokens": 9, "tools": ANTH_TOOLS, "messages": msgs})[1]
    assert r2["content"] == [{"type": "text", "text": "The write tool returned: 42"}]
    assert r2["stop_reason"] == "end_turn"


def test_messages_thinking_block(server):
    body = {"model": "thinker", "max_tokens": 50, "messages": [{"role": "user", "content": "q"}]}
    r = jcall(server.url, "/v1/messages", body)[1]
    assert [b["type"] for b in r["content"]] == ["thinking", "text"]
    events = named_sse(call(server.url, "/v1/messages", dict(body, stream=True))[2])
    thinking = "".join(d["delta"]["thinking"] for n, d in events
                       if n == "content_block_delta" and d["delta"]["type"] == "thinking_delta")
    assert thinking == "let me think"


# ---------------------------------------------------------------------------------------------
# chat-completions-only


def _assert_chat_only(url: str) -> None:
    status, r = jcall(url, "/v1/chat/completions", {"model": "fixer", "messages": [{"role": "user", "content": "x"}]})
    assert status == 200 and r["choices"][0]["message"]["content"] == "Writing it."
    assert jcall(url, "/v1/models")[0] == 200
    for path, body in (("/api/chat", {"model": "fixer", "messages": []}), ("/api/generate", {"model": "fixer"}),
                       ("/api/show", {"model": "fixer"}), ("/v1/responses", {"model": "fixer", "input": "x"}),
                       ("/v1/messages", {"model": "fixer", "max_tokens": 5, "messages": []}),
                       ("/v1/messages/count_tokens", {"model": "fixer", "messages": []}),
                       ("/api/tags", None), ("/api/version", None), ("/", None)):
        status, r = jcall(url, path, body)
        assert status == 404, path
        assert r == {"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}}, path


def test_chat_only_answers_404_elsewhere(tmp_path):
    with fakellm.serve(SCRIPT, protocols=("openai",)) as srv:
        _assert_chat_only(srv.url)
        unknown = [e for e in srv.requests if e["api"] == "unknown"]
        assert len(unknown) == 9 and {e["status"] for e in unknown} == {404}
        assert len(srv.chat_requests()) == 1
        # a body that is not even JSON still gets the 404 a chat-only server gives, not a 400
        req = urllib.request.Request(srv.url + "/v1/messages", data=b"{not json", method="POST")
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(req, timeout=10)
        assert e.value.code == 404


def test_chat_only_from_the_script_and_the_cli(tmp_path):
    with fakellm.serve(dict(SCRIPT, server={"chat_only": True})) as srv:
        _assert_chat_only(srv.url)
    script = tmp_path / "s.json"
    script.write_text(json.dumps(SCRIPT))
    proc = subprocess.Popen([sys.executable, "-m", "bench.fakellm", "--script", str(script), "--chat-only",
                             "--prefill-tps", "100000", "--decode-tps", "1000", "--slots", "2"],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = json.loads(proc.stdout.readline())["url"]
        _assert_chat_only(url)
        r = jcall(url, "/v1/chat/completions", {"model": "fixer", "messages": [{"role": "user", "content": "x"}]})[1]
        assert r["timings"]["prompt_per_second"] == 100000 and r["timings"]["predicted_per_second"] == 1000
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_protocols_can_be_chosen(tmp_path):
    with fakellm.serve(SCRIPT, protocols=["openai", "messages"]) as srv:
        assert call(srv.url, "/v1/messages", {"model": "fixer", "max_tokens": 5,
                                              "messages": [{"role": "user", "content": "x"}]})[0] == 200
        assert call(srv.url, "/v1/responses", {"model": "fixer", "input": "x"})[0] == 404
    with pytest.raises(fakellm.ScriptError, match="protocol"):
        fakellm.serve(SCRIPT, protocols=("grpc",))


# ---------------------------------------------------------------------------------------------
# simulated speed

SPEED = {"models": {
    "m": {"turns": [{"content": "x" * 200, "usage": {"prompt_tokens": 30, "completion_tokens": 20}}]},
    "tiny": {"turns": [{"content": "ok", "usage": {"prompt_tokens": 1, "completion_tokens": 1}}]},
    "caller": {"turns": [{"content": "", "tool_calls": [{"name": "a_rather_long_tool_name", "arguments": {"k": 1}}],
                          "usage": {"prompt_tokens": 1, "completion_tokens": 20}}]},
    "slow": {"turns": [{"content": "y" * 400, "usage": {"prompt_tokens": 1, "completion_tokens": 60}}]},
}}


def test_decode_speed_non_stream_takes_its_tokens_and_reports_llama_cpp_timings():
    with fakellm.serve(SPEED, prefill_tps=100, decode_tps=50) as srv:
        t0 = time.monotonic()
        r = jcall(srv.url, "/v1/chat/completions", {"model": "m", "messages": [{"role": "user", "content": "x"}]})[1]
        took = time.monotonic() - t0
    assert took >= 30 / 100 + 20 / 50          # prefill 0.3 s + decode 0.4 s, a lower bound only
    t = r["timings"]
    assert (t["prompt_n"], t["predicted_n"]) == (30, 20)
    assert t["prompt_ms"] == pytest.approx(300) and t["predicted_ms"] == pytest.approx(400)
    assert t["predicted_per_second"] == 50 and t["prompt_per_second"] == 100
    entry = srv.chat_requests()[-1]
    assert entry["prefill_s"] == pytest.approx(0.3) and entry["decode_s"] == pytest.approx(0.4)


def test_no_speed_no_timings(server):
    r = jcall(server.url, "/v1/chat/completions", {"model": "long", "messages": [{"role": "user", "content": "x"}]})[1]
    assert "timings" not in r


def _stream_times(url: str, path: str, body: dict) -> tuple[float, list[tuple[float, bytes]], float]:
    """(seconds to the first body byte, [(seconds, line)] for each line read, seconds to the end)."""
    u = urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    t0 = time.monotonic()
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    resp = conn.getresponse()
    lines = []
    first = None
    while True:
        line = resp.readline()
        if not line:
            break
        now = time.monotonic() - t0
        first = now if first is None else first
        lines.append((now, line))
    conn.close()
    return first, lines, time.monotonic() - t0


def test_ollama_stream_waits_prefill_then_spreads_decode_and_reports_durations():
    with fakellm.serve(SPEED, prefill_tps=100, decode_tps=50) as srv:
        first, lines, end = _stream_times(srv.url, "/api/chat", {"model": "m", "messages": [
            {"role": "user", "content": "x"}]})
    assert first >= 0.3                          # the prompt's 30 tokens at 100 tokens/s before the first token
    content = [(t, json.loads(raw)) for t, raw in lines if raw.strip()]
    pieces = [t for t, obj in content if obj["message"]["content"]]
    assert len(pieces) > 5
    # the first of the pieces has waited only its share of the 0.4 s decode; the rest came after it
    assert end - pieces[0] >= 0.4 * (len(pieces) - 1) / len(pieces) - 0.02
    assert end >= 0.3 + 0.4
    done = content[-1][1]
    assert done["done"] is True
    assert (done["prompt_eval_count"], done["eval_count"]) == (30, 20)
    assert done["prompt_eval_duration"] == 300_000_000 and done["eval_duration"] == 400_000_000
    assert done["prompt_eval_count"] / (done["prompt_eval_duration"] / 1e9) == pytest.approx(100)


def test_speed_from_the_script_and_streamed_protocols_take_their_time():
    with fakellm.serve(dict(SPEED, server={"decode_tps": 50})) as srv:
        for path, body in (("/v1/chat/completions", {"stream": True, "messages": [{"role": "user", "content": "x"}]}),
                           ("/v1/responses", {"stream": True, "input": "x"}),
                           ("/v1/messages", {"stream": True, "max_tokens": 9,
                                             "messages": [{"role": "user", "content": "x"}]})):
            _, lines, end = _stream_times(srv.url, path, dict(body, model="m"))
            assert end >= 20 / 50, path
            assert b"x" * 24 in b"".join(raw for _, raw in lines), path
        # an answer that is only a call still takes all its tokens' time (its name is not streamed as text)
        _, _, end = _stream_times(srv.url, "/v1/responses", {"model": "caller", "stream": True, "input": "x"})
        assert end >= 20 / 50
        timings = [json.loads(raw[6:]) for _, raw in _stream_times(
            srv.url, "/v1/chat/completions", {"model": "m", "stream": True,
                                              "messages": [{"role": "user", "content": "x"}]})[1]
                   if raw.startswith(b"data: {")]
        finishing = [c for c in timings if c["choices"] and c["choices"][0]["finish_reason"]]
        assert finishing[0]["timings"]["predicted_n"] == 20 and finishing[0]["timings"]["prompt_ms"] == 0


def _all_released(srv, answers: int = 2) -> list:
    """The slot events once every answer's slot is let go (just after its last byte, which the client may read
    first)."""
    deadline = time.monotonic() + 10
    while sum(e[0] == "release" for e in srv.slot_events()) < answers and time.monotonic() < deadline:
        time.sleep(0.01)
    return srv.slot_events()


def test_a_client_that_leaves_ends_the_decode_wait():
    with fakellm.serve(SPEED, decode_tps=1, slots=1) as srv:    # "slow" would take 60 s
        u = urlsplit(srv.url)
        conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
        conn.request("POST", "/api/chat", json.dumps({"model": "slow", "messages": [{"role": "user", "content": "x"}]}),
                     {"Content-Type": "application/json"})
        resp = conn.getresponse()
        assert resp.status == 200
        conn.close()                                     # gone before the answer is done
        # the slot is given back once the server sees the client left, so the next request is served
        status, r = jcall(srv.url, "/api/chat", {"model": "tiny", "stream": False,
                                                 "messages": [{"role": "user", "content": "x"}]})
        assert status == 200 and r["message"]["content"] == "ok"
        events = _all_released(srv)
    slow_rid, tiny_rid = events[0][1], events[2][1]
    assert [(e[0], e[1]) for e in events] == [("acquire", slow_rid), ("release", slow_rid),
                                              ("acquire", tiny_rid), ("release", tiny_rid)]


# ---------------------------------------------------------------------------------------------
# parallel slots


def _two_at_once(srv, first_model: str, second_model: str) -> None:
    """Start a streamed answer, and once its first byte has come, a second request; wait for both."""
    u = urlsplit(srv.url)
    started = threading.Event()
    errors = []

    def first():
        try:
            conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
            conn.request("POST", "/v1/chat/completions", json.dumps(
                {"model": first_model, "stream": True, "messages": [{"role": "user", "content": "x"}]}),
                {"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.readline()
            started.set()
            resp.read()
            conn.close()
        except Exception as e:  # noqa: BLE001 - reported by the test below
            errors.append(e)
            started.set()

    t = threading.Thread(target=first)
    t.start()
    assert started.wait(30)
    status, _ = jcall(srv.url, "/v1/chat/completions", {"model": second_model, "messages": [
        {"role": "user", "content": "x"}]}, timeout=60)
    t.join(60)
    assert status == 200 and not errors


def test_one_slot_serves_one_answer_at_a_time():
    with fakellm.serve(SPEED, decode_tps=40, slots=1) as srv:       # "m": 20 tokens, 0.5 s
        _two_at_once(srv, "m", "tiny")
        events = _all_released(srv)
        by_model = {e["model"]: e for e in srv.chat_requests()}
    a, b = by_model["m"]["rid"], by_model["tiny"]["rid"]
    # the second answer's slot (hence its first byte) comes only after the first answer's last byte
    assert [(e[0], e[1]) for e in events] == [("acquire", a), ("release", a), ("acquire", b), ("release", b)]
    assert by_model["tiny"]["slot_wait_s"] > 0
    assert by_model["tiny"]["t"] >= events[1][2] - 0.001   # logged just before its first byte (t has ms)


@pytest.mark.slow   # seconds of real waiting; nox -s slow runs it
def test_two_slots_overlap_and_unlimited_records_no_slots():
    with fakellm.serve(SPEED, decode_tps=5, slots=2) as srv:       # "m": 20 tokens, 4 s
        _two_at_once(srv, "m", "tiny")
        events = _all_released(srv)
        by_model = {e["model"]: e for e in srv.chat_requests()}
    a, b = by_model["m"]["rid"], by_model["tiny"]["rid"]
    order = [(e[0], e[1]) for e in events]
    assert order[0] == ("acquire", a) and order.index(("acquire", b)) < order.index(("release", a))   # overlap
    with fakellm.serve(SPEED) as srv:
        jcall(srv.url, "/v1/chat/completions", {"model": "tiny", "messages": [{"role": "user", "content": "x"}]})
        assert srv.slot_events() == [] and "slot_wait_s" not in srv.chat_requests()[0]


# ---------------------------------------------------------------------------------------------
# the script's server section


@pytest.mark.parametrize("server_section, needle", [
    ({"slots": 0}, "server.slots"),
    ({"decode_tps": -1}, "server.decode_tps"),
    ({"prefill_tps": "fast"}, "server.prefill_tps"),
    ({"protocols": ["ollama", "smtp"]}, "smtp"),
    ({"protocols": "openai"}, "server.protocols"),
    ({"chat_only": "yes"}, "server.chat_only"),
    ({"speed": 1}, "server.speed"),
])
def test_bad_server_section_names_the_field(server_section, needle):
    with pytest.raises(fakellm.ScriptError, match=needle.replace(".", r"\.")):
        fakellm.load_script(dict(SPEED, server=server_section))


def test_serve_kwargs_override_the_script_and_bad_values_fail():
    loaded = fakellm.load_script(dict(SPEED, server={"slots": 2, "decode_tps": 5, "protocols": ["openai"]}))
    assert loaded["server"] == {"slots": 2, "decode_tps": 5.0, "protocols": ("openai",)}
    with fakellm.serve(dict(SPEED, server={"protocols": ["openai"]}), protocols=("ollama", "openai")) as srv:
        assert call(srv.url, "/api/version")[0] == 200
    for kw in ({"slots": 0}, {"decode_tps": 0}, {"prefill_tps": -3}):
        with pytest.raises(fakellm.ScriptError):
            fakellm.serve(SPEED, **kw)
