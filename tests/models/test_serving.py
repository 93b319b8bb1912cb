"""bench.models.serving through the real proxy in front of the scripted server: one context window (--num-ctx)
reaches an Ollama server on every protocol an agent speaks (native calls get options.num_ctx; OpenAI-compatible,
Responses and Messages calls are served by /api/chat with it), the answers come back valid in the agent's own
protocol (checked by the official SDKs), windows fixed at a server's start are read, and the truncation rule."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import fakellm
from bench.models import serving
from bench.models.proxy import ModelProxy
from tests.models.test_proxy import request

SCRIPT = {"models": {"coder": {"context_length": 8192, "replies": [
    {"when": {"last_role": "tool"}, "content": "Done: the fix is in."},
    {"content": "", "tool_calls": [{"name": "bash", "arguments": {"command": "ls"}}]},
]}}}
TOOLS = [{"type": "function", "function": {"name": "bash", "description": "run", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}}]
WINDOW = 4096


@pytest.fixture
def fake():
    with fakellm.serve(SCRIPT, log_bodies=True) as srv:
        yield srv


@pytest.fixture
def route(fake, tmp_path):
    with ModelProxy(fake.url, num_ctx=WINDOW, ollama=True) as proxy:
        yield proxy.route(tmp_path / "model_calls.jsonl", "coder"), tmp_path / "model_calls.jsonl"


def _served(fake) -> list[dict]:
    return [r for r in fake.requests if r.get("api") in ("ollama", "generate", "openai", "responses", "messages")
            and "turn" in r]


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_every_protocol_reaches_ollama_with_the_window(fake, route):
    url, calls_file = route
    user = [{"role": "user", "content": "fix it"}]
    asks = [
        ("/api/chat", {"model": "coder", "messages": user, "stream": False, "options": {"num_ctx": 999999}}),
        ("/api/chat", {"model": "coder", "messages": user}),
        ("/api/generate", {"model": "coder", "prompt": "fix it", "stream": False}),
        ("/v1/chat/completions", {"model": "coder", "messages": user, "tools": TOOLS}),
        ("/v1/chat/completions", {"model": "coder", "messages": user, "tools": TOOLS, "stream": True}),
        ("/v1/responses", {"model": "coder", "input": "fix it", "tools": [
            {"type": "function", "name": "bash", "parameters": TOOLS[0]["function"]["parameters"]}]}),
        ("/v1/messages", {"model": "coder", "max_tokens": 100, "messages": user, "stream": True}),
    ]
    for path, body in asks:
        status, _, raw = request(url, path, body)
        assert status == 200, (path, raw[:300])
    served = _served(fake)
    assert len(served) == len(asks)
    # every call reached the server's native API, with the harness's window and not the agent's
    assert [r["api"] for r in served] == ["ollama", "ollama", "generate", "ollama", "ollama", "ollama", "ollama"]
    assert all(r["options"]["num_ctx"] == WINDOW for r in served)
    lines = _lines(calls_file)
    assert [x["protocol"] for x in lines] == ["ollama_chat", "ollama_chat", "ollama_generate", "openai_chat",
                                               "openai_chat", "openai_responses", "anthropic_messages"]
    # the usage of the translated calls is the server's native count
    assert all(isinstance(x["usage"]["prompt_tokens"], int) for x in lines)


def test_translated_answers_are_valid_in_the_agents_protocol(fake, route):
    openai = pytest.importorskip("openai")
    anthropic = pytest.importorskip("anthropic")
    url, _ = route
    client = openai.OpenAI(base_url=url + "/v1", api_key="x", max_retries=0)
    done = client.chat.completions.create(model="coder", messages=[{"role": "user", "content": "fix it"}],
                                          tools=TOOLS)
    call = done.choices[0].message.tool_calls[0]
    assert done.choices[0].finish_reason == "tool_calls" and call.function.name == "bash"
    assert json.loads(call.function.arguments) == {"command": "ls"} and done.usage.prompt_tokens > 0
    history = [{"role": "user", "content": "fix it"},
               {"role": "assistant", "content": "", "tool_calls": [call.model_dump()]},
               {"role": "tool", "tool_call_id": call.id, "content": "a.py"}]
    chunks = list(client.chat.completions.create(model="coder", messages=history, tools=TOOLS, stream=True,
                                                 stream_options={"include_usage": True}))
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == "Done: the fix is in."
    assert chunks[-1].usage.completion_tokens > 0
    # the tool result went to Ollama under its tool's name, the call's arguments as an object
    sent = _served(fake)[-1]["body"]["messages"]
    assert sent[1]["tool_calls"] == [{"function": {"name": "bash", "arguments": {"command": "ls"}}}]
    assert sent[2] == {"role": "tool", "content": "a.py", "tool_name": "bash"}
    answer = client.responses.create(model="coder", input="fix it", tools=[
        {"type": "function", "name": "bash", "parameters": TOOLS[0]["function"]["parameters"], "strict": False}])
    assert answer.output[-1].type == "function_call" and answer.output[-1].name == "bash"
    claude = anthropic.Anthropic(base_url=url, api_key="x", max_retries=0)
    message = claude.messages.create(model="coder", max_tokens=100, messages=[{"role": "user", "content": "hi"}],
                                     tools=[{"name": "bash", "input_schema": TOOLS[0]["function"]["parameters"]}])
    assert message.stop_reason == "tool_use" and message.content[-1].input == {"command": "ls"}
    assert all(r["options"]["num_ctx"] == WINDOW for r in _served(fake))


def test_without_a_window_the_calls_pass_as_they_are(fake, tmp_path):
    with ModelProxy(fake.url, ollama=True) as proxy:
        url = proxy.route(tmp_path / "calls.jsonl", "coder")
        request(url, "/v1/chat/completions", {"model": "coder", "messages": [{"role": "user", "content": "x"}]})
        request(url, "/api/chat", {"model": "coder", "stream": False, "messages": [{"role": "user", "content": "x"}],
                                   "options": {"num_ctx": 2048}})
    assert [r["api"] for r in _served(fake)] == ["openai", "ollama"]
    assert _served(fake)[1]["options"] == {"num_ctx": 2048}


def test_an_ollama_error_comes_back_in_openais_shape(fake, route):
    url, calls_file = route
    # the model's name is the run's own spelling, but the server has no such model: Ollama's 404 as OpenAI's
    with ModelProxy(fake.url, num_ctx=WINDOW, ollama=True) as proxy:
        other = proxy.route(calls_file.parent / "c2.jsonl")
        status, _, raw = request(other, "/v1/chat/completions", {"model": "nope", "messages": []})
    assert status == 404 and json.loads(raw)["error"]["message"] == "model 'nope' not found"


def test_a_prompt_longer_than_the_window_is_counted_truncated(fake, tmp_path):
    with ModelProxy(fake.url, num_ctx=300, ollama=True) as proxy:
        url = proxy.route(tmp_path / "calls.jsonl", "coder")
        request(url, "/v1/chat/completions", {"model": "coder", "messages": [{"role": "user", "content": "a " * 2000}]})
        request(url, "/v1/chat/completions", {"model": "coder", "messages": [{"role": "user", "content": "short"}]})
    long, short = _lines(tmp_path / "calls.jsonl")
    assert long["usage"]["prompt_tokens"] == 300 and long["context_truncated"] is True
    assert short["context_truncated"] is False


@pytest.mark.parametrize(("usage", "finish", "expected"), [
    ({"prompt_tokens": 100, "completion_tokens": 10}, "stop", False),
    ({"prompt_tokens": 4000, "completion_tokens": 96}, "stop", True),        # the window is full
    ({"prompt_tokens": 3000, "completion_tokens": 50}, "length", True),      # cut, the prompt past half the window
    ({"prompt_tokens": 100, "completion_tokens": 50}, "length", False),      # a max_tokens stop, not the window
    ({"prompt_tokens": None, "completion_tokens": None}, "stop", None),
])
def test_the_truncation_rule(usage, finish, expected):
    call = {"usage": usage, "finish_reason": finish, "prompt_chars": 400}
    assert serving.truncated(call, 4096) is expected


@pytest.mark.parametrize("flavor", ["llama.cpp", "vllm"])
def test_a_window_fixed_at_start_is_read_and_a_mismatch_refused_in_one_line(flavor):
    with fakellm.serve({"server": {"flavor": flavor}, **SCRIPT}) as srv:
        fixed = serving.fixed_window(srv.url + "/v1", "coder")
    assert fixed["server"] == flavor and fixed["context_window"] == 8192
    assert serving.window_mismatch(fixed, 8192, "http://x/v1") is None
    line = serving.window_mismatch(fixed, 4096, "http://x/v1")
    flag = "--ctx-size" if flavor == "llama.cpp" else "--max-model-len"
    assert "\n" not in line and "8192" in line and flag in line


def test_an_ollama_server_has_no_fixed_window(fake):
    assert serving.fixed_window(fake.url + "/v1", "coder") == {}


def test_a_server_that_reports_no_window_is_refused_a_num_ctx():
    with fakellm.serve({"server": {"chat_only": True}, **SCRIPT}) as srv:
        fixed = serving.fixed_window(srv.url + "/v1", "coder")
    assert fixed == {}
    line = serving.window_mismatch(fixed, 4096, "http://x/v1")
    assert "\n" not in line and "reports no context window" in line
    assert serving.window_mismatch(fixed, None, "http://x/v1") is None


# -- a hostile agent cannot escape the window


def test_an_agent_cannot_escape_the_window_by_another_route_or_a_malformed_options(fake, route):
    url, calls_file = route
    user = [{"role": "user", "content": "x"}]
    # Ollama's /v1/completions ignores num_ctx: refused while a window is set, never served
    status, _, raw = request(url, "/v1/completions", {"model": "coder", "prompt": "x"})
    assert status == 400 and b"context window" in raw
    assert not any(r.get("api") == "openai" for r in fake.requests)
    # options that are not an object, or a window given elsewhere, become the run's window
    for options in (["num_ctx", 131072], "num_ctx=131072", None, {"num_ctx": "131072"}):
        status, _, raw = request(url, "/api/chat", {"model": "coder", "messages": user, "stream": False,
                                                    "options": options, "num_ctx": 131072})
        assert status == 200, raw
    assert [r["options"]["num_ctx"] for r in _served(fake)] == [WINDOW] * 4
    # a malformed history (tool calls that are not objects) is served, not a crash of the proxy
    status, _, raw = request(url, "/v1/chat/completions", {"model": "coder", "messages": [
        {"role": "assistant", "content": None, "tool_calls": ["x", {"function": "y"}, None]},
        {"role": "tool", "tool_call_id": 5, "content": [{"type": "text", "text": "out"}, 7]}, *user]})
    assert status == 200, raw
    assert _served(fake)[-1]["options"]["num_ctx"] == WINDOW
    lines = _lines(calls_file)
    assert lines[0]["protocol"] == "other" and lines[0]["status"] == 400   # refused: not a model call
    assert all(x["error"] is None for x in lines[1:])


@pytest.mark.parametrize(("name", "quantization"), [
    ("qwen2.5-coder-7b-instruct-Q4_K_M.gguf", "Q4_K_M"), ("m-q8_0.gguf", "Q8_0"), ("x-F16.gguf", "F16"),
    ("a-IQ4_XS.gguf", "IQ4_XS"), ("Qwen3-8B-Q5_K_S-00001-of-00002.gguf", "Q5_K_S"), ("coder.gguf", None)])
def test_llama_cpps_quantization_is_read_from_its_gguf_file_name(name, quantization):
    facts = serving.facts({"fixed_window": {"server": "llama.cpp", "context_window": 4096,
                                            "model_path": f"/models/{name}"}}, None)
    assert facts["quantization"] == quantization
    assert (facts["server"], facts["context_window"], facts["context_source"]) == ("llama.cpp", 4096, "server")


def test_embeddings_on_ollama_get_the_window_too(tmp_path):
    """An embedding call with another num_ctx would make Ollama reload the model with that window under every
    other run's calls: the proxy sets the run's window on it as on chat."""
    import http.server
    import threading

    seen: list[dict] = []

    class Upstream(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - stdlib name
            seen.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            body = b'{"embeddings": [[0.5]]}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with ModelProxy(f"http://127.0.0.1:{server.server_address[1]}", num_ctx=WINDOW, ollama=True) as proxy:
            url = proxy.route(tmp_path / "calls.jsonl", "coder")
            for path in ("/api/embed", "/api/embeddings"):
                status, _, _ = request(url, path, {"model": "coder", "input": "x", "options": {"num_ctx": 99}})
                assert status == 200
    finally:
        server.shutdown()
    assert [s["options"]["num_ctx"] for s in seen] == [WINDOW, WINDOW]
