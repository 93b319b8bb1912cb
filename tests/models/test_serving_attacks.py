"""A hostile agent against run --num-ctx on Ollama (bench/models/serving.py through the real proxy over HTTP, in
front of the scripted server): every call is served with the run's window or refused, and a request the
translation to Ollama's /api/chat cannot carry is answered with a one-line 400 in the agent's protocol, never a
dropped connection or a line of the proxy's failure on the harness's screen."""
from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bench import fakellm
from bench.models import calls
from bench.models.proxy import ModelProxy
from tests.models.test_proxy import request
from tests.models.test_serving import SCRIPT, WINDOW

# Arguments that decode to 100,000 nested arrays: a JSON string inside a body whose own nesting is shallow
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def served(tmp_path):
    with fakellm.serve(SCRIPT, log_bodies=True) as fake, ModelProxy(fake.url, num_ctx=WINDOW, ollama=True) as proxy:
        yield fake, proxy.route(tmp_path / "model_calls.jsonl", "coder"), tmp_path / "model_calls.jsonl"


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_openai_embeddings_on_ollama_are_refused_while_a_window_is_set(served):
    """Ollama's /v1/embeddings takes no options: it would run with the model's own window (and reload the model
    under every other run's calls). Before the fix it went upstream as it was."""
    fake, url, calls_file = served
    status, _, raw = request(url, "/v1/embeddings", {"model": "coder", "input": "x"})
    assert status == 400 and b"context window" in raw and b"/api/embed" in raw
    assert not any(r.get("path") == "/v1/embeddings" for r in fake.requests)
    assert _lines(calls_file)[-1]["status"] == 400


@pytest.mark.parametrize(("path", "body"), [
    ("/v1/chat/completions", {"model": "coder", "messages": 5}),
    ("/v1/chat/completions", {"model": "coder", "messages": {"role": "user", "content": "x"}}),
    ("/v1/chat/completions", {"model": "coder", "messages": [{"role": "assistant", "content": "", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "bash", "arguments": DEEP}}]}]}),
    ("/v1/chat/completions", {"model": "coder", "stream": True, "messages": [
        {"role": "assistant", "content": "", "tool_calls": [{"id": "a", "function": {"name": "b", "arguments": DEEP}}]},
        {"role": "user", "content": "x"}]}),
    ("/v1/responses", {"model": "coder", "input": [
        {"type": "function_call", "call_id": "a", "name": "bash", "arguments": DEEP}]}),
])
def test_a_request_the_native_translation_cannot_carry_is_a_one_line_400(served, capfd, path, body):
    """Before the fix: `messages` that is not a list was a TypeError, arguments nested 100,000 deep a
    RecursionError in chat_to_native; the proxy dropped the connection and printed the failure on the harness's
    stderr."""
    fake, url, calls_file = served
    before = len(fake.requests)
    status, _, raw = request(url, path, body)
    assert status == 400, raw[:300]
    said = json.loads(raw)
    message = said["error"]["message"]
    assert "\n" not in message and len(message) < 300
    assert "model proxy" not in capfd.readouterr().err
    assert len(fake.requests) == before   # nothing reached the model
    last = _lines(calls_file)[-1]
    assert last["status"] == 400 and last["error"] == message
    # the connection and the proxy carry on: the next call is served with the window
    status, _, raw = request(url, "/v1/chat/completions", {"model": "coder",
                                                           "messages": [{"role": "user", "content": "x"}]})
    assert status == 200, raw[:300]
    assert fake.requests[-1]["options"]["num_ctx"] == WINDOW


def test_text_the_translation_drops_does_not_count_as_truncated(served):
    """A message whose parts are bare strings (not {"type": "text"} objects) counted 8,000 characters of prompt
    while Ollama was sent none of them: the call was recorded truncated (the model saw 1 token of a "prompt" of
    8,000 characters), so an agent could make its run's truncated share anything it liked. The prompt weighed is
    the one Ollama is sent."""
    fake, url, calls_file = served
    for content in (["x " * 4000], "x " * 4000):
        status, _, raw = request(url, "/v1/chat/completions", {"model": "coder",
                                                               "messages": [{"role": "user", "content": content}]})
        assert status == 200, raw[:300]
    dropped, sent = _lines(calls_file)
    assert dropped["context_truncated"] is False and dropped["prompt_chars"] == 0
    assert sent["context_truncated"] is False and sent["prompt_chars"] == 8000


def _held_back(url: str, path: str, body: dict, hold_s: float) -> bytes:
    """A request whose head goes at once and whose body `hold_s` seconds later: the agent's own time."""
    parts = urlsplit(url)
    raw = json.dumps(body).encode()
    with socket.create_connection((parts.hostname, parts.port)) as s:
        s.sendall(f"POST {parts.path}{path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n".encode())
        time.sleep(hold_s)
        s.sendall(raw)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(("path", "stream"), [("/api/chat", False), ("/api/chat", True),
                                              ("/v1/chat/completions", True), ("/v1/chat/completions", False)])
