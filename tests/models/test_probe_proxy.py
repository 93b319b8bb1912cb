"""doctor --probe through the recording model proxy, and which wire protocols the server speaks natively.

Real HTTP on 127.0.0.1 only: the scripted server (bench.fakellm: all four protocols, or chat completions only)
and a hand-written upstream that serves Anthropic Messages itself but not Responses or Ollama chat.
"""
from __future__ import annotations

import http.server
import json
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bench import cli, fakellm
from bench.common import schema
from bench.models import probe
from bench.models.modelserver import ServerError
from conftest import REPO

CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"
ALL = ("openai_chat", "ollama_chat", "openai_responses", "anthropic_messages")


@pytest.fixture(scope="module")
def fake():
    """The canary personas on 127.0.0.1 (request bodies logged)."""
    with fakellm.serve(CANARY, log_bodies=True) as server:
        yield server


def answered_chats(fake, before: int) -> list[dict]:
    """The chat requests fakellm answered since `before`, in order (it logs each before sending its answer)."""
    return [r for r in fake.requests[before:] if r.get("status") == 200 and isinstance(r.get("usage"), dict)]


def statuses(record: dict) -> dict[str, str]:
    return {name: p["status"] for name, p in record["protocols"].items()}


@pytest.mark.parametrize("api", ["ollama", "openai"])
def test_the_canary_goes_through_the_proxy_and_reports_what_it_measured(fake, api):
    before = len(fake.requests)
    if api == "ollama":
        record = probe.probe("ollama/canary-pass", env={"OLLAMA_HOST": fake.url})
    else:
        record = probe.probe("openai/canary-pass", f"{fake.url}/v1")
    schema.check(record, "probe")
    assert record["class"] == "pass", record["reason"]
    canary = answered_chats(fake, before)[:3]   # tool call, follow-up, context check; the protocol checks follow
    assert [c["last_role"] for c in canary] == ["user", "tool", "user"]
    # The proxy recorded every canary call, with the server's own usage: what a run would have recorded.
    calls = record["model_calls"]
    assert calls["calls"] == 3 and calls["errors"] == 0 and calls["upstream"] == fake.url
    assert calls["tokens_in"] == sum(c["usage"]["prompt_tokens"] for c in canary)
    assert calls["tokens_out"] == sum(c["usage"]["completion_tokens"] for c in canary)
    assert calls["tool_calls"] == 1
    for step, logged in zip(record["steps"], canary, strict=True):
        seen = step["proxy"]
        assert seen["status"] == 200 and seen["error"] is None
        assert seen["prompt_tokens"] == logged["usage"]["prompt_tokens"] == step["prompt_tokens"]
        assert seen["completion_tokens"] == logged["usage"]["completion_tokens"] == step["completion_tokens"]
        assert seen["ttft_s"] is not None and seen["total_s"] >= seen["ttft_s"]
    assert [s["proxy"]["tool_calls"] for s in record["steps"]] == [1, 0, 0]
    # Ollama reports its prefill and decode durations; the proxy reads them off the answer.
    reported = api == "ollama"
    assert (record["steps"][0]["proxy"]["prefill_s"] is not None) is reported
    assert (calls["decode_s"] is not None) is reported
    # The endpoint named is the server's own, not the proxy's ephemeral route.
    assert record["endpoint"].startswith(fake.url) and "/r/" not in record["endpoint"]


def test_fakellm_speaks_all_four_protocols_natively(fake):
    before = len(fake.requests)
    record = probe.probe("ollama/canary-pass", env={"OLLAMA_HOST": fake.url})
    assert statuses(record) == dict.fromkeys(ALL, "native")
    assert record["protocols"]["openai_responses"]["url"] == f"{fake.url}/v1/responses"
    # Asked straight, not through the proxy, after the canary's three: each path once, one token asked.
    asked = answered_chats(fake, before)[3:]
    assert sorted(r["path"] for r in asked) == ["/api/chat", "/v1/chat/completions", "/v1/messages", "/v1/responses"]
    body = {r["path"]: r["body"] for r in asked}
    assert body["/v1/chat/completions"]["max_tokens"] == 1 and body["/v1/chat/completions"]["stream"] is False
    assert body["/api/chat"]["options"] == {"num_predict": 1}
    assert body["/v1/responses"]["max_output_tokens"] == 1 and body["/v1/messages"]["max_tokens"] == 1
    assert record["model_calls"]["calls"] == 3, "the protocol checks are not the proxy's calls"


