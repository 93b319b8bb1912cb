"""bench.models.translate: OpenAI Responses and Anthropic Messages onto chat completions and back.

Expected values are written out by hand from the protocols' documented shapes (not produced by the module); ids
and created_at are pinned so whole events can be compared. The last tests drive the scripted model server
(bench.fakellm) over real HTTP on 127.0.0.1 with translated requests and translate its real streams."""
from __future__ import annotations

import http.client
import itertools
import json
import random
from urllib.parse import urlsplit

import pytest

from bench import fakellm
from bench.models import translate
from bench.models.translate import MESSAGES, RESPONSES, StreamTranslator, TranslationError


@pytest.fixture(autouse=True)
def pinned_ids(monkeypatch):
    """Ids become <prefix><n> in the order they are made, created_at a fixed second."""
    counter = itertools.count()
    monkeypatch.setattr(translate, "_new_id", lambda prefix: f"{prefix}{next(counter)}")
    monkeypatch.setattr(translate, "_created_at", lambda: 1700000000)


def parse_sse(raw: bytes, protocol: str) -> list[dict]:
    """Every event of an agent-protocol stream: `event: <name>` then `data: <json>` whose type is the name;
    Responses events carry sequence_number 0, 1, 2, ..."""
    assert raw.endswith(b"\n\n")
    events = []
    for block in raw[:-2].split(b"\n\n"):
        lines = block.decode().split("\n")
        assert len(lines) == 2 and lines[0].startswith("event: ") and lines[1].startswith("data: "), block
        payload = json.loads(lines[1][len("data: "):])
        assert payload["type"] == lines[0][len("event: "):]
        if protocol == RESPONSES:
            assert payload.pop("sequence_number") == len(events)
        events.append(payload)
    return events


def chat_sse(chunks: list[dict], done: bool = True) -> bytes:
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + (b"data: [DONE]\n\n"
                                                                                     if done else b"")


# ------------------------------------------------------------------------------------------------ requests

def test_responses_request_with_instructions_history_tools_and_stream():
    body = {
        "model": "qwen3-coder", "instructions": "You are Codex.", "stream": True, "max_output_tokens": 512,
        "temperature": 0.2, "top_p": 0.9, "parallel_tool_calls": False, "tool_choice": "auto",
        "reasoning": {"effort": "medium"}, "store": False, "include": ["reasoning.encrypted_content"],
        "input": [
            {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "Be brief."}]},
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "List files."},
                                                             {"type": "input_image", "image_url": "data:..."}]},
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "xyz"},
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Sure."}]},
            {"type": "function_call", "call_id": "call_a", "name": "shell", "arguments": '{"command":["ls"]}'},
            {"type": "function_call", "call_id": "call_b", "name": "shell", "arguments": '{"command":["pwd"]}'},
            {"type": "function_call_output", "call_id": "call_a", "output": "a.py\nb.py"},
            {"type": "function_call_output", "call_id": "call_b",
             "output": [{"type": "input_text", "text": "/repo"}]},
            {"role": "user", "content": "Thanks"},
        ],
        "tools": [
            {"type": "function", "name": "shell", "description": "Run a command", "strict": False,
             "parameters": {"type": "object", "properties": {"command": {"type": "array"}}}},
            {"type": "web_search"},
            {"type": "custom", "name": "apply_patch", "format": {"type": "grammar"}},
            {"type": "local_shell"},
        ],
    }
    assert translate.request_to_chat(RESPONSES, body) == {
        "model": "qwen3-coder",
        "messages": [
            {"role": "system", "content": "You are Codex.\n\nBe brief."},   # one system message, first
            {"role": "user", "content": "List files.\n[image omitted: the model server takes text only]"},
            {"role": "assistant", "content": "Sure.", "tool_calls": [
                {"id": "call_a", "type": "function", "function": {"name": "shell", "arguments": '{"command":["ls"]}'}},
                {"id": "call_b", "type": "function", "function": {"name": "shell", "arguments": '{"command":["pwd"]}'}},
            ]},
            {"role": "tool", "tool_call_id": "call_a", "content": "a.py\nb.py"},
            {"role": "tool", "tool_call_id": "call_b", "content": "/repo"},
            {"role": "user", "content": "Thanks"},
        ],
        "tools": [{"type": "function", "function": {
            "name": "shell", "description": "Run a command", "strict": False,
            "parameters": {"type": "object", "properties": {"command": {"type": "array"}}}}},
            # a custom (freeform) tool: one string, `input`, that goes back as the custom call's input
            {"type": "function", "function": {"name": "apply_patch", "description": "", "parameters": {
                "type": "object", "properties": {"input": {"type": "string",
                                                           "description": "The tool's whole input, as free text."}},
                "required": ["input"], "additionalProperties": False}}}],
        "tool_choice": "auto", "parallel_tool_calls": False,
        "max_tokens": 512, "temperature": 0.2, "top_p": 0.9,
        "stream": True, "stream_options": {"include_usage": True},
    }


