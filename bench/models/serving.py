"""The model server as a controlled factor: one context window for every agent (`run --num-ctx N`), and the
serving facts every run and evaluation records (window, quantization, parameter count, family, digest).

How the window is set, per server:

- Ollama takes the window per request (`options.num_ctx`). The proxy sets it on every native call (/api/chat,
  /api/generate), over whatever the agent asked. Ollama's OpenAI-compatible routes (/v1/chat/completions,
  /v1/responses, /v1/messages) ignore num_ctx, so with a window set the proxy serves them through Ollama's native
  chat API with the option set (chat_to_native), and translates the answer back (NativeToChat); a Responses or
  Messages call goes the same way after its usual translation to chat completions.
- llama.cpp (`/props` n_ctx) and vLLM (`/v1/models` max_model_len) fix the window when the server starts: the
  harness reads it (fixed_window) and refuses a different --num-ctx in one line (window_mismatch).

A call is counted truncated (truncated) when the server evaluated fewer prompt tokens than one per
calls.TRUNCATION_CHARS_PER_TOKEN characters of prompt (it dropped part of it), or, with the window known, when the
prompt and answer filled it (prompt_tokens + completion_tokens >= window: Ollama shifts the context out from
under a prompt that long, or cut the answer at the window's end) or the answer stopped for length with the
prompt alone taking more than half of the window. METHODOLOGY.md states the same rule.
"""
from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any

from bench.models import calls
from bench.models.modelserver import ServerError, request_json, same_tag

META_TIMEOUT_S = 10.0
# The facts every run's and evaluation's record carries, in the order compare and the leaderboard list them.
FACTS = ("server", "context_window", "quantization", "parameter_count", "family", "digest")
MIN_NUM_CTX, MAX_NUM_CTX = 256, 16 * 1024 * 1024
# A GGUF file's quantization as its name spells it (qwen2.5-coder-7b-instruct-Q4_K_M.gguf)
_GGUF_QUANT = re.compile(r"[-_.]((?:I?Q[0-9](?:_[0-9A-Z]+)+)|BF16|F16|F32)(?=[-.]|$)", re.I)


def check_num_ctx(value: int | None) -> None:
    """Refuse a --num-ctx no server could use (one line)."""
    if value is not None and not MIN_NUM_CTX <= value <= MAX_NUM_CTX:
        from bench.common.errors import UserError
        raise UserError(f"--num-ctx: must be a number of tokens from {MIN_NUM_CTX} to {MAX_NUM_CTX} (got {value}); "
                        "leave it out to keep each server's and agent's own window")


# -- what the server says


def fixed_window(openai_base: str, model: str, timeout_s: float = META_TIMEOUT_S) -> dict[str, Any]:
    """The window of a server that fixes it at start, and what else it reports: {"server": "llama.cpp"|"vllm",
    "context_window", "parameter_count"?, "model_path"?}; {} when the server reports neither (/props n_ctx,
    /v1/models max_model_len). Never raises for server trouble: what could not be learned is left out."""
    root = openai_base[:-3] if openai_base.endswith("/v1") else openai_base
    try:
        props = request_json("GET", f"{root}/props", timeout_s=timeout_s)
    except ServerError:
        props = None
    if isinstance(props, dict):
        settings = props.get("default_generation_settings")
        n_ctx = props.get("n_ctx", settings.get("n_ctx") if isinstance(settings, dict) else None)
        if _count(n_ctx):
            out: dict[str, Any] = {"server": "llama.cpp", "context_window": n_ctx}
            if isinstance(props.get("model_path"), str):
                out["model_path"] = props["model_path"][:500]
            return out
    try:
        listed = request_json("GET", f"{openai_base}/models", timeout_s=timeout_s)
    except ServerError:
        return {}
    for entry in (listed.get("data") or []) if isinstance(listed, dict) else []:
        if isinstance(entry, dict) and same_tag(str(entry.get("id")), model) and _count(entry.get("max_model_len")):
            return {"server": "vllm", "context_window": entry["max_model_len"]}
    return {}


def window_mismatch(fixed: dict[str, Any], num_ctx: int | None, base_url: str) -> str | None:
    """The one-line refusal when --num-ctx differs from the window a server fixed at start, or the server (not
    Ollama) reports none; None when it agrees, or nothing was asked."""
    have = fixed.get("context_window")
    if num_ctx is not None and have is None:
        return (f"--num-ctx {num_ctx}: the server at {base_url} reports no context window (neither llama.cpp's /props "
                "n_ctx nor vLLM's max_model_len in /v1/models), so the harness can neither set nor check it; start "
                "it with that window and leave --num-ctx out, or use Ollama, llama.cpp or vLLM")
    if num_ctx is None or have == num_ctx:
        return None
    flag = "--ctx-size" if fixed.get("server") == "llama.cpp" else "--max-model-len"
    return (f"--num-ctx {num_ctx}: the {fixed['server']} server at {base_url} runs with a context window of {have} "
            f"tokens, fixed when it started; restart it with {flag} {num_ctx}, or pass --num-ctx {have}")


