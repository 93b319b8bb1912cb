"""Wire formats: the JSON bodies of Ollama's API and the OpenAI-compatible API, and their streams.

Pure functions of a chosen reply: a non-streaming answer is one JSON body; a streaming answer is an
iterator of the raw pieces to send, one per chunk (Ollama: NDJSON lines; OpenAI: SSE events ending in
``data: [DONE]``). The iterators are lazy so each piece's ``created_at`` is the time it is sent.

``calls`` are the reply's tool calls as the handler numbered them: ``{id, index, name, arguments}``,
arguments a mapping or a raw JSON string (bad_arguments sends invalid JSON on purpose).
"""
from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from datetime import datetime, timezone
from typing import Any

OLLAMA_VERSION = "0.12.6"
NDJSON = "application/x-ndjson"
SSE = "text/event-stream"


def _now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _chunks(text: str, size: int = 24) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or []


# ----------------------------------------------------------------------------------------------
# Metadata


def ollama_tag(m: dict) -> dict:
    """A model as /api/tags lists it."""
    return {"name": m["full_name"], "model": m["full_name"], "modified_at": m["modified_at"],
            "size": m["size"], "digest": m["digest"], "details": m["details"]}


def ollama_ps(m: dict) -> dict:
    """A loaded model as /api/ps lists it."""
    return {"name": m["full_name"], "model": m["full_name"], "size": m["size"], "digest": m["digest"],
            "details": m["details"], "expires_at": "2099-01-01T00:00:00Z", "size_vram": m["size_vram"],
            "context_length": m["context_length"]}


def ollama_show(m: dict) -> dict:
    """The /api/show answer: details, capabilities and the context length where clients look for it."""
    fam = m["details"]["family"]
    return {
        "license": "",
        "modelfile": f"FROM {m['full_name']}\n",
        "parameters": f"num_ctx {m['context_length']}",
        "template": m["template"],
        "details": m["details"],
        "model_info": {
            "general.architecture": fam,
            "general.parameter_count": 7_000_000_000,
            f"{fam}.context_length": m["context_length"],
        },
        "capabilities": m["capabilities"],
        "modified_at": m["modified_at"],
    }


def openai_model(m: dict) -> dict:
    """A model as /v1/models lists it."""
    return {"id": m["full_name"], "object": "model", "created": 1735689600, "owned_by": "library"}


def openai_error(message: str) -> dict:
    """An OpenAI-style error body."""
    return {"error": {"message": message, "type": "api_error", "param": None, "code": None}}


def openai_not_found(name: str) -> dict:
    """The OpenAI-style 404 body for an unknown model."""
    return openai_error(f"model '{name}' not found")


# ----------------------------------------------------------------------------------------------
# Ollama: /api/chat and /api/generate


def _ollama_timing(usage: dict) -> dict[str, int]:
    return {
        "total_duration": 150_000_000 + usage["completion_tokens"] * 10_000_000,
        "load_duration": 50_000_000,
        "prompt_eval_count": usage["prompt_tokens"],
        "prompt_eval_duration": 40_000_000,
        "eval_count": usage["completion_tokens"],
        "eval_duration": usage["completion_tokens"] * 10_000_000,
    }


def _ollama_calls(calls: list) -> list[dict]:
    out = []
    for c in calls:
        args = c["arguments"]
        if isinstance(args, str):
            # Ollama's API carries arguments as an object: a raw string that is not JSON becomes {}
            try:
                args = json.loads(args)
            except ValueError:
                args = {}
        out.append({"id": c["id"], "function": {"index": c["index"], "name": c["name"], "arguments": args}})
    return out


def ollama_body(model_id: str, reply: dict, content: str, calls: list, usage: dict, api: str) -> dict:
    """The non-streaming answer of /api/chat (api "ollama") or /api/generate (api "generate")."""
    done_reason = reply.get("done_reason") or "stop"
    base = {"model": model_id}
    if api == "generate":
        return {**base, "created_at": _now_iso(), "response": content, "done": True,
                "done_reason": done_reason, "context": [], **_ollama_timing(usage)}
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if reply.get("reasoning"):
        msg["thinking"] = reply["reasoning"]
    ocalls = _ollama_calls(calls)
    if ocalls:
        msg["tool_calls"] = ocalls
    return {**base, "created_at": _now_iso(), "message": msg, "done": True,
            "done_reason": done_reason, **_ollama_timing(usage)}