def test_responses_request_plain_string_input_and_structured_output():
    body = {"model": "m", "input": "hi", "text": {"format": {"type": "json_schema", "name": "out", "strict": True,
                                                             "schema": {"type": "object"}}}}
    assert translate.request_to_chat(RESPONSES, body) == {
        "model": "m", "messages": [{"role": "user", "content": "hi"}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "out", "schema": {"type": "object"},
                                                                   "strict": True}}}


def test_later_system_turns_and_user_runs_fit_strict_chat_templates():
    """Qwen's and Mistral's templates reject a system message after the first and two user turns in a row."""
    body = {"model": "m", "input": [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<agents.md>"}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<environment>"}]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]},
        {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "Now in plan mode."}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Plan it."}]}]}
    assert translate.request_to_chat(RESPONSES, body)["messages"] == [
        {"role": "user", "content": "<agents.md>\n\n<environment>"},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "Now in plan mode.\n\nPlan it."}]
    only_thinking = {"model": "m", "max_tokens": 5, "messages": [
        {"role": "user", "content": "a"},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "t", "signature": "s"}]},
        {"role": "user", "content": "b"}]}
    assert translate.request_to_chat(MESSAGES, only_thinking)["messages"] == [{"role": "user", "content": "a\n\nb"}]


def test_anthropic_request_with_system_blocks_tool_use_history_and_tools():
    body = {
        "model": "claude-sonnet-4-5", "max_tokens": 32000, "stream": True, "temperature": 1,
        "stop_sequences": ["</done>"], "metadata": {"user_id": "u"},
        "thinking": {"type": "enabled", "budget_tokens": 9},
        "system": [{"type": "text", "text": "You are Claude Code."},
                   {"type": "text", "text": "Work in /repo.", "cache_control": {"type": "ephemeral"}}],
        "messages": [
            {"role": "user", "content": "Fix the bug."},
            {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "Let me look.", "signature": "sig"},
                {"type": "text", "text": "Looking."},
                {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "ls"}},
                {"type": "tool_use", "id": "toolu_2", "name": "Read", "input": {"file_path": "/repo/a.py"}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.py"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "is_error": True,
                 "content": [{"type": "text", "text": "no such file"}, {"type": "image", "source": {}}]},
                {"type": "text", "text": "Go on.", "cache_control": {"type": "ephemeral"}},
            ]},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_3", "name": "Bash",
                                               "input": {"command": "pytest"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_3", "content": "1 passed"}]},
        ],
        "tools": [
            {"name": "Bash", "description": "Run bash", "input_schema": {"type": "object", "properties": {}}},
            {"type": "web_search_20250305", "name": "web_search", "max_uses": 5},
            {"type": "custom", "name": "Read", "input_schema": {"type": "object"}},
        ],
        "tool_choice": {"type": "any", "disable_parallel_tool_use": True},
    }
    assert translate.request_to_chat(MESSAGES, body) == {
        "model": "claude-sonnet-4-5",
        "messages": [
            {"role": "system", "content": "You are Claude Code.\nWork in /repo."},
            {"role": "user", "content": "Fix the bug."},
            {"role": "assistant", "content": "Looking.", "tool_calls": [
                {"id": "toolu_1", "type": "function", "function": {"name": "Bash", "arguments": '{"command": "ls"}'}},
                {"id": "toolu_2", "type": "function",
                 "function": {"name": "Read", "arguments": '{"file_path": "/repo/a.py"}'}}]},
            {"role": "tool", "tool_call_id": "toolu_1", "content": "a.py"},
            {"role": "tool", "tool_call_id": "toolu_2",
             "content": "[tool error] no such file\n[image omitted: the model server takes text only]"},
            {"role": "user", "content": "Go on."},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "toolu_3", "type": "function", "function": {"name": "Bash",
                                                                   "arguments": '{"command": "pytest"}'}}]},
            {"role": "tool", "tool_call_id": "toolu_3", "content": "1 passed"},
        ],
        "tools": [
            {"type": "function", "function": {"name": "Bash", "description": "Run bash",
                                              "parameters": {"type": "object", "properties": {}}}},
            {"type": "function", "function": {"name": "Read", "description": "", "parameters": {"type": "object"}}},
        ],
        "tool_choice": "required", "parallel_tool_calls": False,
        "max_tokens": 32000, "temperature": 1, "stop": ["</done>"],
        "stream": True, "stream_options": {"include_usage": True},
    }


def test_anthropic_request_plain_text_without_stream():
    body = {"model": "m", "max_tokens": 10, "system": "Be short.",
            "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"},
                         {"role": "user", "content": [{"type": "text", "text": "again"}]}]}
    assert translate.request_to_chat(MESSAGES, body) == {
        "model": "m", "max_tokens": 10,
        "messages": [{"role": "system", "content": "Be short."}, {"role": "user", "content": "hi"},
                     {"role": "assistant", "content": "hello"}, {"role": "user", "content": "again"}]}


def test_anthropic_system_turns_inside_messages_as_claude_code_sends_them():
    """Claude Code puts system entries among the messages: the first joins the system prompt, a later one becomes
    user text (strict chat templates take one system message, first)."""
    body = {"model": "m", "max_tokens": 10, "system": [{"type": "text", "text": "You are an agent."}],
            "messages": [{"role": "system", "content": "Tools are allowed."},
                         {"role": "user", "content": "fix it"}, {"role": "assistant", "content": "ok"},
                         {"role": "system", "content": [{"type": "text", "text": "Reminder: be brief."}]},
                         {"role": "user", "content": "go"}]}
    assert translate.request_to_chat(MESSAGES, body)["messages"] == [
        {"role": "system", "content": "You are an agent.\n\nTools are allowed."},
        {"role": "user", "content": "fix it"}, {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "Reminder: be brief.\n\ngo"}]


