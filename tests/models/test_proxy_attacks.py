"""The model proxy against a hostile agent, over real sockets on 127.0.0.1: framing tricks refused and recorded
before anything reaches the upstream, upstream connections never shared between runs or reused after a half-read
exchange, a run held to its own model, and the caps (connections, body bytes, JSON depth, idle time) hit,
recorded and flagged without harm to the harness or to another run.

The upstream here is a deliberately lenient HTTP server on a raw socket: it reads whatever framing it is sent
(Content-Length if present, even on a GET) and logs every byte, so a request smuggled past the proxy would show in
its log as a request of its own."""
from __future__ import annotations

import http.client
import json
import os
import re
import socket
import threading
import time
from pathlib import Path

import pytest

from bench.models import calls
from bench.models import proxy as proxy_mod
from bench.models.proxy import ModelProxy

USAGE = {"prompt_tokens": 11, "completion_tokens": 3}


class RecordingUpstream:
    """A raw-socket HTTP server that logs every byte and every request it parsed, per client connection."""

    def __init__(self, usage: dict | None = USAGE, stream_bytes: int = 0):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.raw = bytearray()
        self.requests: list[dict] = []   # method, path, body, conn (the client port: one per upstream connection)
        self.usage = usage
        self.stream_bytes = stream_bytes
        self.lock = threading.Lock()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, addr = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._conn, args=(conn, addr[1]), daemon=True).start()

    def _conn(self, conn: socket.socket, port: int) -> None:
        buf = b""
        with conn:
            while True:
                while b"\r\n\r\n" not in buf:
                    data = conn.recv(65536)
                    if not data:
                        return
                    with self.lock:
                        self.raw += data
                    buf += data
                head, _, buf = buf.partition(b"\r\n\r\n")
                lines = head.split(b"\r\n")
                method, path, _ = lines[0].decode().split(" ", 2)
                pairs = (line.decode().partition(":") for line in lines[1:])
                fields = {k.strip().lower(): v.strip() for k, _, v in pairs}
                length = int(fields.get("content-length", "0"))
                while len(buf) < length:
                    data = conn.recv(65536)
                    if not data:
                        return
                    with self.lock:
                        self.raw += data
                    buf += data
                body, buf = buf[:length], buf[length:]
                with self.lock:
                    self.requests.append({"method": method, "path": path, "body": body, "conn": port})
                try:
                    conn.sendall(self._answer(body))
                except OSError:   # the proxy cut a half-read answer
                    return

    def _answer(self, body: bytes) -> bytes:
        try:
            asked = json.loads(body) if body else {}
        except ValueError:
            asked = {}
        if asked.get("stream"):
            events = [{"choices": [{"index": 0, "delta": {"content": "x" * 1000}}]}] * (self.stream_bytes // 1000)
            events.append({"choices": [{"index": 0, "delta": {"content": "ok"}, "finish_reason": "stop"}]})
            if self.usage and (asked.get("stream_options") or {}).get("include_usage"):
                events.append({"choices": [], "usage": self.usage})
            payload = b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in events) + b"data: [DONE]\n\n"
            return (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: %d\r\n\r\n"
                    % len(payload)) + payload
        answer = {"model": asked.get("model"), "choices": [{"index": 0, "message": {"role": "assistant",
                                                                                      "content": "ok"},
                                                              "finish_reason": "stop"}]}
        if self.usage:
            answer["usage"] = self.usage
        payload = json.dumps(answer).encode()
        return b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(payload) \
            + payload

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def upstream():
    up = RecordingUpstream()
    yield up
    up.close()


@pytest.fixture
def proxy(upstream):
    with ModelProxy(upstream.url) as p:
        yield p


def new_route(proxy: ModelProxy, tmp_path: Path, name: str = "run", model: str | None = "coder") -> tuple[str, Path]:
    """(the route's path prefix, its calls file)."""
    calls_file = tmp_path / name / "model_calls.jsonl"
    calls_file.parent.mkdir(parents=True, exist_ok=True)
    url = proxy.route(calls_file, model=model)
    return url[len(proxy.url):], calls_file


def exchange(proxy: ModelProxy, data: bytes, timeout: float = 20) -> bytes:
    """Send raw bytes on a fresh connection and read until the proxy closes it (or `timeout`)."""
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=timeout) as s:
        s.sendall(data)
        got = b""
        try:
            while chunk := s.recv(65536):
                got += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return got


