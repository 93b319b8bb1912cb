"""bench.fakellm over real HTTP on 127.0.0.1: every endpoint, both APIs streaming and not, personas, the log,
the CLI."""
from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bench import fakellm
from conftest import http_call, http_json

REPO = Path(__file__).resolve().parents[2]
CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"

WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "weather for a city",
           "parameters": {"type": "object", "properties": {
               "city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
               "days": {"type": "integer", "minimum": 1}, "verbose": {"type": "boolean"}},
               "required": ["city", "unit", "days"]}}}

SCRIPT = {
    "final": "All done.",
    "models": {
        "fixer": {
            "details": {"family": "qwen3", "parameter_size": "8.2B", "quantization_level": "Q4_K_M"},
            "digest": "sha256:abc", "size": 123456, "context_length": 40960, "capabilities": ["completion", "tools"],
            "turns": [
                {"content": "Writing it.",
                 "tool_calls": [{"name": "write", "arguments": {"filePath": "a.py", "content": "x = 1\n"}}],
                 "usage": {"prompt_tokens": 1000, "completion_tokens": 50}},
                [{"when": {"last_role": "tool", "contains": "Error"}, "content": "The write failed."},
                 {"when": {"tools_offered": False}, "content": "No tools, so I stop."},
                 {"content": "Wrote a.py."}],
            ],
            "replies": [{"when": {"contains": "magic word"}, "content": "You said the magic word."}],
        },
        "plain:7b": {"turns": ["A plain answer that is long enough to be split into several stream chunks."]},
        "slow": {"turns": [{"content": "finally", "delay_s": 0.6}]},
        "pass": {"persona": "native_tools"},
        "text": {"persona": "text_shaped"},
        "tags": {"persona": "text_shaped", "style": "tags"},
        "nocall": {"persona": "no_call"},
        "badargs": {"persona": "bad_arguments"},
        "hang": {"persona": "hang", "hang_s": 30},
        "e500": {"persona": "error500", "error": "runner died"},
        "trunc": {"persona": "truncating", "truncate_to": 64, "turns": [{"content": "ok"}]},
        "reasoner": {"turns": [{"content": "42", "reasoning": "let me think",
                                "usage": {"prompt_tokens": 10, "completion_tokens": 30, "reasoning_tokens": 20,
                                          "cached_tokens": 4}}]},
    },
}


@pytest.fixture
def server(tmp_path):
    log = tmp_path / "requests.jsonl"
    with fakellm.serve(SCRIPT, log_path=log) as srv:
        srv.log_path = log
        yield srv


call, jcall = http_call, http_json


def user(text):
    return {"role": "user", "content": text}


# ---------------------------------------------------------------------------------------------
# metadata endpoints


def test_root_version_tags_show(server):
    status, headers, text = call(server.url, "/")
    assert status == 200 and text == "Ollama is running"
    assert jcall(server.url, "/api/version") == (200, {"version": fakellm.OLLAMA_VERSION})
    status, tags = jcall(server.url, "/api/tags")
    names = [m["name"] for m in tags["models"]]
    assert "fixer:latest" in names and "plain:7b" in names
    fixer = next(m for m in tags["models"] if m["name"] == "fixer:latest")
    assert fixer["model"] == "fixer:latest" and fixer["digest"] == "sha256:abc" and fixer["size"] == 123456
    assert fixer["details"] == {"parent_model": "", "format": "gguf", "family": "qwen3", "families": ["qwen3"],
                                "parameter_size": "8.2B", "quantization_level": "Q4_K_M"}
    for key in ("model", "name"):   # Ollama's field and the old one litellm sends
        status, show = jcall(server.url, "/api/show", {key: "fixer:latest"})
        assert status == 200
        assert show["capabilities"] == ["completion", "tools"]
        assert show["model_info"]["qwen3.context_length"] == 40960
        assert show["details"]["quantization_level"] == "Q4_K_M"
    assert jcall(server.url, "/api/show", {"model": "nope"}) == (404, {"error": "model 'nope' not found"})