TOOL = {"type": "function", "name": "f", "parameters": {"type": "object"}}
ANTHROPIC_TOOL = {"name": "f", "input_schema": {"type": "object"}}


@pytest.mark.parametrize("protocol,choice,expected", [
    (RESPONSES, "auto", "auto"), (RESPONSES, "none", "none"), (RESPONSES, "required", "required"),
    (RESPONSES, {"type": "function", "name": "f"}, {"type": "function", "function": {"name": "f"}}),
    (RESPONSES, {"type": "web_search"}, None), (RESPONSES, None, None),
    (MESSAGES, {"type": "auto"}, "auto"), (MESSAGES, {"type": "none"}, "none"), (MESSAGES, {"type": "any"}, "required"),
    (MESSAGES, {"type": "tool", "name": "f"}, {"type": "function", "function": {"name": "f"}}),
    (MESSAGES, None, None),
])
def test_tool_choice(protocol, choice, expected):
    body = {"model": "m", "max_tokens": 5}
    if protocol == RESPONSES:
        body.update(input="x", tools=[TOOL])
    else:
        body.update(messages=[{"role": "user", "content": "x"}], tools=[ANTHROPIC_TOOL])
    if choice is not None:
        body["tool_choice"] = choice
    chat = translate.request_to_chat(protocol, body)
    assert chat.get("tool_choice") == expected
    assert chat["tools"][0]["function"]["name"] == "f"


def test_no_tool_choice_without_tools_left():
    body = {"model": "m", "input": "x", "tools": [{"type": "web_search"}], "tool_choice": "required"}
    chat = translate.request_to_chat(RESPONSES, body)
    assert "tools" not in chat and "tool_choice" not in chat


@pytest.mark.parametrize("protocol,body,words", [
    (RESPONSES, {"input": "x"}, "no model"),
    (RESPONSES, {"model": "m", "input": 5}, "input"),
    (RESPONSES, {"model": "m", "input": "x", "previous_response_id": "resp_1"}, "previous_response_id"),
    (RESPONSES, {"model": "m", "input": [{"type": "item_reference", "id": "msg_1"}]}, "item_reference"),
    (RESPONSES, {"model": "m", "input": [{"type": "message", "role": "robot", "content": "x"}]}, "role"),
    (RESPONSES, {"model": "m", "input": [{"type": "function_call_output", "output": "x"}]}, "call_id"),
    (MESSAGES, {"model": "m", "messages": "hi"}, "messages"),
    (MESSAGES, {"model": "m", "messages": [{"role": "robot", "content": "x"}]}, "messages[0]"),
    (MESSAGES, {"model": "m", "messages": [{"role": "system", "content": 7}]}, "messages[0]"),
    (MESSAGES, {"model": "m", "messages": [{"role": "user", "content": 7}]}, "content"),
    (MESSAGES, {"model": "m", "messages": [{"role": "user", "content": [{"type": "tool_result"}]}]}, "tool_use_id"),
    (MESSAGES, [], "not a JSON object"),
])
def test_untranslatable_bodies_raise_one_line(protocol, body, words):
    with pytest.raises(TranslationError) as e:
        translate.request_to_chat(protocol, body)
    assert isinstance(e.value, ValueError) and words in str(e.value) and "\n" not in str(e.value)


def test_unknown_protocol():
    with pytest.raises(ValueError, match="unknown protocol"):
        translate.request_to_chat("openai_chat", {"model": "m"})


# ------------------------------------------------------------------------------------------------ whole answers

TEXT_ANSWER = {"id": "chatcmpl-1", "object": "chat.completion", "model": "upstream-name",
               "choices": [{"index": 0, "finish_reason": "stop",
                            "message": {"role": "assistant", "content": "Hello there."}}],
               "usage": {"prompt_tokens": 20, "completion_tokens": 3, "total_tokens": 23}}
CALL_ANSWER = {"id": "chatcmpl-2", "object": "chat.completion", "model": "upstream-name",
               "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                   "role": "assistant", "content": "Checking.", "reasoning_content": "Need to list.",
                   "tool_calls": [{"id": "call_9", "type": "function",
                                   "function": {"name": "shell", "arguments": '{"command": ["ls"]}'}},
                                  {"id": "call_10", "type": "function",
                                   "function": {"name": "read", "arguments": "{not json"}}]}}],
               "usage": {"prompt_tokens": 100, "completion_tokens": 40,
                         "prompt_tokens_details": {"cached_tokens": 64},
                         "completion_tokens_details": {"reasoning_tokens": 7}}}


