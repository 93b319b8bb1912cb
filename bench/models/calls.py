"""What one model call's bodies say: the facts the recording proxy (bench.models.proxy) writes per call.

Pure parsing, no I/O: `request_facts` reads the request body an agent sent, `AnswerReader` reads a copy of the
answer as it streams past (OpenAI SSE ``data: ...`` events, Ollama NDJSON lines) or whole (one JSON body), and
`call_record` joins them with the timings into one `model_calls.jsonl` line.

Usage is what the upstream reported, never an estimate: a count it did not report is null (never 0).
OpenAI-compatible: ``usage.prompt_tokens``, ``completion_tokens``, ``prompt_tokens_details.cached_tokens``,
``completion_tokens_details.reasoning_tokens``, plus llama.cpp's ``timings.prompt_ms`` / ``predicted_ms``.
Ollama: ``prompt_eval_count``, ``eval_count``, ``prompt_eval_duration`` / ``eval_duration`` (nanoseconds).

context_truncated: true when the server says it evaluated fewer than ``prompt_chars / TRUNCATION_CHARS_PER_TOKEN``
prompt tokens. Real tokenizers give about 3-4 characters per token for English and code, so a server that
counts fewer than one token per 8 characters sent has almost surely dropped part of the prompt (Ollama cuts
silently to ``num_ctx``). Null when either side is unknown. OpenAI's ``prompt_tokens`` include the cached ones.
Caveat: a server that counts only the tokens it evaluated after a prompt-cache hit (as some Ollama versions do
in ``prompt_eval_count``) can look truncated; the reports should show the mark beside the call, not act on it.
"""
from __future__ import annotations

import json
import re
import unicodedata
from datetime import datetime
from typing import Any

from bench.models import queue

OPENAI_CHAT = "openai_chat"
OPENAI_COMPLETIONS = "openai_completions"
OPENAI_RESPONSES = "openai_responses"
ANTHROPIC_MESSAGES = "anthropic_messages"
OLLAMA_CHAT = "ollama_chat"
OLLAMA_GENERATE = "ollama_generate"
GEMINI = "gemini_generate"   # Google's Gemini API, models/<model>:generateContent (translated: bench.models.gemini)
OTHER = "other"   # model lists, model details, versions: answered, recorded, not model calls
MODEL_CALLS = (OPENAI_CHAT, OPENAI_COMPLETIONS, OPENAI_RESPONSES, ANTHROPIC_MESSAGES, OLLAMA_CHAT, OLLAMA_GENERATE,
               GEMINI)
_GEMINI_CALL = re.compile(r"/models/[^?]+:(?:generateContent|streamGenerateContent)$")

TRUNCATION_CHARS_PER_TOKEN = 8
# An answer bigger than this is still forwarded whole; only the proxy's parsed copy gives up (its facts go null).
MAX_PARSED_BYTES = 32 * 1024 * 1024

USAGE_FIELDS = ("prompt_tokens", "completion_tokens", "cached_tokens", "reasoning_tokens")

# What a request body may be before the proxy parses it. Depth: JSON parsers recurse per level (Python's raises
# RecursionError near 1,000), while real bodies (messages, content parts, tool schemas) nest a dozen levels.
# Containers: each object or array becomes a Python object of a few hundred bytes while parsed, so a body of small
# objects weighs far more parsed than on the wire; a long conversation with its tool schemas has a few thousand.
# Items (containers and commas): a prompt given as token ids has one per token.
MAX_JSON_DEPTH = 64
MAX_JSON_CONTAINERS = 50_000
MAX_JSON_ITEMS = 1_000_000
# Why the proxy refused a call, as the calls file's `refused` field says it, and the run flag each one raises.
REFUSALS = {
    "bad_framing": "proxy_bad_request",          # ambiguous or malformed HTTP framing
    "bad_body": "proxy_bad_request",             # not one JSON object in UTF-8, or keys a parser could read two ways
    "body_too_large": "proxy_limit_request_bytes",
    "json_too_deep": "proxy_limit_json_depth",
    "json_too_big": "proxy_limit_json_depth",
    "too_many_connections": "proxy_limit_connections",
    "other_model": "other_model_called",
    "calls_file_full": "proxy_limit_calls",      # the run's calls file reached its cap: later requests refused
}
# A record's strings that the agent or the server shape (its path, an error quoting them, a model name) are cut to
# these lengths, so a record stays a few KB whatever the request: the run's calls file is capped in bytes.
MAX_PATH_CHARS = 512
MAX_TEXT_CHARS = 1000
# A JSON string (as JSON lexes it), or one structural character.
_TOKENS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{},]', re.S)
_OPEN, _CLOSE, _QUOTE = frozenset(b"[{"), frozenset(b"]}"), ord('"')