def facts(model_info: dict[str, Any] | None, num_ctx: int | None) -> dict[str, Any]:
    """The serving facts of an evaluation (FACTS), from modelserver.model_info's section: the window the calls are
    served with (--num-ctx where the harness sets it, else the server's own: llama.cpp's or vLLM's fixed window,
    Ollama's Modelfile num_ctx), and where that number came from (`context_source`). Unknown facts are None."""
    info = model_info or {}
    server = info.get("fixed_window", {}).get("server") if isinstance(info.get("fixed_window"), dict) else None
    if server is None:
        server = "ollama" if (info.get("server") or {}).get("ollama") else (info.get("server") or {}).get("kind")
    fixed = (info.get("fixed_window") or {}).get("context_window") if isinstance(info.get("fixed_window"), dict) \
        else None
    if num_ctx is not None:
        window, source = num_ctx, "--num-ctx"
    elif fixed is not None:
        window, source = fixed, "server"
    elif info.get("num_ctx") is not None:
        window, source = info["num_ctx"], "server default (Modelfile num_ctx)"
    else:
        window, source = None, "each agent's and server's own"
    params = info.get("parameter_count") or info.get("parameter_size")
    quantization = info.get("quantization")
    path = (info.get("fixed_window") or {}).get("model_path") if isinstance(info.get("fixed_window"), dict) else None
    if quantization is None and isinstance(path, str):   # llama.cpp names no quantization but its GGUF file does
        found = _GGUF_QUANT.search(path.rsplit("/", 1)[-1])
        quantization = found.group(1).upper() if found else None
    return {"server": server, "context_window": window, "context_source": source,
            "quantization": quantization, "parameter_count": params, "family": info.get("family"),
            "digest": info.get("digest")}


# -- the window on each call


def set_num_ctx(body: dict, num_ctx: int) -> dict:
    """A native Ollama request with the harness's window in its options (over the agent's own num_ctx)."""
    options = body.get("options") if isinstance(body.get("options"), dict) else {}
    body["options"] = {**options, "num_ctx": num_ctx}
    return body


def _content_text(content: Any) -> tuple[str, list[str]]:
    """A chat message's content as Ollama's (text, images): parts of type text joined, image data URLs' base64."""
    if content is None:
        return "", []
    if isinstance(content, str):
        return content, []
    texts, images = [], []
    for part in content if isinstance(content, list) else []:
        if not isinstance(part, dict):
            continue
        if isinstance(part.get("text"), str):
            texts.append(part["text"])
        url = (part.get("image_url") or {}).get("url") if isinstance(part.get("image_url"), dict) else None
        if isinstance(url, str) and url.startswith("data:") and "," in url:
            images.append(url.split(",", 1)[1])
    return "".join(texts), images


def _arguments(raw: Any) -> Any:
    """A chat tool call's arguments (a JSON string) as Ollama's object; text that is not JSON stays text."""
    if isinstance(raw, str):
        try:
            return json.loads(raw) if raw.strip() else {}
        except ValueError:
            return raw
    return raw if raw is not None else {}


def _native_message(m: dict, names: dict[str, str]) -> dict:
    """One chat message as Ollama's; `names` maps tool call ids to tool names (a result names its tool)."""
    text, images = _content_text(m.get("content"))
    role = m.get("role") if m.get("role") in ("system", "user", "assistant", "tool") else "user"
    if m.get("role") == "developer":
        role = "system"
    out: dict[str, Any] = {"role": role, "content": text}
    if images:
        out["images"] = images
    reasoning = m.get("reasoning_content") or m.get("reasoning")
    if role == "assistant" and isinstance(reasoning, str) and reasoning:
        out["thinking"] = reasoning
    if role == "assistant" and isinstance(m.get("tool_calls"), list):
        out["tool_calls"] = []
        for c in (c for c in m["tool_calls"] if isinstance(c, dict)):
            fn = c.get("function") if isinstance(c.get("function"), dict) else {}
            names[str(c.get("id"))] = str(fn.get("name") or "")
            out["tool_calls"].append({"function": {"name": fn.get("name"), "arguments": _arguments(
                fn.get("arguments"))}})
    if role == "tool" and (name := m.get("name") or names.get(str(m.get("tool_call_id")))):
        out["tool_name"] = name
    return out