def test_responses_answer_with_text():
    assert translate.answer_from_chat(RESPONSES, TEXT_ANSWER, {"model": "gpt-local", "input": "hi"}) == {
        "id": "resp_1", "object": "response", "created_at": 1700000000, "status": "completed", "error": None,
        "incomplete_details": None, "model": "gpt-local", "parallel_tool_calls": True, "tool_choice": "auto",
        "instructions": None, "tools": [],
        "output": [{"id": "msg_0", "type": "message", "status": "completed", "role": "assistant",
                    "content": [{"type": "output_text", "text": "Hello there.", "annotations": []}]}],
        "usage": {"input_tokens": 20, "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
            "output_tokens": 3,
                  "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 23}}


def test_responses_answer_with_tool_calls_and_reasoning():
    answer = translate.answer_from_chat(RESPONSES, CALL_ANSWER, {"model": "gpt-local"})
    assert answer["output"] == [
        {"id": "rs_0", "type": "reasoning", "summary": [],
         "content": [{"type": "reasoning_text", "text": "Need to list."}]},
        {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
         "content": [{"type": "output_text", "text": "Checking.", "annotations": []}]},
        {"id": "fc_2", "type": "function_call", "status": "completed", "call_id": "call_9", "name": "shell",
         "arguments": '{"command": ["ls"]}'},
        {"id": "fc_3", "type": "function_call", "status": "completed", "call_id": "call_10", "name": "read",
         "arguments": "{not json"},
    ]
    assert answer["usage"] == {"input_tokens": 100,
                               "input_tokens_details": {"cached_tokens": 64, "cache_write_tokens": 0},
                               "output_tokens": 40, "output_tokens_details": {"reasoning_tokens": 7},
                               "total_tokens": 140}
    assert answer["status"] == "completed" and answer["id"] == "resp_4"


def test_anthropic_answer_with_text():
    assert translate.answer_from_chat(MESSAGES, TEXT_ANSWER, {"model": "claude-x", "max_tokens": 5}) == {
        "id": "msg_0", "type": "message", "role": "assistant", "model": "claude-x",
        "content": [{"type": "text", "text": "Hello there."}], "stop_reason": "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": 20, "output_tokens": 3, "cache_creation_input_tokens": 0,
                  "cache_read_input_tokens": 0}}


def test_anthropic_answer_with_tool_calls_parses_input():
    assert translate.answer_from_chat(MESSAGES, CALL_ANSWER, {"model": "claude-x"}) == {
        "id": "msg_0", "type": "message", "role": "assistant", "model": "claude-x",
        "content": [{"type": "thinking", "thinking": "Need to list.", "signature": ""},
                    {"type": "text", "text": "Checking."},
                    {"type": "tool_use", "id": "call_9", "name": "shell", "input": {"command": ["ls"]}},
                    {"type": "tool_use", "id": "call_10", "name": "read",
                     "input": {"_invalid_json_arguments": "{not json"}}],
        "stop_reason": "tool_use", "stop_sequence": None,
        # Anthropic counts cached prompt tokens apart from input_tokens; OpenAI counts them inside prompt_tokens.
        "usage": {"input_tokens": 36, "output_tokens": 40, "cache_creation_input_tokens": 0,
                  "cache_read_input_tokens": 64}}


@pytest.mark.parametrize("finish,matched,expected", [
    ("length", None, ("max_tokens", None)),
    ("stop", "</done>", ("stop_sequence", "</done>")),   # vLLM names the matched stop string
    ("stop", None, ("end_turn", None)),
    ("tool_calls", None, ("end_turn", None)),           # no call came with it: nothing for the agent to run
])
def test_anthropic_stop_reasons(finish, matched, expected):
    answer = {"choices": [{"index": 0, "finish_reason": finish, "stop_reason": matched,
                           "message": {"role": "assistant", "content": "x"}}]}
    got = translate.answer_from_chat(MESSAGES, answer, {"model": "m", "stop_sequences": ["</done>"]})
    assert (got["stop_reason"], got["stop_sequence"]) == expected
    assert got["usage"]["input_tokens"] == 0   # no usage reported: zero, as the shape needs an int


# ------------------------------------------------------------------------------------------------ streams

STREAM = [
    {"id": "c1", "object": "chat.completion.chunk", "model": "up",
     "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"content": "Hel"}, "finish_reason": None}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"content": "lo ☃"}, "finish_reason": None}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "id": "call_1", "type": "function", "function": {"name": "ls", "arguments": ""}}]}}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "function": {"arguments": '{"p":'}}]}}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {"tool_calls": [
        {"index": 0, "function": {"arguments": '"."}'}}]}}]},
    {"id": "c1", "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    {"id": "c1", "choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 4, "total_tokens": 16,
                                          "prompt_tokens_details": {"cached_tokens": 2},
                                          "completion_tokens_details": {"reasoning_tokens": 1}}},
]

RESP_BASE = {"id": "resp_0", "object": "response", "created_at": 1700000000, "error": None,
             "incomplete_details": None, "model": "m", "parallel_tool_calls": True, "tool_choice": "auto",
             "instructions": None, "tools": []}
MSG_DONE = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
            "content": [{"type": "output_text", "text": "Hello ☃", "annotations": []}]}
FC_DONE = {"id": "fc_2", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "ls",
           "arguments": '{"p":"."}'}
