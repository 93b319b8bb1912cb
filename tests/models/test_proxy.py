"""bench.models.proxy over real HTTP on 127.0.0.1, in front of the scripted model server (bench.fakellm) or a
hand-driven upstream: usage recorded equal to what the server reported, streams relayed piece by piece, runs kept
apart, an unreachable upstream and unknown routes answered plainly."""
from __future__ import annotations

import http.client
import http.server
import json
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bench import fakellm
from bench.models import calls
from bench.models.proxy import ModelProxy

SCRIPT = {
    "models": {
        "coder": {"turns": [
            {"content": "I'll write it, then check it.",
             "tool_calls": [{"name": "write", "arguments": {"path": "a.py", "content": "x = 1\n"}},
                            {"name": "bash", "arguments": {"command": "python a.py"}}],
             "usage": {"prompt_tokens": 1234, "completion_tokens": 56, "cached_tokens": 1000, "reasoning_tokens": 12}},
        ]},
        "plain": {"turns": ["A plain answer that is long enough to be split into several stream chunks."]},
        "other": {},
        "e500": {"persona": "error500", "error": "runner died"},
        "hang": {"persona": "hang", "hang_s": 30},
        "trunc": {"persona": "truncating", "truncate_to": 64, "turns": ["ok"]},
    },
}


@pytest.fixture
def server():
    with fakellm.serve(SCRIPT) as srv:
        yield srv


@pytest.fixture
def proxy(server, tmp_path):
    with proxy_at(server.url, tmp_path / "calls") as p:
        yield p


def request(url: str, path: str, body: dict | None = None, method: str | None = None
            ) -> tuple[int, dict[str, str], bytes]:
    """One request on a fresh connection: (status, headers, the raw body)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    data = json.dumps(body).encode() if body is not None else None
    try:
        conn.request(method or ("POST" if data else "GET"), parts.path + path, body=data,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def calls_file(proxy: ModelProxy, run_key: str) -> Path:
    """Where a test's run writes its calls (beside the proxy's test directory)."""
    return proxy.test_dir / run_key / "model_calls.jsonl"


def route(proxy: ModelProxy, run_key: str) -> str:
    """A route whose calls go to calls_file(proxy, run_key)."""
    calls_file(proxy, run_key).parent.mkdir(parents=True, exist_ok=True)
    return proxy.route(calls_file(proxy, run_key))


def records(proxy: ModelProxy, run_key: str) -> list[dict]:
    path = calls_file(proxy, run_key)
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def proxy_at(upstream: str, tmp_path: Path, **kwargs) -> ModelProxy:
    """A proxy (not started) whose test runs write under tmp_path."""
    p = ModelProxy(upstream, **kwargs)
    p.test_dir = tmp_path
    return p


def server_usage(entry: dict) -> dict:
    """The usage the server's own log says it reported, in the record's shape (not reported = None)."""
    u = entry["usage"]
    return {k: u.get(k) for k in ("prompt_tokens", "completion_tokens", "cached_tokens", "reasoning_tokens")}


def user(text: str) -> list[dict]:
    return [{"role": "user", "content": text}]


# ---------------------------------------------------------------------------------------------
# Usage and the rest of the record, equal to what the server reported


@pytest.mark.parametrize("stream", [False, True])
def test_openai_usage_is_the_servers(server, proxy, stream):
    url = route(proxy, "run-1")
    body = {"model": "coder", "messages": user("fix a.py"), "stream": stream}
    if stream:
        body["stream_options"] = {"include_usage": True}
    status, headers, raw = request(url, "/v1/chat/completions", body)
    assert status == 200
    assert headers["Content-Type"] == ("text/event-stream" if stream else "application/json; charset=utf-8")
    [entry] = server.chat_requests()
    [rec] = records(proxy, "run-1")
    assert rec["usage"] == server_usage(entry) == {"prompt_tokens": 1234, "completion_tokens": 56,
                                                   "cached_tokens": 1000, "reasoning_tokens": 12}
    assert rec["protocol"] == "openai_chat" and rec["path"] == "/v1/chat/completions" and rec["method"] == "POST"
    assert rec["status"] == 200 and rec["stream"] is stream and rec["model"] == "coder" and rec["error"] is None
    assert rec["tool_calls"] == len(entry["tool_calls"]) == 2 and rec["finish_reason"] == "tool_calls"
    assert rec["prompt_chars"] == len("fix a.py") and rec["context_truncated"] is False
    assert rec["prefill_s"] is None and rec["decode_s"] is None   # an OpenAI answer without llama.cpp timings
    assert 0 < rec["ttft_s"] <= rec["total_s"]
    if stream:   # what the client got is the server's stream, read whole
        assert raw.endswith(b"data: [DONE]\n\n") and b'"cached_tokens": 1000' in raw


def test_a_stream_without_usage_asked_is_asked_for_it_and_the_agent_sees_none(server, proxy):
    """An agent that does not ask for usage cannot leave its tokens unmeasured: the proxy asks the server, records
    the server's counts, and takes the usage-only chunk out of what the agent receives."""
    url = route(proxy, "run-1")
    status, _, raw = request(url, "/v1/chat/completions", {"model": "plain", "messages": user("hi"), "stream": True})
    [entry] = server.chat_requests()
    assert status == 200 and entry["include_usage"] is True and entry["usage_reported"] is True
    [rec] = records(proxy, "run-1")
    assert rec["usage"] == server_usage(entry) and rec["usage"]["prompt_tokens"] > 0
    events = [json.loads(line[5:]) for line in raw.split(b"\n") if line.startswith(b"data: {")]
    assert events and all(e["choices"] for e in events) and b'"prompt_tokens"' not in raw
    assert raw.endswith(b"data: [DONE]\n\n") and rec["finish_reason"] == "stop"
    # an agent that asked gets the chunk, and its own stream_options go on as they were
    request(url, "/v1/chat/completions", {"model": "plain", "messages": user("hi"), "stream": True,
                                          "stream_options": {"include_usage": True}})
    assert server.chat_requests()[-1]["usage_reported"] is True


