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

from bench.fakellm.pacing import NO_PACE, Pace, Speed

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


# llama.cpp's server answers a path it does not serve with this body (status 404)
LLAMA_CPP_NOT_FOUND = {"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}}


def openai_error(message: str) -> dict:
    """An OpenAI-style error body."""
    return {"error": {"message": message, "type": "api_error", "param": None, "code": None}}


def openai_not_found(name: str) -> dict:
    """The OpenAI-style 404 body for an unknown model."""
    return openai_error(f"model '{name}' not found")


# ----------------------------------------------------------------------------------------------
# Ollama: /api/chat and /api/generate


def _ollama_timing(usage: dict, speed: Speed | None = None) -> dict[str, int]:
    if speed is not None and speed.on:
        # the durations the simulated speed actually waited, so count / duration is the configured rate
        prefill_ns = round(speed.prefill_s(usage) * 1e9)
        decode_ns = round(speed.decode_s(usage) * 1e9)
        return {"total_duration": prefill_ns + decode_ns, "load_duration": 0,
                "prompt_eval_count": usage["prompt_tokens"], "prompt_eval_duration": prefill_ns,
                "eval_count": usage["completion_tokens"], "eval_duration": decode_ns}
    return {
        "total_duration": 150_000_000 + usage["completion_tokens"] * 10_000_000,
        "load_duration": 50_000_000,
        "prompt_eval_count": usage["prompt_tokens"],
        "prompt_eval_duration": 40_000_000,
        "eval_count": usage["completion_tokens"],
        "eval_duration": usage["completion_tokens"] * 10_000_000,
    }


def arguments_object(c: dict) -> Any:
    """A call's arguments as the APIs that carry an object (Ollama's, Anthropic's tool_use input) send them: a raw
    string is parsed, and one that is not JSON becomes {}."""
    args = c["arguments"]
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            args = {}
    return args


def _ollama_calls(calls: list) -> list[dict]:
    return [{"id": c["id"], "function": {"index": c["index"], "name": c["name"], "arguments": arguments_object(c)}}
            for c in calls]


def ollama_body(model_id: str, reply: dict, content: str, calls: list, usage: dict, api: str,
                speed: Speed | None = None) -> dict:
    """The non-streaming answer of /api/chat (api "ollama") or /api/generate (api "generate")."""
    done_reason = reply.get("done_reason") or "stop"
    timing = _ollama_timing(usage, speed)
    base = {"model": model_id}
    if api == "generate":
        return {**base, "created_at": _now_iso(), "response": content, "done": True,
                "done_reason": done_reason, "context": [], **timing}
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if reply.get("reasoning"):
        msg["thinking"] = reply["reasoning"]
    ocalls = _ollama_calls(calls)
    if ocalls:
        msg["tool_calls"] = ocalls
    return {**base, "created_at": _now_iso(), "message": msg, "done": True,
            "done_reason": done_reason, **timing}


def ollama_stream(model_id: str, reply: dict, content: str, calls: list, usage: dict, api: str,
                  speed: Speed | None = None, pace: Pace = NO_PACE) -> Iterator[bytes]:
    """The NDJSON lines of a streaming /api/chat or /api/generate answer, the last one with done: true.

    `pace` is called with each piece of generated text before it is sent (simulated decode speed).
    """
    done_reason = reply.get("done_reason") or "stop"
    timing = _ollama_timing(usage, speed)
    base = {"model": model_id}

    def line(obj: dict) -> bytes:
        return json.dumps(obj).encode() + b"\n"

    if api == "generate":
        for piece in _chunks(content):
            pace(piece)
            yield line({**base, "created_at": _now_iso(), "response": piece, "done": False})
        pace.done()
        yield line({**base, "created_at": _now_iso(), "response": "", "done": True,
                    "done_reason": done_reason, "context": [], **timing})
        return
    ocalls = _ollama_calls(calls)
    if reply.get("reasoning"):
        pace(reply["reasoning"])
        yield line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": "",
                                                                   "thinking": reply["reasoning"]}, "done": False})
    for piece in _chunks(content):
        pace(piece)
        yield line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": piece},
                    "done": False})
    if ocalls:
        pace(json.dumps(ocalls))
        yield line({**base, "created_at": _now_iso(),
                    "message": {"role": "assistant", "content": "", "tool_calls": ocalls}, "done": False})
    pace.done()
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