class BodyRefused(ValueError):
    """A request body the proxy will not parse or forward; `code` is its REFUSALS key."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def json_shape(raw: bytes | bytearray) -> tuple[int, int, int]:
    """(deepest nesting, containers, containers + commas) of a JSON text, from one scan of its tokens outside
    strings that stops once any passes its cap (MAX_JSON_DEPTH, MAX_JSON_CONTAINERS, MAX_JSON_ITEMS), holding no
    copy of the text.

    Strings are lexed as JSON lexes them, so for any text a parser would read, the depth found here is at least
    the depth the parser would descend to before it finished or failed."""
    depth = deepest = containers = items = 0
    for match in _TOKENS.finditer(raw):
        char = raw[match.start()]
        if char == _QUOTE:
            continue
        items += 1
        if char in _OPEN:
            depth += 1
            containers += 1
            deepest = max(deepest, depth)
        elif char in _CLOSE:
            depth -= 1
        if deepest > MAX_JSON_DEPTH or containers > MAX_JSON_CONTAINERS or items > MAX_JSON_ITEMS:
            break
    return deepest, containers, items


def _fold(key: str) -> str:
    return unicodedata.normalize("NFKC", key).casefold()


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's keys must read one way in every parser: no key twice, and no two keys that a case-insensitive
    parser (Go's encoding/json, which Ollama uses) would take for one."""
    obj = dict(pairs)
    if len(obj) != len(pairs) or len({_fold(k) for k in obj}) != len(obj):
        seen = sorted({k for k, _ in pairs if sum(_fold(j) == _fold(k) for j, _ in pairs) > 1})[:4]
        raise BodyRefused("bad_body", f"the body has keys a server could read two ways: {seen}")
    return obj


def parse_body(raw: bytes | bytearray, camel_case: bool = False) -> dict[str, Any]:
    """A request body as the one JSON object it must be; BodyRefused when it is not, is nested deeper than
    MAX_JSON_DEPTH or is larger than MAX_JSON_CONTAINERS / MAX_JSON_ITEMS (decided before parsing), or has
    ambiguous keys. Its top-level keys are the API's own, all lower case: one spelled otherwise (`"Model"`)
    could be read by a case-insensitive server as the field the proxy checks. camel_case: the Gemini API's
    keys (systemInstruction); that body is only ever translated, never forwarded, so no server reads it."""
    depth, containers, items = json_shape(raw)
    if depth > MAX_JSON_DEPTH:
        raise BodyRefused("json_too_deep", f"the body nests over {MAX_JSON_DEPTH} levels deep")
    if containers > MAX_JSON_CONTAINERS or items > MAX_JSON_ITEMS:
        raise BodyRefused("json_too_big", f"the body has over {MAX_JSON_CONTAINERS} JSON objects and arrays or "
                                          f"{MAX_JSON_ITEMS} items")
    try:
        body = json.loads(bytes(raw).decode("utf-8"), object_pairs_hook=_unique_keys)
    except UnicodeDecodeError:
        raise BodyRefused("bad_body", "the body is not UTF-8") from None
    except BodyRefused:
        raise
    except ValueError as e:
        raise BodyRefused("bad_body", f"the body is not JSON: {e}") from None
    if not isinstance(body, dict):
        raise BodyRefused("bad_body", "the body is not a JSON object")
    odd = [k for k in body if _fold(k) != k]
    if odd and not camel_case:
        raise BodyRefused("bad_body", f"top-level key(s) {odd[:4]} are not spelled as the API spells them "
                                      "(lower case)")
    return body