def test_ps_lists_models_once_used(server):
    assert jcall(server.url, "/api/ps") == (200, {"models": []})
    jcall(server.url, "/api/chat", {"model": "plain:7b", "messages": [user("hi")], "stream": False})
    status, ps = jcall(server.url, "/api/ps")
    assert [m["name"] for m in ps["models"]] == ["plain:7b"]
    assert ps["models"][0]["size_vram"] > 0 and "expires_at" in ps["models"][0]


def test_openai_models(server):
    status, models = jcall(server.url, "/v1/models")
    assert status == 200 and models["object"] == "list"
    assert {"id": "fixer:latest", "object": "model", "created": 1735689600, "owned_by": "library"} in models["data"]
    assert jcall(server.url, "/v1/models/plain:7b")[1]["id"] == "plain:7b"
    status, err = jcall(server.url, "/v1/models/nope")
    assert status == 404 and "not found" in err["error"]["message"]


def test_unknown_model_404_like_ollama(server):
    assert jcall(server.url, "/api/chat", {"model": "x", "messages": [user("hi")]}) == \
        (404, {"error": "model 'x' not found"})
    status, err = jcall(server.url, "/v1/chat/completions", {"model": "x", "messages": [user("hi")]})
    assert status == 404 and err["error"]["message"] == "model 'x' not found"
    status, _, _ = call(server.url, "/nothing/here")
    assert status == 404


# ---------------------------------------------------------------------------------------------
# Ollama /api/chat


def test_ollama_chat_non_stream_with_tool_call(server):
    status, r = jcall(server.url, "/api/chat", {"model": "fixer", "messages": [user("fix it")], "stream": False})
    assert status == 200 and r["done"] is True and r["done_reason"] == "stop" and r["model"] == "fixer"
    msg = r["message"]
    assert msg["role"] == "assistant" and msg["content"] == "Writing it."
    (tc,) = msg["tool_calls"]
    assert tc["function"]["name"] == "write"
    assert tc["function"]["arguments"] == {"filePath": "a.py", "content": "x = 1\n"}   # an object, not a string
    assert (r["prompt_eval_count"], r["eval_count"]) == (1000, 50)
    assert isinstance(r["load_duration"], int) and r["load_duration"] > 0
    assert r["total_duration"] >= r["eval_duration"]


def test_ollama_chat_streams_ndjson_by_default(server):
    status, headers, text = call(server.url, "/api/chat", {"model": "plain:7b", "messages": [user("hello")]})
    assert status == 200 and headers["Content-Type"] == "application/x-ndjson"
    lines = [json.loads(x) for x in text.splitlines()]
    assert len(lines) > 2 and all(not x["done"] for x in lines[:-1]) and lines[-1]["done"] is True
    content = "".join(x["message"]["content"] for x in lines)
    assert content == SCRIPT["models"]["plain:7b"]["turns"][0]
    assert lines[-1]["prompt_eval_count"] == fakellm.estimate_tokens("hello")
    assert lines[-1]["eval_count"] == fakellm.estimate_tokens(content)
    assert lines[-1]["done_reason"] == "stop"


def test_ollama_stream_tool_call_chunk(server):
    status, _, text = call(server.url, "/api/chat", {"model": "fixer", "messages": [user("go")], "stream": True})
    lines = [json.loads(x) for x in text.splitlines()]
    calls = [x["message"]["tool_calls"] for x in lines if x["message"].get("tool_calls")]
    assert len(calls) == 1 and calls[0][0]["function"]["arguments"]["filePath"] == "a.py"


def test_generate_endpoint(server):
    status, r = jcall(server.url, "/api/generate", {"model": "plain:7b", "prompt": "hi", "stream": False})
    assert status == 200 and r["response"].startswith("A plain answer") and r["done"] is True


# ---------------------------------------------------------------------------------------------
# OpenAI-compatible