RESPONSES_EVENTS = [
    {"type": "response.created", "response": {**RESP_BASE, "status": "in_progress", "output": [], "usage": None}},
    {"type": "response.in_progress", "response": {**RESP_BASE, "status": "in_progress", "output": [], "usage": None}},
    {"type": "response.output_item.added", "output_index": 0, "item": {
        "id": "msg_1", "type": "message", "status": "in_progress", "role": "assistant", "content": []}},
    {"type": "response.content_part.added", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "text": "", "annotations": []}},
    {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "delta": "Hel", "logprobs": []},
    {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "delta": "lo ☃", "logprobs": []},
    {"type": "response.output_text.done", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "text": "Hello ☃", "logprobs": []},
    {"type": "response.content_part.done", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "text": "Hello ☃", "annotations": []}},
    {"type": "response.output_item.done", "output_index": 0, "item": MSG_DONE},
    {"type": "response.output_item.added", "output_index": 1, "item": {
        "id": "fc_2", "type": "function_call", "status": "in_progress", "call_id": "call_1", "name": "ls",
        "arguments": ""}},
    {"type": "response.function_call_arguments.delta", "item_id": "fc_2", "output_index": 1, "delta": '{"p":'},
    {"type": "response.function_call_arguments.delta", "item_id": "fc_2", "output_index": 1, "delta": '"."}'},
    {"type": "response.function_call_arguments.done", "item_id": "fc_2", "output_index": 1,
     "arguments": '{"p":"."}'},
    {"type": "response.output_item.done", "output_index": 1, "item": FC_DONE},
    {"type": "response.completed", "response": {
        **RESP_BASE, "status": "completed", "output": [MSG_DONE, FC_DONE],
        "usage": {"input_tokens": 12, "input_tokens_details": {"cached_tokens": 2, "cache_write_tokens": 0},
            "output_tokens": 4,
                  "output_tokens_details": {"reasoning_tokens": 1}, "total_tokens": 16}}},
]
MESSAGES_EVENTS = [
    {"type": "message_start", "message": {
        "id": "msg_0", "type": "message", "role": "assistant", "model": "m", "content": [], "stop_reason": None,
        "stop_sequence": None, "usage": {"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0,
                                         "cache_read_input_tokens": 0}}},
    {"type": "ping"},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hel"}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "lo ☃"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1,
     "content_block": {"type": "tool_use", "id": "call_1", "name": "ls", "input": {}}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"p":'}},
    {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '"."}'}},
    {"type": "content_block_stop", "index": 1},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
     "usage": {"input_tokens": 10, "output_tokens": 4, "cache_creation_input_tokens": 0,
               "cache_read_input_tokens": 2}},
    {"type": "message_stop"},
]
EXPECTED = {RESPONSES: RESPONSES_EVENTS, MESSAGES: MESSAGES_EVENTS}


def pieces(raw: bytes, how: str) -> list[bytes]:
    if how == "whole":
        return [raw]
    if how == "bytes":
        return [raw[i:i + 1] for i in range(len(raw))]   # also cuts the snowman's UTF-8 bytes apart
    rng = random.Random(how)
    cuts = sorted(rng.sample(range(1, len(raw)), 40))
    return [raw[a:b] for a, b in zip([0, *cuts], [*cuts, len(raw)], strict=True)]


@pytest.mark.parametrize("how", ["whole", "bytes", "random-1", "random-2", "random-3"])
@pytest.mark.parametrize("protocol", [RESPONSES, MESSAGES])
def test_a_stream_in_any_split_gives_the_same_events(protocol, how, monkeypatch):
    translator = StreamTranslator(protocol, {"model": "m", "stream": True})
    out = b"".join(translator.feed(p) for p in pieces(chat_sse(STREAM), how)) + translator.finish()
    assert parse_sse(out, protocol) == EXPECTED[protocol]
    assert translator.usage == {"prompt": 12, "completion": 4, "cached": 2, "reasoning": 1}
    assert translator.usage_missing is False and translator.finish_reason == "tool_calls"
    assert translator.tool_calls == 1 and translator.done is True
    assert translator.finish() == b"" and translator.feed(b"data: {}\n\n") == b""   # closed once


@pytest.mark.parametrize("protocol,delta_type", [(RESPONSES, "response.output_text.delta"),
                                                 (MESSAGES, "content_block_delta")])
def test_text_goes_out_as_each_upstream_delta_arrives(protocol, delta_type):
    translator = StreamTranslator(protocol, {"model": "m"})
    first, second = chat_sse(STREAM[:2], done=False), chat_sse(STREAM[2:3], done=False)
    out = translator.feed(first[:-5])   # the "Hel" event cut short: nothing of it yet
    assert b"Hel" not in out
    out += translator.feed(first[-5:])
    assert [e for e in parse_sse(out, protocol) if e["type"] == delta_type][-1]["delta"] in (
        {"type": "text_delta", "text": "Hel"}, "Hel")
    later = translator.feed(second)
    events = [json.loads(line[6:]) for line in later.decode().splitlines() if line.startswith("data: ")]
    assert [e["type"] for e in events] == [delta_type]
    assert "lo ☃" in json.dumps(events[0], ensure_ascii=False)


