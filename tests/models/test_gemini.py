"""bench.models.gemini: Google's Gemini API (generateContent, streamGenerateContent, countTokens) onto chat
completions and back, and the model proxy serving it.

Expected values are written out by hand from the API's documented shapes (not produced by the module). The proxy
tests drive a chat-completions-only bench.fakellm over real HTTP on 127.0.0.1 through the real ModelProxy, with raw
HTTP and with Google's own SDK (google-genai, pinned in the test extra), whose response types parse every answer.
"""
from __future__ import annotations

import http.client
import http.server
import itertools
import json
import threading
from urllib.parse import urlsplit

import pytest

from bench import fakellm
from bench.models import calls, gemini, translate
from bench.models.proxy import ModelProxy, model_api
from bench.models.translate import GEMINI, TranslationError


@pytest.fixture(autouse=True)
def pinned_ids(monkeypatch):
    counter = itertools.count()
    monkeypatch.setattr(translate, "_new_id", lambda prefix: f"{prefix}{next(counter)}")


READ_DECL = {"name": "read_file", "description": "Read a file",
             "parametersJsonSchema": {"type": "object", "properties": {"file_path": {"type": "string"}},
                                      "required": ["file_path"]}}


def body(contents, **kw) -> dict:
    return gemini.with_route({"contents": contents, **kw}, gemini.Route("coder", "generateContent", False))


# ------------------------------------------------------------------------------------------------ paths

@pytest.mark.parametrize("path, expected", [
    ("/v1beta/models/coder:generateContent", ("coder", "generateContent", False)),
    ("/v1beta/models/coder:streamGenerateContent?alt=sse", ("coder", "streamGenerateContent", True)),
    ("/v1/models/qwen3:8b:countTokens", ("qwen3:8b", "countTokens", False)),
    ("/v1beta/models/hf.co/org/m:Q4_K_M:streamGenerateContent?key=x&alt=sse",
     ("hf.co/org/m:Q4_K_M", "streamGenerateContent", True)),
])
def test_route_reads_model_method_and_sse_from_the_path(path, expected):
    found = gemini.route(path)
    assert (found.model, found.method, found.sse) == expected
    assert model_api("POST", path)


@pytest.mark.parametrize("path", [
    "/v1beta/models/../x:generateContent", "/v1beta/models/a/../b:generateContent", "/v1beta/models/coder:deleteModel",
    "/v1beta/models/coder", "/v1beta/tunedModels/x:generateContent", "/v1beta/models/:generateContent",
    "/v2/models/coder:generateContent"])
def test_other_paths_are_not_the_gemini_api(path):
    assert gemini.route(path) is None
    assert not model_api("POST", path)
    assert not model_api("GET", "/v1beta/models/coder:generateContent")


def test_protocol_of_a_gemini_path():
    assert calls.protocol_of("/v1beta/models/coder:streamGenerateContent?alt=sse") == calls.GEMINI
    assert calls.protocol_of("/v1beta/models/coder:generateContent") == calls.GEMINI
    assert calls.protocol_of("/v1beta/models/coder:countTokens") == calls.OTHER   # not a model call
    assert calls.GEMINI in calls.MODEL_CALLS


# ------------------------------------------------------------------------------------------------ requests

