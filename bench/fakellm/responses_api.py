"""OpenAI's Responses API (POST /v1/responses): the request as chat messages, the answer body and its SSE stream.

Request: ``input`` is a string (one user message) or a list of items: message items (``role`` user / system /
developer / assistant, ``content`` a string or parts with ``text``), ``function_call`` items (``call_id``,
``name``, ``arguments``) and ``function_call_output`` items (``call_id``, ``output``); ``instructions`` is the
system message. The items become the chat messages the reply machinery reads: consecutive assistant items
(an assistant message, reasoning, function calls) are one assistant message, as one chat turn would be, and
each call's output is a ``tool`` message, so turns and conditions count exactly as on /v1/chat/completions.
Tools: ``{type: "function", name, parameters}``.

Answer: a ``response`` object whose ``output`` holds a reasoning item (when the reply has reasoning), a
message item with one ``output_text`` part (when it has text) and one ``function_call`` item per call;
``usage`` is ``{input_tokens, input_tokens_details.cached_tokens, output_tokens,
output_tokens_details.reasoning_tokens, total_tokens}``. The stream sends ``event: <type>`` / ``data: <json>``
pairs as OpenAI does: response.created, response.in_progress, then per item response.output_item.added,
(response.content_part.added, response.output_text.delta..., response.output_text.done,
response.content_part.done | response.function_call_arguments.delta..., response.function_call_arguments.done),
response.output_item.done, and last response.completed (response.incomplete when the reply stopped at its
length limit), each with a rising ``sequence_number``.
"""
from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from bench.fakellm.pacing import NO_PACE, Pace


def _hex() -> str:
    return uuid.uuid4().hex[:16]


def _item_text(content: Any) -> Any:
    """Message-item content as the reply machinery reads it (a string, or parts with ``text``)."""
    return content if isinstance(content, (str, list)) else ""


def _call_of(item: dict) -> dict[str, Any]:
    """A function_call (or another ``*_call``) item as a chat tool call."""
    args = item.get("arguments", item.get("input", item.get("action", {})))
    if not isinstance(args, str):
        args = json.dumps(args, sort_keys=True)
    return {"id": str(item.get("call_id") or item.get("id") or ""), "type": "function",
            "function": {"name": str(item.get("name") or item.get("type")), "arguments": args}}


def responses_messages(body: dict) -> list[dict[str, Any]]:
    """The request's ``instructions`` and ``input`` as chat messages (see the module docstring)."""
    msgs: list[dict[str, Any]] = []
    if isinstance(body.get("instructions"), str) and body["instructions"]:
        msgs.append({"role": "system", "content": body["instructions"]})
    items = body.get("input")
    if isinstance(items, str):
        return [*msgs, {"role": "user", "content": items}]
    names: dict[str, str] = {}
    assistant: dict[str, Any] | None = None   # the assistant message consecutive items join

    def open_assistant() -> dict[str, Any]:
        nonlocal assistant
        if assistant is None:
            assistant = {"role": "assistant", "content": ""}
            msgs.append(assistant)
        return assistant

    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        kind = item.get("type") or ("message" if "role" in item else None)
        if kind == "message" and item.get("role") == "assistant":
            a = open_assistant()
            a["content"] = (a["content"] or "") + _text_of(item.get("content"))
        elif kind == "reasoning":
            open_assistant()
        elif isinstance(kind, str) and kind.endswith("_call_output"):
            assistant = None
            cid = str(item.get("call_id") or "")
            msgs.append({"role": "tool", "tool_call_id": cid, "name": names.get(cid, ""),
                         "content": _item_text(item.get("output"))})
        elif isinstance(kind, str) and kind.endswith("_call"):
            call = _call_of(item)
            names[call["id"]] = call["function"]["name"]
            open_assistant().setdefault("tool_calls", []).append(call)
        elif kind == "message":
            assistant = None
            role = item.get("role")
            msgs.append({"role": "system" if role == "developer" else role,
                         "content": _item_text(item.get("content"))})
    return msgs


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def responses_usage(usage: dict) -> dict[str, Any]:
    """The Responses usage object (input tokens include the cached ones, output tokens the reasoning ones)."""
    return {"input_tokens": usage["prompt_tokens"],
            "input_tokens_details": {"cached_tokens": usage.get("cached_tokens", 0)},
            "output_tokens": usage["completion_tokens"],
            "output_tokens_details": {"reasoning_tokens": usage.get("reasoning_tokens", 0)},
            "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"]}


def _args(c: dict) -> str:
    return c["arguments"] if isinstance(c["arguments"], str) else json.dumps(c["arguments"])