def test_openai_non_stream_tool_call(server):
    status, r = jcall(server.url, "/v1/chat/completions", {"model": "fixer", "messages": [user("fix")],
                                                            "tools": [WEATHER]})
    assert status == 200 and r["object"] == "chat.completion" and r["id"].startswith("chatcmpl-")
    choice = r["choices"][0]
    assert choice["finish_reason"] == "tool_calls"
    (tc,) = choice["message"]["tool_calls"]
    assert tc["type"] == "function" and tc["id"].startswith("call_")
    assert isinstance(tc["function"]["arguments"], str)            # a JSON string on /v1
    assert json.loads(tc["function"]["arguments"]) == {"filePath": "a.py", "content": "x = 1\n"}
    assert r["usage"] == {"prompt_tokens": 1000, "completion_tokens": 50, "total_tokens": 1050}


def sse(text: str) -> list:
    events = []
    for block in text.split("\n\n"):
        if block.startswith("data: "):
            payload = block[len("data: "):]
            events.append(payload if payload == "[DONE]" else json.loads(payload))
    return events


def test_openai_stream_sse_with_usage_chunk(server):
    body = {"model": "plain:7b", "messages": [user("hello")], "stream": True, "stream_options": {"include_usage": True}}
    status, headers, text = call(server.url, "/v1/chat/completions", body)
    assert status == 200 and headers["Content-Type"] == "text/event-stream"
    events = sse(text)
    assert events[-1] == "[DONE]"
    chunks = events[:-1]
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    content = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    assert content == SCRIPT["models"]["plain:7b"]["turns"][0]
    assert chunks[-2]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"] == {
        "prompt_tokens": fakellm.estimate_tokens("hello"), "completion_tokens": fakellm.estimate_tokens(content),
        "total_tokens": fakellm.estimate_tokens("hello") + fakellm.estimate_tokens(content)}


def test_openai_stream_without_include_usage_has_no_usage(server):
    body = {"model": "fixer", "messages": [user("x")], "stream": True}
    events = sse(call(server.url, "/v1/chat/completions", body)[2])
    assert events[-1] == "[DONE]"
    assert not any("usage" in e for e in events[:-1])
    tool_deltas = [e["choices"][0]["delta"]["tool_calls"] for e in events[:-1] if e["choices"] and
                   e["choices"][0]["delta"].get("tool_calls")]
    assert tool_deltas[0][0]["index"] == 0 and tool_deltas[0][0]["function"]["name"] == "write"
    assert events[-2]["choices"][0]["finish_reason"] == "tool_calls"
    log = [json.loads(x) for x in server.log_path.read_text().splitlines()]
    assert log[-1]["usage_reported"] is False and log[-1]["include_usage"] is False


def test_reasoning_and_cache_usage_details(server):
    status, r = jcall(server.url, "/v1/chat/completions", {"model": "reasoner", "messages": [user("q")]})
    assert r["choices"][0]["message"]["reasoning_content"] == "let me think"
    assert r["usage"]["completion_tokens_details"] == {"reasoning_tokens": 20}
    assert r["usage"]["prompt_tokens_details"] == {"cached_tokens": 4}
    status, r = jcall(server.url, "/api/chat", {"model": "reasoner", "messages": [user("q")], "stream": False})
    assert r["message"]["thinking"] == "let me think"


# ---------------------------------------------------------------------------------------------
# reply selection


def test_turn_index_counts_assistant_messages_and_conditions(server):
    tool_result = [user("fix"), {"role": "assistant", "content": "", "tool_calls": []},
                   {"role": "tool", "content": "Wrote file successfully."}]
    r = jcall(server.url, "/v1/chat/completions", {"model": "fixer", "messages": tool_result, "tools": [WEATHER]})[1]
    assert r["choices"][0]["message"]["content"] == "Wrote a.py."
    failed = tool_result[:2] + [{"role": "tool", "content": "Error: no such file"}]
    r = jcall(server.url, "/v1/chat/completions", {"model": "fixer", "messages": failed, "tools": [WEATHER]})[1]
    assert r["choices"][0]["message"]["content"] == "The write failed."
    r = jcall(server.url, "/v1/chat/completions", {"model": "fixer", "messages": tool_result})[1]
    assert r["choices"][0]["message"]["content"] == "No tools, so I stop."
    # past the turns: the stateless rules, then the final reply
    later = tool_result + [{"role": "assistant", "content": "x"}, user("say the magic word")]
    r = jcall(server.url, "/v1/chat/completions", {"model": "fixer", "messages": later})[1]
    assert r["choices"][0]["message"]["content"] == "You said the magic word."
    later[-1] = user("anything")
    r = jcall(server.url, "/v1/chat/completions", {"model": "fixer", "messages": later})[1]
    assert r["choices"][0]["message"]["content"] == "All done."
    log = [json.loads(x) for x in server.log_path.read_text().splitlines()]
    assert [e["reply"] for e in log] == ["turns[1][2]", "turns[1][0]", "turns[1][1]", "replies[0]", "final"]