def test_a_conversation_with_calls_and_responses_becomes_chat_messages():
    chat = translate.request_to_chat(GEMINI, body(
        [{"role": "user", "parts": [{"text": "Fix greet()."}, {"text": "Please."}]},
         {"role": "model", "parts": [{"text": "thinking...", "thought": True}, {"text": "Reading it."},
                                     {"functionCall": {"name": "read_file", "args": {"file_path": "/w/a.py"}}},
                                     {"functionCall": {"id": "c9", "name": "read_file",
                                                       "args": {"file_path": "/w/b"}}}]},
         {"role": "user", "parts": [
             {"functionResponse": {"id": "c9", "name": "read_file", "response": {"output": "B"}}},
             {"functionResponse": {"name": "read_file", "response": {"output": "A"}}}]},
         {"role": "model", "parts": [{"text": "Done."}]}],
        systemInstruction={"parts": [{"text": "You are a coder."}]}, tools=[{"functionDeclarations": [READ_DECL]}],
        generationConfig={"maxOutputTokens": 512, "temperature": 0.2, "topP": 0.9, "topK": 40,
                          "stopSequences": ["END"], "thinkingConfig": {"includeThoughts": True}}))
    assert chat == {
        "model": "coder",
        "messages": [
            {"role": "system", "content": "You are a coder."},
            {"role": "user", "content": "Fix greet().\nPlease."},
            {"role": "assistant", "content": "Reading it.", "tool_calls": [
                {"id": "call_2_0", "type": "function",
                 "function": {"name": "read_file", "arguments": '{"file_path": "/w/a.py"}'}},
                {"id": "c9", "type": "function",
                 "function": {"name": "read_file", "arguments": '{"file_path": "/w/b"}'}}]},
            {"role": "tool", "tool_call_id": "c9", "content": '{"output": "B"}'},
            {"role": "tool", "tool_call_id": "call_2_0", "content": '{"output": "A"}'},
            {"role": "assistant", "content": "Done."}],
        "tools": [{"type": "function", "function": {"name": "read_file", "description": "Read a file",
                                                    "parameters": READ_DECL["parametersJsonSchema"]}}],
        "max_tokens": 512, "temperature": 0.2, "top_p": 0.9, "stop": ["END"]}


def test_streaming_asks_for_usage_and_snake_case_fields_are_read():
    request = gemini.with_route({"contents": [{"parts": [{"text": "hi"}]}],
                                 "system_instruction": {"parts": [{"text": "sys"}]},
                                 "generation_config": {"max_output_tokens": 7}},
                                gemini.route("/v1beta/models/coder:streamGenerateContent?alt=sse"))
    chat = translate.request_to_chat(GEMINI, request)
    assert chat["stream"] is True and chat["stream_options"] == {"include_usage": True}
    assert chat["messages"] == [{"role": "system", "content": "sys"}, {"role": "user", "content": "hi"}]
    assert chat["max_tokens"] == 7


