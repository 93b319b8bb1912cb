"""Google's Gemini API (``models/*:generateContent``) onto chat completions, for the model proxy.

Gemini CLI (and Google's SDKs) speak the Gemini API: ``POST <base>/v1beta/models/<model>:generateContent``, its
streamed form ``:streamGenerateContent?alt=sse`` and ``:countTokens``. The model and whether the answer streams are
in the path, not the body, so the proxy reads them with `route` and puts them into the parsed body (`with_route`)
before anything else looks at it: the run's own-model rule and the call's record then see them as for every other
protocol. The translation mirrors bench.models.translate (which dispatches here for GEMINI):

- request: ``systemInstruction`` -> the system message; ``contents`` (role user/model, parts text, functionCall,
  functionResponse) -> chat messages, each ``functionCall`` an assistant tool call and each ``functionResponse`` a
  tool message (paired by ``id`` when the client sends one, else by order and name, as the API pairs them);
  ``tools[].functionDeclarations`` (``parametersJsonSchema`` as it is, or ``parameters`` in the API's OpenAPI
  subset with its upper-case types lowered) -> function tools; ``toolConfig.functionCallingConfig`` -> tool_choice;
  ``generationConfig`` (maxOutputTokens, temperature, topP, stopSequences, a JSON response schema) -> the chat
  fields. Thought parts (the model's own earlier thinking) and hosted tools (googleSearch, codeExecution) are left
  out; inline data becomes a one-line note.
- answer: one candidate whose parts are the reasoning (``thought: true``), the text and one ``functionCall`` per
  tool call (with the call's id, which the client echoes in its functionResponse); ``finishReason`` from the chat
  finish_reason (length -> MAX_TOKENS); ``usageMetadata`` from the server's usage (thoughts counted apart, as the
  API does).
- stream: SSE ``data: <GenerateContentResponse>`` events, text as it arrives, each tool call whole once its
  arguments are complete (the API never sends half a call), the last event with finishReason and usageMetadata.
  Without ``alt=sse`` the API streams one JSON array; the proxy then asks upstream for a whole answer and sends it
  as an array of one.
- errors: ``{"error": {"code", "message", "status"}}`` with the gRPC status name the API uses.

Pure and stdlib only, like translate.
"""
from __future__ import annotations

import json
import re
from collections import deque
from dataclasses import dataclass
from typing import Any

from bench.models import calls, translate

GEMINI = calls.GEMINI

# /v1beta/models/<model>:<method>: the model may hold ':' (qwen3:8b) and '/' (hf.co/org/m), the method is last.
_PATH = re.compile(r"^/(?:v1|v1beta|v1alpha)/models/([A-Za-z0-9._:@+-]+(?:/[A-Za-z0-9._:@+-]+)*)"
                   r":(generateContent|streamGenerateContent|countTokens)$")
_STATUS_NAMES = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                 409: "ABORTED", 413: "INVALID_ARGUMENT", 429: "RESOURCE_EXHAUSTED", 499: "CANCELLED",
                 500: "INTERNAL", 501: "UNIMPLEMENTED", 502: "UNAVAILABLE", 503: "UNAVAILABLE",
                 504: "DEADLINE_EXCEEDED"}
_FINISH = {"stop": "STOP", "tool_calls": "STOP", "function_call": "STOP", "length": "MAX_TOKENS",
           "content_filter": "SAFETY"}
_DATA_NOTE = "[inline data omitted: the model server takes text only]"


@dataclass(frozen=True)
class Route:
    """What a Gemini API path says: the model, the method, and whether the answer streams as SSE."""

    model: str
    method: str        # generateContent, streamGenerateContent or countTokens
    sse: bool

    @property
    def stream(self) -> bool:
        """Whether the upstream is asked to stream: only an SSE stream is passed on piece by piece."""
        return self.method == "streamGenerateContent" and self.sse

    @property
    def array(self) -> bool:
        """streamGenerateContent without alt=sse: the API's answer is a JSON array of responses."""
        return self.method == "streamGenerateContent" and not self.sse

    @property
    def counting(self) -> bool:
        """A countTokens call (answered from the upstream's tokenizer)."""
        return self.method == "countTokens"


def route(path: str) -> Route | None:
    """The Gemini API call a proxy path (query string and all) names, or None when it is not one."""
    route_part, _, query = path.partition("?")
    found = _PATH.match(route_part.rstrip("/"))
    if found is None or ".." in found.group(1).split("/"):
        return None
    sse = any(p.split("=", 1) == ["alt", "sse"] for p in query.split("&"))
    return Route(found.group(1), found.group(2), sse)