def protocol_of(path: str) -> str:
    """The wire protocol a request path speaks (the path as the agent sent it, query string and all)."""
    path = path.split("?", 1)[0].rstrip("/")
    # Clients disagree on whether the OpenAI base carries /v1, so the tail decides.
    if path.endswith("/chat/completions"):
        return OPENAI_CHAT
    if path.endswith("/v1/completions"):
        return OPENAI_COMPLETIONS
    if path.endswith("/v1/responses"):
        return OPENAI_RESPONSES
    if path.endswith("/v1/messages"):
        return ANTHROPIC_MESSAGES
    if path == "/api/chat":
        return OLLAMA_CHAT
    if path == "/api/generate":
        return OLLAMA_GENERATE
    if _GEMINI_CALL.search(path):
        return GEMINI
    return OTHER


def _text_chars(content: Any) -> int:
    """Characters of a message's content: a string, or a list of parts whose text counts."""
    if isinstance(content, str):
        return len(content)
    if isinstance(content, list):
        return sum(len(p["text"]) if isinstance(p, dict) and isinstance(p.get("text"), str)
                   else len(p) if isinstance(p, str) else 0 for p in content)
    return 0


def _blocks_chars(content: Any) -> int:
    """Characters of Responses input items or Anthropic content blocks: texts, tool arguments and tool results."""
    if not isinstance(content, list):
        return _text_chars(content)
    total = 0
    for block in content:
        if isinstance(block, str):
            total += len(block)
        elif isinstance(block, dict):
            for key in ("text", "arguments", "output"):
                if isinstance(block.get(key), str):
                    total += len(block[key])
            if isinstance(block.get("input"), dict):            # Anthropic tool_use
                total += len(json.dumps(block["input"]))
            if "content" in block:                               # Anthropic tool_result, Responses message items
                total += _blocks_chars(block["content"])
    return total


def prompt_chars(body: dict, protocol: str) -> int | None:
    """The size of what was sent to the model: message texts and tool-call arguments (tool schemas and the
    chat template are left out, so the truncation rule errs towards not flagging). None for non-chat calls."""
    if protocol == OLLAMA_GENERATE:
        return sum(len(body[k]) for k in ("prompt", "system") if isinstance(body.get(k), str))
    if protocol == OPENAI_COMPLETIONS:
        return _text_chars(body.get("prompt")) if isinstance(body.get("prompt"), str) else None
    if protocol == OPENAI_RESPONSES:
        return _blocks_chars(body.get("input")) + _text_chars(body.get("instructions"))
    if protocol == ANTHROPIC_MESSAGES:
        messages = body.get("messages")
        system = _blocks_chars(body.get("system"))
        return system + sum(_blocks_chars(m.get("content")) for m in messages if isinstance(m, dict)) \
            if isinstance(messages, list) else system
    if protocol == GEMINI:
        contents = body.get("contents")
        parts = [p for c in contents if isinstance(c, dict) and isinstance(c.get("parts"), list)
                 for p in c["parts"]] if isinstance(contents, list) else []
        system = body.get("systemInstruction")
        if isinstance(system, dict) and isinstance(system.get("parts"), list):
            parts += system["parts"]
        return sum(len(p["text"]) if isinstance(p.get("text"), str) else len(json.dumps(p))
                   for p in parts if isinstance(p, dict))
    if protocol not in (OPENAI_CHAT, OLLAMA_CHAT):
        return None
    messages = body.get("messages")
    if not isinstance(messages, list):
        return 0
    total = 0
    for m in messages:
        if not isinstance(m, dict):
            continue
        total += _text_chars(m.get("content"))
        if m.get("tool_calls"):
            total += len(json.dumps(m["tool_calls"]))
    return total


