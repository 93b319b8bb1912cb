"""Protocol translation for the model proxy: OpenAI Responses and Anthropic Messages onto chat completions.

Codex CLI speaks OpenAI Responses (``POST /v1/responses``) and Claude Code speaks Anthropic Messages
(``POST /v1/messages``); llama.cpp, vLLM, LM Studio and older Ollama speak only OpenAI chat completions. The proxy
(bench.models.proxy) turns such a request into a chat-completions request with `request_to_chat`, sends it
upstream, and turns the answer back into the agent's protocol: `answer_from_chat` for a whole answer,
`StreamTranslator` for a streamed one (bytes in as they arrive, bytes out at once), `error_from_chat` for an
upstream error.

Pure and stdlib only: no I/O, no clock except ``created_at``. What cannot be carried over is dropped rather than
faked: images and documents become a one-line placeholder in the text, server-side tools (Anthropic's
``web_search_...``, Responses' ``web_search``, ``local_shell``) are left out of the tool list, thinking
and reasoning items the agent sends back are left out (the upstream has no use for them), and a body that needs
server-side state (Responses' ``previous_response_id``, ``item_reference``) raises `TranslationError`, and so does
a Messages body Anthropic's API refuses (no ``max_tokens``, no ``messages``), so the agent gets Anthropic's 400.

What the official SDKs require is there: a Responses object lists the request's ``tools`` and carries
``usage.input_tokens_details.cache_write_tokens`` (openai's strict validation fails without them); an answer the
token limit cut (chat ``finish_reason`` "length") is ``incomplete`` with ``incomplete_details.reason``
"max_output_tokens" (a stream ends with ``response.incomplete``), and Anthropic's ``stop_reason`` "max_tokens".
Custom (freeform) tools, such as Codex's ``apply_patch``, go upstream as a function taking one string, ``input``,
and calls to them come back as ``custom_tool_call`` items (streamed as ``response.custom_tool_call_input.*``).
Anthropic's count_tokens becomes a tokenizer request (`count_request`, `count_answer`: vLLM's and llama.cpp's
``/tokenize``). An upstream answer past MAX_TRANSLATED_BYTES ends as failed (`StreamTranslator.fail`).

The upstream's reasoning text (``reasoning_content`` from llama.cpp/vLLM, ``reasoning`` from Ollama/LM Studio)
becomes a Responses ``reasoning`` item with ``reasoning_text`` content, or an Anthropic ``thinking`` block with an
empty signature: plain text, no encryption, nothing to verify.

Event shapes follow what the real servers send and what the real clients parse: codex-rs
(codex-api/src/sse/responses.rs) reads ``response.created``, ``response.output_item.added``/``.done``,
``response.output_text.delta``, ``response.reasoning_text.delta`` and needs ``response.completed`` with the
response's ``id`` and, when usage is given, integer ``input_tokens``/``output_tokens``/``total_tokens``; the
Anthropic SDKs accumulate ``message_start``, ``content_block_start``/``_delta``/``_stop`` by index and take
``message_delta``'s usage (including ``input_tokens``, which a chat-completions upstream reports only at the end).
Checked by hand against the real SDKs (openai 2.20 ``responses.stream``/``create``, anthropic 2.16
``messages.stream``/``create``) over a translating shim in front of bench.fakellm: both accumulate the final
answer, tool inputs and usage from these events.

In the proxy: ``POST .../v1/responses`` -> RESPONSES and ``POST .../v1/messages`` -> MESSAGES; send
``request_to_chat(...)`` to ``<upstream>/v1/chat/completions``; a 2xx whole answer goes back through
`answer_from_chat` (Content-Type application/json), a streamed one through `StreamTranslator` (Content-Type
text/event-stream), anything else through `error_from_chat` with the upstream's status. The upstream's own bytes
can still go to calls.AnswerReader for the record. Claude Code's ``POST /v1/messages/count_tokens`` goes to the
upstream's ``/tokenize`` (bench.models.proxy).
"""
from __future__ import annotations

import json
import secrets
import time
from typing import Any

from bench.models import calls

RESPONSES = "openai_responses"
MESSAGES = "anthropic_messages"
GEMINI = calls.GEMINI   # Google's Gemini API: translated in bench.models.gemini, dispatched from here
PROTOCOLS = (RESPONSES, MESSAGES, GEMINI)

# The most of an upstream's answer one translated call reads (a whole answer, or a stream's bytes): past it the
# answer ends as failed in the agent's protocol. A model server that never stops (or a hostile one) must not grow the
# proxy's memory, which every run shares; a real answer is far smaller (32 MiB is millions of tokens).
MAX_TRANSLATED_BYTES = 32 * 1024 * 1024

_IMAGE_NOTE = "[image omitted: the model server takes text only]"
_FILE_NOTE = "[file omitted: the model server takes text only]"
_CONTEXT_HINTS = ("context length", "context_length", "context window", "context size", "exceed_context",
                  "too many tokens", "prompt is too long", "maximum context")


class TranslationError(ValueError):
    """A request body this module cannot put into chat completions; the message is one line for the agent."""


def _new_id(prefix: str) -> str:
    """A fresh id in the style of the agent's protocol (``resp_...``, ``msg_...``, ``toolu_...``)."""
    return prefix + secrets.token_hex(12)


def _created_at() -> int:
    """Unix seconds for a Responses object's created_at."""
    return int(time.time())


def _check_protocol(protocol: str) -> None:
    if protocol not in PROTOCOLS:
        raise ValueError(f"unknown protocol {protocol!r}: expected one of {', '.join(PROTOCOLS)}")


# ---------------------------------------------------------------------------------------------------- requests