@pytest.mark.parametrize("path,stream", [("/api/chat", True), ("/api/chat", False), ("/api/generate", True),
                                         ("/api/generate", False)])
def test_ollama_usage_and_durations_are_the_servers(server, proxy, path, stream):
    url = route(proxy, "run-1")
    body = {"model": "plain", "stream": stream}
    body.update({"messages": user("say something long")} if path == "/api/chat" else {"prompt": "say something"})
    status, _, raw = request(url, path, body)
    assert status == 200
    [entry] = server.chat_requests()
    [rec] = records(proxy, "run-1")
    # Ollama reports prompt and completion counts only: the other two stay unknown
    assert rec["usage"] == {**server_usage(entry), "cached_tokens": None, "reasoning_tokens": None}
    assert rec["usage"]["prompt_tokens"] == entry["usage"]["prompt_tokens"] > 0
    # The durations are the ones in the answer's last line, read by the test from the bytes the client got
    last = json.loads(raw.strip().splitlines()[-1])
    assert last["done"] is True
    assert rec["prefill_s"] == last["prompt_eval_duration"] / 1e9
    assert rec["decode_s"] == last["eval_duration"] / 1e9
    assert rec["protocol"] == ("ollama_chat" if path == "/api/chat" else "ollama_generate")
    assert rec["stream"] is stream and rec["finish_reason"] == "stop" and rec["tool_calls"] == 0


def test_ollama_streams_by_default_and_counts_tool_calls(server, proxy):
    url = route(proxy, "run-1")
    _, headers, _ = request(url, "/api/chat", {"model": "coder", "messages": user("go")})
    assert headers["Content-Type"] == "application/x-ndjson"
    [entry] = server.chat_requests()
    [rec] = records(proxy, "run-1")
    assert rec["stream"] is True and rec["tool_calls"] == len(entry["tool_calls"]) == 2
    assert rec["usage"]["prompt_tokens"] == 1234 and rec["usage"]["completion_tokens"] == 56