class TranslationError(ValueError):
    """A Gemini request this module cannot put into chat completions; the message is one line for the client."""


def with_route(body: dict, where: Route) -> dict:
    """The parsed body with the path's model and streaming in it (`model`, `stream`): what the proxy's own-model
    rule, the call's record and the translation read. A `model` or `stream` the client put in the body is
    replaced: the path is what the API obeys."""
    return {**body, "model": where.model, "stream": where.stream, "_gemini_array": where.array}


def _get(obj: dict, camel: str) -> Any:
    """A field in the API's camelCase, or the snake_case the REST API also accepts."""
    if camel in obj:
        return obj[camel]
    return obj.get(re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), camel))


# ---------------------------------------------------------------------------------------------------- requests

def request_to_chat(body: dict) -> dict:
    """A Gemini generateContent request (with_route applied) as a chat-completions request body.

    Raises TranslationError with a one-line message when the body cannot be translated."""
    if not isinstance(body, dict):
        raise TranslationError("the request body is not a JSON object")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise TranslationError("the request names no model")
    messages = _messages(body)
    if not any(m["role"] != "system" for m in messages):
        raise TranslationError("contents: at least one content is required")
    chat: dict[str, Any] = {"model": model, "messages": translate._tidy(messages)}
    tools = _tools(_get(body, "tools"))
    if tools:
        chat["tools"] = tools
        choice = _tool_choice(_get(body, "toolConfig"))
        if choice is not None:
            chat["tool_choice"] = choice
    config = _get(body, "generationConfig")
    config = config if isinstance(config, dict) else {}
    max_tokens = _get(config, "maxOutputTokens")
    if isinstance(max_tokens, int) and not isinstance(max_tokens, bool) and max_tokens > 0:
        chat["max_tokens"] = max_tokens
    for ours, theirs in (("temperature", "temperature"), ("top_p", "topP")):
        value = _get(config, theirs)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            chat[ours] = value
    stop = _get(config, "stopSequences")
    if isinstance(stop, list) and any(isinstance(s, str) for s in stop):
        chat["stop"] = [s for s in stop if isinstance(s, str)]
    _response_format(config, chat)
    if body.get("stream"):
        chat["stream"] = True
        chat["stream_options"] = {"include_usage": True}   # without it a stream's tokens are unknown
    return chat


def _messages(body: dict) -> list[dict]:
    messages: list[dict] = []
    system = _get(body, "systemInstruction")
    if isinstance(system, str) and system:
        messages.append({"role": "system", "content": system})
    elif isinstance(system, dict):
        text = _parts_text(_get(system, "parts"), "systemInstruction")
        if text:
            messages.append({"role": "system", "content": text})
    contents = _get(body, "contents")
    if not isinstance(contents, list):
        raise TranslationError("contents is not a list")
    pending = _Pending()   # calls not yet answered
    for n, content in enumerate(contents):
        where = f"contents[{n}]"
        if not isinstance(content, dict):
            raise TranslationError(f"{where} is not an object")
        role = content.get("role") or "user"
        if role not in ("user", "model", "function", "tool"):
            raise TranslationError(f"{where}: unknown role {role!r} (user or model)")
        parts = _get(content, "parts")
        if not isinstance(parts, list):
            raise TranslationError(f"{where}: parts is not a list")
        texts: list[str] = []
        for k, part in enumerate(parts):
            _part(messages, texts, pending, role, part, f"{where}.parts[{k}]")
        if texts:
            translate._add_text(messages, "assistant" if role == "model" else "user", "\n".join(texts))
    return messages