def request_to_chat(protocol: str, body: dict) -> dict:
    """A Responses or Messages request body as a chat-completions request body.

    Raises TranslationError (a ValueError) with a one-line message when the body cannot be translated."""
    _check_protocol(protocol)
    if protocol == GEMINI:
        from bench.models import gemini  # it builds on this module: imported where dispatched, not in a cycle
        try:
            return gemini.request_to_chat(body)
        except gemini.TranslationError as e:
            raise TranslationError(str(e)) from None
    if not isinstance(body, dict):
        raise TranslationError("the request body is not a JSON object")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise TranslationError("the request names no model")
    if protocol == RESPONSES:
        chat = {"model": model, "messages": _tidy(_responses_messages(body))}
        tools = _responses_tools(body.get("tools"))
        choice = _responses_tool_choice(body.get("tool_choice"))
        max_tokens = body.get("max_output_tokens")
        stop = None
        parallel = body.get("parallel_tool_calls")
        _responses_format(body, chat)
    else:
        chat = {"model": model, "messages": _tidy(_anthropic_messages(body))}
        _anthropic_required(body)   # after the messages: a broken block is named first, as before
        tools = _anthropic_tools(body.get("tools"))
        choice = _anthropic_tool_choice(body.get("tool_choice"))
        max_tokens = body.get("max_tokens")
        stop = body.get("stop_sequences")
        raw_choice = body.get("tool_choice")
        parallel = False if isinstance(raw_choice, dict) and raw_choice.get("disable_parallel_tool_use") else None
    if tools:
        chat["tools"] = tools
        if choice is not None:
            chat["tool_choice"] = choice
        if isinstance(parallel, bool):
            chat["parallel_tool_calls"] = parallel
    if isinstance(max_tokens, int) and not isinstance(max_tokens, bool):
        chat["max_tokens"] = max_tokens
    for key in ("temperature", "top_p"):
        if isinstance(body.get(key), (int, float)) and not isinstance(body.get(key), bool):
            chat[key] = body[key]
    if isinstance(stop, list) and stop:
        chat["stop"] = [s for s in stop if isinstance(s, str)]
    if body.get("stream"):
        chat["stream"] = True
        # Without this a chat-completions server sends no usage in a stream, and the call's tokens are unknown.
        chat["stream_options"] = {"include_usage": True}
    return chat


def _anthropic_required(body: dict) -> None:
    """What Anthropic's API refuses with 400 before any model runs: no (or no positive integer) max_tokens, no
    messages. A chat-completions server would accept both and answer, so the agent would learn nothing of it."""
    max_tokens = body.get("max_tokens")
    if "max_tokens" not in body:
        raise TranslationError("max_tokens: Field required")
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        raise TranslationError("max_tokens: Input should be an integer greater than or equal to 1")
    if not isinstance(body.get("messages"), list) or not body["messages"]:
        raise TranslationError("messages: at least one message is required")


def count_request(body: dict) -> dict:
    """An Anthropic count_tokens body as a tokenizer request: vLLM's /tokenize reads `messages` (and applies the
    chat template), llama.cpp's reads `content` (the prompt's text); each ignores the other's field.

    Raises TranslationError (a ValueError) when the body cannot be read."""
    if not isinstance(body, dict):
        raise TranslationError("the request body is not a JSON object")
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise TranslationError("the request names no model")
    if not isinstance(body.get("messages"), list) or not body["messages"]:
        raise TranslationError("messages: at least one message is required")
    messages = _tidy(_anthropic_messages(body))
    tools = _anthropic_tools(body.get("tools"))
    text = "\n".join(m["content"] for m in messages if isinstance(m.get("content"), str))
    text += "".join("\n" + json.dumps(t, separators=(",", ":")) for t in tools)
    out = {"model": body["model"], "messages": messages, "content": text, "add_special": True}
    if tools:
        out["tools"] = tools
    return out


def count_answer(answer: Any) -> int | None:
    """The token count in a tokenizer's answer (vLLM: `count`; llama.cpp: the `tokens` list), None without one."""
    if not isinstance(answer, dict):
        return None
    if _int(answer.get("count")) is not None and answer["count"] >= 0:
        return answer["count"]
    return len(answer["tokens"]) if isinstance(answer.get("tokens"), list) else None


def _text_of(content: Any, what: str) -> str:
    """The text of a content value: a string, or a list of text/image/file parts (images become a note)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        raise TranslationError(f"{what}: content is neither a string nor a list of parts")
    texts = []
    for part in content:
        if isinstance(part, str):
            texts.append(part)
        elif not isinstance(part, dict):
            raise TranslationError(f"{what}: a content part is not an object")
        elif isinstance(part.get("text"), str):   # text, input_text, output_text, Anthropic's text
            texts.append(part["text"])
        elif part.get("type") in ("image", "input_image", "image_url"):
            texts.append(_IMAGE_NOTE)
        elif part.get("type") in ("document", "input_file", "file"):
            texts.append(_FILE_NOTE)
        elif part.get("type") == "refusal" and isinstance(part.get("refusal"), str):
            texts.append(part["refusal"])
        # Anything else (thinking, cache markers, search results' metadata) carries nothing for the model.
    return "\n".join(texts)


def _add_tool_call(messages: list[dict], call: dict) -> None:
    """Attach a tool call to the assistant turn it belongs to: the last message when that is an assistant turn
    (its text and its calls are one chat message), else a new assistant message."""
    if messages and messages[-1]["role"] == "assistant":
        messages[-1].setdefault("tool_calls", []).append(call)
    else:
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})


_TEXTS = "_texts"   # a merged assistant turn's texts, joined by _tidy (a key no chat message has)


def _add_text(messages: list[dict], role: str, text: str) -> None:
    """Append one turn's text; assistant text after assistant text (split items of one turn) joins it."""
    if role == "assistant" and messages and messages[-1]["role"] == "assistant" and not messages[-1].get("tool_calls"):
        # The pieces are joined once, in _tidy: joining at every turn copies the text so far each time, which
        # thousands of small turns in one request make quadratic (minutes of the proxy's CPU for one call).
        previous = messages[-1]["content"]
        texts = messages[-1].setdefault(_TEXTS, [previous] if previous else [])
        if texts in ([], [""]):   # no text yet: the turn's text is this one, as `previous or text` would have it
            texts[:] = [text]
        else:
            texts.append(text)
        return
    messages.append({"role": role, "content": text})


def _tidy(messages: list[dict]) -> list[dict]:
    """Messages every chat template takes: one system message, first; a later system (Responses "developer")
    message becomes a user message; consecutive user messages become one. Chat templates in llama.cpp and vLLM
    (Qwen's, Mistral's) reject a system message after the first position, and some reject two user turns in a row.
    Texts are joined with a blank line, nothing is dropped."""
    out: list[dict] = []
    runs: list[list[str] | None] = []   # the texts each out message is joined from, once, at the end (linear)
    for message in messages:
        role = message["role"]
        message = {**message, "role": role}
        if _TEXTS in message:
            message["content"] = "\n".join(message.pop(_TEXTS))
        if role == "system" and any(m["role"] != "system" for m in out):
            message["role"] = role = "user"
        previous = out[-1] if out else None
        if previous is not None and previous["role"] == role and role in ("system", "user") and isinstance(
                previous["content"], str) and isinstance(message["content"], str):
            run = runs[-1]
            if run is None:
                run = runs[-1] = [previous["content"]]
            run.append(message["content"])
            continue
        out.append(message)
        runs.append(None)
    for message, run in zip(out, runs, strict=True):
        if run is not None:
            message["content"] = "\n\n".join(run)
    return out


