"""The model proxy as the official SDKs see it: openai (Responses), anthropic (Messages) and ollama, over real HTTP
on 127.0.0.1, through the proxy in front of a chat-completions-only bench.fakellm (so every Responses and Messages
call is translated). Each answer and each stream event is validated strictly against the SDK's own types, so a
field the SDK requires that the translation leaves out fails here, as it would in a client that validates."""
from __future__ import annotations

import http.server
import json
import socket
import threading
from pathlib import Path

import pytest

from bench import fakellm
from bench.models import translate
from bench.models.proxy import ModelProxy

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
ollama = pytest.importorskip("ollama")
pydantic = pytest.importorskip("pydantic")

from openai.types.responses import Response, ResponseStreamEvent  # noqa: E402

STREAM_EVENTS = pydantic.TypeAdapter(ResponseStreamEvent)

SCRIPT = {
    "models": {
        "coder": {"turns": [
            {"content": "Reading it first.", "tool_calls": [{"name": "read", "arguments": {"path": "calc.py"}}],
             "usage": {"prompt_tokens": 300, "completion_tokens": 20, "cached_tokens": 100}},
            "Fixed it.",
        ]},
        "patcher": {"turns": [
            {"tool_calls": [{"name": "apply_patch", "arguments": {"input": "*** Begin Patch\n*** End Patch\n"}}]},
            "Patched.",
        ]},
        "trunc": {"replies": [{"content": "A long answer that the token limit cuts", "done_reason": "length"}]},
        "plain": {"turns": ["Hello there."]},
    },
}
READ_TOOL = {"type": "function", "name": "read", "description": "Read a file",
             "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
PATCH_TOOL = {"type": "custom", "name": "apply_patch", "description": "Apply a patch",
              "format": {"type": "grammar", "syntax": "lark", "definition": "start: /.+/"}}
ANTHROPIC_READ = {"name": "read", "description": "Read a file",
                  "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}}}


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """(proxy route URL, fakellm server): a chat-completions-only upstream, so every call is translated."""
    tmp = tmp_path_factory.mktemp("sdk")
    with fakellm.serve(SCRIPT, protocols=("openai",)) as server, ModelProxy(server.url) as proxy:
        proxy.test_dir = tmp
        yield proxy.route(tmp / "model_calls.jsonl"), server, tmp / "model_calls.jsonl"


def oa(stack) -> openai.OpenAI:
    return openai.OpenAI(base_url=stack[0] + "/v1", api_key="none", max_retries=0, timeout=20)


def an(stack) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=stack[0], api_key="none", max_retries=0, timeout=20)


def strict_response(raw: dict) -> Response:
    return Response.model_validate(raw, strict=True)


def strict_events(events) -> list:
    """Every event of an openai stream validated strictly (from its JSON, as the server sent it)."""
    return [STREAM_EVENTS.validate_python(e.to_dict(mode="json"), strict=True) for e in events]


# ------------------------------------------------------------------------------------------------ openai Responses

def test_a_translated_response_validates_strictly_with_its_tools_and_usage(stack):
    raw = oa(stack).responses.with_raw_response.create(model="coder", input="Fix calc.py", tools=[READ_TOOL])
    response = strict_response(json.loads(raw.http_response.content))
    assert response.status == "completed" and response.incomplete_details is None
    assert [t.name for t in response.tools] == ["read"]
    [call] = [o for o in response.output if o.type == "function_call"]
    assert call.name == "read" and json.loads(call.arguments) == {"path": "calc.py"}
    assert response.usage.input_tokens == 300 and response.usage.input_tokens_details.cached_tokens == 100
    assert response.usage.input_tokens_details.cache_write_tokens == 0


def test_a_translated_stream_validates_event_by_event(stack):
    events = strict_events(oa(stack).responses.create(model="coder", input="Fix calc.py", tools=[READ_TOOL],
                                                      stream=True))
    assert events[0].type == "response.created" and events[-1].type == "response.completed"
    assert [e.sequence_number for e in events] == list(range(len(events)))
    final = events[-1].response
    assert final.status == "completed" and [t.name for t in final.tools] == ["read"]
    assert any(o.type == "function_call" and o.name == "read" for o in final.output)


def test_the_sdk_stream_helper_accumulates_the_final_response(stack):
    with oa(stack).responses.stream(model="coder", input="Fix calc.py", tools=[READ_TOOL]) as stream:
        for _ in stream:
            pass
        final = stream.get_final_response()
    strict_response(final.to_dict(mode="json"))
    assert final.output_text == "Reading it first."


@pytest.mark.parametrize("streamed", [False, True])
def test_an_answer_cut_by_the_token_limit_is_incomplete(stack, streamed):
    client = oa(stack)
    if streamed:
        events = strict_events(client.responses.create(model="trunc", input="Talk", max_output_tokens=16,
                                                       stream=True))
        assert events[-1].type == "response.incomplete"
        response = events[-1].response
    else:
        raw = client.responses.with_raw_response.create(model="trunc", input="Talk", max_output_tokens=16)
        response = strict_response(json.loads(raw.http_response.content))
    assert response.status == "incomplete" and response.incomplete_details.reason == "max_output_tokens"


@pytest.mark.parametrize("streamed", [False, True])
def test_a_custom_tool_travels_as_a_one_string_function_and_comes_back_a_custom_tool_call(stack, streamed):
    client = oa(stack)
    ask = {"model": "patcher", "input": "Patch it", "tools": [PATCH_TOOL]}
    if streamed:
        events = strict_events(client.responses.create(**ask, stream=True))
        kinds = [e.type for e in events]
        assert "response.custom_tool_call_input.delta" in kinds and "response.custom_tool_call_input.done" in kinds
        response = events[-1].response
    else:
        response = strict_response(json.loads(client.responses.with_raw_response.create(**ask).http_response.content))
    [call] = response.output
    assert call.type == "custom_tool_call" and call.name == "apply_patch"
    assert call.input == "*** Begin Patch\n*** End Patch\n"
    assert [t.type for t in response.tools] == ["custom"]
    upstream = [e for e in stack[1].requests if e.get("api") == "openai" and e.get("model") == "patcher"]
    assert upstream and upstream[-1]["tools"] == ["apply_patch"], "the upstream was offered the tool as a function"
    # the next turn: the custom call and its output go back, and the script moves on
    follow = client.responses.create(model="patcher", tools=[PATCH_TOOL], input=[
        {"role": "user", "content": "Patch it"},
        {"type": "custom_tool_call", "call_id": call.call_id, "name": "apply_patch", "input": call.input},
        {"type": "custom_tool_call_output", "call_id": call.call_id, "output": "Done!"}])
    assert follow.output_text == "Patched."


# ------------------------------------------------------------------------------------------------ anthropic Messages

def test_a_translated_message_validates_strictly(stack):
    raw = an(stack).messages.with_raw_response.create(model="coder", max_tokens=256, tools=[ANTHROPIC_READ],
                                                      messages=[{"role": "user", "content": "Fix calc.py"}])
    message = anthropic.types.Message.model_validate(json.loads(raw.http_response.content), strict=True)
    assert message.stop_reason == "tool_use" and message.content[-1].input == {"path": "calc.py"}
    assert message.usage.input_tokens == 200 and message.usage.cache_read_input_tokens == 100


def test_a_translated_message_stream_accumulates_in_the_sdk(stack):
    with an(stack).messages.stream(model="coder", max_tokens=256, tools=[ANTHROPIC_READ],
                                   messages=[{"role": "user", "content": "Fix calc.py"}]) as stream:
        final = stream.get_final_message()
    anthropic.types.Message.model_validate(final.to_dict(mode="json"), strict=True)
    assert final.stop_reason == "tool_use" and final.content[-1].input == {"path": "calc.py"}
    assert final.usage.output_tokens == 20


@pytest.mark.parametrize("streamed", [False, True])
def test_a_message_cut_by_the_token_limit_stops_at_max_tokens(stack, streamed):
    ask = {"model": "trunc", "max_tokens": 16, "messages": [{"role": "user", "content": "Talk"}]}
    if streamed:
        with an(stack).messages.stream(**ask) as stream:
            message = stream.get_final_message()
    else:
        message = an(stack).messages.create(**ask)
    assert message.stop_reason == "max_tokens"


def test_count_tokens_is_translated_to_the_upstreams_tokenizer(stack):
    counted = an(stack).messages.count_tokens(model="coder", messages=[{"role": "user", "content": "Fix calc.py"}],
                                              system="You fix code.")
    anthropic.types.MessageTokensCount.model_validate(counted.to_dict(), strict=True)
    assert counted.input_tokens > 0
    tokenized = [e for e in stack[1].requests if e.get("api") == "tokenize"]
    assert tokenized and tokenized[-1]["count"] == counted.input_tokens


@pytest.mark.parametrize("body, says", [
    ({"model": "coder", "messages": [{"role": "user", "content": "hi"}]}, "max_tokens"),
    ({"model": "coder", "max_tokens": 10, "messages": []}, "messages"),
])
def test_a_messages_request_anthropic_refuses_is_refused_in_its_shape(stack, body, says):
    with pytest.raises(anthropic.BadRequestError) as caught:
        an(stack).post("/v1/messages", body=body, cast_to=anthropic.types.Message)
    error = caught.value
    assert error.status_code == 400 and error.body["type"] == "error"
    assert error.body["error"]["type"] == "invalid_request_error" and says in error.body["error"]["message"]


def test_count_tokens_failures_are_in_anthropics_shape(stack, hostile):
    with pytest.raises(anthropic.BadRequestError) as caught:
        an(stack).post("/v1/messages/count_tokens", body={"model": "coder", "messages": []},
                       cast_to=anthropic.types.MessageTokensCount)
    assert caught.value.body["error"]["type"] == "invalid_request_error"
    claude = anthropic.Anthropic(base_url=hostile[0], api_key="none", max_retries=0, timeout=20)
    with pytest.raises(anthropic.NotFoundError) as caught:
        claude.messages.count_tokens(model="fine", messages=[{"role": "user", "content": "hi"}])
    assert caught.value.body["type"] == "error" and "tokenizer" in caught.value.body["error"]["message"]


def test_whole_tool_turns_with_both_sdks(stack):
    """A tool call and its result sent back: the second turn of the script answers, through each SDK."""
    client = oa(stack)
    first = client.responses.create(model="coder", input="Fix calc.py", tools=[READ_TOOL])
    [call] = [o for o in first.output if o.type == "function_call"]
    second = client.responses.create(model="coder", tools=[READ_TOOL], input=[
        {"role": "user", "content": "Fix calc.py"}, *[o.to_dict() for o in first.output],
        {"type": "function_call_output", "call_id": call.call_id, "output": "def add(a, b): return a - b"}])
    assert second.output_text == "Fixed it." and second.status == "completed"
    claude = an(stack)
    ask = {"model": "coder", "max_tokens": 256, "tools": [ANTHROPIC_READ]}
    turn = claude.messages.create(**ask, messages=[{"role": "user", "content": "Fix calc.py"}])
    [use] = [b for b in turn.content if b.type == "tool_use"]
    done = claude.messages.create(**ask, messages=[
        {"role": "user", "content": "Fix calc.py"}, {"role": "assistant", "content": turn.content},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use.id, "content": "def add..."}]}])
    assert done.stop_reason == "end_turn" and done.content[0].text == "Fixed it."