def _part(messages: list[dict], texts: list[str], pending: _Pending, role: str, part: Any,
          where: str) -> None:
    """One part of a content: text is gathered in `texts` (the turn's text), a functionCall becomes a tool call
    (after the text before it), a functionResponse a tool message."""
    if not isinstance(part, dict):
        raise TranslationError(f"{where} is not an object")
    call, answer = _get(part, "functionCall"), _get(part, "functionResponse")
    if isinstance(call, dict):
        if role != "model":
            raise TranslationError(f"{where}: a functionCall outside a model turn")
        if not isinstance(call.get("name"), str) or not call["name"]:
            raise TranslationError(f"{where}: a functionCall without a name")
        # Without the client's id, one unique in the request: (messages so far, calls unanswered) never repeats.
        call_id = call["id"] if isinstance(call.get("id"), str) and call["id"] \
            else f"call_{len(messages)}_{len(pending)}"
        pending.add(call_id, call["name"])
        if texts:
            translate._add_text(messages, "assistant", "\n".join(texts))
            texts.clear()
        args = call.get("args")
        translate._add_tool_call(messages, {"id": call_id, "type": "function", "function": {
            "name": call["name"], "arguments": json.dumps(args if isinstance(args, dict) else {})}})
    elif isinstance(answer, dict):
        if not isinstance(answer.get("name"), str):
            raise TranslationError(f"{where}: a functionResponse without a name")
        call_id = _pair(pending, answer)
        if call_id is None:
            raise TranslationError(f"{where}: a functionResponse for {answer['name'][:80]!r}, which no earlier "
                                   "functionCall asked for")
        response = answer.get("response")
        messages.append({"role": "tool", "tool_call_id": call_id,
                         "content": response if isinstance(response, str) else json.dumps(response)})
    elif part.get("thought") is True:
        return   # the model's earlier thinking: nothing a chat-completions server takes back
    elif isinstance(part.get("text"), str):
        texts.append(part["text"])
    elif _get(part, "inlineData") is not None or _get(part, "fileData") is not None:
        texts.append(_DATA_NOTE)
    # executableCode / codeExecutionResult and the like: hosted tools the upstream has no part in


class _Pending:
    """The calls not yet answered, in order, found by id or by name in constant time: a request of thousands of
    calls and responses must not cost the proxy a scan of every pending call per response (quadratic)."""

    def __init__(self) -> None:
        self._open: dict[int, str] = {}                  # sequence number -> call id, for calls unanswered
        self._by_id: dict[str, deque[int]] = {}
        self._by_name: dict[str, deque[int]] = {}
        self._seq = 0

    def __len__(self) -> int:
        return len(self._open)

    def add(self, call_id: str, name: str) -> None:
        self._open[self._seq] = call_id
        self._by_id.setdefault(call_id, deque()).append(self._seq)
        self._by_name.setdefault(name, deque()).append(self._seq)
        self._seq += 1

    def take(self, index: dict[str, deque[int]], key: Any) -> str | None:
        """The first unanswered call under `key` in `index`, now answered (each number leaves a queue once)."""
        queue = index.get(key) if isinstance(key, str) else None
        while queue:
            seq = queue.popleft()
            if seq in self._open:
                return self._open.pop(seq)
        return None


def _pair(pending: _Pending, answer: dict) -> str | None:
    """The id of the call a functionResponse answers: its own id when it names a pending call, else the first
    pending call of that name (the API pairs calls and responses by order and name)."""
    found = pending.take(pending._by_id, answer.get("id"))
    return found if found is not None else pending.take(pending._by_name, answer["name"])


def _parts_text(parts: Any, where: str) -> str:
    if not isinstance(parts, list):
        raise TranslationError(f"{where}: parts is not a list")
    return "\n".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str)
                     and p.get("thought") is not True)


_SCHEMA_DROP = {"nullable", "propertyOrdering", "property_ordering"}
_SCHEMA_KEYS = {"anyOf": "anyOf", "any_of": "anyOf", "maxItems": "maxItems", "minItems": "minItems",
                "max_items": "maxItems", "min_items": "minItems", "maxLength": "maxLength", "minLength": "minLength",
                "max_length": "maxLength", "min_length": "minLength"}


def _schema(schema: Any, depth: int = 0) -> Any:
    """The API's OpenAPI-subset Schema as JSON Schema: types lower case (``OBJECT`` -> ``object``), ``nullable``
    as a null type, ordering hints dropped. Chat servers compile tool schemas into grammars and reject
    upper-case types."""
    if depth > calls.MAX_JSON_DEPTH or not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _SCHEMA_DROP:
            continue
        key = _SCHEMA_KEYS.get(key, key)
        if key == "type" and isinstance(value, str):
            value = value.lower()
        elif key == "properties" and isinstance(value, dict):
            value = {k: _schema(v, depth + 1) for k, v in value.items()}
        elif key in ("items", "additionalProperties"):
            value = _schema(value, depth + 1)
        elif key == "anyOf" and isinstance(value, list):
            value = [_schema(v, depth + 1) for v in value]
        out[key] = value
    if schema.get("nullable") is True and isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    return out


