"""bench.models.calls: the facts of one model call read from its request and answer bodies."""
from __future__ import annotations

import json

import pytest

from bench.models import calls


@pytest.mark.parametrize("path,protocol", [
    ("/v1/chat/completions", "openai_chat"), ("/chat/completions", "openai_chat"), ("/api/chat", "ollama_chat"),
    ("/api/generate?x=1", "ollama_generate"), ("/api/tags", "other"), ("/v1/models", "other"), ("/", "other"),
])
def test_protocol_of(path, protocol):
    assert calls.protocol_of(path) == protocol


def test_request_facts_use_each_protocols_stream_default():
    body = calls.parse_body(json.dumps({"model": "m", "messages": [
        {"role": "system", "content": "abc"},
        {"role": "user", "content": [{"type": "text", "text": "de"}, {"type": "image_url", "image_url": {}}]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "1"}]}]}).encode())
    tool_call_chars = len(json.dumps([{"id": "1"}]))
    assert calls.request_facts(body, "ollama_chat") == {"model": "m", "stream": True,
                                                        "prompt_chars": 5 + tool_call_chars}
    assert calls.request_facts(body, "openai_chat")["stream"] is False
    generate = calls.parse_body(b'{"model": "m", "prompt": "hey", "system": "s"}')
    assert calls.request_facts(generate, "ollama_generate")["prompt_chars"] == 4
    assert calls.request_facts(None, "openai_chat") == {"model": None, "stream": False, "prompt_chars": None}
    assert calls.request_facts(None, "other")["prompt_chars"] is None


def test_the_truncation_rule():
    assert calls.context_truncated(99, 800) is True      # fewer than one token per 8 characters
    assert calls.context_truncated(100, 800) is False
    assert calls.context_truncated(None, 800) is None and calls.context_truncated(5, None) is None


def test_a_whole_openai_answer_without_usage_leaves_counts_unknown():
    reader = calls.AnswerReader(streamed=False)
    reader.feed(b'{"choices": [{"index": 0, "message": {"content": "hi"}, ')
    reader.feed(b'"finish_reason": "length"}]}')
    reader.finish()
    assert reader.usage == dict.fromkeys(calls.USAGE_FIELDS)
    assert reader.finish_reason == "length" and reader.tool_calls == 0


def test_streamed_tool_calls_are_counted_once_per_index():
    reader = calls.AnswerReader(streamed=True)
    events = [
        {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "a", "function": {"name": "x"}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{"}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 1, "id": "b", "function": {"name": "y"}}]}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]
    raw = b"".join(b"data: " + json.dumps(e).encode() + b"\n\n" for e in events) + b"data: [DONE]\n\n"
    for i in range(0, len(raw), 7):   # cut anywhere, lines are read whole
        reader.feed(raw[i:i + 7])
    reader.finish()
    assert reader.tool_calls == 2 and reader.finish_reason == "tool_calls"


def test_an_error_body_gives_its_message():
    for body, message in ((b'{"error": "model not found"}', "model not found"),
                          (b'{"error": {"message": "boom", "type": "x"}}', "boom")):
        reader = calls.AnswerReader(streamed=False)
        reader.feed(body)
        reader.finish()
        assert reader.error_message == message and reader.tool_calls is None