# ------------------------------------------------------------------------------------------------ ollama

def test_the_ollama_client_chats_through_the_proxy(tmp_path):
    with fakellm.serve(SCRIPT) as server, ModelProxy(server.url) as proxy:
        proxy.test_dir = tmp_path
        client = ollama.Client(host=proxy.route(tmp_path / "calls.jsonl"), timeout=20)
        answer = client.chat(model="plain", messages=[{"role": "user", "content": "hi"}])
        assert answer.message.content == "Hello there." and answer.done
        pieces = list(client.chat(model="plain", messages=[{"role": "user", "content": "hi"}], stream=True))
        assert "".join(p.message.content for p in pieces) == "Hello there." and pieces[-1].done
        assert "plain:latest" in [m.model for m in client.list().models]
        assert client.generate(model="plain", prompt="hi").response == "Hello there."
        assert client.show("plain").details.family
        records = [json.loads(line) for line in Path(tmp_path / "calls.jsonl").read_text().splitlines()]
    chats = [r for r in records if r["protocol"] == "ollama_chat"]
    assert len(chats) == 2 and all(r["usage"]["completion_tokens"] is not None for r in chats)
    assert len([r for r in records if r["protocol"] == "ollama_generate"]) == 1


# ------------------------------------------------------------------------------------------------ a hostile upstream