def _tools(tools: Any) -> list[dict]:
    out = []
    for tool in tools if isinstance(tools, list) else []:
        declarations = _get(tool, "functionDeclarations") if isinstance(tool, dict) else None
        for declaration in declarations if isinstance(declarations, list) else []:
            if not isinstance(declaration, dict) or not isinstance(declaration.get("name"), str):
                continue
            params = _get(declaration, "parametersJsonSchema")
            if not isinstance(params, dict):
                params = _schema(declaration.get("parameters")) if isinstance(declaration.get("parameters"), dict) \
                    else {"type": "object", "properties": {}}
            out.append({"type": "function", "function": {
                "name": declaration["name"], "description": declaration.get("description") or "",
                "parameters": params}})
        # googleSearch, codeExecution, urlContext: hosted tools nothing upstream can run
    return out


def _tool_choice(config: Any) -> Any:
    calling = _get(config, "functionCallingConfig") if isinstance(config, dict) else None
    if not isinstance(calling, dict):
        return None
    mode = str(calling.get("mode") or "").upper()
    if mode == "NONE":
        return "none"
    if mode in ("ANY", "VALIDATED"):
        allowed = _get(calling, "allowedFunctionNames")
        if isinstance(allowed, list) and len(allowed) == 1 and isinstance(allowed[0], str):
            return {"type": "function", "function": {"name": allowed[0]}}
        return "required" if mode == "ANY" else "auto"
    return "auto" if mode == "AUTO" else None


def _response_format(config: dict, chat: dict) -> None:
    """responseMimeType application/json with a schema (responseJsonSchema, or responseSchema in the API's
    OpenAPI subset) -> response_format json_schema; without one, json_object."""
    if _get(config, "responseMimeType") != "application/json":
        return
    schema = _get(config, "responseJsonSchema")
    if not isinstance(schema, dict) and isinstance(_get(config, "responseSchema"), dict):
        schema = _schema(_get(config, "responseSchema"))
    if isinstance(schema, dict):
        chat["response_format"] = {"type": "json_schema", "json_schema": {"name": "output", "schema": schema}}
    else:
        chat["response_format"] = {"type": "json_object"}


def count_request(body: dict) -> dict:
    """A countTokens body (``contents``, or a whole ``generateContentRequest``) as a tokenizer request: vLLM's
    /tokenize reads ``messages``, llama.cpp's ``content``. Raises TranslationError when it cannot be read."""
    if not isinstance(body, dict):
        raise TranslationError("the request body is not a JSON object")
    inner = _get(body, "generateContentRequest")
    inner = inner if isinstance(inner, dict) else {"contents": _get(body, "contents")}
    chat = request_to_chat({**inner, "model": body.get("model"), "stream": False})
    text = "\n".join(m["content"] for m in chat["messages"] if isinstance(m.get("content"), str))
    text += "".join("\n" + json.dumps(t, separators=(",", ":")) for t in chat.get("tools", []))
    out = {"model": chat["model"], "messages": chat["messages"], "content": text, "add_special": True}
    if chat.get("tools"):
        out["tools"] = chat["tools"]
    return out


# ---------------------------------------------------------------------------------------------------- answers

def _usage_metadata(usage: dict[str, int | None]) -> dict:
    """Chat usage as usageMetadata: the API counts thoughts apart from the candidates' tokens."""
    prompt, completion = usage["prompt"] or 0, usage["completion"] or 0
    thoughts = min(usage["reasoning"] or 0, completion)
    out = {"promptTokenCount": prompt, "candidatesTokenCount": completion - thoughts,
           "totalTokenCount": prompt + completion}
    if usage["cached"]:
        out["cachedContentTokenCount"] = usage["cached"]
    if thoughts:
        out["thoughtsTokenCount"] = thoughts
    return out


def _call_part(call_id: str, name: str, arguments: Any) -> dict:
    return {"functionCall": {"id": call_id, "name": name, "args": translate._tool_input(arguments)}}


def _response(parts: list[dict], finish: str | None, usage: dict | None, model: str, response_id: str) -> dict:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    if finish is not None:
        candidate["finishReason"] = finish
    out: dict[str, Any] = {"candidates": [candidate], "modelVersion": model, "responseId": response_id}
    if usage is not None:
        out["usageMetadata"] = usage
    return out