@pytest.mark.parametrize("protocol", [RESPONSES, MESSAGES])
def test_a_stream_cut_without_done_or_usage_still_closes(protocol):
    translator = StreamTranslator(protocol, {"model": "m"})
    raw = chat_sse(STREAM[:3], done=False)[:-2]   # the last event without its blank line, no [DONE], no usage
    out = translator.feed(raw) + translator.finish()
    events = parse_sse(out, protocol)
    assert translator.usage_missing is True and translator.done is False
    assert translator.usage == {"prompt": None, "completion": None, "cached": None, "reasoning": None}
    assert translator.finish_reason is None
    if protocol == RESPONSES:
        assert [e["type"] for e in events][-4:] == ["response.output_text.done", "response.content_part.done",
                                                    "response.output_item.done", "response.completed"]
        assert events[-1]["response"]["output"][0]["content"][0]["text"] == "Hello ☃"
        assert events[-1]["response"]["usage"] == {
            "input_tokens": 0, "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
                "output_tokens": 0,
            "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 0}
    else:
        assert events[-3:] == [
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
             "usage": {"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0,
                       "cache_read_input_tokens": 0}},
            {"type": "message_stop"}]


@pytest.mark.parametrize("protocol", [RESPONSES, MESSAGES])
def test_an_empty_stream_is_still_a_whole_answer(protocol):
    translator = StreamTranslator(protocol, {"model": "m"})
    events = parse_sse(translator.finish(), protocol)
    assert [e["type"] for e in events] == (["response.created", "response.in_progress", "response.completed"]
                                           if protocol == RESPONSES else
                                           ["message_start", "ping", "message_delta", "message_stop"])


def test_reasoning_then_text_and_calls_sent_whole_at_index_zero():
    """Ollama-style calls (each whole, every one at index 0, told apart by id) and llama.cpp's reasoning_content."""
    chunks = [
        {"choices": [{"index": 0, "delta": {"reasoning_content": "think"}}]},
        {"choices": [{"index": 0, "delta": {"reasoning": " more"}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "a", "function": {"name": "x", "arguments": '{"k": 1}'}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": 0, "id": "b", "function": {"name": "y", "arguments": "{}"}}]}}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    ]
    translator = StreamTranslator(MESSAGES, {"model": "m"})
    events = parse_sse(translator.feed(chat_sse(chunks)) + translator.finish(), MESSAGES)
    assert events[2:] == [
        {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "",
                                                                      "signature": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "think"}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": " more"}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1,
         "content_block": {"type": "tool_use", "id": "a", "name": "x", "input": {}}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": '{"k": 1}'}},
        {"type": "content_block_stop", "index": 1},
        {"type": "content_block_start", "index": 2,
         "content_block": {"type": "tool_use", "id": "b", "name": "y", "input": {}}},
        {"type": "content_block_delta", "index": 2, "delta": {"type": "input_json_delta", "partial_json": "{}"}},
        {"type": "content_block_stop", "index": 2},
        # finish_reason "stop" with calls in the answer (as Ollama says): the agent must still run them
        {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
         "usage": {"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0,
                   "cache_read_input_tokens": 0}},
        {"type": "message_stop"},
    ]
    assert translator.tool_calls == 2 and translator.stop_reason == "tool_use"


def test_responses_reasoning_stream_items():
    chunks = [{"choices": [{"index": 0, "delta": {"reasoning_content": "hmm"}}]},
              {"choices": [{"index": 0, "delta": {"content": "ok"}, "finish_reason": "stop"}]}]
    translator = StreamTranslator(RESPONSES, {"model": "m"})
    events = parse_sse(translator.feed(chat_sse(chunks)) + translator.finish(), RESPONSES)
    assert [e["type"] for e in events] == [
        "response.created", "response.in_progress",
        "response.output_item.added", "response.content_part.added", "response.reasoning_text.delta",
        "response.reasoning_text.done", "response.content_part.done", "response.output_item.done",
        "response.output_item.added", "response.content_part.added", "response.output_text.delta",
        "response.output_text.done", "response.content_part.done", "response.output_item.done",
        "response.completed"]
    assert events[7]["item"] == {"id": "rs_1", "type": "reasoning", "summary": [],
                                 "content": [{"type": "reasoning_text", "text": "hmm"}]}
    assert events[4] == {"type": "response.reasoning_text.delta", "item_id": "rs_1", "output_index": 0,
                         "content_index": 0, "delta": "hmm"}


def test_a_call_whose_name_comes_late_holds_its_arguments_until_named():
    chunks = [{"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "c", "function": {
                  "arguments": '{"a"'}}]}}]},
              {"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {
                  "name": "f", "arguments": ": 1}"}}]}}]}]
    translator = StreamTranslator(RESPONSES, {"model": "m"})
    events = parse_sse(translator.feed(chat_sse(chunks)) + translator.finish(), RESPONSES)
    assert [(e["type"], e.get("delta")) for e in events[2:5]] == [
        ("response.output_item.added", None), ("response.function_call_arguments.delta", '{"a": 1}'),
        ("response.function_call_arguments.done", None)]
    assert events[-1]["response"]["output"] == [{"id": "fc_1", "type": "function_call", "status": "completed",
                                                 "call_id": "c", "name": "f", "arguments": '{"a": 1}'}]