def test_a_server_that_cut_the_prompt_is_marked_truncated(server, proxy):
    url = route(proxy, "run-1")
    long_prompt = "word " * 2000   # 10,000 characters; the truncating model counts 64 tokens of it
    request(url, "/api/chat", {"model": "trunc", "messages": user(long_prompt), "stream": False})
    request(url, "/api/chat", {"model": "plain", "messages": user(long_prompt), "stream": False})
    truncated, whole = records(proxy, "run-1")
    assert truncated["usage"]["prompt_tokens"] == 64 and truncated["prompt_chars"] == 10_000
    assert truncated["context_truncated"] is True
    assert whole["usage"]["prompt_tokens"] == server.chat_requests()[1]["usage"]["prompt_tokens"]
    assert whole["context_truncated"] is False


# ---------------------------------------------------------------------------------------------
# Pass-through: other paths, bodies unchanged


@pytest.mark.parametrize("method,path,body", [("GET", "/api/tags", None), ("GET", "/v1/models", None),
                                              ("POST", "/api/show", {"model": "coder"}), ("GET", "/", None),
                                              ("GET", "/api/version", None)])
def test_other_paths_pass_through_unchanged(server, proxy, method, path, body):
    url = route(proxy, "run-1")
    direct = request(server.url, path, body, method)
    proxied = request(url, path, body, method)
    assert proxied[0] == direct[0] == 200 and proxied[2] == direct[2]
    assert proxied[1]["Content-Type"] == direct[1]["Content-Type"]
    [rec] = records(proxy, "run-1")
    assert rec["protocol"] == "other" and rec["path"] == path and rec["status"] == 200
    assert rec["usage"]["prompt_tokens"] is None and rec["tool_calls"] is None and rec["context_truncated"] is None