def _native_options(chat: dict, num_ctx: int) -> dict:
    """The chat request's sampling controls and length as Ollama's options, with the window."""
    options: dict[str, Any] = {"num_ctx": num_ctx}
    for key in ("temperature", "top_p", "seed", "presence_penalty", "frequency_penalty", "top_k", "min_p"):
        if isinstance(chat.get(key), (int, float)) and not isinstance(chat.get(key), bool):
            options[key] = chat[key]
    limit = chat.get("max_completion_tokens", chat.get("max_tokens"))
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
        options["num_predict"] = limit
    stop = chat.get("stop")
    if isinstance(stop, str):
        options["stop"] = [stop]
    elif isinstance(stop, list) and all(isinstance(s, str) for s in stop):
        options["stop"] = stop
    return options


def chat_to_native(chat: dict, num_ctx: int) -> dict:
    """A chat-completions request as Ollama's native /api/chat request with `num_ctx` set: messages (text, images,
    tool calls and results), tools, the sampling controls Ollama has, the answer's length and format."""
    names: dict[str, str] = {}
    messages = [_native_message(m, names) for m in chat.get("messages") or [] if isinstance(m, dict)]
    body: dict[str, Any] = {"model": chat.get("model"), "messages": messages, "stream": chat.get("stream") is True}
    if isinstance(chat.get("tools"), list) and chat["tools"]:
        body["tools"] = [t for t in chat["tools"] if isinstance(t, dict) and t.get("type", "function") == "function"]
    body["options"] = _native_options(chat, num_ctx)
    fmt = chat.get("response_format")
    if isinstance(fmt, dict):
        if fmt.get("type") == "json_object":
            body["format"] = "json"
        elif fmt.get("type") == "json_schema" and isinstance(fmt.get("json_schema"), dict):
            body["format"] = fmt["json_schema"].get("schema") or "json"
    effort = chat.get("reasoning_effort")
    if isinstance(effort, str):
        body["think"] = effort != "none"
    return body


def _finish(done_reason: Any, had_calls: bool) -> str:
    if had_calls:
        return "tool_calls"
    return "length" if done_reason == "length" else "stop"


def _tool_calls(message: dict, start: int) -> list[dict]:
    out = []
    for i, c in enumerate(message.get("tool_calls") or []):
        fn = c.get("function") if isinstance(c, dict) and isinstance(c.get("function"), dict) else {}
        args = fn.get("arguments")
        out.append({"index": start + i, "id": f"call_{uuid.uuid4().hex[:12]}", "type": "function",
                    "function": {"name": str(fn.get("name") or ""),
                                 "arguments": args if isinstance(args, str) else json.dumps(
                                     args if args is not None else {})}})
    return out


def _usage(obj: dict) -> dict[str, int] | None:
    p, c = obj.get("prompt_eval_count"), obj.get("eval_count")
    if not (_count(p) or _count(c)):
        return None
    p, c = p if _count(p) else 0, c if _count(c) else 0
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


def native_answer_to_chat(answer: dict, model: str | None) -> dict:
    """A whole native /api/chat answer as a chat completion."""
    message = answer.get("message") if isinstance(answer.get("message"), dict) else {}
    calls_out = _tool_calls(message, 0)
    out_message: dict[str, Any] = {"role": "assistant", "content": message.get("content") or ""}
    if isinstance(message.get("thinking"), str) and message["thinking"]:
        out_message["reasoning_content"] = message["thinking"]
    if calls_out:
        out_message["tool_calls"] = [{k: v for k, v in c.items() if k != "index"} for c in calls_out]
    body: dict[str, Any] = {"id": f"chatcmpl-{uuid.uuid4().hex[:16]}", "object": "chat.completion",
                            "created": int(time.time()), "model": answer.get("model") or model,
                            "choices": [{"index": 0, "message": out_message,
                                         "finish_reason": _finish(answer.get("done_reason"), bool(calls_out))}]}
    usage = _usage(answer)
    if usage:
        body["usage"] = usage
    return body


def native_error(status: int, raw: bytes) -> bytes:
    """Ollama's error body ({"error": "text"}) in OpenAI's shape ({"error": {"message", "type"}})."""
    try:
        said = json.loads(raw)
    except ValueError:
        said = None
    text = said.get("error") if isinstance(said, dict) else None
    message = text if isinstance(text, str) else raw[:500].decode("utf-8", "replace") or f"status {status}"
    kind = "not_found_error" if status == 404 else "invalid_request_error" if status < 500 else "server_error"
    return json.dumps({"error": {"message": message, "type": kind}}).encode()