def test_time_the_agent_takes_to_send_its_request_is_not_the_models(served, path, stream):
    """Before the fix a call's clock started at its request line: an agent that sent its head and held its body
    back for seconds had those seconds recorded as the model's (ttft_s, total_s, the run's model_s), and, with
    queue time measured as the wait before the first token less the server's prompt time (i31-jobs), as a wait
    for a server slot, which extends its timeout."""
    fake, url, calls_file = served
    answer = _held_back(url, path, {"model": "coder", "stream": stream,
                                    "messages": [{"role": "user", "content": "x"}]}, 2.0)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    call = _lines(calls_file)[-1]
    assert call["ttft_s"] < 1.0 and call["total_s"] < 1.0, call
    assert calls.summarize(_lines(calls_file), fake.url)["model_s"] < 1.0


def test_calls_that_never_reach_the_model_do_not_dilute_the_truncated_share(served):
    """Before the fix the share's denominator was every model call recorded: an agent whose calls were cut by the
    window brought its truncated share near 0 with requests answered 400 before any model saw them (each one
    free where a task sets no max_turns). The share is of the calls whose truncation could be judged."""
    fake, url, calls_file = served
    status, _, raw = request(url, "/v1/chat/completions", {"model": "coder", "messages": [
        {"role": "user", "content": "x " * 9000}]})   # about 4,500 tokens of prompt: over the 4,096-token window
    assert status == 200, raw[:300]
    for _ in range(9):
        assert request(url, "/v1/chat/completions", {"model": "coder", "messages": 5})[0] == 400
    summary = calls.summarize(_lines(calls_file), fake.url)
    assert summary["calls"] == 10 and summary["context_truncated"] == 1
    assert summary["context_judged"] == 1 and summary["truncated_share"] == 1.0


@pytest.mark.parametrize("num_ctx", [None, WINDOW])
def test_an_agent_cannot_unload_or_reload_the_shared_model(tmp_path, num_ctx):
    """Ollama's keep_alive decides how long the model stays loaded for every run on the server: 0 unloads it
    after the call (and `/api/generate` with keep_alive 0 and no prompt is Ollama's unload request), so the other
    runs' next calls wait for a reload. Before the fix the proxy passed it on."""
    user = [{"role": "user", "content": "x"}]
    with fakellm.serve(SCRIPT, log_bodies=True) as fake, ModelProxy(fake.url, num_ctx=num_ctx, ollama=True) as proxy:
        url = proxy.route(tmp_path / "model_calls.jsonl", "coder")
        for path, body in [("/api/chat", {"model": "coder", "messages": user, "stream": False, "keep_alive": 0}),
                           ("/api/generate", {"model": "coder", "prompt": "x", "stream": False, "keep_alive": "0s"}),
                           ("/api/chat", {"model": "coder", "messages": [], "keep_alive": 0}),
                           ("/api/chat", {"model": "coder", "messages": user, "stream": False,
                                          "options": {"num_gpu": 0, "num_batch": 7, "temperature": 0}})]:
            request(url, path, body)
        bodies = [r["body"] for r in fake.requests if isinstance(r.get("body"), dict)]
    assert len(bodies) >= 2
    assert not any("keep_alive" in b for b in bodies), bodies
    # a runner option (how the model is loaded: num_gpu 0 reloads it on the CPU) is dropped; sampling stays
    assert bodies[-1]["options"] == {"temperature": 0, **({"num_ctx": num_ctx} if num_ctx else {})}


def test_time_the_agent_takes_to_read_its_answer_is_not_the_models(tmp_path):
    """An answer larger than the sockets hold (8 MB) that the agent leaves unread for 3 s: before the fix the proxy
    counted those seconds, blocked handing the answer over, as the call's (total_s, the run's model_s), and, with
    a whole answer's queue time measured as its time less the server's decoding (i31-jobs), as a wait for a slot."""
    script = {"models": {"coder": {"replies": [{"content": "y " * 4_000_000}]}}}
    with fakellm.serve(script) as fake, ModelProxy(fake.url, ollama=True) as proxy:
        url = proxy.route(tmp_path / "model_calls.jsonl", "coder")
        parts = urlsplit(url)
        raw = json.dumps({"model": "coder", "stream": False, "messages": [{"role": "user", "content": "x"}]}).encode()
        with socket.create_connection((parts.hostname, parts.port)) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
            s.sendall(f"POST {parts.path}/api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n".encode() + raw)
            time.sleep(3.0)
            got = 0
            while chunk := s.recv(1 << 20):
                got += len(chunk)
    assert got > 8_000_000
    lines = _lines(tmp_path / "model_calls.jsonl")
    assert lines[-1]["status"] == 200 and lines[-1]["total_s"] < 1.5, lines[-1]
    assert calls.summarize(lines, fake.url)["model_s"] < 1.5