def request_facts(body: Any, protocol: str) -> dict[str, Any]:
    """model, stream (as asked, with each protocol's default: Ollama streams, OpenAI does not) and prompt_chars,
    from the parsed body (parse_body); anything else (no body, one that was refused) has none of them."""
    if not isinstance(body, dict):
        return {"model": None, "stream": False, "prompt_chars": None}
    default_stream = protocol in (OLLAMA_CHAT, OLLAMA_GENERATE)   # the others stream only when asked
    model = body.get("model", body.get("name"))
    return {"model": model if isinstance(model, str) else None,
            "stream": bool(body.get("stream", default_stream)) if protocol != OTHER else bool(body.get("stream")),
            "prompt_chars": prompt_chars(body, protocol)}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seconds(value: Any, per_second: float) -> float | None:
    return round(value / per_second, 6) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


class AnswerReader:
    """Reads a copy of an answer, whole or piece by piece, and keeps what it reports.

    `feed` takes the bytes in the order they were forwarded; a streamed answer is split into lines here, so a
    JSON event cut across two network reads is still read whole.
    """

    def __init__(self, streamed: bool, protocol: str = OPENAI_CHAT):
        self.streamed = streamed
        self.protocol = protocol
        self._buf = bytearray()
        self._overflow = False
        self.usage: dict[str, int | None] = dict.fromkeys(USAGE_FIELDS)
        self.prefill_s: float | None = None
        self.decode_s: float | None = None
        self.load_s: float | None = None
        self.queue_s: float | None = None   # the server's own figure for the call's wait for a slot (vLLM's metrics)
        self.finish_reason: str | None = None
        self.model: str | None = None
        self._call_keys: set[tuple] = set()
        self._whole_calls = 0
        self._saw_answer = False
        self.error_message: str | None = None

    def feed(self, data: bytes) -> None:
        """Take the next bytes of the answer."""
        if self._overflow:
            return
        self._buf += data
        if not self.streamed:
            if len(self._buf) > MAX_PARSED_BYTES:
                self._overflow = True
                self._buf.clear()
            return
        if b"\n" in data:
            *lines, rest = bytes(self._buf).split(b"\n")
            self._buf = bytearray(rest)
            for line in lines:
                self._line(line)
        if len(self._buf) > MAX_PARSED_BYTES:
            self._overflow = True
            self._buf.clear()

    def finish(self) -> None:
        """The answer has ended: read what is left (a whole body, or a last line without a newline)."""
        rest, self._buf = bytes(self._buf), bytearray()
        if self.streamed:
            self._line(rest)
        elif rest.strip():
            self._absorb_json(rest)

    @property
    def tool_calls(self) -> int | None:
        """Tool calls in the answer; None when no answer was read at all."""
        return self._whole_calls + len(self._call_keys) if self._saw_answer else None

    def _line(self, line: bytes) -> None:
        line = line.strip()
        if line.startswith(b"data:"):
            line = line[5:].strip()
            if line == b"[DONE]":
                return
        elif line[:1] != b"{":   # SSE comments, event:/id: fields, blank separators
            return
        self._absorb_json(line)

    def _absorb_json(self, raw: bytes) -> None:
        try:
            obj = json.loads(raw)
        except (ValueError, UnicodeDecodeError, RecursionError):   # the server's bytes, read on the side
            return
        if isinstance(obj, dict):
            self._absorb(obj)

    def _absorb(self, obj: dict) -> None:
        if self.protocol == OPENAI_RESPONSES:
            self._responses(obj)
            return
        if self.protocol == ANTHROPIC_MESSAGES:
            self._messages(obj)
            return
        if obj.get("error"):   # Ollama: {"error": "..."}; OpenAI: {"error": {"message": "..."}}
            self._error(obj["error"])
        if isinstance(obj.get("model"), str):
            self.model = obj["model"]
        if isinstance(obj.get("choices"), list):
            self._saw_answer = True
            self._openai_choices(obj["choices"])
        if isinstance(obj.get("usage"), dict):
            self._openai_usage(obj["usage"])
        if isinstance(obj.get("timings"), dict):   # llama.cpp's server
            self.prefill_s = _seconds(obj["timings"].get("prompt_ms"), 1e3)
            self.decode_s = _seconds(obj["timings"].get("predicted_ms"), 1e3)
        if isinstance(obj.get("metrics"), dict):   # vLLM with --enable-per-request-metrics: its scheduler's own times
            metrics = obj["metrics"]
            queued = _seconds(metrics.get("queue_time_ms"), 1e3)
            self.queue_s = queued if queued is not None and queued >= 0 else None
            self.prefill_s = _seconds(metrics.get("time_to_first_token_ms"), 1e3) if self.prefill_s is None \
                else self.prefill_s
            self.decode_s = _seconds(metrics.get("generation_time_ms"), 1e3) if self.decode_s is None else self.decode_s
        if "message" in obj or "response" in obj or "done" in obj:
            self._saw_answer = True
            self._ollama(obj)

    def _openai_choices(self, choices: list) -> None:
        for choice in choices:
            if not isinstance(choice, dict):
                continue
            part = choice.get("delta") if self.streamed else choice.get("message")
            calls = part.get("tool_calls") if isinstance(part, dict) else None
            for call in calls if isinstance(calls, list) else []:
                if not self.streamed:
                    self._whole_calls += 1
                elif isinstance(call, dict):
                    # A streamed call comes in pieces that share its index (its id only on the first piece).
                    key = call.get("index") if "index" in call else call.get("id")
                    if key is not None:
                        self._call_keys.add((choice.get("index", 0), key))
            if isinstance(choice.get("finish_reason"), str) and choice.get("index", 0) == 0:
                self.finish_reason = choice["finish_reason"]

    def _openai_usage(self, usage: dict) -> None:
        self.usage["prompt_tokens"] = _int(usage.get("prompt_tokens"))
        self.usage["completion_tokens"] = _int(usage.get("completion_tokens"))
        prompt_details = usage.get("prompt_tokens_details")
        completion_details = usage.get("completion_tokens_details")
        self.usage["cached_tokens"] = (_int(prompt_details.get("cached_tokens"))
                                       if isinstance(prompt_details, dict) else None)
        self.usage["reasoning_tokens"] = (_int(completion_details.get("reasoning_tokens"))
                                          if isinstance(completion_details, dict) else None)

    def _error(self, err: Any) -> None:
        message = err.get("message") if isinstance(err, dict) else err
        self.error_message = str(message if message is not None else err)[:500]

    def _responses(self, obj: dict) -> None:
        """OpenAI Responses: a whole `response` object, or one stream event (`type`: response.*)."""
        kind = obj.get("type")
        if kind == "error" or isinstance(obj.get("error"), dict):
            self._error(obj.get("error") or obj)
        if kind == "response.output_item.done" and isinstance(obj.get("item"), dict):
            self._saw_answer = True
            self._whole_calls += obj["item"].get("type") == "function_call"
            return
        response = obj.get("response") if isinstance(obj.get("response"), dict) else obj
        if response.get("object") != "response":
            return
        self._saw_answer = True
        if isinstance(response.get("model"), str):
            self.model = response["model"]
        if not self.streamed and isinstance(response.get("output"), list):
            self._whole_calls += sum(isinstance(i, dict) and i.get("type") == "function_call"
                                     for i in response["output"])
        status = response.get("status")
        incomplete = response.get("incomplete_details")
        if isinstance(incomplete, dict) and isinstance(incomplete.get("reason"), str):
            self.finish_reason = incomplete["reason"]
        elif status in ("completed", "failed", "cancelled", "incomplete"):
            self.finish_reason = status
        if isinstance(response.get("error"), dict):
            self._error(response["error"])
        usage = response.get("usage")
        if isinstance(usage, dict):
            inp, out = usage.get("input_tokens_details"), usage.get("output_tokens_details")
            self.usage.update(
                prompt_tokens=_int(usage.get("input_tokens")), completion_tokens=_int(usage.get("output_tokens")),
                cached_tokens=_int(inp.get("cached_tokens")) if isinstance(inp, dict) else None,
                reasoning_tokens=_int(out.get("reasoning_tokens")) if isinstance(out, dict) else None)

    def _messages(self, obj: dict) -> None:
        """Anthropic Messages: a whole `message`, or one stream event (message_start, content_block_start,
        message_delta, error). prompt_tokens counts the cached ones too, as OpenAI's do: input + cache read +
        cache creation."""
        kind = obj.get("type")
        if kind == "error":
            self._error(obj.get("error"))
            return
        message = obj.get("message") if kind == "message_start" else obj if kind == "message" else None
        if isinstance(message, dict):
            self._saw_answer = True
            if isinstance(message.get("model"), str):
                self.model = message["model"]
            if kind == "message" and isinstance(message.get("content"), list):
                self._whole_calls += sum(isinstance(b, dict) and b.get("type") == "tool_use"
                                         for b in message["content"])
            if isinstance(message.get("stop_reason"), str):
                self.finish_reason = message["stop_reason"]
            self._anthropic_usage(message.get("usage"))
        elif kind == "content_block_start" and isinstance(obj.get("content_block"), dict):
            self._whole_calls += obj["content_block"].get("type") == "tool_use"
        elif kind == "message_delta":
            delta = obj.get("delta")
            if isinstance(delta, dict) and isinstance(delta.get("stop_reason"), str):
                self.finish_reason = delta["stop_reason"]
            self._anthropic_usage(obj.get("usage"))

    def _anthropic_usage(self, usage: Any) -> None:
        if not isinstance(usage, dict):
            return
        if "output_tokens" in usage:
            self.usage["completion_tokens"] = _int(usage.get("output_tokens"))
        if "input_tokens" in usage:
            parts = [_int(usage.get(k)) for k in ("input_tokens", "cache_read_input_tokens",
                                                   "cache_creation_input_tokens")]
            self.usage["prompt_tokens"] = None if parts[0] is None else sum(p or 0 for p in parts)
            self.usage["cached_tokens"] = parts[1]

    def _ollama(self, obj: dict) -> None:
        message = obj.get("message")
        calls = message.get("tool_calls") if isinstance(message, dict) else None
        if isinstance(calls, list):   # Ollama sends each call whole, streamed or not
            self._whole_calls += len(calls)
        if obj.get("done") is not True:
            return
        if isinstance(obj.get("done_reason"), str):
            self.finish_reason = obj["done_reason"]
        if "prompt_eval_count" in obj or "eval_count" in obj:
            self.usage["prompt_tokens"] = _int(obj.get("prompt_eval_count"))
            self.usage["completion_tokens"] = _int(obj.get("eval_count"))
        self.prefill_s = _seconds(obj.get("prompt_eval_duration"), 1e9)
        self.decode_s = _seconds(obj.get("eval_duration"), 1e9)
        self.load_s = _seconds(obj.get("load_duration"), 1e9)   # loading the model: not a queue (bench.models.queue)