class _Answer:
    """The output items of one answer, with ids fixed once so the stream and its final object agree."""

    def __init__(self, model_id: str, reply: dict, content: str, calls: list, usage: dict, body: dict):
        self.id = f"resp_{_hex()}"
        self.created = int(time.time())
        self.model_id = model_id
        self.reply = reply
        self.content = content
        self.calls = calls
        self.usage = usage
        self.body = body
        self.reasoning_id = f"rs_{_hex()}"
        self.message_id = f"msg_{_hex()}"
        self.call_ids = [f"fc_{_hex()}" for _ in calls]

    @property
    def incomplete(self) -> bool:
        return self.reply.get("done_reason") == "length"

    def reasoning_item(self) -> dict[str, Any]:
        return {"id": self.reasoning_id, "type": "reasoning",
                "summary": [{"type": "summary_text", "text": self.reply["reasoning"]}]}

    def message_item(self, status: str, text: str) -> dict[str, Any]:
        content = [] if status == "in_progress" else [{"type": "output_text", "text": text, "annotations": []}]
        return {"id": self.message_id, "type": "message", "status": status, "role": "assistant", "content": content}

    def call_item(self, i: int, status: str, arguments: str) -> dict[str, Any]:
        c = self.calls[i]
        return {"id": self.call_ids[i], "type": "function_call", "status": status, "call_id": c["id"],
                "name": c["name"], "arguments": arguments}

    def output(self) -> list[dict[str, Any]]:
        out = []
        if self.reply.get("reasoning"):
            out.append(self.reasoning_item())
        if self.content or not self.calls:
            out.append(self.message_item("completed", self.content))
        out.extend(self.call_item(i, "completed", _args(c)) for i, c in enumerate(self.calls))
        return out

    def response(self, status: str) -> dict[str, Any]:
        done = status != "in_progress"
        return {
            "id": self.id, "object": "response", "created_at": self.created, "status": status,
            "error": None,
            "incomplete_details": {"reason": "max_output_tokens"} if status == "incomplete" else None,
            "instructions": self.body.get("instructions"), "max_output_tokens": self.body.get("max_output_tokens"),
            "model": self.model_id, "output": self.output() if done else [],
            "parallel_tool_calls": bool(self.body.get("parallel_tool_calls", True)),
            "previous_response_id": self.body.get("previous_response_id"),
            "reasoning": {"effort": None, "summary": None}, "store": bool(self.body.get("store", False)),
            "temperature": self.body.get("temperature", 1.0), "text": {"format": {"type": "text"}},
            "tool_choice": self.body.get("tool_choice", "auto"),
            "tools": self.body.get("tools") if isinstance(self.body.get("tools"), list) else [],
            "top_p": self.body.get("top_p", 1.0), "truncation": "disabled",
            "usage": responses_usage(self.usage) if done else None,
            "user": None, "metadata": {},
        }


def responses_body(model_id: str, reply: dict, content: str, calls: list, usage: dict, body: dict) -> dict:
    """The non-streaming answer: one ``response`` object, status completed (incomplete at a length stop)."""
    a = _Answer(model_id, reply, content, calls, usage, body)
    return a.response("incomplete" if a.incomplete else "completed")


def _chunks(text: str, size: int = 24) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


def responses_stream(model_id: str, reply: dict, content: str, calls: list, usage: dict, body: dict,
                     pace: Pace = NO_PACE) -> Iterator[bytes]:
    """The SSE events of a streaming answer (see the module docstring); `pace` is called per generated piece."""
    a = _Answer(model_id, reply, content, calls, usage, body)
    seq = 0

    def event(kind: str, **fields: Any) -> bytes:
        nonlocal seq
        obj = {"type": kind, "sequence_number": seq, **fields}
        seq += 1
        return f"event: {kind}\ndata: {json.dumps(obj)}\n\n".encode()

    yield event("response.created", response=a.response("in_progress"))
    yield event("response.in_progress", response=a.response("in_progress"))
    index = 0
    if reply.get("reasoning"):
        pace(reply["reasoning"])
        yield event("response.output_item.added", output_index=index, item=dict(a.reasoning_item(), summary=[]))
        yield event("response.output_item.done", output_index=index, item=a.reasoning_item())
        index += 1
    if content or not calls:
        yield from _message_events(a, index, event, pace)
        index += 1
    for i, c in enumerate(calls):
        args = _args(c)
        fid = a.call_ids[i]
        yield event("response.output_item.added", output_index=index, item=a.call_item(i, "in_progress", ""))
        for piece in _chunks(args):
            pace(piece)
            yield event("response.function_call_arguments.delta", item_id=fid, output_index=index, delta=piece)
        yield event("response.function_call_arguments.done", item_id=fid, output_index=index, name=c["name"],
                    arguments=args)
        yield event("response.output_item.done", output_index=index, item=a.call_item(i, "completed", args))
        index += 1
    pace.done()
    final = "incomplete" if a.incomplete else "completed"
    yield event(f"response.{final}", response=a.response(final))


def _message_events(a: _Answer, index: int, event: Callable[..., bytes],
                    pace: Pace) -> Iterator[bytes]:
    """The events of the message item: added, its output_text part and deltas, done."""
    mid = a.message_id
    where = {"item_id": mid, "output_index": index, "content_index": 0}
    yield event("response.output_item.added", output_index=index, item=a.message_item("in_progress", ""))
    yield event("response.content_part.added", **where, part={"type": "output_text", "text": "", "annotations": []})
    for piece in _chunks(a.content):
        pace(piece)
        yield event("response.output_text.delta", **where, delta=piece, logprobs=[])
    yield event("response.output_text.done", **where, text=a.content, logprobs=[])
    yield event("response.content_part.done", **where,
                part={"type": "output_text", "text": a.content, "annotations": []})
    yield event("response.output_item.done", output_index=index, item=a.message_item("completed", a.content))
