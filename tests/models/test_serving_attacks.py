"""A hostile agent against run --num-ctx on Ollama (bench/models/serving.py through the real proxy over HTTP, in
front of the scripted server): every call is served with the run's window or refused, and a request the
translation to Ollama's /api/chat cannot carry is answered with a one-line 400 in the agent's protocol, never a
dropped connection or a line of the proxy's failure on the harness's screen."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import fakellm
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