def context_truncated(prompt_tokens: int | None, chars: int | None) -> bool | None:
    """The module docstring's rule: fewer prompt tokens evaluated than one per TRUNCATION_CHARS_PER_TOKEN chars."""
    if prompt_tokens is None or chars is None:
        return None
    return prompt_tokens < chars / TRUNCATION_CHARS_PER_TOKEN


def call_record(*, protocol: str, path: str, method: str, status: int | None, facts: dict[str, Any],
                answer: AnswerReader | None, started_at: str, ttft_s: float | None, total_s: float,
                error: str | None, translated: bool = False, refused: str | None = None) -> dict[str, Any]:
    """One `model_calls.jsonl` line; `refused`: why the proxy refused the request (a REFUSALS key), if it did."""
    usage = dict(answer.usage) if answer else dict.fromkeys(USAGE_FIELDS)
    model = facts["model"] or (answer.model if answer else None)
    finish = answer.finish_reason if answer else None
    return {
        "protocol": protocol, "path": path[:MAX_PATH_CHARS], "method": method[:MAX_PATH_CHARS], "status": status,
        "stream": facts["stream"], "model": model[:MAX_PATH_CHARS] if isinstance(model, str) else None,
        "started_at": started_at, "ttft_s": None if ttft_s is None else round(ttft_s, 6), "total_s": round(total_s, 6),
        "usage": usage,
        "prefill_s": answer.prefill_s if answer else None, "decode_s": answer.decode_s if answer else None,
        # the wait for a free server slot (bench.models.queue): apart from the model's own time
        "queued_s": queue.call_queued_s(answer.streamed, ttft_s, total_s, answer.prefill_s, answer.decode_s,
                                        answer.load_s, answer.queue_s) if answer and protocol in MODEL_CALLS else None,
        "tool_calls": answer.tool_calls if answer and protocol != OTHER else None,
        "finish_reason": finish[:MAX_PATH_CHARS] if isinstance(finish, str) else None,
        "prompt_chars": facts["prompt_chars"],
        "context_truncated": context_truncated(usage["prompt_tokens"], facts["prompt_chars"]),
        "error": error[:MAX_TEXT_CHARS] if isinstance(error, str) else None, "translated": translated,
        "refused": refused,
    }