def _responses_messages(body: dict) -> list[dict]:
    if body.get("previous_response_id"):
        raise TranslationError("previous_response_id needs the server's stored history; send the whole input "
                               "(the model server speaks chat completions, which keep no state)")
    messages: list[dict] = []
    instructions = body.get("instructions")
    if isinstance(instructions, str) and instructions:
        messages.append({"role": "system", "content": instructions})
    items = body.get("input")
    if isinstance(items, str):
        messages.append({"role": "user", "content": items})
        return messages
    if not isinstance(items, list):
        raise TranslationError("input is neither a string nor a list of items")
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            raise TranslationError(f"input[{n}] is not an object")
        _responses_item(messages, item, f"input[{n}]")
    return messages


def _responses_item(messages: list[dict], item: dict, where: str) -> None:
    kind = item.get("type", "message" if "role" in item else None)
    if kind == "message":
        role = item.get("role")
        if role not in ("user", "assistant", "system", "developer"):
            raise TranslationError(f"{where}: unknown role {role!r}")
        _add_text(messages, "system" if role == "developer" else role, _text_of(item.get("content"), where))
    elif kind in ("function_call", "custom_tool_call"):
        call_id, name = item.get("call_id"), item.get("name")
        if not isinstance(call_id, str) or not isinstance(name, str):
            raise TranslationError(f"{where}: a {kind} without call_id or name")
        arguments = item.get("arguments") if kind == "function_call" else json.dumps({"input": item.get("input")})
        _add_tool_call(messages, {"id": call_id, "type": "function",
                                  "function": {"name": name, "arguments": arguments if isinstance(arguments, str)
                                               else json.dumps(arguments)}})
    elif kind in ("function_call_output", "custom_tool_call_output"):
        call_id = item.get("call_id")
        if not isinstance(call_id, str):
            raise TranslationError(f"{where}: a {kind} without call_id")
        output = item.get("output")
        text = output if isinstance(output, str) else _text_of(output, where) if isinstance(output, list) \
            else json.dumps(output)
        messages.append({"role": "tool", "tool_call_id": call_id, "content": text})
    elif kind == "item_reference":
        raise TranslationError(f"{where}: item_reference needs the server's stored items; send the items themselves")
    # reasoning (the model's own earlier thoughts), web_search_call, local_shell_call and the like: a
    # chat-completions server has no slot for them, and their outputs come back as ordinary items if at all.


_GRAMMAR_NOTE_CHARS = 8000   # a custom tool's grammar shown to the model, at most


def custom_tool_names(request: Any) -> frozenset[str]:
    """The names of a Responses request's custom (freeform) tools: calls to them go back as custom_tool_calls."""
    tools = request.get("tools") if isinstance(request, dict) else None
    return frozenset(t["name"] for t in tools if isinstance(t, dict) and t.get("type") == "custom"
                     and isinstance(t.get("name"), str)) if isinstance(tools, list) else frozenset()


def _custom_tool(tool: dict) -> dict:
    """A custom (freeform) tool, such as Codex's apply_patch, as a function taking one string, `input`: chat
    completions have no freeform tools, and the grammar (when given) goes into the description for the model."""
    note = "The tool's whole input, as free text."
    fmt = tool.get("format")
    if isinstance(fmt, dict) and fmt.get("type") == "grammar" and isinstance(fmt.get("definition"), str):
        note += f" It follows this {fmt.get('syntax') or ''} grammar:\n" + fmt["definition"][:_GRAMMAR_NOTE_CHARS]
    return {"type": "function", "function": {
        "name": tool["name"], "description": tool.get("description") or "",
        "parameters": {"type": "object", "properties": {"input": {"type": "string", "description": note}},
                       "required": ["input"], "additionalProperties": False}}}


def _responses_tools(tools: Any) -> list[dict]:
    out = []
    for tool in tools if isinstance(tools, list) else []:
        if isinstance(tool, dict) and tool.get("type") == "custom" and isinstance(tool.get("name"), str):
            out.append(_custom_tool(tool))
            continue
        if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(tool.get("name"), str):
            continue   # web_search, local_shell and other hosted tools: nothing the upstream can run
        function = {"name": tool["name"], "description": tool.get("description") or "",
                    "parameters": tool.get("parameters") or {"type": "object", "properties": {}}}
        if isinstance(tool.get("strict"), bool):
            function["strict"] = tool["strict"]
        out.append({"type": "function", "function": function})
    return out


def _responses_tool_choice(choice: Any) -> Any:
    if choice in ("auto", "none", "required"):
        return choice
    if isinstance(choice, dict) and choice.get("type") in ("function", "custom") and isinstance(
            choice.get("name"), str):
        return {"type": "function", "function": {"name": choice["name"]}}
    return None   # a hosted tool or an allowed_tools list: the upstream's default (auto) is the nearest


def _responses_format(body: dict, chat: dict) -> None:
    """text.format (structured output, e.g. ``codex exec --output-schema``) -> response_format."""
    text = body.get("text")
    fmt = text.get("format") if isinstance(text, dict) else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema" and isinstance(fmt.get("schema"), dict):
        schema = {"name": fmt.get("name") or "output", "schema": fmt["schema"]}
        if isinstance(fmt.get("strict"), bool):
            schema["strict"] = fmt["strict"]
        chat["response_format"] = {"type": "json_schema", "json_schema": schema}
    elif isinstance(fmt, dict) and fmt.get("type") == "json_object":
        chat["response_format"] = {"type": "json_object"}


def _anthropic_messages(body: dict) -> list[dict]:
    messages: list[dict] = []
    system = body.get("system")
    if system:
        messages.append({"role": "system", "content": _text_of(system, "system")})
    turns = body.get("messages")
    if not isinstance(turns, list):
        raise TranslationError("messages is not a list")
    for n, turn in enumerate(turns):
        where = f"messages[{n}]"
        if isinstance(turn, dict) and turn.get("role") == "system":   # Claude Code sends some mid-conversation
            messages.append({"role": "system", "content": _text_of(turn.get("content"), where)})
            continue
        if not isinstance(turn, dict) or turn.get("role") not in ("user", "assistant"):
            raise TranslationError(f"{where}: not a user, assistant or system message")
        content = turn.get("content")
        if isinstance(content, str):
            _add_text(messages, turn["role"], content)
        elif not isinstance(content, list):
            raise TranslationError(f"{where}: content is neither a string nor a list of blocks")
        elif turn["role"] == "assistant":
            _anthropic_assistant(messages, content, where)
        else:
            _anthropic_user(messages, content, where)
    return messages