def test_trailing_assistant_prefill_is_not_a_turn(server):
    msgs = [user("fix"), {"role": "assistant", "content": "CRITICAL - MAXIMUM STEPS REACHED"}]
    r = jcall(server.url, "/api/chat", {"model": "fixer", "messages": msgs, "stream": False})[1]
    assert r["message"]["content"] == "Writing it."   # still turn 0


def test_default_usage_is_a_deterministic_estimate(server):
    msgs = [{"role": "system", "content": "s" * 40}, {"role": "user", "content": [{"type": "text", "text": "u" * 20}]}]
    r1 = jcall(server.url, "/api/chat", {"model": "plain:7b", "messages": msgs, "stream": False})[1]
    r2 = jcall(server.url, "/api/chat", {"model": "plain:7b", "messages": msgs, "stream": False})[1]
    assert r1["prompt_eval_count"] == r2["prompt_eval_count"] == 60 // 4 + 1
    with_tools = jcall(server.url, "/api/chat", {"model": "plain:7b", "messages": msgs, "stream": False,
                                                 "tools": [WEATHER]})[1]
    assert with_tools["prompt_eval_count"] == fakellm.estimate_tokens(
        "s" * 40 + "u" * 20 + json.dumps([WEATHER], sort_keys=True))


def test_content_file_and_delay(tmp_path):
    (tmp_path / "replies").mkdir()
    (tmp_path / "replies" / "big.txt").write_text("BIG BODY\n" * 100)
    script = tmp_path / "s.yaml"
    script.write_text("models:\n  m:\n    turns:\n      - content_file: replies/big.txt\n        delay_s: 0.5\n")
    with fakellm.serve(script) as srv:
        t0 = time.monotonic()
        r = jcall(srv.url, "/api/chat", {"model": "m", "messages": [user("x")], "stream": False})[1]
        assert time.monotonic() - t0 >= 0.5
        assert r["message"]["content"] == "BIG BODY\n" * 100


def test_workdir_placeholder_takes_the_directory_the_request_names(tmp_path):
    """An agent whose tools want absolute paths works in a random directory it names in its prompt: the script's
    "{workdir}" becomes that directory, in nested and raw-string arguments alike, and stays where none is named."""
    script = {"models": {"m": {"workdir_from": r"Working directory: (\S+)", "turns": [
        {"tool_calls": [{"name": "edit",
                         "arguments": {"file_path": "{workdir}/a.py", "edits": [{"path": "{workdir}"}]}},
                        {"name": "raw", "arguments": '{"p": "{workdir}/b"}'}]}]}}}
    system = {"role": "system", "content": "You are a coder.\nWorking directory: /tmp/run-x1/work\nBe brief."}
    with fakellm.serve(script) as srv:
        named = jcall(srv.url, "/v1/chat/completions", {"model": "m", "messages": [system, user("fix it")]})[1]
        unnamed = jcall(srv.url, "/v1/chat/completions", {"model": "m", "messages": [user("fix it")]})[1]
    calls = named["choices"][0]["message"]["tool_calls"]
    assert json.loads(calls[0]["function"]["arguments"]) == {"file_path": "/tmp/run-x1/work/a.py",
                                                             "edits": [{"path": "/tmp/run-x1/work"}]}
    assert json.loads(calls[1]["function"]["arguments"]) == {"p": "/tmp/run-x1/work/b"}
    kept = unnamed["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"]
    assert json.loads(kept)["file_path"] == "{workdir}/a.py"
    assert script["models"]["m"]["turns"][0]["tool_calls"][0]["arguments"]["file_path"] == "{workdir}/a.py"