def _started(call: dict) -> float | None:
    """A call's start as seconds since the epoch (its ISO `started_at`), None when unreadable."""
    try:
        return datetime.fromisoformat(str(call["started_at"]).replace("Z", "+00:00")).timestamp()
    except (KeyError, TypeError, ValueError):
        return None


def busy_seconds(intervals: list[tuple[float, float]]) -> float:
    """The time covered by at least one of the (start, end) intervals: overlapping calls count once."""
    total, end = 0.0, float("-inf")
    for lo, hi in sorted(intervals):
        if hi <= end:
            continue
        total += hi - max(lo, end)
        end = hi
    return total


def _known_sum(calls: list[dict], key: str) -> int | None:
    values = [c["usage"].get(key) for c in calls]
    known = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return sum(known) if known else None


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def unmeasured(call: dict) -> bool:
    """A call the model answered (a 2xx) whose server reported no prompt or completion count: its tokens are
    unknown, so any sum over the run's calls is a lower bound, not a measurement. That holds for an answer cut off
    too (the agent went away, or the server broke off, before the counts came at its end): the model spent the
    tokens all the same, and an agent that closes the connection on the answer's last text must not hide them."""
    status = call.get("status")
    return (_count(status) and 200 <= status < 300
            and not (_count(call["usage"].get("prompt_tokens")) and _count(call["usage"].get("completion_tokens"))))