def test_each_run_gets_its_own_file_even_at_once(server, proxy):
    urls = {key: route(proxy, key) for key in ("run-a", "run-b")}
    assert urls["run-a"] != urls["run-b"]
    per_run, barrier, failures = 6, threading.Barrier(2), []

    def agent(key: str, model: str) -> None:
        try:
            barrier.wait(timeout=10)
            for i in range(per_run):
                status, _, _ = request(urls[key], "/v1/chat/completions",
                                       {"model": model, "messages": user(f"{key} call {i}"), "stream": i % 2 == 0,
                                        "stream_options": {"include_usage": True}})
                assert status == 200
        except Exception as e:  # noqa: BLE001 - reported by the test thread
            failures.append(e)

    threads = [threading.Thread(target=agent, args=("run-a", "plain")),
               threading.Thread(target=agent, args=("run-b", "other"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert failures == []
    a, b = records(proxy, "run-a"), records(proxy, "run-b")
    assert [r["model"] for r in a] == ["plain"] * per_run and [r["model"] for r in b] == ["other"] * per_run
    # each run's calls carry the prompts that run sent, in the server's own count
    for key, recs in (("run-a", a), ("run-b", b)):
        sent = sorted(e["usage"]["prompt_tokens"] for e in server.chat_requests() if e["model"] == recs[0]["model"])
        assert sorted(r["usage"]["prompt_tokens"] for r in recs) == sent
        assert [r["prompt_chars"] for r in recs] == [len(f"{key} call {i}") for i in range(per_run)]


# ---------------------------------------------------------------------------------------------
# Failures: the upstream's, and requests the proxy does not know


def test_unknown_token_is_404_and_nothing_is_recorded(server, proxy, tmp_path):
    url = route(proxy, "run-1")
    root = url.rsplit("/r/", 1)[0]
    for path in ("/r/not-a-token/api/tags", "/api/tags", "/r/", "/"):
        status, _, raw = request(root, path)
        assert status == 404 and "error" in json.loads(raw)
    assert server.requests == [] and records(proxy, "run-1") == []


def test_a_closed_route_is_404(server, proxy):
    first, second = route(proxy, "run-1"), route(proxy, "run-2")
    proxy.close_route(first)
    assert request(first, "/api/tags")[0] == 404 and request(second, "/api/tags")[0] == 200
    assert records(proxy, "run-1") == [] and len(records(proxy, "run-2")) == 1


def test_a_dead_upstream_gives_502_and_an_error_record(tmp_path):
    with socket.socket() as s:   # a port nothing listens on once this socket is closed
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    with proxy_at(dead, tmp_path) as proxy:
        url = route(proxy, "run-1")
        status, headers, raw = request(url, "/v1/chat/completions", {"model": "m", "messages": user("hi")})
        assert status == 502 and headers["Content-Type"] == "application/json"
        body = json.loads(raw)
        assert body["error"]["upstream"] == dead and dead in body["error"]["message"]
        [rec] = records(proxy, "run-1")
    assert rec["status"] == 502 and dead in rec["error"] and "unreachable" in rec["error"]
    assert rec["ttft_s"] is None and rec["usage"]["prompt_tokens"] is None and rec["model"] == "m"


def test_a_5xx_answer_is_forwarded_and_recorded_as_an_error(server, proxy):
    url = route(proxy, "run-1")
    status, _, raw = request(url, "/v1/chat/completions", {"model": "e500", "messages": user("hi")})
    assert status == 500 and json.loads(raw)["error"]["message"] == "runner died"
    [rec] = records(proxy, "run-1")
    assert rec["status"] == 500 and rec["error"] == f"upstream {server.url} answered 500: runner died"


def test_an_upstream_that_does_not_answer_in_time_gives_504(server, tmp_path):
    with proxy_at(server.url, tmp_path, timeout_s=0.3) as proxy:
        url = route(proxy, "run-1")
        status, _, raw = request(url, "/api/chat", {"model": "hang", "messages": user("hi")})
        assert status == 504 and server.url in json.loads(raw)["error"]["message"]
        [rec] = records(proxy, "run-1")
    assert rec["status"] == 504 and "did not answer" in rec["error"] and server.url in rec["error"]


@pytest.mark.parametrize("method,path", [
    ("POST", "/api/pull"), ("DELETE", "/api/delete"), ("POST", "/api/create"), ("POST", "/api/copy"),
    ("POST", "/api/push"), ("POST", "/api/blobs/sha256:00"), ("GET", "/metrics"), ("POST", "/v1/fine_tuning/jobs"),
    ("GET", "/api/chat"), ("POST", "/slots/0?action=erase"), ("POST", "/v1/../api/delete"),
])
def test_only_model_calls_pass(server, proxy, method, path):
    """An agent cannot pull, delete or create models, or reach anything but the model API, through the proxy."""
    url = route(proxy, "run-1")
    status, _, raw = request(url, path, {"model": "plain", "name": "plain"} if method != "GET" else None,
                             method=method)
    assert status == 403 and "model proxy" in json.loads(raw)["error"]["message"]
    assert server.requests == []
    [rec] = records(proxy, "run-1")
    assert rec["status"] == 403 and rec["path"] == path and "refused" in rec["error"]


# ---------------------------------------------------------------------------------------------
# Streaming: relayed as it arrives, byte for byte, with a hand-driven upstream


class _Gated(http.server.BaseHTTPRequestHandler):
    """Sends the first piece of a stream, then waits for the test's go-ahead before the rest.

    Records the raw request body it got, so the test sees exactly what the proxy forwarded."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:
        srv = self.server
        srv.got_body = self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(200)
        self.send_header("Content-Type", srv.content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for i, piece in enumerate(srv.pieces):
            if i == 1 and srv.break_off:   # the upstream dies mid-answer: no more pieces, no last chunk
                self.connection.shutdown(socket.SHUT_RDWR)
                srv.finished.set()
                return
            if i == 1:
                srv.first_sent.set()
                srv.release.wait(timeout=20)   # a failsafe only: the test releases it once it has piece 0
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            self.wfile.flush()
        srv.finished.set()   # before the last chunk, so a client that has read to the end sees it set
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def _gated_server(pieces: list[bytes], content_type: str) -> http.server.ThreadingHTTPServer:
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Gated)
    srv.daemon_threads = True
    srv.pieces, srv.content_type, srv.break_off = pieces, content_type, False
    srv.first_sent, srv.release, srv.finished = threading.Event(), threading.Event(), threading.Event()
    threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return srv


def _sse(obj: dict) -> bytes:
    return b"data: " + json.dumps(obj).encode() + b"\n\n"


SSE_USAGE = {"prompt_tokens": 300, "completion_tokens": 9, "prompt_tokens_details": {"cached_tokens": 256}}
SSE_FINAL = _sse({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}) + \
    _sse({"choices": [], "usage": SSE_USAGE, "timings": {"prompt_ms": 120.5, "predicted_ms": 80.25}})
SSE_PIECES = [
    _sse({"choices": [{"index": 0, "delta": {"role": "assistant", "content": "Hel"}, "finish_reason": None}]}),
    _sse({"choices": [{"index": 0, "delta": {"content": "lo"}, "finish_reason": None}]}),
    # one tool call in three pieces, the middle event cut across two network writes
    _sse({"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "c1", "type": "function", "function": {"name": "bash", "arguments": ""}}]}}]})[:30],
    _sse({"choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "c1", "type": "function", "function": {"name": "bash", "arguments": ""}}]}}]})[30:]
    + _sse({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}}]}),
    SSE_FINAL[:17], SSE_FINAL[17:] + b"data: [DONE]\n\n",
]
NDJSON_PIECES = [
    json.dumps({"model": "m", "message": {"role": "assistant", "content": "Hi"}, "done": False}).encode() + b"\n",
    json.dumps({"model": "m", "message": {"role": "assistant", "content": "",
                                          "tool_calls": [{"function": {"name": "a", "arguments": {}}},
                                                         {"function": {"name": "b", "arguments": {}}}]},
                "done": False}).encode() + b"\n",
    json.dumps({"model": "m", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop",
                "prompt_eval_count": 41, "prompt_eval_duration": 2_500_000, "eval_count": 7,
                "eval_duration": 7_000_000}).encode() + b"\n",
]


@pytest.mark.parametrize("kind", ["sse", "ndjson"])
def test_a_stream_reaches_the_agent_before_it_ends_byte_for_byte(tmp_path, kind):
    pieces, ctype, path = ((SSE_PIECES, "text/event-stream", "/v1/chat/completions") if kind == "sse"
                           else (NDJSON_PIECES, "application/x-ndjson", "/api/chat"))
    upstream = _gated_server(pieces, ctype)
    # odd spacing and key order: the proxy must not re-encode what it forwards (asking for usage itself, it
    # would have to: see test_a_stream_without_usage_asked_is_asked_for_it)
    sent = b'{"stream":true,  "model": "m",\n "messages": [{"role": "user", "content": "h\\u00e9llo"}], ' \
           b'"stream_options": {"include_usage": true}}'
    try:
        with proxy_at(f"http://127.0.0.1:{upstream.server_address[1]}", tmp_path) as proxy:
            parts = urlsplit(route(proxy, "run-1"))
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
            conn.request("POST", parts.path + path, body=sent, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            first = resp.read1(65536)
            # the first piece is here while the upstream still holds the rest back
            assert first == pieces[0]
            assert upstream.first_sent.wait(timeout=20)   # the upstream is at its gate (it may get there just after)
            assert not upstream.finished.is_set()
            upstream.release.set()
            received = first + resp.read()
            conn.close()
            assert upstream.finished.is_set()
            assert received == b"".join(pieces) and upstream.got_body == sent
            [rec] = records(proxy, "run-1")
    finally:
        upstream.release.set()
        upstream.shutdown()
        upstream.server_close()
    assert rec["stream"] is True and rec["prompt_chars"] == len("héllo") and rec["status"] == 200
    if kind == "sse":
        assert rec["usage"] == {"prompt_tokens": 300, "completion_tokens": 9, "cached_tokens": 256,
                                "reasoning_tokens": None}
        assert rec["tool_calls"] == 1 and rec["finish_reason"] == "tool_calls"
        assert rec["prefill_s"] == 0.1205 and rec["decode_s"] == 0.08025
    else:
        assert rec["usage"] == {"prompt_tokens": 41, "completion_tokens": 7, "cached_tokens": None,
                                "reasoning_tokens": None}
        assert rec["tool_calls"] == 2 and rec["finish_reason"] == "stop"
        assert rec["prefill_s"] == 0.0025 and rec["decode_s"] == 0.007
    assert 0 < rec["ttft_s"] < rec["total_s"]


def test_an_upstream_that_breaks_off_mid_stream_is_recorded_and_the_agent_sees_the_cut(tmp_path):
    upstream = _gated_server(SSE_PIECES, "text/event-stream")
    upstream.break_off = True
    root = f"http://127.0.0.1:{upstream.server_address[1]}"
    try:
        with proxy_at(root, tmp_path) as proxy:
            parts = urlsplit(route(proxy, "run-1"))
            conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
            conn.request("POST", parts.path + "/v1/chat/completions", body=b'{"model": "m", "stream": true}')
            resp = conn.getresponse()
            assert resp.status == 200   # the head had gone out before the upstream died
            with pytest.raises(http.client.IncompleteRead) as cut:   # no last chunk: the agent can tell
                resp.read()
            assert cut.value.partial == SSE_PIECES[0]
            conn.close()
            [rec] = records(proxy, "run-1")
    finally:
        upstream.shutdown()
        upstream.server_close()
    assert rec["status"] == 200 and rec["error"].startswith(f"upstream {root} broke off the answer")
    assert rec["usage"]["prompt_tokens"] is None and rec["finish_reason"] is None


# ---------------------------------------------------------------------------------------------
# Translation: Responses and Messages onto an upstream that speaks chat completions only

TOOL_SCRIPT = {"models": {"coder": {"turns": [
    {"content": "Let me look.", "tool_calls": [{"name": "read", "arguments": {"path": "calc.py"}}]},
    "Fixed it.",
]}}}


def sse_events(raw: bytes) -> list[dict]:
    """The JSON payloads of an SSE stream's data: lines."""
    return [json.loads(line[5:]) for line in raw.decode().splitlines()
            if line.startswith("data:") and line[5:].strip() not in ("", "[DONE]")]


def test_a_messages_call_reaches_a_chat_only_upstream_translated(tmp_path):
    """A chat-completions-only server has no /v1/messages: the proxy learns so from its 404 and translates, streaming
    and tool calls included; the record's usage is the upstream's, and later calls go straight to chat."""
    with fakellm.serve(TOOL_SCRIPT, protocols=("openai",)) as server, proxy_at(server.url, tmp_path) as proxy:
        url = route(proxy, "run-1")
        ask = {"model": "coder", "max_tokens": 512, "stream": True, "system": "You fix code.",
               "tools": [{"name": "read", "description": "Read a file",
                          "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}}}],
               "messages": [{"role": "user", "content": "Fix calc.py"}]}
        status, headers, raw = request(url, "/v1/messages?beta=true", ask)
        assert status == 200 and headers["Content-Type"] == "text/event-stream"
        events = sse_events(raw)
        kinds = [e["type"] for e in events]
        assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
        [tool_use] = [e["content_block"] for e in events if e["type"] == "content_block_start"
                      and e["content_block"]["type"] == "tool_use"]
        assert tool_use["name"] == "read"
        arguments = "".join(e["delta"]["partial_json"] for e in events if e["type"] == "content_block_delta"
                            and e["delta"]["type"] == "input_json_delta")
        assert json.loads(arguments) == {"path": "calc.py"}
        assert [e["delta"]["stop_reason"] for e in events if e["type"] == "message_delta"] == ["tool_use"]
        # the second turn: the tool's result goes back as a tool_result block
        follow = dict(ask, stream=False, messages=[
            *ask["messages"],
            {"role": "assistant", "content": [{"type": "tool_use", "id": tool_use["id"], "name": "read",
                                               "input": {"path": "calc.py"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_use["id"],
                                          "content": "def add(a, b): return a - b"}]}])
        status, _, raw = request(url, "/v1/messages", follow)
        answer = json.loads(raw)
        assert status == 200 and answer["type"] == "message" and answer["stop_reason"] == "end_turn"
        assert answer["content"] == [{"type": "text", "text": "Fixed it."}]
        recs = records(proxy, "run-1")
    served = [e for e in server.requests if e.get("api") == "openai" and e.get("status") == 200]
    assert [e["path"] for e in server.requests if e.get("status") == 404] == ["/v1/messages?beta=true"], \
        "the endpoint is tried once; after its 404 every call is translated"
    assert len(served) == 2 and served[1]["last_role"] == "tool"
    assert [r["protocol"] for r in recs] == ["anthropic_messages"] * 2 and all(r["translated"] for r in recs)
    assert [r["usage"]["prompt_tokens"] for r in recs] == [e["usage"]["prompt_tokens"] for e in served]
    assert [r["usage"]["completion_tokens"] for r in recs] == [e["usage"]["completion_tokens"] for e in served]
    assert [r["tool_calls"] for r in recs] == [1, 0] and recs[0]["stream"] is True


def test_a_responses_call_reaches_a_chat_only_upstream_translated(tmp_path):
    with fakellm.serve(TOOL_SCRIPT, protocols=("openai",)) as server, proxy_at(server.url, tmp_path) as proxy:
        url = route(proxy, "run-1")
        ask = {"model": "coder", "instructions": "You fix code.", "input": "Fix calc.py", "stream": True,
               "tools": [{"type": "function", "name": "read", "parameters": {"type": "object"}}]}
        status, _, raw = request(url, "/v1/responses", ask)
        events = sse_events(raw)
        assert status == 200 and events[0]["type"] == "response.created" and events[-1]["type"] == "response.completed"
        [call] = [e["item"] for e in events if e["type"] == "response.output_item.done"
                  and e["item"]["type"] == "function_call"]
        assert call["name"] == "read" and json.loads(call["arguments"]) == {"path": "calc.py"}
        usage = events[-1]["response"]["usage"]
        [rec] = records(proxy, "run-1")
    [served] = [e for e in server.requests if e.get("api") == "openai" and e.get("status") == 200]
    assert (usage["input_tokens"], usage["output_tokens"]) == (served["usage"]["prompt_tokens"],
                                                               served["usage"]["completion_tokens"])
    assert rec["protocol"] == "openai_responses" and rec["translated"] is True and rec["tool_calls"] == 1
    assert rec["usage"]["prompt_tokens"] == served["usage"]["prompt_tokens"]


def test_an_untranslatable_request_is_refused_in_the_agents_protocol(tmp_path):
    with fakellm.serve(TOOL_SCRIPT, protocols=("openai",)) as server, proxy_at(server.url, tmp_path) as proxy:
        proxy.native["anthropic_messages"] = False
        status, _, raw = request(route(proxy, "run-1"), "/v1/messages", {"messages": "not a list"})
        assert status == 400 and json.loads(raw)["type"] == "error"
        [rec] = records(proxy, "run-1")
    assert rec["translated"] is True and "cannot translate" in rec["error"]
    assert not [e for e in server.requests if e.get("api") == "openai"]


def test_ending_a_route_ends_its_call_in_flight(server, proxy):
    """A run that ends while its agent waits on a hung model: the call is recorded as cut by the run's end, and
    the proxy lets go of the upstream at once (no thread waits out the upstream's timeout)."""
    url = route(proxy, "run-1")
    result: list = []
    agent = threading.Thread(target=lambda: result.append(
        request(url, "/api/chat", {"model": "hang", "messages": user("hi")})), daemon=True)
    agent.start()
    deadline = time.monotonic() + 10
    while not any(e.get("event") == "hang_start" for e in server.requests) and time.monotonic() < deadline:
        time.sleep(0.02)
    proxy.close_route(url)
    [rec] = records(proxy, "run-1")
    assert rec["status"] is None and rec["error"] == "the run ended while this call was in flight"
    agent.join(timeout=10)
    assert not agent.is_alive()
    while not any(e.get("event") == "hang_end" for e in server.requests) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert any(e.get("event") == "hang_end" for e in server.requests), "the upstream saw the call go"


@pytest.mark.parametrize("path, ask", [
    ("/v1/messages", {"max_tokens": 256, "messages": [{"role": "user", "content": "Fix calc.py"}],
                      "tools": [{"name": "read", "input_schema": {"type": "object"}}]}),
    ("/v1/responses", {"input": "Fix calc.py", "tools": [{"type": "function", "name": "read",
                                                          "parameters": {"type": "object"}}]}),
])
@pytest.mark.parametrize("stream", [False, True])
def test_a_server_that_speaks_responses_and_messages_gets_them_as_they_are(tmp_path, path, ask, stream):
    """Passed through untranslated, byte for byte; the record's usage is what the server said it served
    (Anthropic's input tokens plus the cached ones, as the other protocols count prompt tokens)."""
    with fakellm.serve(TOOL_SCRIPT) as server, proxy_at(server.url, tmp_path) as proxy:
        body = {"model": "coder", "stream": stream, **ask}
        proxied = request(route(proxy, "run-1"), path, body)
        direct = request(server.url, path, body)
        [rec] = records(proxy, "run-1")
    assert proxied[0] == direct[0] == 200
    assert rec["translated"] is False and rec["protocol"] == calls.protocol_of(path) and rec["stream"] is stream
    [served, _] = [e for e in server.requests if e.get("status") == 200 and e.get("usage")]
    assert rec["usage"]["prompt_tokens"] == served["usage"]["prompt_tokens"]
    assert rec["usage"]["completion_tokens"] == served["usage"]["completion_tokens"]
    assert rec["tool_calls"] == 1 and [e["path"] for e in server.requests] == [path, path]


def test_a_body_over_the_limit_or_malformed_is_refused_and_nothing_is_held(server, proxy):
    """An untrusted agent's request framing: a huge Content-Length is refused before any byte is read (the
    harness never holds it), malformed framing is one 400; the proxy keeps serving."""
    url = route(proxy, "run-1")
    parts = urlsplit(url)
    for head in (f"Content-Length: {64 * 1024 * 1024 + 1}", "Content-Length: -5", "Content-Length: lots",
                 "Transfer-Encoding: chunked\r\n\r\nzz"):
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
            sock.sendall(f"POST {parts.path}/v1/chat/completions HTTP/1.1\r\nHost: x\r\n{head}\r\n\r\n".encode())
            answer = sock.recv(4096).decode()
        assert answer.split()[1] in ("400", "413"), (head, answer)
    assert server.requests == []
    assert request(url, "/api/tags")[0] == 200


def test_a_call_limit_refuses_the_call_past_it_and_stops_only_that_route(server, proxy):
    """An agent with no turn limit of its own is held to the task's: model calls past the route's limit get 429
    without reaching the server, and the route's stop event says why; model lists are not model calls."""
    limited, free = route(proxy, "run-1"), route(proxy, "run-2")
    proxy.limit_calls(limited, 2)
    chat = {"model": "plain", "messages": user("hi")}
    statuses = [request(limited, "/api/tags")[0]] + [request(limited, "/v1/chat/completions", chat)[0]
                                                     for _ in range(3)]
    assert statuses == [200, 200, 200, 429]
    status, _, raw = request(limited, "/api/chat", {**chat, "stream": False})
    assert status == 429 and "max_turns" in json.loads(raw)["error"]["message"]
    assert [request(free, "/v1/chat/completions", chat)[0] for _ in range(3)] == [200, 200, 200]
    assert len([e for e in server.requests if e.get("api") in ("openai", "ollama")]) == 2 + 3
    assert proxy.stop_event(limited).is_set() and proxy.stop_reason(limited) == "max_calls"
    assert not proxy.stop_event(free).is_set() and proxy.stop_reason(free) is None
    lines = records(proxy, "run-1")
    assert [(c["protocol"], c["status"]) for c in lines] == [
        ("other", 200), ("openai_chat", 200), ("openai_chat", 200), ("other", 429), ("other", 429)]
    assert "limit of 2 model call(s)" in lines[3]["error"]
    proxy.limit_calls(free, None)
    assert request(free, "/v1/chat/completions", chat)[0] == 200


def _accept_when_none_waits(server) -> bool:
    """Whether the server's accept step returns (True) when no connection waits, as after one was reset between
    the selector's wake-up and the accept; False when it blocks (then shutdown() would wait for ever)."""
    done = threading.Event()
    threading.Thread(target=lambda: (server._handle_request_noblock(), done.set()), daemon=True).start()
    return done.wait(10)


def test_neither_server_blocks_in_accept_when_the_waiting_connection_is_gone():
    with fakellm.serve({"models": {"m": {}}}) as srv, ModelProxy(srv.url) as proxy:
        assert _accept_when_none_waits(srv._server)
        assert _accept_when_none_waits(proxy._server)
        # a client that is slow to send still gets its answer: accepted connections stay blocking
        parts = urlsplit(srv.url)
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as conn:
            time.sleep(0.3)
            conn.sendall(b"GET /api/tags HTTP/1.0\r\nHost: x\r\n\r\n")
            answer = b""
            while chunk := conn.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200") and b'"models"' in answer