def test_json_script_is_accepted(tmp_path):
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"models": {"m": {"turns": ["hi"]}}}))
    with fakellm.serve(p) as srv:
        answer = jcall(srv.url, "/api/chat", {"model": "m", "messages": [], "stream": False})[1]
        assert answer["message"]["content"] == "hi"


# ---------------------------------------------------------------------------------------------
# personas


def test_native_tools_persona_builds_arguments_from_the_schema(server):
    r = jcall(server.url, "/api/chat", {"model": "pass", "messages": [user("weather in Paris?")], "tools": [WEATHER],
                                        "stream": False})[1]
    (tc,) = r["message"]["tool_calls"]
    assert tc["function"]["name"] == "get_weather"
    assert tc["function"]["arguments"] == {"city": "Paris", "unit": "celsius", "days": 1}
    msgs = [user("weather?"), r["message"], {"role": "tool", "content": "22 C and sunny", "tool_name": "get_weather"}]
    r2 = jcall(server.url, "/api/chat", {"model": "pass", "messages": msgs, "tools": [WEATHER], "stream": False})[1]
    assert "tool_calls" not in r2["message"]
    assert "22 C and sunny" in r2["message"]["content"] and "get_weather" in r2["message"]["content"]
    o = jcall(server.url, "/v1/chat/completions", {"model": "pass", "messages": [user("w?")], "tools": [WEATHER]})[1]
    assert json.loads(o["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"])["unit"] == "celsius"
    no_tools = jcall(server.url, "/api/chat", {"model": "pass", "messages": [user("hi")], "stream": False})[1]
    assert no_tools["message"]["content"] and "tool_calls" not in no_tools["message"]


def test_text_shaped_persona_writes_tool_calls_as_text(server):
    r = jcall(server.url, "/api/chat",
              {"model": "text", "messages": [user("w?")], "tools": [WEATHER], "stream": False})[1]
    assert "tool_calls" not in r["message"]
    shaped = json.loads(r["message"]["content"])
    assert shaped["name"] == "get_weather" and shaped["arguments"]["city"] == "Paris"
    o = jcall(server.url, "/v1/chat/completions", {"model": "tags", "messages": [user("w?")], "tools": [WEATHER]})[1]
    content = o["choices"][0]["message"]["content"]
    assert content.startswith("<tool_call>") and content.endswith("</tool_call>")
    assert o["choices"][0]["finish_reason"] == "stop" and "tool_calls" not in o["choices"][0]["message"]


def test_no_call_persona(server):
    r = jcall(server.url, "/v1/chat/completions", {"model": "nocall", "messages": [user("w?")], "tools": [WEATHER]})[1]
    assert r["choices"][0]["finish_reason"] == "stop" and r["choices"][0]["message"]["content"]
    assert "tool_calls" not in r["choices"][0]["message"]


def test_bad_arguments_persona(server):
    r = jcall(server.url, "/api/chat",
              {"model": "badargs", "messages": [user("w?")], "tools": [WEATHER], "stream": False})[1]
    assert r["message"]["tool_calls"][0]["function"]["arguments"] == {}          # required fields missing
    o = jcall(server.url, "/v1/chat/completions", {"model": "badargs", "messages": [user("w?")], "tools": [WEATHER]})[1]
    raw = o["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"]
    with pytest.raises(ValueError):
        json.loads(raw)                                                            # not JSON at all


def test_error500_persona(server):
    assert jcall(server.url, "/api/chat", {"model": "e500", "messages": [user("x")]}) == (500, {"error": "runner died"})
    status, err = jcall(server.url, "/v1/chat/completions", {"model": "e500", "messages": [user("x")]})
    assert status == 500 and err["error"]["message"] == "runner died"


def test_truncating_persona_reports_far_fewer_prompt_tokens(server):
    long = "word " * 2000
    r = jcall(server.url, "/api/chat", {"model": "trunc", "messages": [user(long)], "stream": False})[1]
    assert r["prompt_eval_count"] == 64 < fakellm.estimate_tokens(long)
    o = jcall(server.url, "/v1/chat/completions", {"model": "trunc", "messages": [user(long)]})[1]
    assert o["usage"]["prompt_tokens"] == 64