def _timed(calls: list[dict], seconds: str, tokens: str) -> tuple[float | None, int]:
    """(seconds summed over the calls that report them, those calls' tokens): tokens / seconds is a rate."""
    timed = [c for c in calls if isinstance(c.get(seconds), (int, float)) and isinstance(c["usage"].get(tokens), int)]
    return (round(sum(c[seconds] for c in timed), 6) if timed else None), sum(c["usage"][tokens] for c in timed)


def summarize(lines: list[dict], upstream: str) -> dict[str, Any]:
    """A run's `model_calls` section from its calls file's lines (see METHODOLOGY.md, "What the proxy measures").

    Token sums count what the server reported; a sum is None when no call reported it (unknown, never 0),
    and 0 when the run made no model call at all.
    """
    calls = [c for c in lines if isinstance(c, dict) and c.get("protocol") in MODEL_CALLS
             and isinstance(c.get("usage"), dict)]
    others = [c for c in lines if isinstance(c, dict) and c not in calls]
    spans = [(s, s + float(c.get("total_s") or 0)) for c in calls if (s := _started(c)) is not None]
    queued = queue.run_queue([{**c, "start": s} for c in calls if (s := _started(c)) is not None])
    ttfts = sorted(c["ttft_s"] for c in calls if isinstance(c.get("ttft_s"), (int, float)) and not c.get("error"))
    prefill_s, prefill_tokens = _timed(calls, "prefill_s", "prompt_tokens")
    decode_s, decode_tokens = _timed(calls, "decode_s", "completion_tokens")
    errors = [c for c in lines if isinstance(c, dict) and c.get("error")]
    protocols: dict[str, int] = {}
    models: dict[str, int] = {}
    for c in calls:
        protocols[c["protocol"]] = protocols.get(c["protocol"], 0) + 1
        name = str(c.get("model"))[:200]
        models[name] = models.get(name, 0) + 1

    unknown = sum(unmeasured(c) for c in calls)
    refused: dict[str, int] = {}
    for c in lines:
        if isinstance(c, dict) and c.get("refused") in REFUSALS:
            refused[c["refused"]] = refused.get(c["refused"], 0) + 1

    def tokens(key: str) -> int | None:
        if not calls:
            return 0
        # A sum that leaves out calls the model answered is not the run's count: unknown, never a smaller number.
        return None if unknown and key in ("prompt_tokens", "completion_tokens") else _known_sum(calls, key)

    return {
        "calls": len(calls), "other_requests": len(others), "errors": len(errors),
        "tokens_unknown_calls": unknown, "refused": refused,
        "tokens_in": tokens("prompt_tokens"), "tokens_out": tokens("completion_tokens"),
        "tokens_cached": tokens("cached_tokens"), "tokens_reasoning": tokens("reasoning_tokens"),
        # model_s: time with a call open less the time the run's calls waited for a free slot (queued_s)
        "model_s": round(max(0.0, busy_seconds(spans) - queued), 6), "queued_s": queued,
        # answered calls without a queue figure (a server that reports neither its prompt time nor its queue, as
        # vLLM without --enable-per-request-metrics): the run's queue time is then not measured, not 0. An answer
        # cut off (the agent closed it, the run ended) waited for its slot all the same: an agent that closes its
        # streams early must not make an unmeasured queue look measured
        "queue_unmeasured": sum(c.get("queued_s") is None and _count(c.get("status")) and c["status"] < 400
                                for c in calls),
        "ttft_median_s": round(ttfts[len(ttfts) // 2] if len(ttfts) % 2 else
                               (ttfts[len(ttfts) // 2 - 1] + ttfts[len(ttfts) // 2]) / 2, 6) if ttfts else None,
        "prefill_s": prefill_s, "decode_s": decode_s, "prefill_tokens": prefill_tokens, "decode_tokens": decode_tokens,
        "context_truncated": sum(c.get("context_truncated") is True for c in calls),
        # the share of the run's model calls the proxy found truncated (bench/models/serving.py defines it), of
        # those it could judge: a call with no counts (refused, failed, answered without usage) is neither, or
        # an agent could bring the share to 0 with calls that never reach the model
        "context_judged": (judged := sum(isinstance(c.get("context_truncated"), bool) for c in calls)),
        "truncated_share": round(sum(c.get("context_truncated") is True for c in calls) / judged, 4)
        if judged else None,
        "tool_calls": sum(c["tool_calls"] for c in calls if isinstance(c.get("tool_calls"), int)),
        "protocols": protocols, "models": models, "translated": sum(c.get("translated") is True for c in calls),
        "upstream": upstream, "first_error": next((str(c["error"])[:500] for c in errors), None),
        "last_call": ({"status": calls[-1].get("status"), "error": calls[-1].get("error")} if calls else None),
        "first_call_at": round(min(s for s, _ in spans), 3) if spans else None,
    }


def run_flags(measured: dict | None) -> dict[str, list[str]]:
    """The run flags its calls raise: each refusal the proxy recorded (REFUSALS), and `tokens_incomplete` when the
    model answered calls whose tokens the server did not report."""
    flags: dict[str, list[str]] = {}
    for code, count in sorted(((measured or {}).get("refused") or {}).items()):
        if code in REFUSALS:
            flags.setdefault(REFUSALS[code], []).append(f"{code} ({count} request{'s' if count != 1 else ''} "
                                                        "refused by the model proxy)")
    unknown = (measured or {}).get("tokens_unknown_calls")
    if unknown:
        flags["tokens_incomplete"] = [f"{unknown} answered call(s) without the server's token counts: the run's "
                                      "tokens are unknown"]
    return flags