def openai_timings(usage: dict, speed: Speed | None) -> dict[str, Any] | None:
    """llama.cpp's ``timings`` for a simulated speed (None when speed is off): counts, ms and rates."""
    if speed is None or not speed.on:
        return None
    prompt_ms = speed.prefill_s(usage) * 1e3
    predicted_ms = speed.decode_s(usage) * 1e3
    return {"prompt_n": usage["prompt_tokens"], "prompt_ms": round(prompt_ms, 3),
            "prompt_per_token_ms": round(prompt_ms / max(1, usage["prompt_tokens"]), 3),
            "prompt_per_second": speed.prefill_tps,
            "predicted_n": usage["completion_tokens"], "predicted_ms": round(predicted_ms, 3),
            "predicted_per_token_ms": round(predicted_ms / max(1, usage["completion_tokens"]), 3),
            "predicted_per_second": speed.decode_tps}


def vllm_metrics(usage: dict, speed: Speed | None, queued_s: float) -> dict[str, Any]:
    """vLLM's per-request ``metrics`` (vllm serve --enable-per-request-metrics): its scheduler's queue time, time to
    first token from scheduling, and decode time, in ms."""
    prefill_s = speed.prefill_s(usage) if speed is not None and speed.on else 0.0
    decode_s = speed.decode_s(usage) if speed is not None and speed.on else 0.0
    return {"queue_time_ms": round(queued_s * 1e3, 3), "time_to_first_token_ms": round(prefill_s * 1e3, 3),
            "generation_time_ms": round(decode_s * 1e3, 3),
            "mean_itl_ms": round(decode_s * 1e3 / max(1, usage["completion_tokens"]), 3),
            "tokens_per_second": round(usage["completion_tokens"] / decode_s, 3) if decode_s else None}


def openai_body(model_id: str, reply: dict, content: str, calls: list, usage: dict,
                speed: Speed | None = None, metrics: dict | None = None) -> dict:
    """The non-streaming chat.completion answer (usage always included; llama.cpp's timings with a speed)."""
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if reply.get("reasoning"):
        msg["reasoning_content"] = reply["reasoning"]
    tcalls = _openai_calls(calls)
    if tcalls:
        msg["tool_calls"] = tcalls
    out = {"id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "object": "chat.completion", "created": int(time.time()),
           "model": model_id, "system_fingerprint": "fp_fakellm",
           "choices": [{"index": 0, "message": msg, "finish_reason": _finish_reason(reply, calls)}],
           "usage": _openai_usage(usage)}
    timings = openai_timings(usage, speed)
    if timings is not None:
        out["timings"] = timings
    if metrics is not None:
        out["metrics"] = metrics
    return out


def openai_stream(model_id: str, reply: dict, content: str, calls: list, usage: dict,
                  include_usage: bool | None, speed: Speed | None = None,
                  pace: Pace = NO_PACE, metrics: dict | None = None) -> Iterator[bytes]:
    """The SSE events of a streaming answer; a usage chunk only when the client asked for it.

    With a simulated speed the finishing chunk carries llama.cpp's ``timings``; `pace` is called with each
    piece of generated text before it is sent.
    """
    timings = openai_timings(usage, speed)
    cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
    created = int(time.time())

    def event(choices: list, **extra: Any) -> bytes:
        obj = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model_id,
               "system_fingerprint": "fp_fakellm", "choices": choices, **extra}
        return b"data: " + json.dumps(obj).encode() + b"\n\n"

    yield event([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
    if reply.get("reasoning"):
        pace(reply["reasoning"])
        yield event([{"index": 0, "delta": {"reasoning_content": reply["reasoning"]}, "finish_reason": None}])
    for piece in _chunks(content):
        pace(piece)
        yield event([{"index": 0, "delta": {"content": piece}, "finish_reason": None}])
    for tc in _openai_calls(calls):
        pace(tc["function"]["name"] + tc["function"]["arguments"])
        yield event([{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": None}])
    pace.done()
    yield event([{"index": 0, "delta": {}, "finish_reason": _finish_reason(reply, calls)}],
                **({"timings": timings} if timings is not None else {}),
                **({"metrics": metrics} if metrics is not None else {}))
    if include_usage:
        yield event([], usage=_openai_usage(usage))
    yield b"data: [DONE]\n\n"