def test_hang_persona_until_the_client_leaves(server):
    t0 = time.monotonic()
    with pytest.raises((TimeoutError, socket.timeout, urllib.error.URLError)):
        call(server.url, "/api/chat", {"model": "hang", "messages": [user("x")]}, timeout=1)
    assert time.monotonic() - t0 < 5
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        events = [r.get("event") for r in server.requests]
        if "hang_end" in events:
            break
        time.sleep(0.1)
    assert "hang_start" in events and "hang_end" in events


def test_stop_ends_a_hanging_request(tmp_path):
    import threading

    srv = fakellm.serve(SCRIPT)
    errors = []

    def hang():
        try:
            call(srv.url, "/v1/chat/completions", {"model": "hang", "messages": [user("x")]}, timeout=20)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    t = threading.Thread(target=hang)
    t.start()
    time.sleep(0.5)
    t0 = time.monotonic()
    srv.stop()
    t.join(timeout=10)
    assert time.monotonic() - t0 < 5 and not t.is_alive()
    assert errors   # the client saw its connection close, not an answer


# ---------------------------------------------------------------------------------------------
# the log


def test_log_file_records_requests_and_what_was_reported(server):
    call(server.url, "/v1/chat/completions", {"model": "fixer",
                                               "messages": [{"role": "system", "content": "s"}, user("x")],
                                               "tools": [WEATHER], "stream": True,
                                               "stream_options": {"include_usage": True}})
    jcall(server.url, "/api/chat", {"model": "nope", "messages": []})
    entries = [json.loads(x) for x in server.log_path.read_text().splitlines()]
    first, second = entries
    assert first["path"] == "/v1/chat/completions" and first["api"] == "openai" and first["model"] == "fixer"
    assert first["messages"] == 2 and first["last_role"] == "user" and first["turn"] == 0
    assert first["tools"] == ["get_weather"] and first["stream"] is True and first["include_usage"] is True
    assert first["usage"] == {"prompt_tokens": 1000, "completion_tokens": 50} and first["usage_reported"] is True
    assert first["tool_calls"] == [{"name": "write", "arguments": {"filePath": "a.py", "content": "x = 1\n"}}]
    assert first["client"] == "127.0.0.1" and first["status"] == 200
    assert second["status"] == 404 and second["model"] == "nope"
    assert server.requests == entries


# ---------------------------------------------------------------------------------------------
# schema examples


def test_example_from_schema():
    ex = fakellm.example_from_schema
    assert ex({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
               "required": ["b"]}) == {"b": 1}
    assert ex({"type": "object", "properties": {"path": {"type": "string"}}}) == {"path": "README.md"}
    assert ex({"type": "array", "items": {"type": "number"}, "minItems": 2}) == [1.0, 1.0]
    assert ex({"anyOf": [{"type": "null"}, {"type": "boolean"}]}) is True
    assert ex({"type": "string", "minLength": 10}) == "examplexxx"
    assert ex({"type": ["null", "string"], "format": "date"}) == "2025-01-01"
    assert ex({"type": "string", "examples": ["first"]}) == "first"
    assert ex({"const": 3}) == 3
    nested = ex({"type": "object", "properties": {"opts": {"type": "object", "properties": {
        "mode": {"enum": ["fast", "slow"]}}, "required": ["mode"]}}, "required": ["opts"]})
    assert nested == {"opts": {"mode": "fast"}}


# ---------------------------------------------------------------------------------------------
# script errors and the CLI