def test_openapi_parameters_become_json_schema_and_tool_config_maps():
    decl = {"name": "edit", "parameters": {"type": "OBJECT", "propertyOrdering": ["a"], "properties": {
        "a": {"type": "STRING", "nullable": True}, "b": {"type": "ARRAY", "items": {"type": "INTEGER"}}}}}
    request = body([{"role": "user", "parts": [{"text": "go"}]}],
                   tools=[{"functionDeclarations": [decl]}, {"googleSearch": {}}],
                   toolConfig={"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["edit"]}})
    chat = translate.request_to_chat(GEMINI, request)
    assert chat["tools"] == [{"type": "function", "function": {"name": "edit", "description": "", "parameters": {
        "type": "object", "properties": {"a": {"type": ["string", "null"]},
                                         "b": {"type": "array", "items": {"type": "integer"}}}}}}]
    assert chat["tool_choice"] == {"type": "function", "function": {"name": "edit"}}
    for mode, choice in (("NONE", "none"), ("AUTO", "auto"), ("ANY", "required")):
        request["toolConfig"] = {"functionCallingConfig": {"mode": mode}}
        assert translate.request_to_chat(GEMINI, request)["tool_choice"] == choice


def test_a_json_response_schema_becomes_response_format():
    chat = translate.request_to_chat(GEMINI, body([{"role": "user", "parts": [{"text": "json"}]}], generationConfig={
        "responseMimeType": "application/json", "responseJsonSchema": {"type": "object"}}))
    assert chat["response_format"] == {"type": "json_schema", "json_schema": {"name": "output",
                                                                              "schema": {"type": "object"}}}


@pytest.mark.parametrize("contents, message", [
    ([], "at least one content"),
    ("hi", "contents is not a list"),
    ([{"role": "user", "parts": [{"functionCall": {"name": "x"}}]}], "functionCall outside a model turn"),
    ([{"role": "user", "parts": [{"functionResponse": {"name": "x", "response": {}}}]}], "no earlier functionCall"),
    ([{"role": "model", "parts": [{"functionCall": {"name": "x"}}]},
      {"role": "user", "parts": [{"functionResponse": {"name": "y", "response": {}}}]}], "no earlier functionCall"),
    ([{"role": "system", "parts": []}], "unknown role"),
    ([{"role": "user", "parts": "hi"}], "parts is not a list"),
])
def test_bodies_that_cannot_be_translated_are_one_line_errors(contents, message):
    with pytest.raises(TranslationError, match=message):
        translate.request_to_chat(GEMINI, body(contents))


def test_count_request_reads_contents_or_a_whole_request():
    ask = gemini.count_request({"model": "coder", "contents": [{"parts": [{"text": "count me"}]}]})
    assert ask["content"] == "count me" and ask["messages"] == [{"role": "user", "content": "count me"}]
    ask = gemini.count_request({"model": "coder", "generateContentRequest": {
        "contents": [{"parts": [{"text": "x"}]}], "tools": [{"functionDeclarations": [READ_DECL]}]}})
    assert ask["tools"][0]["function"]["name"] == "read_file" and ask["content"].startswith("x\n{")


# ------------------------------------------------------------------------------------------------ answers

CHAT_ANSWER = {"id": "chatcmpl-1", "model": "coder", "choices": [{"index": 0, "finish_reason": "tool_calls",
                                                                  "message": {
    "role": "assistant", "content": "Reading.", "reasoning_content": "hmm",
    "tool_calls": [{"id": "call_7", "type": "function",
                    "function": {"name": "read_file", "arguments": '{"file_path": "/w/a.py"}'}}]}}],
    "usage": {"prompt_tokens": 100, "completion_tokens": 30, "total_tokens": 130,
              "prompt_tokens_details": {"cached_tokens": 60}, "completion_tokens_details": {"reasoning_tokens": 10}}}


def test_a_whole_answer_becomes_a_generate_content_response():
    out = translate.answer_from_chat(GEMINI, CHAT_ANSWER, body([]))
    assert out == {"candidates": [{"content": {"role": "model", "parts": [
        {"text": "hmm", "thought": True}, {"text": "Reading."},
        {"functionCall": {"id": "call_7", "name": "read_file", "args": {"file_path": "/w/a.py"}}}]},
        "index": 0, "finishReason": "STOP"}],
        "modelVersion": "coder", "responseId": "0",
        "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 130,
                          "cachedContentTokenCount": 60, "thoughtsTokenCount": 10}}


def test_a_cut_answer_is_max_tokens_and_a_non_sse_stream_is_an_array():
    cut = {"choices": [{"index": 0, "finish_reason": "length", "message": {"content": "partial"}}]}
    request = gemini.with_route({"contents": []}, gemini.route("/v1beta/models/coder:streamGenerateContent"))
    out = translate.answer_from_chat(GEMINI, cut, request)
    assert isinstance(out, list) and len(out) == 1
    assert out[0]["candidates"][0]["finishReason"] == "MAX_TOKENS"
    assert out[0]["usageMetadata"] == {"promptTokenCount": 0, "candidatesTokenCount": 0, "totalTokenCount": 0}


def test_errors_take_the_apis_shape():
    err = json.loads(translate.error_from_chat(GEMINI, 404, b'{"error": {"message": "model \\"x\\" not found"}}'))
    assert err == {"error": {"code": 404, "message": 'model "x" not found', "status": "NOT_FOUND"}}
    assert json.loads(translate.error_from_chat(GEMINI, 503, b"busy"))["error"]["status"] == "UNAVAILABLE"


def sse(*chunks) -> bytes:
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def events(raw: bytes) -> list[dict]:
    assert raw.endswith(b"\r\n\r\n")
    out = []
    for block in raw[:-4].split(b"\r\n\r\n"):
        assert block.startswith(b"data: ")
        out.append(json.loads(block[6:]))
    return out


def delta(**d) -> dict:
    return {"choices": [{"index": 0, "delta": d}]}


def test_a_stream_sends_text_at_once_and_each_call_whole_at_the_end():
    upstream = sse(delta(role="assistant", content="Rea"), delta(content="ding."),
                   delta(tool_calls=[{"index": 0, "id": "call_1", "type": "function",
                                      "function": {"name": "read_file", "arguments": '{"file_'}}]),
                   delta(tool_calls=[{"index": 0, "function": {"arguments": 'path": "/w/a.py"}'}}]),
                   {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
                   {"choices": [], "usage": {"prompt_tokens": 50, "completion_tokens": 9}})
    stream = translate.stream_translator(GEMINI, body([]))
    cut = upstream.index(b"\n\n") + 2   # the first chunk whole: its text goes out at once
    first = stream.feed(upstream[:cut])
    assert events(first) == [{"candidates": [{"content": {"role": "model", "parts": [{"text": "Rea"}]}, "index": 0}],
                              "modelVersion": "coder", "responseId": "0"}]
    out = events(first + stream.feed(upstream[cut:]) + stream.finish())
    assert [e["candidates"][0]["content"]["parts"] for e in out] == [
        [{"text": "Rea"}], [{"text": "ding."}],
        [{"functionCall": {"id": "call_1", "name": "read_file", "args": {"file_path": "/w/a.py"}}}]]
    assert out[-1]["candidates"][0]["finishReason"] == "STOP"
    assert out[-1]["usageMetadata"] == {"promptTokenCount": 50, "candidatesTokenCount": 9, "totalTokenCount": 59}
    assert stream.tool_calls == 1 and stream.finish() == b""


def test_a_broken_stream_ends_with_an_error_event_and_an_oversized_one_is_cut(monkeypatch):
    stream = translate.stream_translator(GEMINI, body([]))
    out = events(stream.feed(sse(delta(content="par"))[:-14]) + stream.fail("upstream broke off"))
    assert out[-1] == {"error": {"code": 500, "message": "upstream broke off", "status": "INTERNAL"}}
    monkeypatch.setattr(translate, "MAX_TRANSLATED_BYTES", 100)
    stream = translate.stream_translator(GEMINI, body([]))
    out = events(stream.feed(b"data: " + b"x" * 200 + b"\n\n"))
    assert stream.over and "cap of 100 bytes" in out[-1]["error"]["message"]
    assert stream.feed(b"more") == b""


# ------------------------------------------------------------------------------------------------ the proxy

SCRIPT = {"models": {
    "coder": {"turns": [
        {"content": "Reading it first.", "tool_calls": [{"name": "read_file", "arguments": {"file_path": "/w/a.py"}}],
         "usage": {"prompt_tokens": 300, "completion_tokens": 20}},
        {"content": "Fixed it.", "usage": {"prompt_tokens": 340, "completion_tokens": 5}},
    ]},
}}


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """(route URL, fakellm, calls file): a chat-completions-only upstream behind the proxy, for the model coder."""
    tmp = tmp_path_factory.mktemp("gemini")
    log = tmp / "fakellm.jsonl"
    with fakellm.serve(SCRIPT, protocols=("openai",), log_path=log) as server, ModelProxy(server.url) as proxy:
        yield proxy.route(tmp / "model_calls.jsonl", model="coder"), server, tmp / "model_calls.jsonl"


def post(url: str, path: str, payload: dict) -> tuple[int, str, bytes]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("POST", parts.path + path, json.dumps(payload).encode(),
                 {"Content-Type": "application/json", "x-goog-api-key": "secret-key"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, resp.getheader("Content-Type", ""), data


def records(calls_file) -> list[dict]:
    return [json.loads(line) for line in calls_file.read_text().splitlines()]


FIRST = {"contents": [{"role": "user", "parts": [{"text": "Fix a.py"}]}],
         "systemInstruction": {"parts": [{"text": "be brief"}]}, "tools": [{"functionDeclarations": [READ_DECL]}]}


def test_the_proxy_translates_a_stream_and_measures_its_tokens(stack):
    url, server, calls_file = stack
    before = len(records(calls_file)) if calls_file.exists() else 0
    status, ctype, raw = post(url, "/v1beta/models/coder:streamGenerateContent?alt=sse",
                              {**FIRST, "model": "another-model"})   # the path names the model, not the body
    assert status == 200 and ctype.startswith("text/event-stream")
    out = events(raw)
    assert out[0]["candidates"][0]["content"]["parts"] == [{"text": "Reading it first."}]
    call = out[-1]["candidates"][0]["content"]["parts"][0]["functionCall"]
    assert call["name"] == "read_file" and call["args"] == {"file_path": "/w/a.py"}
    assert out[-1]["usageMetadata"]["promptTokenCount"] == 300
    rec = records(calls_file)[before]
    assert (rec["protocol"], rec["model"], rec["stream"], rec["status"], rec["translated"]) == (
        calls.GEMINI, "coder", True, 200, True)
    assert rec["usage"]["prompt_tokens"] == 300 and rec["usage"]["completion_tokens"] == 20
    served = server.requests[-1]
    assert served["path"] == "/v1/chat/completions" and served["model"] == "coder" and served["include_usage"]


def test_the_proxy_answers_whole_calls_count_tokens_and_errors_in_the_apis_shape(stack):
    url, server, calls_file = stack
    status, _, raw = post(url, "/v1beta/models/coder:generateContent", FIRST)
    answer = json.loads(raw)
    assert status == 200 and answer["candidates"][0]["content"]["parts"][0] == {"text": "Reading it first."}
    status, _, raw = post(url, "/v1beta/models/coder:countTokens", {"contents": FIRST["contents"]})
    assert status == 200 and json.loads(raw)["totalTokens"] > 0
    status, _, raw = post(url, "/v1beta/models/coder:countTokens", {"generateContentRequest": FIRST})
    assert status == 200 and json.loads(raw)["totalTokens"] > 0
    status, _, raw = post(url, "/v1beta/models/coder:generateContent", {"contents": []})
    assert status == 400 and json.loads(raw)["error"]["status"] == "INVALID_ARGUMENT"
    # streamGenerateContent without alt=sse: the API's JSON array (here of one whole response)
    status, ctype, raw = post(url, "/v1beta/models/coder:streamGenerateContent", FIRST)
    answer = json.loads(raw)
    assert status == 200 and ctype.startswith("application/json") and isinstance(answer, list) and len(answer) == 1
    assert answer[0]["candidates"][0]["content"]["parts"][0] == {"text": "Reading it first."}
    assert records(calls_file)[-1]["stream"] is False


def test_another_model_in_the_path_is_refused_unserved(stack):
    url, server, calls_file = stack
    served = len(server.requests)
    status, _, raw = post(url, "/v1beta/models/gemini-2.5-pro:generateContent", FIRST)
    assert status == 403 and "its own model only" in raw.decode()
    assert records(calls_file)[-1]["refused"] == "other_model" and len(server.requests) == served


class _HeaderCatcher(http.server.BaseHTTPRequestHandler):
    """An upstream that records every request's headers and answers chat completions (and Ollama's /api/chat)."""

    seen: list[dict] = []

    def do_POST(self):  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        type(self).seen.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
        answer = {"model": "coder", "message": {"role": "assistant", "content": "ok"}, "done": True,
                  "prompt_eval_count": 3, "eval_count": 1} if self.path == "/api/chat" else \
            {"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}],
             "usage": {"prompt_tokens": 3, "completion_tokens": 1}}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("windowed", [False, True])
def test_the_api_key_never_reaches_the_model_server(tmp_path, windowed):
    _HeaderCatcher.seen = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _HeaderCatcher)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        options = {"num_ctx": 4096, "ollama": True} if windowed else {}
        with ModelProxy(f"http://127.0.0.1:{server.server_address[1]}", **options) as proxy:
            proxy.native[translate.GEMINI] = False
            route = proxy.route(tmp_path / "calls.jsonl")
            status, _, raw = post(route, "/v1beta/models/coder:generateContent", FIRST)
    finally:
        server.shutdown()
        server.server_close()
    assert status == 200 and json.loads(raw)["candidates"][0]["content"]["parts"] == [{"text": "ok"}]
    assert [s["path"] for s in _HeaderCatcher.seen] == ["/api/chat" if windowed else "/v1/chat/completions"]
    assert "x-goog-api-key" not in _HeaderCatcher.seen[0] and "secret-key" not in json.dumps(_HeaderCatcher.seen)


genai = pytest.importorskip("google.genai")


def test_google_genai_sdk_generates_streams_and_counts_through_the_proxy(stack):
    from google.genai import types

    url, server, calls_file = stack
    client = genai.Client(api_key="dummy", http_options=types.HttpOptions(base_url=url))
    tool = types.Tool(function_declarations=[types.FunctionDeclaration(
        name="read_file", description="Read a file",
        parameters=types.Schema(type=types.Type.OBJECT, properties={"file_path": types.Schema(type="STRING")}))])
    config = types.GenerateContentConfig(tools=[tool], system_instruction="be brief",
                                         automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True))
    answer = client.models.generate_content(model="coder", contents="Fix a.py", config=config)
    assert answer.text == "Reading it first."
    assert answer.function_calls[0].name == "read_file" and answer.function_calls[0].args == {"file_path": "/w/a.py"}
    assert answer.usage_metadata.prompt_token_count == 300 and answer.usage_metadata.candidates_token_count == 20
    history = [types.Content(role="user", parts=[types.Part(text="Fix a.py")]), answer.candidates[0].content,
               types.Content(role="user", parts=[types.Part(function_response=types.FunctionResponse(
                   id=answer.function_calls[0].id, name="read_file", response={"output": "x = 1"}))])]
    chunks = list(client.models.generate_content_stream(model="coder", contents=history, config=config))
    assert "".join(c.text or "" for c in chunks) == "Fixed it."
    assert chunks[-1].candidates[0].finish_reason == types.FinishReason.STOP
    assert chunks[-1].usage_metadata.prompt_token_count == 340
    served = server.requests[-1]
    assert served["messages"] == 4 and served["last_role"] == "tool"   # system, user, assistant call, tool
    assert client.models.count_tokens(model="coder", contents="count me").total_tokens > 0


def test_under_num_ctx_gemini_calls_reach_ollama_natively_with_the_runs_window(tmp_path):
    """run --num-ctx on an Ollama upstream: a Gemini API call is served by Ollama's /api/chat with the harness's
    window (serving.py), streamed and whole."""
    with fakellm.serve(SCRIPT, log_bodies=True) as server, ModelProxy(server.url, num_ctx=4096, ollama=True) as proxy:
        url = proxy.route(tmp_path / "calls.jsonl", "coder")
        status, ctype, raw = post(url, "/v1beta/models/coder:streamGenerateContent?alt=sse", FIRST)
        assert status == 200 and ctype.startswith("text/event-stream")
        call = events(raw)[-1]["candidates"][0]["content"]["parts"][0]["functionCall"]
        assert call["name"] == "read_file" and call["args"] == {"file_path": "/w/a.py"}
        status, _, raw = post(url, "/v1beta/models/coder:generateContent", FIRST)
        assert status == 200 and json.loads(raw)["usageMetadata"]["promptTokenCount"] == 300
        served = [r for r in server.requests if r.get("api") == "ollama"]
        assert len(served) == 2 and all(r["options"]["num_ctx"] == 4096 for r in served)
        assert [c["protocol"] for c in records(tmp_path / "calls.jsonl")] == [calls.GEMINI, calls.GEMINI]