def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _sse_chunk(delta: dict, finish: str | None = None) -> bytes:
    return b"data: " + json.dumps({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}).encode() \
        + b"\n\n"


class _Hostile(http.server.BaseHTTPRequestHandler):
    """A chat-completions server whose answers are what the model name says: huge, cut, malformed, deep, endless."""
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.path == "/tokenize":   # a server without a tokenizer endpoint
            self.send_response(404)
            self.send_header("Content-Length", "18")
            self.end_headers()
            self.wfile.write(b"404 page not found")
            return
        mode, stream = body["model"], body.get("stream")
        if not stream:
            payload = {"huge": json.dumps({"choices": [{"index": 0, "finish_reason": "stop", "message": {
                           "role": "assistant", "content": "x" * 300_000}}]}).encode(),
                       "malformed": b'{"choices": [{"index": 0, "message": ',
                       "deep": b"[" * 200_000,
                       "scalar": b"42"}.get(mode)
            if payload is None:
                payload = json.dumps({"choices": [{"index": 0, "finish_reason": "stop", "message": {
                    "role": "assistant", "content": "fine"}}], "usage": {"prompt_tokens": 5,
                                                                         "completion_tokens": 1}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.write(_chunk(_sse_chunk({"role": "assistant", "content": "Hel"})))
        try:
            if mode == "endless":   # never ends: the proxy must end it at its cap and stop reading
                while True:
                    self.wfile.write(_chunk(_sse_chunk({"content": "lo" * 4000})))
            if mode == "cut":   # the connection dies mid-answer, no last chunk
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if mode == "deep":
                self.wfile.write(_chunk(b"data: " + b"[" * 200_000 + b"\n\n"))
            self.wfile.write(_chunk(_sse_chunk({"content": "lo"}, "stop") + b"data: [DONE]\n\n"))
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    """(proxy route URL, proxy) in front of _Hostile, translating (the upstream speaks chat completions only), with
    the translated-answer cap made small so that the tests stay quick."""
    monkeypatch.setattr(translate, "MAX_TRANSLATED_BYTES", 256 * 1024)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hostile)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with ModelProxy(f"http://127.0.0.1:{server.server_port}") as proxy:
            proxy.test_dir = tmp_path
            proxy.native.update({translate.RESPONSES: False, translate.MESSAGES: False})
            yield proxy.route(tmp_path / "model_calls.jsonl"), proxy
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("mode, says", [("huge", "cap"), ("malformed", "not JSON"), ("deep", "not JSON"),
                                        ("scalar", "not a JSON object")])
def test_a_bad_whole_answer_is_a_502_in_each_protocol_and_the_proxy_serves_on(hostile, mode, says):
    url = hostile[0]
    client = openai.OpenAI(base_url=url + "/v1", api_key="none", max_retries=0, timeout=20)
    with pytest.raises(openai.InternalServerError) as caught:
        client.responses.create(model=mode, input="hi")
    assert caught.value.status_code == 502 and says in caught.value.body["message"]
    claude = anthropic.Anthropic(base_url=url, api_key="none", max_retries=0, timeout=20)
    with pytest.raises(anthropic.APIStatusError) as caught:
        claude.messages.create(model=mode, max_tokens=10, messages=[{"role": "user", "content": "hi"}])
    assert caught.value.status_code == 502 and caught.value.body["type"] == "error"
    assert says in caught.value.body["error"]["message"]
    assert client.responses.create(model="fine", input="hi").output_text == "fine"


@pytest.mark.parametrize("mode, says", [("endless", "cap"), ("cut", "broke off")])
def test_an_endless_or_cut_stream_ends_as_a_failure_in_each_protocol(hostile, mode, says):
    url = hostile[0]
    client = openai.OpenAI(base_url=url + "/v1", api_key="none", max_retries=0, timeout=20)
    events = strict_events(client.responses.create(model=mode, input="hi", stream=True))
    assert events[-1].type == "response.failed" and says in events[-1].response.error.message
    claude = anthropic.Anthropic(base_url=url, api_key="none", max_retries=0, timeout=20)
    with pytest.raises(anthropic.APIStatusError, match=says):
        with claude.messages.stream(model=mode, max_tokens=10, messages=[{"role": "user", "content": "hi"}]) as s:
            s.get_final_message()
    records = [json.loads(line) for line in (hostile[1].test_dir / "model_calls.jsonl").read_text().splitlines()]
    assert len(records) == 2 and all(says in r["error"] for r in records)


def test_a_stream_line_nested_past_the_json_limit_is_skipped(hostile):
    client = openai.OpenAI(base_url=hostile[0] + "/v1", api_key="none", max_retries=0, timeout=20)
    events = strict_events(client.responses.create(model="deep", input="hi", stream=True))
    assert events[-1].type == "response.completed" and events[-1].response.output[0].content[0].text == "Hello"