def _anthropic_assistant(messages: list[dict], blocks: list, where: str) -> None:
    texts, calls = [], []
    for block in blocks:
        if not isinstance(block, dict):
            raise TranslationError(f"{where}: a content block is not an object")
        if block.get("type") == "tool_use":
            if not isinstance(block.get("id"), str) or not isinstance(block.get("name"), str):
                raise TranslationError(f"{where}: a tool_use block without id or name")
            calls.append({"id": block["id"], "type": "function",
                          "function": {"name": block["name"], "arguments": json.dumps(block.get("input") or {})}})
        elif block.get("type") == "text" and isinstance(block.get("text"), str):
            texts.append(block["text"])
        # thinking / redacted_thinking: the model's earlier thoughts; server tool blocks: nothing to replay.
    if not texts and not calls:
        return   # only thinking: an empty assistant turn would trip chat templates that want content
    message: dict[str, Any] = {"role": "assistant", "content": "\n".join(texts) if texts else None}
    if calls:
        message["tool_calls"] = calls
    messages.append(message)


def _anthropic_user(messages: list[dict], blocks: list, where: str) -> None:
    # Tool results first: in chat completions the "tool" messages must follow the assistant's calls directly,
    # and Anthropic puts them first in the user turn anyway.
    rest = []
    for block in blocks:
        if not isinstance(block, dict):
            raise TranslationError(f"{where}: a content block is not an object")
        if block.get("type") != "tool_result":
            rest.append(block)
            continue
        if not isinstance(block.get("tool_use_id"), str):
            raise TranslationError(f"{where}: a tool_result block without tool_use_id")
        text = _text_of(block.get("content"), where)
        if block.get("is_error"):
            text = "[tool error] " + text   # chat completions have no error flag on a tool message
        messages.append({"role": "tool", "tool_call_id": block["tool_use_id"], "content": text})
    if rest:
        text = _text_of(rest, where)
        if text:
            messages.append({"role": "user", "content": text})


def _anthropic_tools(tools: Any) -> list[dict]:
    out = []
    for tool in tools if isinstance(tools, list) else []:
        # Client tools have no type (or "custom"); server tools (web_search_20250305, bash_..., text_editor_...)
        # run on Anthropic's side and have no input_schema.
        if not isinstance(tool, dict) or tool.get("type") not in (None, "custom") or not isinstance(
                tool.get("name"), str):
            continue
        out.append({"type": "function", "function": {
            "name": tool["name"], "description": tool.get("description") or "",
            "parameters": tool.get("input_schema") or {"type": "object", "properties": {}}}})
    return out


def _anthropic_tool_choice(choice: Any) -> Any:
    kind = choice.get("type") if isinstance(choice, dict) else None
    if kind in ("auto", "none"):
        return kind
    if kind == "any":
        return "required"
    if kind == "tool" and isinstance(choice.get("name"), str):
        return {"type": "function", "function": {"name": choice["name"]}}
    return None


# ---------------------------------------------------------------------------------------------------- answers

def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _chat_usage(usage: Any) -> dict[str, int | None]:
    """prompt/completion/cached/reasoning from a chat-completions usage object (None where not reported)."""
    if not isinstance(usage, dict):
        return dict.fromkeys(("prompt", "completion", "cached", "reasoning"))
    prompt_details, completion_details = usage.get("prompt_tokens_details"), usage.get("completion_tokens_details")
    return {"prompt": _int(usage.get("prompt_tokens")), "completion": _int(usage.get("completion_tokens")),
            "cached": _int(prompt_details.get("cached_tokens")) if isinstance(prompt_details, dict) else None,
            "reasoning": (_int(completion_details.get("reasoning_tokens"))
                          if isinstance(completion_details, dict) else None)}


def _responses_usage(usage: dict[str, int | None]) -> dict:
    prompt, completion = usage["prompt"] or 0, usage["completion"] or 0
    # cache_write_tokens: chat completions report no cache writes (the SDK requires the field).
    return {"input_tokens": prompt, "input_tokens_details": {"cached_tokens": usage["cached"] or 0,
                                                             "cache_write_tokens": 0},
            "output_tokens": completion, "output_tokens_details": {"reasoning_tokens": usage["reasoning"] or 0},
            "total_tokens": prompt + completion}