@pytest.mark.parametrize("text,needle", [
    ("models:\n  m:\n    persona: wizard\n", "models.m.persona: unknown persona 'wizard'"),
    ("models:\n  m:\n    turns:\n      - tool_calls: [{arguments: {}}]\n",
     "models.m.turns[0].tool_calls[0].name: is required"),
    ("models:\n  m:\n    turns:\n      - usage: {prompt_tokens: -1}\n", "models.m.turns[0].usage.prompt_tokens"),
    ("models:\n  m:\n    turns:\n      - when: {weather: sunny}\n",
     "models.m.turns[0].when.weather: unknown condition"),
    ("models:\n  m:\n    turns:\n      - content_file: missing.txt\n", "models.m.turns[0].content_file: cannot read"),
    ("models:\n  m:\n    colour: red\n", "models.m.colour: unknown field"),
    ("models:\n  m:\n    workdir_from: 'dir: (['\n", "models.m.workdir_from: not a regular expression"),
    ("models:\n  m:\n    workdir_from: 'dir: \\S+'\n", "models.m.workdir_from: needs exactly one group"),
    ("models: [\n", "not valid YAML/JSON at line"),
    ("hello\n", "the script must be a mapping"),
    ("final: x\n", "models: is required"),
])
def test_bad_script_is_one_line_naming_file_and_field(tmp_path, capsys, text, needle):
    p = tmp_path / "bad.yaml"
    p.write_text(text)
    assert fakellm.main(["--script", str(p), "--port", "0"]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    lines = err.err.strip().splitlines()
    assert len(lines) == 1 and str(p) in lines[0] and needle in lines[0], lines


def test_missing_script_file(tmp_path, capsys):
    assert fakellm.main(["--script", str(tmp_path / "none.yaml")]) == 2
    assert "none.yaml: cannot read" in capsys.readouterr().err


def test_only_loopback_is_bound(capsys):
    assert fakellm.main(["--script", str(CANARY), "--host", "0.0.0.0"]) == 2
    assert "loopback" in capsys.readouterr().err


def test_cli_subprocess_ready_line_and_sigterm(tmp_path):
    log = tmp_path / "cli.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "bench.fakellm", "--port", "0", "--script", str(CANARY),
                             "--log", str(log)],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready = json.loads(proc.stdout.readline())
        assert set(ready) == {"url", "pid"} and ready["pid"] == proc.pid
        assert ready["url"].startswith("http://127.0.0.1:")
        assert jcall(ready["url"], "/api/version")[0] == 200
        status, r = jcall(ready["url"], "/api/chat", {"model": "canary-pass", "messages": [user("w?")],
                                                      "tools": [WEATHER], "stream": False})
        assert r["message"]["tool_calls"][0]["function"]["name"] == "get_weather"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
        assert proc.stdout.read() == ""            # exactly one line on stdout
        err = proc.stderr.read()
        assert "stopped" in err and "Traceback" not in err
        assert len(log.read_text().splitlines()) == 2
    finally:
        if proc.poll() is None:
            proc.kill()


def test_cli_bad_script_subprocess_has_no_traceback(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("models:\n  m:\n    persona: wizard\n")
    done = subprocess.run([sys.executable, "-m", "bench.fakellm", "--script", str(p)], cwd=REPO,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and "persona" in done.stderr


def test_canary_script_has_one_model_per_persona():
    loaded = fakellm.load_script(CANARY)
    personas = {m["persona"] for m in loaded["models"].values()}
    assert personas == set(fakellm.PERSONAS) - {"scripted"}
    for name in ("canary-pass", "canary-text", "canary-nocall", "canary-badargs", "canary-hang", "canary-500",
                 "canary-truncating"):
        assert name in loaded["models"]


def test_every_shipped_script_loads():
    for p in sorted((REPO / "bench" / "fakellm_scripts").glob("*.yaml")):
        assert fakellm.load_script(p)["models"], p


def test_down_after_warm_up_answers_the_harness_warm_up_then_refuses_connections():
    """The harness's pre-run check and warm-up succeed; its later health check is refused (real sockets)."""
    from bench.models import modelserver
    with fakellm.serve({"models": {"m": {}}}, down_after_warm_up=True) as server:
        env = {"OLLAMA_HOST": server.url}
        section = modelserver.gather_model("ollama/m", env=env)
        assert section.get("error") is None and section["warm_up"]["error"] is None
        with pytest.raises(modelserver.ServerError) as refused:
            modelserver.request_json("GET", f"{server.url}/api/tags")
        assert refused.value.kind == "unreachable"