def ollama_stream(model_id: str, reply: dict, content: str, calls: list, usage: dict, api: str) -> Iterator[bytes]:
    """The NDJSON lines of a streaming /api/chat or /api/generate answer, the last one with done: true."""
    done_reason = reply.get("done_reason") or "stop"
    timing = _ollama_timing(usage)
    base = {"model": model_id}

    def line(obj: dict) -> bytes:
        return json.dumps(obj).encode() + b"\n"

    if api == "generate":
        for piece in _chunks(content):
            yield line({**base, "created_at": _now_iso(), "response": piece, "done": False})
        yield line({**base, "created_at": _now_iso(), "response": "", "done": True,
                    "done_reason": done_reason, "context": [], **timing})
        return
    ocalls = _ollama_calls(calls)
    if reply.get("reasoning"):
        yield line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": "",
                                                                   "thinking": reply["reasoning"]}, "done": False})
    for piece in _chunks(content):
        yield line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": piece},
                    "done": False})
    if ocalls:
        yield line({**base, "created_at": _now_iso(),
                    "message": {"role": "assistant", "content": "", "tool_calls": ocalls}, "done": False})
    yield line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": ""}, "done": True,
                "done_reason": done_reason, **timing})


# ----------------------------------------------------------------------------------------------
# OpenAI: /v1/chat/completions


def _openai_usage(usage: dict) -> dict[str, Any]:
    ousage: dict[str, Any] = {"prompt_tokens": usage["prompt_tokens"], "completion_tokens": usage["completion_tokens"],
                              "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"]}
    if "reasoning_tokens" in usage:
        ousage["completion_tokens_details"] = {"reasoning_tokens": usage["reasoning_tokens"]}
    if "cached_tokens" in usage:
        ousage["prompt_tokens_details"] = {"cached_tokens": usage["cached_tokens"]}
    return ousage


def _openai_calls(calls: list) -> list[dict]:
    return [{"id": c["id"], "index": c["index"], "type": "function",
             "function": {"name": c["name"],
                          "arguments": c["arguments"] if isinstance(c["arguments"], str)
                          else json.dumps(c["arguments"])}}
            for c in calls]


def _finish_reason(reply: dict, calls: list) -> str:
    return "tool_calls" if calls else (reply.get("done_reason") or "stop")


def openai_body(model_id: str, reply: dict, content: str, calls: list, usage: dict) -> dict:
    """The non-streaming chat.completion answer (usage always included)."""
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if reply.get("reasoning"):
        msg["reasoning_content"] = reply["reasoning"]
    tcalls = _openai_calls(calls)
    if tcalls:
        msg["tool_calls"] = tcalls
    return {"id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "object": "chat.completion", "created": int(time.time()),
            "model": model_id, "system_fingerprint": "fp_fakellm",
            "choices": [{"index": 0, "message": msg, "finish_reason": _finish_reason(reply, calls)}],
            "usage": _openai_usage(usage)}


def openai_stream(model_id: str, reply: dict, content: str, calls: list, usage: dict,
                  include_usage: bool | None) -> Iterator[bytes]:
    """The SSE events of a streaming answer; a usage chunk only when the client asked for it."""
    cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
    created = int(time.time())

    def event(choices: list, **extra: Any) -> bytes:
        obj = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model_id,
               "system_fingerprint": "fp_fakellm", "choices": choices, **extra}
        return b"data: " + json.dumps(obj).encode() + b"\n\n"

    yield event([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
    if reply.get("reasoning"):
        yield event([{"index": 0, "delta": {"reasoning_content": reply["reasoning"]}, "finish_reason": None}])
    for piece in _chunks(content):
        yield event([{"index": 0, "delta": {"content": piece}, "finish_reason": None}])
    for tc in _openai_calls(calls):
        yield event([{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": None}])
    yield event([{"index": 0, "delta": {}, "finish_reason": _finish_reason(reply, calls)}])
    if include_usage:
        yield event([], usage=_openai_usage(usage))
    yield b"data: [DONE]\n\n"