def _anthropic_usage(usage: dict[str, int | None]) -> dict:
    # OpenAI's prompt_tokens include the cached ones; Anthropic's input_tokens do not.
    cached = usage["cached"] or 0
    return {"input_tokens": max((usage["prompt"] or 0) - cached, 0), "output_tokens": usage["completion"] or 0,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": cached}


def _stop_reason(finish_reason: Any, had_tool_calls: bool, matched_stop: Any, request: dict) -> tuple[str, Any]:
    """Anthropic's (stop_reason, stop_sequence) for a chat finish_reason."""
    if had_tool_calls:   # finish_reason "tool_calls" with no call in the answer would leave the agent waiting
        return "tool_use", None
    if finish_reason == "length":
        return "max_tokens", None
    stops = request.get("stop_sequences") if isinstance(request, dict) else None
    # vLLM names the stop string that matched in the choice's stop_reason; others do not say.
    if isinstance(matched_stop, str) and isinstance(stops, list) and matched_stop in stops:
        return "stop_sequence", matched_stop
    return "end_turn", None


def _reasoning_text(message: dict) -> str | None:
    for key in ("reasoning_content", "reasoning"):
        if isinstance(message.get(key), str) and message[key]:
            return message[key]
    return None


def _tool_input(arguments: Any) -> Any:
    """A tool call's arguments as Anthropic's parsed input (an object)."""
    if isinstance(arguments, dict):
        return arguments
    if not isinstance(arguments, str) or not arguments.strip():
        return {}
    try:
        if calls.json_shape(arguments.encode())[0] > calls.MAX_JSON_DEPTH:
            raise ValueError("nested too deep")   # json.loads would recurse into RecursionError
        parsed = json.loads(arguments)
    except ValueError:
        # The model wrote broken JSON: pass it on visibly, so the agent's schema check reports it to the model.
        return {"_invalid_json_arguments": arguments}
    return parsed if isinstance(parsed, dict) else {"_arguments": parsed}


def _model_of(request: dict, chat_answer: dict) -> str:
    model = request.get("model") if isinstance(request, dict) else None
    if not isinstance(model, str):
        model = chat_answer.get("model") if isinstance(chat_answer, dict) else None
    return model if isinstance(model, str) else ""


def answer_from_chat(protocol: str, chat_answer: dict, request: dict) -> dict:
    """A whole (non-streamed) chat completion as a Responses object or an Anthropic message.

    `request` is the agent's original request body (its model name is echoed, its stop_sequences read)."""
    _check_protocol(protocol)
    if protocol == GEMINI:
        from bench.models import gemini
        return gemini.answer_from_chat(chat_answer, request)
    choices = chat_answer.get("choices") if isinstance(chat_answer, dict) else None
    choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else {}
    message = choice.get("message") if isinstance(choice.get("message"), dict) else {}
    text = message.get("content") if isinstance(message.get("content"), str) else _text_of(
        message.get("content") if isinstance(message.get("content"), list) else None, "answer")
    calls = [c for c in message.get("tool_calls") or [] if isinstance(c, dict)]
    usage = _chat_usage(chat_answer.get("usage") if isinstance(chat_answer, dict) else None)
    reasoning = _reasoning_text(message)
    model = _model_of(request, chat_answer)
    if protocol == RESPONSES:
        status = "incomplete" if choice.get("finish_reason") in _INCOMPLETE else "completed"
        custom = custom_tool_names(request)
        output = []
        if reasoning:
            output.append(_reasoning_item(_new_id("rs_"), reasoning))
        if text:
            output.append(_message_item(_new_id("msg_"), text, status))
        for call in calls:
            function = call.get("function") if isinstance(call.get("function"), dict) else {}
            name, arguments = function.get("name") or "", _arguments_text(function.get("arguments"))
            call_id = call.get("id") if isinstance(call.get("id"), str) and call["id"] else _new_id("call_")
            output.append(_custom_item(_new_id("ctc_"), call_id, name, arguments) if name in custom
                          else _function_item(_new_id("fc_"), call_id, name, arguments, "completed"))
        return _response_object(_new_id("resp_"), model, status, output, _responses_usage(usage), request,
                                choice.get("finish_reason"))
    content = []
    if reasoning:
        content.append({"type": "thinking", "thinking": reasoning, "signature": ""})
    if text:
        content.append({"type": "text", "text": text})
    for call in calls:
        function = call.get("function") if isinstance(call.get("function"), dict) else {}
        content.append({"type": "tool_use", "id": call.get("id") or _new_id("toolu_"),
                        "name": function.get("name") or "", "input": _tool_input(function.get("arguments"))})
    stop_reason, stop_sequence = _stop_reason(choice.get("finish_reason"), bool(calls), choice.get("stop_reason"),
                                              request)
    return {"id": _new_id("msg_"), "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": stop_reason, "stop_sequence": stop_sequence, "usage": _anthropic_usage(usage)}


def _arguments_text(arguments: Any) -> str:
    if isinstance(arguments, str):
        return arguments
    return "" if arguments is None else json.dumps(arguments)


def _message_item(item_id: str, text: str, status: str) -> dict:
    return {"id": item_id, "type": "message", "status": status, "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


def custom_input(arguments: str) -> str:
    """A custom tool's input from the one-string function's arguments (``{"input": "..."}``); the arguments as
    they are when the model wrote something else, so the agent sees what came."""
    try:
        if calls.json_shape(arguments.encode())[0] > calls.MAX_JSON_DEPTH:
            return arguments
        parsed = json.loads(arguments)
    except ValueError:
        return arguments
    if isinstance(parsed, dict) and isinstance(parsed.get("input"), str):
        return parsed["input"]
    return parsed if isinstance(parsed, str) else arguments


def _custom_item(item_id: str, call_id: str, name: str, arguments: str) -> dict:
    return {"id": item_id, "type": "custom_tool_call", "call_id": call_id, "name": name,
            "input": custom_input(arguments)}


def _function_item(item_id: str, call_id: str, name: str, arguments: str, status: str) -> dict:
    return {"id": item_id, "type": "function_call", "status": status, "call_id": call_id, "name": name,
            "arguments": arguments}


def _reasoning_item(item_id: str, text: str) -> dict:
    return {"id": item_id, "type": "reasoning", "summary": [], "content": [{"type": "reasoning_text", "text": text}]}


def _echo_tool(tool: Any) -> dict | None:
    """A request's tool as a Responses object lists it (the fields the SDKs require, defaults filled in)."""
    if not isinstance(tool, dict) or not isinstance(tool.get("type"), str):
        return None
    if tool["type"] in ("function", "custom") and not isinstance(tool.get("name"), str):
        return None
    if tool["type"] == "function":
        return {"type": "function", "name": tool["name"], "description": tool.get("description"),
                "parameters": tool.get("parameters"),
                "strict": tool["strict"] if isinstance(tool.get("strict"), bool) else True}
    if tool["type"] == "custom":
        fmt = tool.get("format") if isinstance(tool.get("format"), dict) else {"type": "text"}
        return {"type": "custom", "name": tool["name"], "description": tool.get("description"), "format": fmt}
    return tool   # a hosted tool: listed as the agent sent it (it was not offered upstream)


def _tool_choice_echo(choice: Any) -> Any:
    if choice in ("auto", "none", "required") or (isinstance(choice, dict) and isinstance(choice.get("type"), str)):
        return choice
    return "auto"


# Chat finish reasons that leave a Responses answer incomplete, and the reason OpenAI gives for each.
_INCOMPLETE = {"length": "max_output_tokens", "content_filter": "content_filter"}


def _response_object(response_id: str, model: str, status: str, output: list, usage: dict | None,
                     request: dict, finish_reason: Any = None) -> dict:
    """A Responses object with every field the SDKs require (tools, tool_choice, parallel_tool_calls ...);
    status "incomplete" (the token limit cut the answer) carries incomplete_details as OpenAI's does."""
    request = request if isinstance(request, dict) else {}
    tools = request.get("tools") if isinstance(request.get("tools"), list) else []
    parallel = request.get("parallel_tool_calls")
    out = {"id": response_id, "object": "response", "created_at": _created_at(), "status": status,
           "error": None, "incomplete_details": ({"reason": _INCOMPLETE.get(finish_reason, "max_output_tokens")}
                                                 if status == "incomplete" else None),
           "instructions": request["instructions"] if isinstance(request.get("instructions"), str) else None,
           "model": model, "output": output, "parallel_tool_calls": parallel if isinstance(parallel, bool) else True,
           "tool_choice": _tool_choice_echo(request.get("tool_choice")),
           "tools": [t for t in (_echo_tool(t) for t in tools) if t is not None], "usage": usage}
    for key in ("max_output_tokens", "temperature", "top_p"):
        value = request.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = value
    return out


# ---------------------------------------------------------------------------------------------------- errors

_ANTHROPIC_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
                          404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error",
                          500: "api_error", 503: "overloaded_error", 529: "overloaded_error"}


def _upstream_error(body: bytes) -> tuple[str, str | None, str | None]:
    """(message, type, code) from an upstream error body: OpenAI's {"error": {...}}, Ollama's {"error": "..."},
    FastAPI's {"detail": ...}, or plain text."""
    text = body.decode("utf-8", "replace").strip()
    try:
        obj = json.loads(text)
    except ValueError:
        obj = None
    if isinstance(obj, dict):
        err = obj.get("error", obj.get("detail", obj.get("message")))
        if isinstance(err, dict):
            message = err.get("message")
            return (str(message if message is not None else err), err.get("type") if isinstance(
                err.get("type"), str) else None, str(err["code"]) if err.get("code") is not None else None)
        if err is not None:
            return (err if isinstance(err, str) else json.dumps(err)), None, None
    return text or "no message", None, None


def _is_context_error(message: str, kind: str | None, code: str | None) -> bool:
    hay = " ".join(x for x in (message, kind, code) if x).lower()
    return any(hint in hay for hint in _CONTEXT_HINTS)


def error_from_chat(protocol: str, status: int, body: bytes) -> bytes:
    """An upstream error answer (status, body) as an error body in the agent's protocol's shape."""
    _check_protocol(protocol)
    if protocol == GEMINI:
        from bench.models import gemini
        return gemini.error_from_chat(status, body)
    message, kind, code = _upstream_error(body)
    message = " ".join(message.split())[:2000]
    context = _is_context_error(message, kind, code)
    if protocol == MESSAGES:
        if context and "prompt is too long" not in message.lower():
            message = "prompt is too long: " + message   # what Claude Code looks for to compact its history
        error_type = _ANTHROPIC_ERROR_TYPES.get(status, "api_error" if status >= 500 else "invalid_request_error")
        return json.dumps({"type": "error", "error": {"type": error_type, "message": message}}).encode()
    if context:
        code = "context_length_exceeded"   # what Codex looks for
    kind = kind or ("server_error" if status >= 500 else "invalid_request_error")
    return json.dumps({"error": {"message": message, "type": kind, "param": None, "code": code}}).encode()


# ---------------------------------------------------------------------------------------------------- streams

def _sse(name: str, payload: dict) -> bytes:
    return f"event: {name}\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n".encode()


class _Call:
    """One tool call being streamed: chat's index, its id and name as they arrive, its arguments so far."""

    def __init__(self, index: Any, call_id: str | None):
        self.index = index
        self.call_id = call_id
        self.name: str | None = None
        self.pieces: list[str] = []   # the arguments' fragments, joined when read: `+=` made a long one quadratic
        self.pending = ""          # argument text that arrived before the name (the item is not open yet)
        self.open = False
        self.item_id = ""
        self.position = -1         # Responses output_index / Anthropic content block index

    @property
    def arguments(self) -> str:
        """The arguments so far (read when the call closes)."""
        return "".join(self.pieces)


def stream_translator(protocol: str, request: dict) -> ChatStream:
    """The stream translator for `protocol` (the Gemini API's lives in bench.models.gemini)."""
    _check_protocol(protocol)
    if protocol == GEMINI:
        from bench.models import gemini
        return gemini.StreamTranslator(request)
    return StreamTranslator(protocol, request)


class ChatStream:
    """What every translator of a chat-completions SSE stream shares: the byte cap, the SSE framing (`data:` lines,
    ``[DONE]``, a depth check before json.loads), the error and usage a chunk carries, and `fail`. A subclass turns
    each chunk into its protocol's bytes (`_chunk`) and closes the stream (`finish`)."""

    def __init__(self, request: dict):
        self.request = request if isinstance(request, dict) else {}
        self.model = _model_of(self.request, {})
        self.usage: dict[str, int | None] = dict.fromkeys(("prompt", "completion", "cached", "reasoning"))
        self.usage_missing = True
        self.finish_reason: str | None = None
        self.tool_calls = 0
        self.error: str | None = None
        self.done = False            # [DONE] seen
        self.over = False            # the answer passed MAX_TRANSLATED_BYTES: ended as failed, read no further
        self._fed = 0
        self._buf = b""
        self._finished = False

    def _start(self) -> bytes:
        """The bytes that open the translated stream, once (none by default)."""
        return b""

    def _chunk(self, chunk: dict) -> bytes:
        raise NotImplementedError

    def finish(self) -> bytes:
        """The upstream's stream has ended: the closing events (once; later calls return b"")."""
        raise NotImplementedError

    def feed(self, data: bytes) -> bytes:
        """Take the next bytes of the upstream's stream; the agent-protocol bytes to send now."""
        if self._finished:
            return b""
        self._fed += len(data)
        if self._fed > MAX_TRANSLATED_BYTES:
            self.over = True
            return self.fail(f"the model server's answer passed the model proxy's cap of {MAX_TRANSLATED_BYTES} "
                             "bytes; the proxy ended it")
        out = [self._start()]
        self._buf += data
        if b"\n" in data:
            *lines, self._buf = self._buf.split(b"\n")
            for line in lines:
                out.append(self._line(line))
        return b"".join(out)

    def fail(self, message: str) -> bytes:
        """End the stream as failed (the upstream broke off, or sent too much): the closing events with `message`
        as the error, as the agent's protocol ends a failed stream (response.failed; Anthropic's error event;
        Gemini's error object)."""
        if self._finished:
            return b""
        self.error = self.error or message[:2000]
        self._buf = b""
        return self.finish()

    def _line(self, line: bytes) -> bytes:
        line = line.strip()
        if not line.startswith(b"data:"):
            return b""   # event:/id: fields, SSE comments (": keep-alive"), blank separators
        line = line[5:].strip()
        if line == b"[DONE]":
            self.done = True
            return b""
        try:
            if calls.json_shape(line)[0] > calls.MAX_JSON_DEPTH:
                return b""   # json.loads would recurse into RecursionError: no real chunk nests so deep
            chunk = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            return b""
        return self._chunk(chunk) if isinstance(chunk, dict) else b""

    def _take_error_and_usage(self, chunk: dict) -> None:
        """The error a chunk reports inside the stream, and the usage it carries (the last one counts)."""
        if chunk.get("error"):
            err = chunk["error"]
            message = err.get("message") if isinstance(err, dict) else err
            self.error = str(message if message is not None else err)[:2000]
        if isinstance(chunk.get("usage"), dict):
            self.usage = _chat_usage(chunk["usage"])
            self.usage_missing = False


class StreamTranslator(ChatStream):
    """A chat-completions SSE stream, fed as it arrives, as the agent protocol's SSE stream.

    `feed(data)` takes any piece of the upstream's bytes and returns the bytes to send now (possibly b"");
    `finish()` closes the stream, also when the upstream ended without ``[DONE]`` or without usage. After
    `finish`: `usage` ({prompt, completion, cached, reasoning}: ints or None, None when the upstream did not
    report them), `usage_missing`, `finish_reason` (the upstream's, e.g. "stop" or "tool_calls"),
    `stop_reason` (what the agent was told), `tool_calls` (calls in the answer), `error` (an error the upstream
    sent inside the stream, else None).
    """

    def __init__(self, protocol: str, request: dict):
        _check_protocol(protocol)
        super().__init__(request)
        self.protocol = protocol
        self.stop_reason: str | None = None
        self.matched_stop: Any = None
        self._started = False
        self._seq = 0
        self._id = _new_id("resp_" if protocol == RESPONSES else "msg_")
        self._positions = 0          # output items (Responses) / content blocks (Anthropic) opened so far
        self._block: str | None = None   # the open text/reasoning item or block: "text", "reasoning", "call"
        self._block_id = ""
        self._block_pos = -1
        self._block_text = ""
        self._output: list[dict] = []    # Responses: finished items, for response.completed
        self._calls: list[_Call] = []
        self._custom = custom_tool_names(self.request) if protocol == RESPONSES else frozenset()

    # -- input
    def finish(self) -> bytes:
        """The upstream's stream has ended: the closing events (once; later calls return b"")."""
        if self._finished:
            return b""
        out = [self._start(), self._line(self._buf)]
        self._buf = b""
        self._finished = True
        out.append(self._close_all())
        if self.protocol == RESPONSES:
            out.append(self._responses_end())
        else:
            out.append(self._anthropic_end())
        return b"".join(out)

    def _chunk(self, chunk: dict) -> bytes:
        out = []
        self._take_error_and_usage(chunk)
        if not self.request.get("model") and isinstance(chunk.get("model"), str):
            self.model = chunk["model"]
        for choice in chunk.get("choices") or []:
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue   # n > 1 is never asked for; only the first choice is the answer
            delta = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
            reasoning = _reasoning_text(delta)
            if reasoning:
                out.append(self._text_delta("reasoning", reasoning))
            if isinstance(delta.get("content"), str) and delta["content"]:
                out.append(self._text_delta("text", delta["content"]))
            for call in delta.get("tool_calls") or []:
                if isinstance(call, dict):
                    out.append(self._call_delta(call))
            if isinstance(choice.get("finish_reason"), str):
                self.finish_reason = choice["finish_reason"]
                self.matched_stop = choice.get("stop_reason")
        return b"".join(out)

    # -- shared state changes
    def _start(self) -> bytes:
        if self._started:
            return b""
        self._started = True
        if self.protocol == RESPONSES:
            response = _response_object(self._id, self.model, "in_progress", [], None, self.request)
            return (self._event("response.created", {"response": response})
                    + self._event("response.in_progress", {"response": response}))
        message = {"id": self._id, "type": "message", "role": "assistant", "model": self.model, "content": [],
                   "stop_reason": None, "stop_sequence": None,
                   # A chat-completions upstream reports usage only at the end: message_delta carries it.
                   "usage": {"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0,
                             "cache_read_input_tokens": 0}}
        return self._event("message_start", {"message": message}) + self._event("ping", {})

    def _event(self, name: str, fields: dict) -> bytes:
        payload = {"type": name, **fields}
        if self.protocol == RESPONSES:
            payload["sequence_number"] = self._seq
            self._seq += 1
        return _sse(name, payload)

    def _text_delta(self, kind: str, text: str) -> bytes:
        out = b""
        if self._block != kind:
            out = self._close_all() + self._open_text(kind)
        self._block_text += text
        if self.protocol == MESSAGES:
            delta = ({"type": "text_delta", "text": text} if kind == "text"
                     else {"type": "thinking_delta", "thinking": text})
            return out + self._event("content_block_delta", {"index": self._block_pos, "delta": delta})
        name = "response.output_text.delta" if kind == "text" else "response.reasoning_text.delta"
        fields = {"item_id": self._block_id, "output_index": self._block_pos, "content_index": 0, "delta": text}
        if kind == "text":
            fields["logprobs"] = []
        return out + self._event(name, fields)

    def _open_text(self, kind: str) -> bytes:
        self._block, self._block_text = kind, ""
        self._block_pos, self._positions = self._positions, self._positions + 1
        if self.protocol == MESSAGES:
            block = {"type": "text", "text": ""} if kind == "text" else {"type": "thinking", "thinking": "",
                                                                          "signature": ""}
            return self._event("content_block_start", {"index": self._block_pos, "content_block": block})
        if kind == "text":
            self._block_id = _new_id("msg_")
            item = {"id": self._block_id, "type": "message", "status": "in_progress", "role": "assistant",
                    "content": []}
            part = {"type": "output_text", "text": "", "annotations": []}
        else:
            self._block_id = _new_id("rs_")
            item = {"id": self._block_id, "type": "reasoning", "summary": [], "content": []}
            part = {"type": "reasoning_text", "text": ""}
        return (self._event("response.output_item.added", {"output_index": self._block_pos, "item": item})
                + self._event("response.content_part.added", {"item_id": self._block_id,
                                                              "output_index": self._block_pos, "content_index": 0,
                                                              "part": part}))

    def _close_text(self) -> bytes:
        kind, text, pos, item_id = self._block, self._block_text, self._block_pos, self._block_id
        self._block, self._block_text = None, ""
        if self.protocol == MESSAGES:
            return self._event("content_block_stop", {"index": pos})
        if kind == "text":
            item = _message_item(item_id, text, "incomplete" if self.finish_reason in _INCOMPLETE else "completed")
            part = item["content"][0]
            done = self._event("response.output_text.done", {"item_id": item_id, "output_index": pos,
                                                             "content_index": 0, "text": text, "logprobs": []})
        else:
            item = _reasoning_item(item_id, text)
            part = item["content"][0]
            done = self._event("response.reasoning_text.done", {"item_id": item_id, "output_index": pos,
                                                                "content_index": 0, "text": text})
        self._output.append(item)
        return (done + self._event("response.content_part.done", {"item_id": item_id, "output_index": pos,
                                                                  "content_index": 0, "part": part})
                + self._event("response.output_item.done", {"output_index": pos, "item": item}))

    def _close_all(self) -> bytes:
        """Close whatever is open (a text/reasoning block, or the tool call being streamed)."""
        if self._block in ("text", "reasoning"):
            return self._close_text()
        out = b""
        for call in self._calls:
            if call.open:
                out += self._close_call(call)
        self._block = None
        return out

    # -- tool calls
    def _call_delta(self, fragment: dict) -> bytes:
        index = fragment.get("index")
        frag_id = fragment.get("id") if isinstance(fragment.get("id"), str) and fragment["id"] else None
        function = fragment.get("function") if isinstance(fragment.get("function"), dict) else {}
        # The call a piece belongs to: same index and no other id (servers that send each call whole at index 0
        # tell them apart by id only).
        known = [c for c in self._calls if c.index == index and not (frag_id and c.call_id and c.call_id != frag_id)]
        if known and known[-1] is not self._calls[-1]:
            return b""   # a piece of a call already closed (interleaved calls): nothing valid left to send
        if known:
            call = known[-1]
        else:
            call = _Call(index, frag_id)
            self._calls.append(call)
        if frag_id and not call.call_id:
            call.call_id = frag_id
        if isinstance(function.get("name"), str) and function["name"] and not call.name:
            call.name = function["name"]
        arguments = _arguments_text(function.get("arguments"))
        out = b""
        if not call.open and call.name:
            out += self._open_call(call)
            arguments, call.pending = call.pending + arguments, ""
        if not call.open:
            call.pending += arguments
            return out
        if arguments:
            call.pieces.append(arguments)
            if self.protocol == MESSAGES:
                out += self._event("content_block_delta", {"index": call.position, "delta": {
                    "type": "input_json_delta", "partial_json": arguments}})
            elif call.name in self._custom:
                pass   # a custom call's input is the decoded `input` string: sent whole when the call closes
            else:
                out += self._event("response.function_call_arguments.delta", {
                    "item_id": call.item_id, "output_index": call.position, "delta": arguments})
        return out

    def _open_call(self, call: _Call) -> bytes:
        out = self._close_all()
        self._block = "call"
        call.open = True
        self.tool_calls += 1
        call.position, self._positions = self._positions, self._positions + 1
        if self.protocol == MESSAGES:
            call.call_id = call.call_id or _new_id("toolu_")
            return out + self._event("content_block_start", {"index": call.position, "content_block": {
                "type": "tool_use", "id": call.call_id, "name": call.name, "input": {}}})
        call.call_id = call.call_id or _new_id("call_")
        if call.name in self._custom:
            call.item_id = _new_id("ctc_")
            item = {"id": call.item_id, "type": "custom_tool_call", "call_id": call.call_id, "name": call.name,
                    "input": ""}
            return out + self._event("response.output_item.added", {"output_index": call.position, "item": item})
        call.item_id = _new_id("fc_")
        item = _function_item(call.item_id, call.call_id, call.name or "", "", "in_progress")
        return out + self._event("response.output_item.added", {"output_index": call.position, "item": item})

    def _close_call(self, call: _Call) -> bytes:
        call.open = False
        if self.protocol == MESSAGES:
            return self._event("content_block_stop", {"index": call.position})
        if call.name in self._custom:
            item = _custom_item(call.item_id, call.call_id or "", call.name or "", call.arguments)
            self._output.append(item)
            where = {"item_id": call.item_id, "output_index": call.position}
            return (self._event("response.custom_tool_call_input.delta", {**where, "delta": item["input"]})
                    + self._event("response.custom_tool_call_input.done", {**where, "input": item["input"]})
                    + self._event("response.output_item.done", {"output_index": call.position, "item": item}))
        item = _function_item(call.item_id, call.call_id or "", call.name or "", call.arguments, "completed")
        self._output.append(item)
        return (self._event("response.function_call_arguments.done", {
                    "item_id": call.item_id, "output_index": call.position, "arguments": call.arguments})
                + self._event("response.output_item.done", {"output_index": call.position, "item": item}))

    # -- the end
    def _responses_end(self) -> bytes:
        usage = _responses_usage(self.usage)
        self.stop_reason = "failed" if self.error else "completed"
        if self.error:
            message, _, code = self.error, None, None
            if _is_context_error(message, None, None):
                code = "context_length_exceeded"
            response = _response_object(self._id, self.model, "failed", self._output, usage, self.request)
            response["error"] = {"code": code or "server_error", "message": message}
            return self._event("response.failed", {"response": response})
        if self.finish_reason in _INCOMPLETE:   # the token limit (or a filter) cut the answer: response.incomplete
            self.stop_reason = "incomplete"
            response = _response_object(self._id, self.model, "incomplete", self._output, usage, self.request,
                                        self.finish_reason)
            return self._event("response.incomplete", {"response": response})
        response = _response_object(self._id, self.model, "completed", self._output, usage, self.request)
        return self._event("response.completed", {"response": response})

    def _anthropic_end(self) -> bytes:
        self.stop_reason, stop_sequence = _stop_reason(self.finish_reason, self.tool_calls > 0, self.matched_stop,
                                                       self.request)
        if self.error:   # as Anthropic does: an error event ends the stream, no message_delta/message_stop
            self.stop_reason = "error"
            return self._event("error", {"error": {"type": "api_error", "message": self.error}})
        return self._event("message_delta", {
            "delta": {"stop_reason": self.stop_reason, "stop_sequence": stop_sequence},
            "usage": _anthropic_usage(self.usage)}) + self._event("message_stop", {})