@pytest.mark.parametrize("protocol", [RESPONSES, MESSAGES])
def test_an_error_inside_the_stream(protocol):
    translator = StreamTranslator(protocol, {"model": "m"})
    raw = chat_sse([STREAM[1], {"error": {"message": "the context size was exceeded", "type": "server_error"}}],
                   done=False)
    events = parse_sse(translator.feed(raw) + translator.finish(), protocol)
    assert translator.error == "the context size was exceeded"
    if protocol == RESPONSES:
        assert events[-1]["type"] == "response.failed"
        assert events[-1]["response"]["status"] == "failed"
        assert events[-1]["response"]["error"] == {"code": "context_length_exceeded",
                                                   "message": "the context size was exceeded"}
    else:
        assert events[-2:] == [{"type": "content_block_stop", "index": 0},
                               {"type": "error", "error": {"type": "api_error",
                                                           "message": "the context size was exceeded"}}]


# ------------------------------------------------------------------------------------------------ errors

@pytest.mark.parametrize("protocol,status,body,expected", [
    (MESSAGES, 500, b'{"error": {"message": "runner died", "type": "server_error"}}',
     {"type": "error", "error": {"type": "api_error", "message": "runner died"}}),
    (MESSAGES, 404, b'{"error": "model \\"x\\" not found"}',
     {"type": "error", "error": {"type": "not_found_error", "message": 'model "x" not found'}}),
    (MESSAGES, 400, b'{"error": {"message": "request exceeds the available context size", '
                    b'"type": "exceed_context_size_error"}}',
     {"type": "error", "error": {"type": "invalid_request_error",
                                 "message": "prompt is too long: request exceeds the available context size"}}),
    (RESPONSES, 502, b"Bad Gateway\n",
     {"error": {"message": "Bad Gateway", "type": "server_error", "param": None, "code": None}}),
    (RESPONSES, 400, b'{"detail": "This model\'s maximum context length is 4096 tokens"}',
     {"error": {"message": "This model's maximum context length is 4096 tokens", "type": "invalid_request_error",
                "param": None, "code": "context_length_exceeded"}}),
    (RESPONSES, 429, b'{"error": {"message": "slow down", "type": "rate_limit", "code": 42}}',
     {"error": {"message": "slow down", "type": "rate_limit", "param": None, "code": "42"}}),
])
def test_error_bodies(protocol, status, body, expected):
    assert json.loads(translate.error_from_chat(protocol, status, body)) == expected


# ------------------------------------------------------------------------------------------------ real HTTP

SCRIPT = {"models": {"coder": {"turns": [
    {"content": "I will look at the files first, then run the tests.", "reasoning": "List, then test.",
     "tool_calls": [{"name": "Bash", "arguments": {"command": "ls -la"}}],
     "usage": {"prompt_tokens": 321, "completion_tokens": 45, "cached_tokens": 300}},
    {"content": "All tests pass.", "usage": {"prompt_tokens": 400, "completion_tokens": 5}},
]}}}


def post(url: str, body: dict) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    conn.request("POST", "/v1/chat/completions", body=json.dumps(body).encode(),
                 headers={"Content-Type": "application/json"})
    return conn, conn.getresponse()


def relay(url: str, protocol: str, agent_request: dict) -> tuple[StreamTranslator, list[dict]]:
    """What the proxy will do: translate the request, stream the upstream's answer through the translator as
    it arrives (each network read fed as it is), and parse what the agent would get."""
    conn, resp = post(url, translate.request_to_chat(protocol, agent_request))
    try:
        assert resp.status == 200 and resp.getheader("Content-Type").startswith("text/event-stream")
        translator = StreamTranslator(protocol, agent_request)
        out = bytearray()
        while piece := resp.read1(1024):
            out += translator.feed(piece)
        out += translator.finish()
    finally:
        conn.close()
    return translator, parse_sse(bytes(out), protocol)


def accumulate_anthropic(events: list[dict]) -> dict:
    """The final message as the Anthropic SDKs build it from the events."""
    message = events[0]["message"]
    partial: dict[int, str] = {}
    for e in events[1:]:
        if e["type"] == "content_block_start":
            assert e["index"] == len(message["content"])
            message["content"].append(dict(e["content_block"]))
        elif e["type"] == "content_block_delta":
            block, delta = message["content"][e["index"]], e["delta"]
            if delta["type"] == "input_json_delta":
                partial[e["index"]] = partial.get(e["index"], "") + delta["partial_json"]
            else:
                key = {"text_delta": "text", "thinking_delta": "thinking"}[delta["type"]]
                block[key] += delta[key]
        elif e["type"] == "content_block_stop" and e["index"] in partial:
            message["content"][e["index"]]["input"] = json.loads(partial[e["index"]])
        elif e["type"] == "message_delta":
            message.update(e["delta"])
            message["usage"].update(e["usage"])
    assert events[-1] == {"type": "message_stop"}
    return message