def test_a_chat_only_server_gets_responses_and_messages_translated():
    with fakellm.serve(CANARY, protocols=("openai",)) as chat_only:
        record = probe.probe("openai/canary-pass", f"{chat_only.url}/v1")
    schema.check(record, "probe")
    assert record["class"] == "pass", record["reason"]
    assert statuses(record) == {"openai_chat": "native", "ollama_chat": "absent",
                                "openai_responses": "translated", "anthropic_messages": "translated"}
    messages = record["protocols"]["anthropic_messages"]
    assert messages["http_status"] == 404 and messages["path"] == "/v1/messages"
    assert "translates" in messages["detail"]
    assert record["protocols"]["ollama_chat"]["http_status"] == 404


def test_a_model_the_server_lacks_still_shows_the_endpoints(fake):
    record = probe.probe("ollama/qwen3:8b", env={"OLLAMA_HOST": fake.url})
    assert record["class"] == "error_not_found"
    assert statuses(record)["ollama_chat"] == "native", "a model-not-found answer means the endpoint exists"
    assert record["protocols"]["ollama_chat"]["http_status"] == 404
    assert statuses(record)["openai_responses"] == "native"
    assert record["model_calls"]["calls"] == 1 and record["steps"][0]["proxy"]["status"] == 404


class _Upstream(http.server.BaseHTTPRequestHandler):
    """A server that speaks Anthropic Messages itself, has chat completions but not the model asked for, has no
    Responses endpoint (405) and no Ollama API (501). It keeps what it was sent."""

    seen: list[tuple[str, dict, dict]] = []

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass

    def _send(self, status: int, body: dict | str) -> None:
        raw = (json.dumps(body) if isinstance(body, dict) else body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if isinstance(body, dict) else "text/plain")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self) -> None:
        if self.path == "/v1/models":
            self._send(200, {"object": "list", "data": [{"id": "claude-local", "object": "model"}]})
        else:
            self._send(404, "404 page not found")

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        type(self).seen.append((self.path, body, {k.lower(): v for k, v in self.headers.items()}))
        if self.path == "/v1/messages":
            self._send(200, {"id": "msg_1", "type": "message", "role": "assistant", "model": body.get("model"),
                             "content": [{"type": "text", "text": "OK"}], "stop_reason": "max_tokens",
                             "usage": {"input_tokens": 5, "output_tokens": 1}})
        elif self.path == "/v1/chat/completions":
            self._send(404, {"error": {"message": f"The model `{body.get('model')}` does not exist.",
                                       "type": "invalid_request_error", "code": "model_not_found"}})
        elif self.path == "/v1/responses":
            self._send(405, {"error": "method not allowed"})
        elif self.path.startswith("/api/"):
            self._send(501, "not implemented")
        else:
            self._send(404, "404 page not found")


@contextmanager
def upstream() -> Iterator[str]:
    """The hand-written upstream on an ephemeral 127.0.0.1 port; yields its root URL."""
    _Upstream.seen = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_server_that_serves_messages_itself_shows_native():
    with upstream() as root:
        record = probe.probe("openai/qwen-local", f"{root}/v1")
    schema.check(record, "probe")
    assert statuses(record) == {"openai_chat": "native", "ollama_chat": "absent",
                                "openai_responses": "translated", "anthropic_messages": "native"}
    assert record["protocols"]["anthropic_messages"]["http_status"] == 200
    assert record["protocols"]["ollama_chat"]["http_status"] == 501
    assert record["protocols"]["openai_responses"]["http_status"] == 405
    assert record["protocols"]["openai_chat"]["http_status"] == 404, "model not found: the endpoint is there"
    path, body, headers = next(s for s in _Upstream.seen if s[0] == "/v1/messages")
    assert body["max_tokens"] == 1 and body["model"] == "qwen-local"
    assert headers.get("anthropic-version") == "2023-06-01"
    # The canary itself went through the proxy to the same server and was told the model is missing.
    assert record["class"] == "error_not_found" and "claude-local" in record["fix"]
    assert record["steps"][0]["proxy"]["status"] == 404


def test_an_unreachable_server_is_not_asked_about_protocols():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    record = probe.probe("openai/x", f"http://127.0.0.1:{port}/v1")
    schema.check(record, "probe")
    assert record["class"] == "error_unreachable", "the proxy's 502 is the server being unreachable"
    assert set(statuses(record).values()) == {"unknown"}
    assert all("not asked" in p["detail"] for p in record["protocols"].values())
    assert "unreachable" in record["steps"][0]["proxy"]["error"]


def test_a_hung_call_is_cut_when_the_probe_gives_up(fake):
    record = probe.probe("ollama/canary-hang", env={"OLLAMA_HOST": fake.url}, budget_s=1.5)
    assert record["class"] == "error_timeout"
    assert "in flight" in record["steps"][0]["proxy"]["error"], "the route's end records the call as cut"
    assert set(statuses(record).values()) == {"unknown"}