def answer_from_chat(chat_answer: dict, request: dict) -> Any:
    """A whole chat completion as a GenerateContentResponse (a JSON array of one for streamGenerateContent
    without alt=sse)."""
    choices = chat_answer.get("choices") if isinstance(chat_answer, dict) else None
    choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else {}
    message = choice.get("message") if isinstance(choice.get("message"), dict) else {}
    text = message.get("content") if isinstance(message.get("content"), str) else ""
    parts: list[dict] = []
    reasoning = translate._reasoning_text(message)
    if reasoning:
        parts.append({"text": reasoning, "thought": True})
    if text:
        parts.append({"text": text})
    for call in message.get("tool_calls") or []:
        if isinstance(call, dict):
            function = call.get("function") if isinstance(call.get("function"), dict) else {}
            call_id = call.get("id") if isinstance(call.get("id"), str) and call["id"] else translate._new_id("call_")
            parts.append(_call_part(call_id, function.get("name") or "", function.get("arguments")))
    usage = translate._chat_usage(chat_answer.get("usage") if isinstance(chat_answer, dict) else None)
    finish = _FINISH.get(choice.get("finish_reason"), "OTHER" if choice.get("finish_reason") else "STOP")
    out = _response(parts, finish, _usage_metadata(usage), translate._model_of(request, chat_answer),
                    translate._new_id(""))
    return [out] if isinstance(request, dict) and request.get("_gemini_array") else out


def count_answer(count: int) -> dict:
    """countTokens' answer."""
    return {"totalTokens": count}


def error_from_chat(status: int, body: bytes) -> bytes:
    """An upstream error answer as the API's error body: {"error": {"code", "message", "status"}}."""
    message, _, _ = translate._upstream_error(body)
    message = " ".join(message.split())[:2000]
    return json.dumps({"error": {"code": status, "message": message,
                                 "status": _STATUS_NAMES.get(status, "INTERNAL" if status >= 500 else "UNKNOWN")}}
                      ).encode()


class StreamTranslator(translate.ChatStream):
    """A chat-completions SSE stream, fed as it arrives, as the API's SSE stream (``data: <response>``).

    The same interface as translate.StreamTranslator: `feed`, `finish`, `fail`, `over`, and after finish
    `usage`, `finish_reason`, `tool_calls`, `error`."""

    def __init__(self, request: dict):
        super().__init__(request)
        self._id = translate._new_id("")
        self._calls: dict[Any, dict] = {}   # index -> {"id", "name", "arguments": its pieces}

    def finish(self) -> bytes:
        """The upstream's stream has ended: the tool calls and the last event (once)."""
        if self._finished:
            return b""
        out = [self._line(self._buf)]
        self._buf = b""
        self._finished = True
        if self.error is not None:   # the API ends a failed stream with an error object
            out.append(_event({"error": {"code": 500, "message": self.error, "status": "INTERNAL"}}))
            return b"".join(out)
        parts = [_call_part(c["id"] or translate._new_id("call_"), c["name"], "".join(c["arguments"]))
                 for c in self._calls.values()]
        self.tool_calls = len(parts)
        finish = _FINISH.get(self.finish_reason, "OTHER" if self.finish_reason else "STOP")
        out.append(_event(_response(parts, finish, _usage_metadata(self.usage), self.model, self._id)))
        return b"".join(out)

    def _chunk(self, chunk: dict) -> bytes:
        self._take_error_and_usage(chunk)
        if not self.model and isinstance(chunk.get("model"), str):
            self.model = chunk["model"]
        parts = []
        for choice in chunk.get("choices") or []:
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
            reasoning = translate._reasoning_text(delta)
            if reasoning:
                parts.append({"text": reasoning, "thought": True})
            if isinstance(delta.get("content"), str) and delta["content"]:
                parts.append({"text": delta["content"]})
            for fragment in delta.get("tool_calls") or []:
                if isinstance(fragment, dict):
                    self._call_delta(fragment)
            if isinstance(choice.get("finish_reason"), str):
                self.finish_reason = choice["finish_reason"]
        return _event(_response(parts, None, None, self.model, self._id)) if parts else b""

    def _call_delta(self, fragment: dict) -> None:
        key = fragment.get("index", len(self._calls))
        key = key if isinstance(key, int) and not isinstance(key, bool) else len(self._calls)
        # the arguments' pieces, joined once at the end: `+=` copied the arguments so far at every fragment, and
        # a model that writes a long argument a few characters a fragment made that quadratic (tens of seconds)
        call = self._calls.setdefault(key, {"id": None, "name": "", "arguments": []})
        if isinstance(fragment.get("id"), str) and fragment["id"] and not call["id"]:
            call["id"] = fragment["id"]
        function = fragment.get("function") if isinstance(fragment.get("function"), dict) else {}
        if isinstance(function.get("name"), str) and function["name"] and not call["name"]:
            call["name"] = function["name"]
        if isinstance(function.get("arguments"), str):
            call["arguments"].append(function["arguments"])


def _event(payload: dict) -> bytes:
    return b"data: " + json.dumps(payload, separators=(",", ":")).encode() + b"\r\n\r\n"