def test_claude_code_turns_against_a_real_chat_completions_server():
    with fakellm.serve(SCRIPT) as server:
        first = {"model": "coder", "max_tokens": 4096, "stream": True, "system": [{"type": "text", "text": "sys"}],
                 "tools": [{"name": "Bash", "description": "run", "input_schema": {"type": "object"}}],
                 "messages": [{"role": "user", "content": "Run the tests."}]}
        translator, events = relay(server.url, MESSAGES, first)
        message = accumulate_anthropic(events)
        call = message["content"][2]
        assert message["content"][:2] == [
            {"type": "thinking", "thinking": "List, then test.", "signature": ""},
            {"type": "text", "text": "I will look at the files first, then run the tests."}]
        assert call["type"] == "tool_use" and call["name"] == "Bash" and call["input"] == {"command": "ls -la"}
        assert message["stop_reason"] == "tool_use" and message["model"] == "coder"
        assert message["usage"] == {"input_tokens": 21, "output_tokens": 45, "cache_creation_input_tokens": 0,
                                    "cache_read_input_tokens": 300}
        assert translator.usage == {"prompt": 321, "completion": 45, "cached": 300, "reasoning": None}
        # The next turn sends the answer back with the tool's result, as Claude Code does.
        second = dict(first, messages=[*first["messages"], {"role": "assistant", "content": message["content"]},
                                       {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call["id"],
                                                                     "content": "a.py"}]}])
        translator, events = relay(server.url, MESSAGES, second)
        message = accumulate_anthropic(events)
        assert message["content"] == [{"type": "text", "text": "All tests pass."}]
        assert message["stop_reason"] == "end_turn" and translator.usage["prompt"] == 400


def test_codex_turn_against_a_real_chat_completions_server():
    with fakellm.serve(SCRIPT) as server:
        agent_request = {"model": "coder", "instructions": "sys", "stream": True, "store": False,
                         "input": [{"type": "message", "role": "user",
                                    "content": [{"type": "input_text", "text": "Run the tests."}]}],
                         "tools": [{"type": "function", "name": "Bash", "parameters": {"type": "object"}}]}
        translator, events = relay(server.url, RESPONSES, agent_request)
    done = [e["item"] for e in events if e["type"] == "response.output_item.done"]
    assert [item["type"] for item in done] == ["reasoning", "message", "function_call"]
    text = "".join(e["delta"] for e in events if e["type"] == "response.output_text.delta")
    assert text == done[1]["content"][0]["text"] == "I will look at the files first, then run the tests."
    assert json.loads(done[2]["arguments"]) == {"command": "ls -la"} and done[2]["name"] == "Bash"
    assert events[-1]["type"] == "response.completed" and events[-1]["response"]["output"] == done
    assert events[-1]["response"]["usage"] == {
        "input_tokens": 321, "input_tokens_details": {"cached_tokens": 300, "cache_write_tokens": 0},
            "output_tokens": 45,
        "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 366}


def test_an_upstream_error_status_in_the_agents_shape():
    script = {"models": {"broken": {"persona": "error500", "error": "runner died"}}}
    with fakellm.serve(script) as server:
        conn, resp = post(server.url, translate.request_to_chat(
            MESSAGES, {"model": "broken", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}))
        try:
            status, body = resp.status, resp.read()
        finally:
            conn.close()
    assert status == 500
    error = json.loads(translate.error_from_chat(MESSAGES, status, body))
    assert error["type"] == "error" and error["error"]["type"] == "api_error"
    assert "runner died" in error["error"]["message"]


@pytest.mark.parametrize("finish, reason", [("length", "max_output_tokens"), ("content_filter", "content_filter"),
                                            ("stop", None)])
def test_a_cut_answer_is_incomplete_with_its_reason_whole_and_streamed(finish, reason):
    whole = translate.answer_from_chat(RESPONSES, {"choices": [{"index": 0, "finish_reason": finish, "message": {
        "role": "assistant", "content": "Cut"}}]}, {"model": "m"})
    translator = StreamTranslator(RESPONSES, {"model": "m"})
    events = parse_sse(translator.feed(chat_sse([
        {"choices": [{"index": 0, "delta": {"content": "Cut"}, "finish_reason": None}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}])) + translator.finish(), RESPONSES)
    for response in (whole, events[-1]["response"]):
        assert response["status"] == ("incomplete" if reason else "completed")
        assert response["incomplete_details"] == ({"reason": reason} if reason else None)
        assert response["output"][0]["status"] == ("incomplete" if reason else "completed")
    assert events[-1]["type"] == ("response.incomplete" if reason else "response.completed")


def test_count_request_and_answer_read_both_tokenizers():
    body = {"model": "m", "system": "Be brief.", "messages": [{"role": "user", "content": "hi"}],
            "tools": [{"name": "read", "input_schema": {"type": "object"}}]}
    ask = translate.count_request(body)
    assert ask["messages"] == [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]
    assert ask["content"].startswith("Be brief.\nhi\n") and '"name":"read"' in ask["content"]
    assert translate.count_answer({"count": 7, "tokens": [1, 2]}) == 7          # vLLM
    assert translate.count_answer({"tokens": [1, 2, 3]}) == 3                    # llama.cpp
    assert translate.count_answer({"count": -1}) is None and translate.count_answer([1]) is None
    with pytest.raises(translate.TranslationError, match="messages"):
        translate.count_request({"model": "m", "messages": []})