def chat(prefix: str, body: dict | bytes, extra: bytes = b"", method: str = "POST",
         path: str = "/v1/chat/completions") -> bytes:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return (b"%s %s%s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n"
            % (method.encode(), prefix.encode(), path.encode(), len(raw), extra)) + raw


def lines(calls_file: Path) -> list[dict]:
    return [json.loads(line) for line in calls_file.read_text().splitlines()] if calls_file.exists() else []


def statuses(got: bytes) -> list[int]:
    """The status of every answer in what came back (the bodies here never hold an HTTP status line)."""
    return [int(code) for code in re.findall(rb"HTTP/1\.1 (\d{3}) ", got)]


HONEST = {"model": "coder", "messages": [{"role": "user", "content": "hi"}]}
PULL = b'{"model": "other", "name": "other"}'
SMUGGLED = b"POST /api/pull HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(PULL), PULL)


def framed(prefix: str, fields: bytes, body: bytes, method: bytes = b"POST", path: bytes = b"/v1/chat/completions"
           ) -> bytes:
    return b"%s %s%s HTTP/1.1\r\nHost: x\r\n%s\r\n%s" % (method, prefix.encode(), path, fields, body)


HONEST_RAW = json.dumps(HONEST).encode()
# Each: the request's fields and body, every one readable two ways (or not at all) and carrying SMUGGLED after it.
ATTACKS = {
    "get_with_body": (b"GET", b"/v1/models", b"Content-Length: %d\r\n" % len(SMUGGLED), SMUGGLED),
    "head_with_body": (b"HEAD", b"/", b"Content-Length: %d\r\n" % len(SMUGGLED), SMUGGLED),
    "cl_and_te": (b"POST", b"/v1/chat/completions",
                  b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n" % len(HONEST_RAW),
                  b"%x\r\n%s\r\n0\r\n\r\n" % (len(HONEST_RAW), HONEST_RAW) + SMUGGLED),
    "duplicate_cl": (b"POST", b"/v1/chat/completions",
                     b"Content-Length: %d\r\nContent-Length: %d\r\n" % (len(HONEST_RAW), len(HONEST_RAW)),
                     HONEST_RAW + SMUGGLED),
    "cl_with_sign": (b"POST", b"/v1/chat/completions", b"Content-Length: +%d\r\n" % len(HONEST_RAW),
                     HONEST_RAW + SMUGGLED),
    "cl_list": (b"POST", b"/v1/chat/completions", b"Content-Length: %d, %d\r\n" % (len(HONEST_RAW), len(HONEST_RAW)),
                HONEST_RAW + SMUGGLED),
    "te_chunked_identity": (b"POST", b"/v1/chat/completions", b"Transfer-Encoding: chunked, identity\r\n",
                            b"%x\r\n%s\r\n0\r\n\r\n" % (len(HONEST_RAW), HONEST_RAW) + SMUGGLED),
    "te_space_before_colon": (b"POST", b"/v1/chat/completions", b"Transfer-Encoding : chunked\r\n",
                              b"%x\r\n%s\r\n0\r\n\r\n" % (len(HONEST_RAW), HONEST_RAW) + SMUGGLED),
    "chunk_extension": (b"POST", b"/v1/chat/completions", b"Transfer-Encoding: chunked\r\n",
                        b"%x;ext=1\r\n%s\r\n0\r\n\r\n" % (len(HONEST_RAW), HONEST_RAW) + SMUGGLED),
    "chunk_size_prefix": (b"POST", b"/v1/chat/completions", b"Transfer-Encoding: chunked\r\n",
                          b"0x%x\r\n%s\r\n0\r\n\r\n" % (len(HONEST_RAW), HONEST_RAW) + SMUGGLED),
    "chunk_trailer": (b"POST", b"/v1/chat/completions", b"Transfer-Encoding: chunked\r\n",
                      b"%x\r\n%s\r\n0\r\nX-Smuggle: 1\r\n\r\n" % (len(HONEST_RAW), HONEST_RAW) + SMUGGLED),
    "obs_fold": (b"POST", b"/v1/chat/completions", b"X-A: 1\r\n Transfer-Encoding: chunked\r\nContent-Length: %d\r\n"
                 % len(HONEST_RAW), HONEST_RAW + SMUGGLED),
    "bare_lf": (b"POST", b"/v1/chat/completions", b"X-A: 1\nContent-Length: 0\r\nContent-Length: %d\r\n"
                % len(HONEST_RAW), HONEST_RAW + SMUGGLED),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_ambiguous_framing_is_refused_recorded_and_nothing_smuggled_reaches_the_upstream(proxy, upstream, tmp_path,
                                                                                          name):
    method, path, fields, body = ATTACKS[name]
    prefix, calls_file = new_route(proxy, tmp_path)
    got = exchange(proxy, framed(prefix, fields, body, method, path))
    assert statuses(got) == [400], got[:200]
    assert b"/api/pull" not in upstream.raw and upstream.requests == []
    [rec] = lines(calls_file)
    assert rec["status"] == 400 and rec["refused"] == "bad_framing" and rec["error"].startswith("refused")
    flags = calls.run_flags(calls.summarize(lines(calls_file), upstream.url))
    assert "proxy_bad_request" in flags


def test_pipelined_requests_in_one_write_are_each_framed_and_recorded(proxy, upstream, tmp_path):
    prefix, calls_file = new_route(proxy, tmp_path)
    one = chat(prefix, HONEST)
    got = exchange(proxy, one + one + chat(prefix, HONEST, extra=b"Connection: close\r\n"))
    assert statuses(got) == [200, 200, 200]
    assert [r["path"] for r in upstream.requests] == ["/v1/chat/completions"] * 3
    assert len({r["conn"] for r in upstream.requests}) == 1, "one route's calls in a row reuse its connection"
    assert [r["status"] for r in lines(calls_file)] == [200, 200, 200]


@pytest.mark.parametrize("target", [b"http://127.0.0.1:1/r/TOKEN/v1/models", b"*"])
def test_a_target_not_in_origin_form_is_refused(proxy, upstream, tmp_path, target):
    prefix, _ = new_route(proxy, tmp_path)
    got = exchange(proxy, b"GET " + target.replace(b"/r/TOKEN", prefix.encode()) + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert statuses(got) == [400] and upstream.requests == []


def test_http_1_0_keep_alive_is_not_kept(proxy, upstream, tmp_path):
    prefix, _ = new_route(proxy, tmp_path)
    raw = chat(prefix, HONEST, extra=b"Connection: keep-alive\r\n").replace(b"HTTP/1.1", b"HTTP/1.0", 1)
    got = exchange(proxy, raw + chat(prefix, HONEST))   # the second must not be read from a closed exchange
    assert statuses(got) == [200] and len(upstream.requests) == 1


@pytest.mark.parametrize("path", ["/v1/%2e%2e/api/pull", "//api/pull", "/v1/models/%2e%2e%2fapi%2fpull",
                                  "/v1/models/../../api/pull"])
def test_encoded_and_doubled_paths_are_not_the_model_api(proxy, upstream, tmp_path, path):
    prefix, calls_file = new_route(proxy, tmp_path)
    got = exchange(proxy, chat(prefix, PULL, path=path, extra=b"Connection: close\r\n"))
    assert statuses(got) == [403] and upstream.requests == []
    assert lines(calls_file)[0]["status"] == 403


def test_a_request_under_another_runs_token_on_a_bound_connection_is_refused(proxy, upstream, tmp_path):
    mine, _ = new_route(proxy, tmp_path, "mine")
    theirs, their_file = new_route(proxy, tmp_path, "theirs")
    got = exchange(proxy, chat(mine, HONEST) + chat(theirs, HONEST))
    assert statuses(got) == [200, 400] and len(upstream.requests) == 1


def test_expect_continue_is_answered_only_for_a_body_within_the_caps(proxy, upstream, tmp_path):
    prefix, calls_file = new_route(proxy, tmp_path)
    big = b"POST %s/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n" \
        % (prefix.encode(), proxy_mod.MAX_REQUEST_BYTES + 1)
    assert statuses(exchange(proxy, big)) == [413]
    odd = chat(prefix, HONEST, extra=b"Expect: 200-ok\r\n")
    assert statuses(exchange(proxy, odd)) == [417]
    fine = chat(prefix, HONEST, extra=b"Expect: 100-continue\r\nConnection: close\r\n")
    assert statuses(exchange(proxy, fine)) == [100, 200]
    assert [r["refused"] for r in lines(calls_file)] == ["body_too_large", "bad_framing", None]
    assert len(upstream.requests) == 1


# ---------------------------------------------------------------------------------------------
# A run calls its own model only


@pytest.mark.parametrize("body", [
    b'{"model": "other", "messages": []}',
    b'{"model": "coder", "Model": "other", "messages": []}',
    b'{"Model": "other", "messages": []}',
    b'{"model": "coder", "model": "other", "messages": []}',
    b'{"model": "other", "model": "coder", "messages": []}',
    b'{"mod\\u0065l": "coder", "model": "other", "messages": []}',
    b'{"messages": []}',
    b'{"model": ["coder"], "messages": []}',
    b'{"model": "coder", "messages": [], "Stream": true}',
])
def test_a_call_for_another_model_or_with_a_key_read_two_ways_is_refused(proxy, upstream, tmp_path, body):
    prefix, calls_file = new_route(proxy, tmp_path)
    got = exchange(proxy, chat(prefix, body, extra=b"Connection: close\r\n"))
    assert statuses(got) in ([403], [400])
    assert upstream.requests == []
    [rec] = lines(calls_file)
    assert rec["refused"] in ("other_model", "bad_body") and rec["protocol"] == "other"


@pytest.mark.parametrize("path,body", [
    ("/api/chat", {"model": "other", "messages": []}),
    ("/api/generate", {"model": "other", "prompt": "x"}),
    ("/api/show", {"name": "other"}),
    ("/api/embed", {"model": "other", "input": "x"}),
    ("/v1/responses", {"model": "other", "input": "x"}),
    ("/v1/messages", {"model": "other", "max_tokens": 5, "messages": []}),
])
def test_every_protocol_is_held_to_the_runs_model(proxy, upstream, tmp_path, path, body):
    prefix, calls_file = new_route(proxy, tmp_path)
    got = exchange(proxy, chat(prefix, body, path=path, extra=b"Connection: close\r\n"))
    assert statuses(got) == [403] and upstream.requests == []
    assert lines(calls_file)[0]["refused"] == "other_model"
    flags = calls.run_flags(calls.summarize(lines(calls_file), upstream.url))
    assert flags["other_model_called"] == ["other_model (1 request refused by the model proxy)"]


def test_the_runs_own_model_in_its_other_spellings_and_a_nested_model_key_pass(proxy, upstream, tmp_path):
    """`ollama/coder`, `coder:latest` and `CODER` are the run's model; a `Model` key inside a Responses input item
    is the agent's content, not a choice of model: it goes on, and only the run's model reaches the upstream."""
    prefix, calls_file = new_route(proxy, tmp_path, model="ollama/coder")
    for model in ("coder", "coder:latest", "CODER"):
        assert statuses(exchange(proxy, chat(prefix, {**HONEST, "model": model},
                                              extra=b"Connection: close\r\n"))) == [200]
    nested = {"model": "coder", "input": [{"role": "user", "content": "hi", "Model": "other",
                                           "metadata": {"model": "other"}}]}
    assert statuses(exchange(proxy, chat(prefix, nested, path="/v1/responses",
                                         extra=b"Connection: close\r\n"))) == [200]
    assert [json.loads(r["body"])["model"] for r in upstream.requests] == ["coder", "coder:latest", "CODER", "coder"]


# ---------------------------------------------------------------------------------------------
# Caps: body bytes, JSON depth, connections, idle time; the harness's descriptors stay bounded


def test_a_body_nested_a_hundred_thousand_deep_is_refused_before_parsing_and_recorded(proxy, upstream, tmp_path):
    prefix, calls_file = new_route(proxy, tmp_path)
    deep = b'{"model": "coder", "messages": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    for _ in range(20):
        assert statuses(exchange(proxy, chat(prefix, deep))) == [400]
    recs = lines(calls_file)
    assert len(recs) == 20 and {r["refused"] for r in recs} == {"json_too_deep"}
    assert upstream.requests == []
    assert "proxy_limit_json_depth" in calls.run_flags(calls.summarize(recs, upstream.url))
    # deep JSON hidden in a string is content, not nesting
    text = {**HONEST, "messages": [{"role": "user", "content": "[" * 100_000}]}
    assert statuses(exchange(proxy, chat(prefix, text, extra=b"Connection: close\r\n"))) == [200]


def test_a_body_of_many_small_items_is_refused_before_parsing(proxy, upstream, tmp_path):
    prefix, calls_file = new_route(proxy, tmp_path)
    many = b'{"model": "coder", "messages": [' + b",".join([b"{}"] * (calls.MAX_JSON_CONTAINERS + 1)) + b"]}"
    assert statuses(exchange(proxy, chat(prefix, many))) == [413]
    assert lines(calls_file)[0]["refused"] == "json_too_big" and upstream.requests == []


def test_a_body_over_the_cap_is_refused_unread_and_recorded(proxy, upstream, tmp_path):
    prefix, calls_file = new_route(proxy, tmp_path)
    head = b"POST %s/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" \
        % (prefix.encode(), proxy_mod.MAX_REQUEST_BYTES + 1)
    assert statuses(exchange(proxy, head + b"{")) == [413]
    assert lines(calls_file)[0]["refused"] == "body_too_large" and upstream.requests == []


def test_a_runs_bodies_in_flight_share_one_allowance(proxy, upstream, tmp_path, monkeypatch):
    monkeypatch.setattr(proxy_mod, "MAX_ROUTE_BODY_BYTES", 1000)
    prefix, calls_file = new_route(proxy, tmp_path)
    other, other_file = new_route(proxy, tmp_path, "other")
    held = socket.create_connection(("127.0.0.1", proxy.port), timeout=20)
    try:   # a body of 900 bytes announced and not sent: held against the route while it waits
        held.sendall(b"POST %s/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 900\r\n\r\n"
                     % prefix.encode())
        time.sleep(0.3)
        assert statuses(exchange(proxy, chat(prefix, {**HONEST, "pad": "x" * 200}))) == [413]
        assert statuses(exchange(proxy, chat(other, HONEST, extra=b"Connection: close\r\n"))) == [200]
    finally:
        held.close()
    assert lines(calls_file)[0]["refused"] == "body_too_large"


def test_a_runs_connections_are_capped_and_another_run_is_served(proxy, upstream, tmp_path, monkeypatch):
    monkeypatch.setattr(proxy_mod, "MAX_ROUTE_CONNECTIONS", 3)
    prefix, calls_file = new_route(proxy, tmp_path)
    other, other_file = new_route(proxy, tmp_path, "other")
    kept = []
    try:
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", proxy.port), timeout=20)
            kept.append(s)
            s.sendall(chat(prefix, HONEST))
            # Read to the answer's end (kept alive): its call is on file before its last byte, so the refusal
            # below is the file's last line. A bare recv() could return with the head only, and the call's record
            # then raced the refusal's (the test's old flake).
            answer = http.client.HTTPResponse(s)
            answer.begin()
            answer.read()
            assert answer.status == 200 and not answer.will_close
        assert statuses(exchange(proxy, chat(prefix, HONEST))) == [429]
        assert statuses(exchange(proxy, chat(other, HONEST, extra=b"Connection: close\r\n"))) == [200]
    finally:
        for s in kept:
            s.close()
    assert lines(calls_file)[-1]["refused"] == "too_many_connections"
    assert "proxy_limit_connections" in calls.run_flags(calls.summarize(lines(calls_file), upstream.url))


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_a_thousand_idle_connections_hold_no_more_than_the_cap_and_an_honest_call_still_passes(
        upstream, tmp_path, monkeypatch):
    monkeypatch.setattr(proxy_mod, "IDLE_TIMEOUT_S", 2.0)
    with ModelProxy(upstream.url) as proxy:
        proxy.max_connections = 50
        before = _open_fds()
        idle = []
        try:
            for _ in range(1000):
                try:
                    idle.append(socket.create_connection(("127.0.0.1", proxy.port), timeout=5))
                except OSError:
                    break
            time.sleep(0.5)
            # the proxy's side: at most the cap of admitted connections (the attacker's ends are counted in
            # `idle`, held by this test process, which is also the proxy's)
            assert _open_fds() - before - len(idle) <= 50 + 5
            # the idle ones are cut at IDLE_TIMEOUT_S, and then an honest run is served
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and len(proxy._admitted) > 0:
                time.sleep(0.2)
            prefix, calls_file = new_route(proxy, tmp_path)
            assert statuses(exchange(proxy, chat(prefix, HONEST, extra=b"Connection: close\r\n"))) == [200]
        finally:
            for s in idle:
                s.close()


def test_a_head_sent_slowly_is_cut_at_the_deadline(proxy, upstream, tmp_path, monkeypatch):
    monkeypatch.setattr(proxy_mod, "IDLE_TIMEOUT_S", 1.0)
    prefix, calls_file = new_route(proxy, tmp_path)
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=20) as s:
        head = chat(prefix, HONEST)
        got = b""
        try:
            for byte in head:   # one byte every 0.2 s: each recv is quick, the head as a whole is not
                s.sendall(bytes([byte]))
                time.sleep(0.2)
        except OSError:
            pass
        try:
            got = s.recv(65536)
        except OSError:
            pass
    assert not got.startswith(b"HTTP/1.1 200") and upstream.requests == []


# ---------------------------------------------------------------------------------------------
# Upstream connections: per run, and reused only after a whole exchange


def test_runs_never_share_an_upstream_connection(proxy, upstream, tmp_path):
    a, _ = new_route(proxy, tmp_path, "a")
    b, _ = new_route(proxy, tmp_path, "b")
    for prefix in (a, b, a, b):
        assert statuses(exchange(proxy, chat(prefix, HONEST, extra=b"Connection: close\r\n"))) == [200]
    by_run = [r["conn"] for r in upstream.requests]
    assert by_run[0] == by_run[2] and by_run[1] == by_run[3] and by_run[0] != by_run[1]


def test_an_answer_the_agent_left_half_read_does_not_leave_its_connection_for_the_next_call(tmp_path):
    up = RecordingUpstream(stream_bytes=4_000_000)
    try:
        with ModelProxy(up.url) as proxy:
            prefix, calls_file = new_route(proxy, tmp_path)
            s = socket.create_connection(("127.0.0.1", proxy.port), timeout=20)
            s.sendall(chat(prefix, {**HONEST, "stream": True}))
            assert s.recv(1000)
            s.close()   # half-read
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not lines(calls_file):
                time.sleep(0.1)
            assert statuses(exchange(proxy, chat(prefix, HONEST, extra=b"Connection: close\r\n"))) == [200]
            assert len(up.requests) == 2 and up.requests[0]["conn"] != up.requests[1]["conn"]
            assert "before the answer ended" in lines(calls_file)[0]["error"]
    finally:
        up.close()


def test_a_client_that_never_reads_is_cut_and_recorded(tmp_path, monkeypatch):
    monkeypatch.setattr(proxy_mod, "SEND_TIMEOUT_S", 1.0)
    up = RecordingUpstream(stream_bytes=20_000_000)
    try:
        with ModelProxy(up.url) as proxy:
            prefix, calls_file = new_route(proxy, tmp_path)
            with socket.create_connection(("127.0.0.1", proxy.port), timeout=20) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.sendall(chat(prefix, {**HONEST, "stream": True}))
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline and not lines(calls_file):
                    time.sleep(0.2)
            [rec] = lines(calls_file)
            assert rec["error"] and "stopped reading" in rec["error"]
    finally:
        up.close()


# ---------------------------------------------------------------------------------------------
# Tokens the server did not report are unknown, never a smaller number


def test_a_server_that_reports_no_usage_leaves_the_runs_tokens_unknown_and_flagged(tmp_path):
    up = RecordingUpstream(usage=None)
    try:
        with ModelProxy(up.url) as proxy:
            prefix, calls_file = new_route(proxy, tmp_path)
            for stream in (True, False):
                got = exchange(proxy, chat(prefix, {**HONEST, "stream": stream}, extra=b"Connection: close\r\n"))
                assert statuses(got) == [200]
            assert json.loads(up.requests[0]["body"])["stream_options"] == {"include_usage": True}
    finally:
        up.close()
    measured = calls.summarize(lines(calls_file), up.url)
    assert measured["tokens_in"] is None and measured["tokens_out"] is None and measured["tokens_unknown_calls"] == 2
    assert "tokens_incomplete" in calls.run_flags(measured)
