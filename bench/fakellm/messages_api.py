"""Anthropic's Messages API (POST /v1/messages): the request as chat messages, the answer body and its SSE stream.

Request: ``system`` is a string or a list of text blocks; each message's ``content`` is a string or blocks
(``text``, ``tool_use`` {id, name, input}, ``tool_result`` {tool_use_id, content}, thinking blocks ignored).
They become the chat messages the reply machinery reads: an assistant message keeps its text and its
tool_use blocks as tool calls; each tool_result block becomes a ``tool`` message (the user message's other
text follows them as a user message), so turns and conditions count exactly as on /v1/chat/completions.
Tools: ``{name, description, input_schema}``.

Answer: a ``message`` object with a thinking block (when the reply has reasoning), a text block (when it has
text) and one ``tool_use`` block per call; ``stop_reason`` is ``tool_use`` when it calls tools, ``max_tokens``
at a length stop, else ``end_turn``. Usage: ``input_tokens`` are the prompt tokens not read from the cache
(Anthropic counts the cached ones apart, in ``cache_read_input_tokens``), ``output_tokens`` the completion.
The stream sends ``event: <type>`` / ``data: <json>`` pairs as Anthropic does: message_start, ping, per block
content_block_start, content_block_delta (text_delta | input_json_delta | thinking_delta, signature_delta),
content_block_stop, then message_delta (stop_reason and the cumulative usage) and message_stop.
"""
from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

from bench.fakellm.formats import arguments_object
from bench.fakellm.pacing import NO_PACE, Pace


def _text_blocks(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(b["text"] for b in content
                       if isinstance(b, dict) and b.get("type", "text") == "text" and isinstance(b.get("text"), str))
    return ""


def _assistant(content: Any) -> dict[str, Any]:
    msg: dict[str, Any] = {"role": "assistant", "content": _text_blocks(content)}
    calls = [{"id": str(b.get("id") or ""), "type": "function",
              "function": {"name": str(b.get("name") or ""), "arguments": json.dumps(b.get("input") or {},
                                                                                      sort_keys=True)}}
             for b in content if isinstance(b, dict) and b.get("type") in ("tool_use", "server_tool_use")] \
        if isinstance(content, list) else []
    if calls:
        msg["tool_calls"] = calls
    return msg


def messages_messages(body: dict) -> list[dict[str, Any]]:
    """The request's ``system`` and ``messages`` as chat messages (see the module docstring)."""
    msgs: list[dict[str, Any]] = []
    system = _text_blocks(body.get("system"))
    if system:
        msgs.append({"role": "system", "content": system})
    names: dict[str, str] = {}
    for m in body.get("messages") if isinstance(body.get("messages"), list) else []:
        if not isinstance(m, dict):
            continue
        content = m.get("content")
        if m.get("role") == "assistant":
            a = _assistant(content)
            names.update((c["id"], c["function"]["name"]) for c in a.get("tool_calls", []))
            msgs.append(a)
            continue
        if isinstance(content, list):
            for b in content:
                if isinstance(b, dict) and b.get("type") == "tool_result":
                    tid = str(b.get("tool_use_id") or "")
                    result = b.get("content")
                    msgs.append({"role": "tool", "tool_call_id": tid, "name": names.get(tid, ""),
                                 "content": result if isinstance(result, (str, list)) else ""})
            text = _text_blocks(content)
            if text or not any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
                msgs.append({"role": m.get("role") or "user", "content": text})
        else:
            msgs.append({"role": m.get("role") or "user", "content": _text_blocks(content)})
    return msgs


def messages_usage(usage: dict) -> dict[str, Any]:
    """The Messages usage object: cached prompt tokens apart from the input tokens."""
    cached = usage.get("cached_tokens", 0)
    return {"input_tokens": max(0, usage["prompt_tokens"] - cached), "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": cached, "output_tokens": usage["completion_tokens"]}


def stop_reason(reply: dict, calls: list) -> str:
    """tool_use when the answer calls tools, max_tokens at a length stop, else end_turn."""
    if calls:
        return "tool_use"
    return "max_tokens" if reply.get("done_reason") == "length" else "end_turn"


def _input(c: dict) -> dict:
    """A call's arguments as a tool_use input object (anything but a JSON object becomes {})."""
    args = arguments_object(c)
    return args if isinstance(args, dict) else {}


def _message(model_id: str, content: list, stop: str | None, usage: dict[str, Any]) -> dict[str, Any]:
    return {"id": f"msg_{uuid.uuid4().hex[:24]}", "type": "message", "role": "assistant", "model": model_id,
            "content": content, "stop_reason": stop, "stop_sequence": None, "usage": usage}


def messages_body(model_id: str, reply: dict, content: str, calls: list, usage: dict) -> dict:
    """The non-streaming answer: one ``message`` object."""
    blocks: list[dict[str, Any]] = []
    if reply.get("reasoning"):
        blocks.append({"type": "thinking", "thinking": reply["reasoning"], "signature": "fakellm"})
    if content or not calls:
        blocks.append({"type": "text", "text": content})
    blocks.extend({"type": "tool_use", "id": c["id"], "name": c["name"], "input": _input(c)} for c in calls)
    return _message(model_id, blocks, stop_reason(reply, calls), messages_usage(usage))


def _chunks(text: str, size: int = 24) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


def messages_stream(model_id: str, reply: dict, content: str, calls: list, usage: dict,
                    pace: Pace = NO_PACE) -> Iterator[bytes]:
    """The SSE events of a streaming answer (see the module docstring); `pace` is called per generated piece."""

    def event(kind: str, **fields: Any) -> bytes:
        return f"event: {kind}\ndata: {json.dumps({'type': kind, **fields})}\n\n".encode()

    full = messages_usage(usage)
    start_usage = dict(full, output_tokens=1)   # as Anthropic: the output count so far in message_start
    yield event("message_start", message=_message(model_id, [], None, start_usage))
    yield event("ping")
    index = 0
    if reply.get("reasoning"):
        yield event("content_block_start", index=index, content_block={"type": "thinking", "thinking": ""})
        for piece in _chunks(reply["reasoning"]):
            pace(piece)
            yield event("content_block_delta", index=index, delta={"type": "thinking_delta", "thinking": piece})
        yield event("content_block_delta", index=index, delta={"type": "signature_delta", "signature": "fakellm"})
        yield event("content_block_stop", index=index)
        index += 1
    if content or not calls:
        yield event("content_block_start", index=index, content_block={"type": "text", "text": ""})
        for piece in _chunks(content):
            pace(piece)
            yield event("content_block_delta", index=index, delta={"type": "text_delta", "text": piece})
        yield event("content_block_stop", index=index)
        index += 1
    for c in calls:
        yield event("content_block_start", index=index,
                    content_block={"type": "tool_use", "id": c["id"], "name": c["name"], "input": {}})
        for piece in _chunks(json.dumps(_input(c))):
            pace(piece)
            yield event("content_block_delta", index=index, delta={"type": "input_json_delta", "partial_json": piece})
        yield event("content_block_stop", index=index)
        index += 1
    pace.done()
    yield event("message_delta", delta={"stop_reason": stop_reason(reply, calls), "stop_sequence": None},
                usage=full)
    yield event("message_stop")


def messages_error(status: int, message: str) -> dict[str, Any]:
    """Anthropic's error body: ``{type: error, error: {type, message}}``."""
    kind = {400: "invalid_request_error", 404: "not_found_error"}.get(status, "api_error")
    return {"type": "error", "error": {"type": kind, "message": message}}