class NativeToChat:
    """Ollama's native chat answer in, a chat-completions answer out: a stream's NDJSON lines as server-sent
    chunks (usage in a last chunk when the agent asked for it), a whole answer as one object."""

    def __init__(self, chat_request: dict, streamed: bool, status: int):
        self.model = chat_request.get("model") if isinstance(chat_request.get("model"), str) else None
        self.streamed, self.status = streamed and status < 400, status
        opts = chat_request.get("stream_options")
        self.include_usage = isinstance(opts, dict) and opts.get("include_usage") is True
        self.id = f"chatcmpl-{uuid.uuid4().hex[:16]}"
        self.created = int(time.time())
        self._buf = bytearray()
        self._whole = bytearray()
        self._started = False
        self._calls = 0
        self._ended = False

    def _chunk(self, delta: dict, finish: str | None = None, usage: dict | None = None) -> bytes:
        event: dict[str, Any] = {"id": self.id, "object": "chat.completion.chunk", "created": self.created,
                                 "model": self.model, "choices": [] if usage is not None and not delta and
                                 finish is None else [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if usage is not None:
            event["usage"] = usage
        return b"data: " + json.dumps(event).encode() + b"\n\n"

    def _line(self, line: bytes) -> bytes:
        if not line.strip() or self._ended:
            return b""
        try:
            obj = json.loads(line)
        except ValueError:
            return self.fail("the model server sent a line that is not JSON")
        if not isinstance(obj, dict):
            return b""
        if isinstance(obj.get("error"), str):
            return self.fail(obj["error"])
        if isinstance(obj.get("model"), str):
            self.model = obj["model"]
        out = b""
        message = obj.get("message") if isinstance(obj.get("message"), dict) else {}
        delta: dict[str, Any] = {}
        if not self._started:
            delta["role"] = "assistant"
            self._started = True
        if isinstance(message.get("thinking"), str) and message["thinking"]:
            delta["reasoning_content"] = message["thinking"]
        if isinstance(message.get("content"), str) and message["content"]:
            delta["content"] = message["content"]
        new_calls = _tool_calls(message, self._calls)
        if new_calls:
            delta["tool_calls"] = new_calls
            self._calls += len(new_calls)
        if delta and (set(delta) != {"role"} or obj.get("done") is not True):
            out += self._chunk(delta)
        if obj.get("done") is True:
            self._ended = True
            out += self._chunk({}, _finish(obj.get("done_reason"), self._calls > 0))
            usage = _usage(obj)
            if self.include_usage:
                out += self._chunk({}, None, usage or {"prompt_tokens": 0, "completion_tokens": 0,
                                                       "total_tokens": 0})
            out += b"data: [DONE]\n\n"
        return out

    def feed(self, piece: bytes) -> bytes:
        """The chat-completions bytes for what came so far (a whole answer's: nothing until finish)."""
        if not self.streamed:
            self._whole += piece
            return b""
        self._buf += piece
        cut = self._buf.rfind(b"\n") + 1
        if not cut:
            return b""
        lines, self._buf = bytes(self._buf[:cut]), self._buf[cut:]
        return b"".join(self._line(x) for x in lines.splitlines())

    def fail(self, message: str) -> bytes:
        """A stream ends as a chat-completions stream ends a failure: an error event."""
        self._ended = True
        return b"data: " + json.dumps({"error": {"message": message, "type": "server_error"}}).encode() + b"\n\n"

    def finish(self) -> bytes:
        """The rest: a stream's last line, or the whole answer converted (an error in OpenAI's shape)."""
        if self.streamed:
            rest, self._buf = bytes(self._buf), bytearray()
            out = self._line(rest) if rest.strip() else b""
            if not self._ended:
                out += self.fail("the model server's answer ended before done")
            return out
        if self.status >= 400:
            return native_error(self.status, bytes(self._whole))
        try:
            answer = json.loads(self._whole)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            return native_error(502, b'{"error": "the model server\'s answer is not a JSON object"}')
        if isinstance(answer.get("error"), str):
            return native_error(500, bytes(self._whole))
        return json.dumps(native_answer_to_chat(answer, self.model)).encode()


# -- what the calls say


def truncated(call: dict, window: int | None) -> bool | None:
    """Whether a recorded call was truncated (the module docstring's rule); None when its counts are unknown."""
    usage = call.get("usage") if isinstance(call.get("usage"), dict) else {}
    prompt, answer = usage.get("prompt_tokens"), usage.get("completion_tokens")
    by_chars = calls.context_truncated(prompt if _count(prompt) else None, call.get("prompt_chars"))
    if by_chars or window is None or not _count(prompt):
        return by_chars
    if prompt + (answer if _count(answer) else 0) >= window:
        return True
    return call.get("finish_reason") == "length" and prompt * 2 > window


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
