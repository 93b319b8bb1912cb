"""Hostile Gemini API requests against the model proxy (bench/models/gemini.py through bench/models/proxy.py).

Every body comes from the untrusted agent. One request within the proxy's own limits (16 MiB, 50,000 JSON
containers) must not hold the proxy's CPU (and so every run it serves) for minutes: its translation to chat
completions stays linear. Real parts: the real ModelProxy over HTTP on 127.0.0.1 in front of a
chat-completions-only bench.fakellm, the calls file as the run records it."""
from __future__ import annotations

import http.client
import http.server
import json
import threading
import time
from urllib.parse import urlsplit

import pytest

from bench import fakellm
from bench.models import calls, translate
from bench.models.proxy import ModelProxy

SCRIPT = {"models": {"coder": {"turns": [
    {"content": "Done.", "usage": {"prompt_tokens": 300, "completion_tokens": 5}}] * 8}}}


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """(route URL, fakellm, calls file) for the run's model `coder`."""
    tmp = tmp_path_factory.mktemp("gemini_attacks")
    with fakellm.serve(SCRIPT, protocols=("openai",)) as server, ModelProxy(server.url) as proxy:
        yield proxy.route(tmp / "model_calls.jsonl", model="coder"), server, tmp / "model_calls.jsonl"


def post(url: str, path: str, raw: bytes, timeout: float = 600) -> tuple[int, bytes, float]:
    """(status, body, CPU seconds this process spent meanwhile). The proxy and the scripted server are threads of this
    process: their CPU time, not the wall clock, is what a quadratic translation costs, whatever the machine's load."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    start = time.process_time()
    conn.request("POST", parts.path + path, raw, {"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, data, time.process_time() - start


def records(calls_file) -> list[dict]:
    return [json.loads(line) for line in calls_file.read_text().splitlines()]


def test_thousands_of_unpaired_calls_and_responses_translate_in_linear_time(stack):
    """12,000 functionCalls in one model turn, then 12,000 functionResponses paired by name: each response
    scanned every pending call (quadratic), over 20 seconds of the proxy's CPU for an 840 KB body."""
    url, server, calls_file = stack
    n = 12_000
    body = {"contents": [{"role": "user", "parts": [{"text": "go"}]},
                         {"role": "model", "parts": [{"functionCall": {"name": "a"}}] * n},
                         {"role": "user", "parts": [{"functionResponse": {"name": "a"}}] * n}]}
    raw = json.dumps(body).encode()
    assert calls.json_shape(raw)[1] <= calls.MAX_JSON_CONTAINERS   # within the proxy's own limits
    status, data, took = post(url, "/v1beta/models/coder:generateContent", raw)
    assert status == 200, data[:300]
    assert took < 10, f"one request held the proxy for {took:.1f}s"
    served = server.requests[-1]
    assert served["path"] == "/v1/chat/completions"
    assert records(calls_file)[-1]["usage"]["prompt_tokens"] == 300   # measured as any call


@pytest.mark.parametrize("role", ["user", "model"])
def test_thousands_of_turns_of_one_role_are_joined_in_linear_time(stack, role):
    """16,000 contents of 900 characters in a row, all user (or all model) turns: each joined to the text so far
    (`a + "\\n\\n" + b` at every turn, in _tidy and _add_text), which held the proxy's CPU for over four minutes
    for one 15 MB body; joined once, about a second."""
    url, server, calls_file = stack
    n, text = 16_000, "x" * 900
    contents = [{"role": role, "parts": [{"text": text}]} for _ in range(n)]
    if role == "model":
        contents.insert(0, {"role": "user", "parts": [{"text": "go"}]})
    raw = json.dumps({"contents": contents}).encode()
    assert calls.json_shape(raw)[1] <= calls.MAX_JSON_CONTAINERS and len(raw) < 16 * 1024 * 1024
    status, data, took = post(url, "/v1beta/models/coder:generateContent", raw)
    assert status == 200, data[:300]
    assert took < 20, f"one request held the proxy for {took:.1f}s"
    assert records(calls_file)[-1]["usage"]["prompt_tokens"] == 300