@pytest.mark.parametrize("protocol,status,body,verdict", [
    ("openai_chat", 200, b'{"choices": []}', "native"),
    ("openai_responses", 200, b'{"object": "response", "output": []}', "native"),
    ("openai_responses", 200, b'{"error": "Unexpected endpoint or method. (POST /v1/responses)"}', "unknown"),
    ("anthropic_messages", 200, b"<html>ok</html>", "unknown"),
    ("anthropic_messages", 404, b"404 page not found", "translated"),
    ("openai_responses", 405, b"", "translated"),
    ("anthropic_messages", 404, b'{"error": {"message": "model: claude-x not found"}}', "native"),
    ("ollama_chat", 404, b"404 page not found", "absent"),
    ("openai_chat", 501, b"", "absent"),
    ("openai_responses", 400, b'{"error": {"message": "max_output_tokens must be >= 16"}}', "native"),
    ("openai_chat", 500, b'{"error": "CUDA error: out of memory"}', "unknown"),
])
def test_protocol_status_follows_the_proxys_rule(protocol, status, body, verdict):
    assert probe.protocol_status(protocol, status, body)[0] == verdict


def test_the_proxys_own_errors_map_to_unreachable_and_timeout():
    proxy_502 = {"error": {"message": "upstream x unreachable", "type": "upstream_error", "upstream": "x"}}
    assert probe._error_class(ServerError("http", "HTTP 502", 502, proxy_502)) == "error_unreachable"
    proxy_504 = {"error": {"message": "did not answer", "type": "upstream_error", "upstream": "x"}}
    assert probe._error_class(ServerError("http", "HTTP 504", 504, proxy_504)) == "error_timeout"
    # a 502 from the server itself (a gateway in front of it) is the server's failure
    assert probe._error_class(ServerError("http", "HTTP 502", 502, {"error": "bad gateway"})) == "error_server"


def test_doctor_json_through_main_carries_protocols_and_proxy_figures(fake, capsys, monkeypatch, tmp_path):
    # doctor also needs an agent CLI to call the machine ready; a stub stands in where none is installed
    stub = tmp_path / "aider"
    stub.write_text("#!/bin/sh\necho 'aider 0.86.2'\n")
    stub.chmod(0o755)
    monkeypatch.setenv("LOCALAGENTBENCH_AIDER_BIN", str(stub))
    monkeypatch.setenv("OLLAMA_HOST", fake.url)
    code = cli.main(["doctor", "--probe", "canary-pass", "--json", "--context-tokens", "0",
                     "--tasks", str(tmp_path / "no-suite")])
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    schema.check(record, "doctor")
    schema.check(record["probe"], "probe")
    assert code == 0 and record["probe"]["class"] == "pass"
    assert record["probe"]["model_calls"]["calls"] == 2, "tool call and follow-up; no context check"
    assert statuses(record["probe"]) == dict.fromkeys(ALL, "native")
    protocol_lines = [line for line in captured.err.splitlines() if line.split()[:1] == ["protocol"]]
    assert len(protocol_lines) == 4
    assert any("Anthropic Messages (/v1/messages)" in line and " native " in line for line in protocol_lines)
    assert any("2 call(s) through the model proxy" in line for line in captured.err.splitlines())


PROTOCOL_LINE = re.compile(r"^\s+protocol\s+(.+?) \((/\S+)\)\s+(\w+)\s")


@pytest.mark.slow   # seconds of real waiting; nox -s slow runs it
def test_doctor_probe_as_a_subprocess_prints_one_line_per_protocol():
    with upstream() as root:
        done = subprocess.run([sys.executable, "-m", "bench", "doctor", "--probe", "openai/qwen-local",
                               "--base-url", f"{root}/v1", "--timeout", "20"], cwd=REPO, capture_output=True,
                              text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO),
                                                           "OLLAMA_HOST": "127.0.0.1:9"})
    assert done.returncode == 1, "the model is not there: the probe fails"
    found = {m.group(1): (m.group(2), m.group(3)) for line in done.stdout.splitlines()
             if (m := PROTOCOL_LINE.match(line))}
    assert found == {"OpenAI chat completions": ("/v1/chat/completions", "native"),
                     "Ollama chat": ("/api/chat", "absent"),
                     "OpenAI Responses": ("/v1/responses", "translated"),
                     "Anthropic Messages": ("/v1/messages", "native")}, done.stdout
    assert "1 call(s) through the model proxy" in done.stdout