def test_joined_turns_keep_their_text_and_order():
    """The linear join gives what the per-turn join gave: user runs by a blank line, a model turn's pieces by a
    newline, a tool call attached to the turn whose text it follows."""
    chat = translate.request_to_chat(translate.GEMINI, {"model": "coder", "stream": False, "contents": [
        {"role": "user", "parts": [{"text": "a"}]}, {"role": "user", "parts": [{"text": "b"}]},
        {"role": "model", "parts": [{"text": "c"}]}, {"role": "model", "parts": [{"text": "d"}]},
        {"role": "model", "parts": [{"text": "e"}, {"functionCall": {"name": "f", "id": "1"}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"ok": 1}}}]},
        {"role": "user", "parts": [{"text": "g"}]}, {"role": "user", "parts": [{"text": "h"}]}]})
    assert chat["messages"] == [
        {"role": "user", "content": "a\n\nb"},
        {"role": "assistant", "content": "c\nd\ne", "tool_calls": [
            {"id": "1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "1", "content": '{"ok": 1}'},
        {"role": "user", "content": "g\n\nh"}]
    assert all("_texts" not in m for m in chat["messages"])


class _Fragments(http.server.BaseHTTPRequestHandler):
    """A chat-completions server whose streamed answer is one tool call written four characters a fragment (as a
    model writing a long file through a tool streams it), then usage."""

    protocol_version = "HTTP/1.0"   # the stream ends when the connection closes

    def do_POST(self):  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()

        def chunk(obj) -> bytes:
            return b"data: " + json.dumps(obj).encode() + b"\n\n"

        head = {"index": 0, "id": "c1", "type": "function", "function": {"name": "write", "arguments": ""}}
        out = [chunk({"choices": [{"index": 0, "delta": {"tool_calls": [head]}}]})]
        piece = chunk({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {
            "arguments": PIECE}}]}}]})
        out += [piece] * FRAGMENTS
        out.append(chunk({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
        out.append(chunk({"choices": [], "usage": {"prompt_tokens": 11, "completion_tokens": FRAGMENTS}}))
        out.append(b"data: [DONE]\n\n")
        self.wfile.write(b"".join(out))

    def log_message(self, *args):
        pass


FRAGMENTS = 150_000
PIECE = "x" * 100


def test_a_long_streamed_tool_call_is_relayed_in_linear_time(tmp_path):
    """150,000 argument fragments of 100 characters (31 MB, under the proxy's 32 MiB cap): each appended to the
    arguments so far (`+=`, 15 MB of them at the end) held the proxy's CPU for minutes; gathered and joined once,
    a few seconds."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Fragments)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with ModelProxy(f"http://127.0.0.1:{server.server_address[1]}") as proxy:
            url = proxy.route(tmp_path / "model_calls.jsonl", model="coder")
            status, data, took = post(url, "/v1beta/models/coder:streamGenerateContent?alt=sse", json.dumps(
                {"contents": [{"role": "user", "parts": [{"text": "write it"}]}]}).encode())
    finally:
        server.shutdown()
    assert status == 200
    last = json.loads(data.strip().split(b"\r\n\r\n")[-1][len(b"data: "):])
    call = last["candidates"][0]["content"]["parts"][0]["functionCall"]
    assert call["name"] == "write" and call["args"] == {"_invalid_json_arguments": PIECE * FRAGMENTS}
    assert last["usageMetadata"]["candidatesTokenCount"] == FRAGMENTS
    assert records(tmp_path / "model_calls.jsonl")[-1]["usage"]["completion_tokens"] == FRAGMENTS
    assert took < 25, f"one streamed answer held the proxy for {took:.1f}s"


@pytest.mark.parametrize("protocol", [translate.MESSAGES, translate.RESPONSES])
def test_the_other_stream_translators_gather_a_long_tool_call_in_linear_time(protocol):
    """The same flood through the Messages and Responses stream translators (translate.StreamTranslator), fed
    as the proxy feeds them: their `call.arguments += piece` was the same quadratic copy."""
    def chunk(obj) -> bytes:
        return b"data: " + json.dumps(obj).encode() + b"\n\n"

    head = {"index": 0, "id": "c1", "type": "function", "function": {"name": "write", "arguments": ""}}
    piece = chunk({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {
        "arguments": PIECE}}]}}]})
    stream = translate.stream_translator(protocol, {"model": "coder", "stream": True, "max_tokens": 10})
    start = time.process_time()
    stream.feed(chunk({"choices": [{"index": 0, "delta": {"tool_calls": [head]}}]}))
    for _ in range(0, FRAGMENTS, 300):   # the proxy reads 64 KiB at a time: about 300 fragments
        stream.feed(piece * 300)
    stream.feed(chunk({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}))
    out = stream.finish()
    took = time.process_time() - start
    assert not stream.over and out.endswith(b"\n\n")
    assert took < 25, f"translating one stream took {took:.1f}s"
