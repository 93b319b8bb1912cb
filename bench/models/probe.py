"""probe: the tool-call canary. Does this model make native tool calls through the endpoint the agents use?

A model that cannot scores 0 with every tool-driven agent; this tells in seconds instead of after a wasted
evaluation. Within one budget (30 s by default) it sends a `read_file` tool and a request that needs it,
returns the tool's result, checks the follow-up, then sends a padded prompt of known size to see whether
the server evaluates all of it. Classes (CLASSES, in the order a verdict is reached):

    error_unreachable  error_not_found  error_timeout  error_server   the exchange could not happen
    fail_text_shaped   tool-call-shaped text in content (JSON with name/arguments, <tool_call> tags, ...)
    fail_no_call       a plain answer, no call
    fail_bad_arguments a native call whose arguments are not valid JSON or break the tool's schema
    fail_followup      a valid call, but the answer after the tool result does not use it
    fail_context       the server evaluated far fewer prompt tokens than were sent (or refused the prompt)
    pass               a valid native call and a follow-up that uses the result, prompts not truncated

fail_context wins over the tool classes: when prompts are cut, the tool exchange is not a fair test.
Used by `localagentbench doctor --probe MODEL`; the core is `probe()`, which returns a probe@1 record.

The canary's requests go through the recording model proxy (bench/models/proxy.py), one route whose calls file
lies in a temporary directory, exactly as an evaluation's agent reaches the model: each step carries the proxy's
figures for its call (`proxy`: ttft, total, prefill/decode where the server reports them, tokens) and the record
the run-level summary of them (`model_calls`, calls.summarize). The requests are not streamed, so a call's ttft
is its whole answer's time. Then `protocols()` asks the server itself (not through the proxy), one cheap request
each, which of the four wire protocols it speaks: native, translated (absent, but the proxy serves it by
translating to chat completions: Responses and Messages) or absent; unknown when it could not tell.
"""
from __future__ import annotations

import dataclasses
import json
import re
import secrets
import socket
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import jsonschema

from bench.common.errors import UserError
from bench.common.paths import harness_version
from bench.models import calls, servers, serving, translate
from bench.models.modelserver import USER_AGENT, ServerError, error_message, model_info, request_json, resolve
from bench.models.proxy import CALLS_FILE, ModelProxy, endpoint_absent
from bench.models.servers import ModelTarget

SCHEMA_TAG = "localagentbench/probe@1"
CLASSES = ("pass", "fail_text_shaped", "fail_no_call", "fail_bad_arguments", "fail_followup", "fail_context",
           "error_unreachable", "error_not_found", "error_timeout", "error_server")
DEFAULT_BUDGET_S = 30.0
DEFAULT_CONTEXT_TOKENS = 6144      # above the 2k/4k windows that cut agent prompts, below an 8k model's limit
TRUNCATION_RATIO = 0.8             # evaluated / sent below this = the window is cutting the prompt
MAX_REPLY_TOKENS = 1024
KEEP_CHARS = 600
TOOL_NAME = "read_file"
TOOL_SCHEMA = {
    "type": "object",
    "properties": {"path": {"type": "string", "minLength": 1, "description": "Path of the file to read."}},
    "required": ["path"],
    "additionalProperties": False,
}
TOOL = {"type": "function", "function": {
    "name": TOOL_NAME, "description": "Read a text file from the user's project and return its contents.",
    "parameters": TOOL_SCHEMA}}
SECRET_PATH = "notes/secret.txt"
# Short words that are one token each (with their leading space) in the common BPE / SentencePiece vocabularies,
# so the padding's size in tokens is known without the model's tokenizer: 4 characters per token.
FILLER = ("the and for are but not you all any can had her was one our out day get has him his how man new "
          "now old see two way who boy did its let put say she too use").split()
TEXT_CALL_MARKERS = re.compile(
    r"<\s*/?\s*(tool_call|tool_calls|function_call|functioncall|tool_use|invoke)\b|<\|python_tag\|>|\[TOOL_CALLS\]"
    r"|<\|tool_call\|>|<function=|\"(name|function|tool|tool_name)\"\s*:\s*\"?read_file|\bread_file\s*\(",
    re.IGNORECASE)
# The four wire protocols an agent may speak, as the proxy names them, with the path each is served under.
PROTOCOLS = {
    calls.OPENAI_CHAT: ("OpenAI chat completions", "/v1/chat/completions"),
    calls.OLLAMA_CHAT: ("Ollama chat", "/api/chat"),
    calls.OPENAI_RESPONSES: ("OpenAI Responses", "/v1/responses"),
    calls.ANTHROPIC_MESSAGES: ("Anthropic Messages", "/v1/messages"),
}
PROTOCOL_TIMEOUT_S = 10.0   # one token from a model the canary has just loaded
CONTEXT_ERROR = re.compile(r"context|exceed|too long|too many tokens|maximum.*length|n_ctx", re.IGNORECASE)

FIXES = {
    "fail_text_shaped": "the server's chat template does not turn this model's calls into tool_calls: use a model "
                        "with tool support (qwen3, qwen3-coder, devstral, gpt-oss), or a text edit format "
                        "(aider --edit-format diff); llama.cpp needs --jinja (llama-server) or "
                        "--chat_format chatml-function-calling (llama-cpp-python)",
    "fail_no_call": "tool-driven agents (opencode) will score 0 with this model: pick one whose capabilities "
                    "include 'tools' (`ollama show MODEL`), or use aider's text edit formats",
    "fail_bad_arguments": "expect failed tool calls: try a larger model or a higher-precision quantization",
    "fail_followup": "the model ignores tool results: expect agents to loop or give up; try a larger model",
    "error_timeout": "no answer in time: the model may still be loading or be too big for this machine; "
                     "rerun with a larger --timeout, and check `ollama ps` or the server's log",
    "error_server": "the server failed to answer (often out of memory): check its log, try a smaller model or "
                    "quantization",
}


class Budget:
    """One deadline for the whole probe; each request gets what is left."""

    def __init__(self, seconds: float):
        self.seconds, self.start = seconds, time.monotonic()

    def left(self) -> float:
        """Seconds left (never negative)."""
        return max(0.0, self.seconds - (time.monotonic() - self.start))

    def elapsed(self) -> float:
        """Seconds since the probe started."""
        return time.monotonic() - self.start


def _chat(ep: ModelTarget, messages: list[dict], tools: list[dict] | None, max_tokens: int, budget: Budget) -> dict:
    """One non-streaming chat request in the endpoint's own dialect; a normalized reply."""
    if ep.kind == "ollama":
        body: dict[str, Any] = {"model": ep.model, "messages": messages, "stream": False,
                                "options": {"temperature": 0, "num_predict": max_tokens}}
    else:
        body = {"model": ep.model, "messages": messages, "stream": False, "temperature": 0, "max_tokens": max_tokens}
    if tools:
        body["tools"] = tools
    start = time.monotonic()
    answer = request_json("POST", ep.chat_url, body, timeout_s=budget.left())
    wall = round(time.monotonic() - start, 3)
    if not isinstance(answer, dict):
        raise ServerError("bad_response", f"{ep.chat_url}: the answer is not a JSON object")
    if ep.kind == "ollama":
        msg = answer.get("message") or {}
        calls = [{"id": c.get("id"), "name": (c.get("function") or {}).get("name"),
                  "arguments": (c.get("function") or {}).get("arguments")} for c in msg.get("tool_calls") or []]
        prompt, completion = answer.get("prompt_eval_count"), answer.get("eval_count")
        reason = answer.get("done_reason")
    else:
        choice = (answer.get("choices") or [{}])[0]
        msg = choice.get("message") or {}
        calls = [{"id": c.get("id"), "name": (c.get("function") or {}).get("name"),
                  "arguments": (c.get("function") or {}).get("arguments")} for c in msg.get("tool_calls") or []]
        usage = answer.get("usage") or {}
        prompt, completion = usage.get("prompt_tokens"), usage.get("completion_tokens")
        reason = choice.get("finish_reason")
    return {"content": msg.get("content") or "", "tool_calls": calls, "prompt_tokens": prompt,
            "completion_tokens": completion, "done_reason": reason, "wall_s": wall}


def _step(name: str, reply: dict | None = None, error: ServerError | None = None) -> dict:
    step: dict[str, Any] = {"step": name}
    if reply is not None:
        step.update({k: reply[k] for k in ("prompt_tokens", "completion_tokens", "done_reason", "wall_s")})
        step["content"] = reply["content"][:KEEP_CHARS]
        step["tool_calls"] = [{"name": c["name"], "arguments": c["arguments"]} for c in reply["tool_calls"]]
    if error is not None:
        step.update(error=str(error), error_kind=error.kind, status=error.status)
    return step


def json_objects(text: str) -> list[Any]:
    """Every JSON value that starts with `{` or `[` somewhere in text (fenced or bare)."""
    found, decoder, i = [], json.JSONDecoder(), 0
    while i < len(text):
        if text[i] in "{[":
            try:
                value, end = decoder.raw_decode(text, i)
                found.append(value)
                i = end
                continue
            except ValueError:
                pass
        i += 1
    return found


def _call_shaped(value: Any) -> bool:
    if isinstance(value, list):
        return any(_call_shaped(v) for v in value)
    if not isinstance(value, dict):
        return False
    keys = set(value)
    if "name" in keys and keys & {"arguments", "parameters", "args", "input"}:
        return True
    if isinstance(value.get("function"), dict) or "tool_name" in keys or "tool_calls" in keys:
        return True
    return any(_call_shaped(v) for v in value.values() if isinstance(v, (dict, list)))


def text_shaped(content: str) -> bool:
    """Whether an answer's text is a tool call written out instead of made (JSON name/arguments, tags, ...)."""
    return bool(TEXT_CALL_MARKERS.search(content)) or any(_call_shaped(v) for v in json_objects(content))


def check_call(call: dict) -> tuple[dict | None, list[str]]:
    """Parse and validate a native call against the tool: (arguments, problems)."""
    if call.get("name") != TOOL_NAME:
        return None, [f"called {call.get('name')!r}, the only tool offered is {TOOL_NAME!r}"]
    args = call.get("arguments")
    if isinstance(args, str):   # OpenAI sends a JSON string; Ollama an object
        try:
            args = json.loads(args) if args.strip() else {}
        except ValueError as exc:
            return None, [f"arguments are not valid JSON ({exc.msg}): {args[:120]!r}"]
    if not isinstance(args, dict):
        return None, [f"arguments are {type(args).__name__}, not an object"]
    problems = [e.message for e in jsonschema.Draft202012Validator(TOOL_SCHEMA).iter_errors(args)]
    return args, problems


def _tool_turns(ep: ModelTarget, reply: dict, result: str) -> list[dict]:
    """The assistant's call and the tool's result, as each API wants them back."""
    call = reply["tool_calls"][0]
    if ep.kind == "ollama":
        args = call["arguments"] if isinstance(call["arguments"], dict) else json.loads(call["arguments"])
        return [{"role": "assistant", "content": reply["content"],
                 "tool_calls": [{"function": {"name": call["name"], "arguments": args}}]},
                {"role": "tool", "content": result, "tool_name": call["name"]}]
    call_id = call.get("id") or "call_probe_0"
    args = call["arguments"] if isinstance(call["arguments"], str) else json.dumps(call["arguments"])
    return [{"role": "assistant", "content": reply["content"] or None,
             "tool_calls": [{"id": call_id, "type": "function",
                             "function": {"name": call["name"], "arguments": args}}]},
            {"role": "tool", "tool_call_id": call_id, "content": result}]


def _error_class(exc: ServerError) -> str:
    if exc.kind == "unreachable":
        return "error_unreachable"
    if exc.kind == "timeout":
        return "error_timeout"
    err = exc.body.get("error") if isinstance(exc.body, dict) else None
    if exc.status in (502, 504) and isinstance(err, dict) and err.get("type") == "upstream_error":
        # the proxy's own answer: it could not reach the server (502) or the server did not answer in time (504)
        return "error_timeout" if exc.status == 504 else "error_unreachable"
    message = error_message(exc.body) if exc.body is not None else str(exc)
    lowered = message.lower()
    # Ollama and llama.cpp say "model 'x' not found"; vLLM and OpenAI "The model `x` does not exist."
    if exc.status in (400, 404) and "model" in lowered and ("not found" in lowered or "does not exist" in lowered):
        return "error_not_found"
    if exc.status == 404:   # no such route: the URL is not the chat API (a --base-url without /v1?)
        return "error_unreachable"
    if exc.status == 400 and "does not support tools" in message.lower():
        return "fail_no_call"
    if exc.status in (400, 413, 500) and CONTEXT_ERROR.search(message):
        return "fail_context"
    return "error_server"


def padding(tokens: int, nonce: str) -> tuple[str, int]:
    """A prompt of about `tokens` tokens, unique (so no prompt cache answers it), and its estimate."""
    words = " ".join(FILLER[i % len(FILLER)] for i in range(tokens))
    text = (f"[probe {nonce}] The text below is filler that measures the context window; ignore it.\n{words}\n"
            "End of filler. Reply with the single word OK.")
    return text, len(text) // 4


def context_fix(ep: ModelTarget, info: dict) -> str:
    """Which setting widens the window on this server."""
    if ep.kind == "ollama" or (info.get("server") or {}).get("ollama"):
        return ("start Ollama with OLLAMA_CONTEXT_LENGTH=32768 (or set num_ctx in a Modelfile / the request "
                "options); check with `ollama ps`")
    return ("raise the server's context window: llama-cpp-python --n_ctx 32768, llama-server -c 32768, "
            "vLLM --max-model-len 32768, LM Studio: Context Length in the model's load settings")


def _fix(cls: str, ep: ModelTarget, info: dict, served: list[str] | None) -> str | None:
    if cls == "pass":
        return None
    if cls == "fail_context":
        return context_fix(ep, info)
    if cls == "error_unreachable":
        return ("start Ollama (`ollama serve`) or point $OLLAMA_HOST at it" if ep.kind == "ollama"
                else f"start the server, or fix --base-url {ep.api_root}")
    if cls == "error_not_found":
        if ep.kind == "ollama" or (info.get("server") or {}).get("ollama"):
            return f"ollama pull {ep.model}"
        return (f"the server serves {', '.join(served)}: pass one of those as --model" if served
                else "pass a model the server serves as --model (see GET /v1/models)")
    return FIXES.get(cls)


def _served(ep: ModelTarget, budget: Budget) -> list[str] | None:
    try:
        path = f"{ep.api_root}/api/tags" if ep.kind == "ollama" else f"{ep.api_root}/models"
        listing = request_json("GET", path, timeout_s=min(5.0, budget.left()))
        entries = listing.get("models" if ep.kind == "ollama" else "data") or []
        return [str(e.get("name") or e.get("id")) for e in entries if isinstance(e, dict)]
    except (ServerError, AttributeError):
        return None


def probe(model: str, base_url: str | None = None, budget_s: float = DEFAULT_BUDGET_S,
          context_tokens: int = DEFAULT_CONTEXT_TOKENS, api: str = "auto",
          env: dict[str, str] | None = None, option: str = "--probe", num_ctx: int | None = None) -> dict:
    """Run the canary against one model; return the probe@1 record (its `class` is the verdict).

    `model` is named as everywhere else (`qwen3:8b` = `ollama/qwen3:8b`); the record holds the canonical name.
    A name that cannot be placed is a UserError naming `option`, the option the user typed it into.
    """
    ep = resolve(model, base_url, env, option)
    model = ep.spec   # canonical: the record and doctor's line name the model as runs record it
    if api == "openai" and ep.kind == "ollama":   # what opencode uses: Ollama's OpenAI-compatible /v1
        ep = dataclasses.replace(ep, kind="openai")
    budget = Budget(budget_s)
    info = model_info(model, ep.api_root if ep.kind == "openai" else None, timeout_s=min(5.0, budget_s / 3), env=env)
    # --num-ctx: served with that window as a run is (serving.py); a server whose window is fixed refuses another
    ollama = bool((info.get("server") or {}).get("ollama"))
    if num_ctx is not None and not ollama and not info.get("error"):
        fixed = serving.fixed_window(ep.openai_base, ep.model, timeout_s=min(5.0, budget_s / 3))
        if fixed:
            info["fixed_window"] = fixed
        refusal = serving.window_mismatch(fixed, num_ctx, ep.openai_base)
        if refusal:
            raise UserError(refusal)
    steps: list[dict] = []
    record: dict[str, Any] = {
        "schema": SCHEMA_TAG, "model": model, "api": ep.kind, "endpoint": ep.chat_url, "budget_s": budget_s,
        "model_info": info, "tool_call": None, "context": None, "steps": steps,
        "serving": serving.facts(info, num_ctx),
        "harness_version": harness_version(), "created_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    # As bench/run_agent.py `proxied` sets it up for a run; the proxy's timeout is the budget, so a hung server
    # does not hold its thread past the probe.
    with tempfile.TemporaryDirectory(prefix="localagentbench-probe-") as tmp, \
            ModelProxy(ep.root, openai_base=ep.openai_base, timeout_s=budget_s, num_ctx=num_ctx,
                       ollama=ollama) as proxy:
        calls_file = Path(tmp) / CALLS_FILE
        route = proxy.route(calls_file)
        via = dataclasses.replace(ep, root=route, openai_base=route + "/v1")
        cls, reason = _exchange(via, budget, steps, record)
        if not cls.startswith("error_") and context_tokens > 0:
            cls, reason = _context(via, info, budget, steps, record, context_tokens, cls, reason)
        proxy.close_route(route)   # a call still in flight (the budget ran out) is recorded as cut, and cut
        lines = read_calls(calls_file)
        upstream = proxy.upstream.url
    attach_calls(steps, lines)
    record["model_calls"] = calls.summarize(lines, upstream)
    served = _served(ep, budget) if cls == "error_not_found" else None
    record.update({"class": cls, "passed": cls == "pass", "reason": reason, "fix": _fix(cls, ep, info, served),
                   "elapsed_s": round(budget.elapsed(), 3)})
    # A server that could not be reached or did not answer in time would only make each request wait as long.
    last = steps[-1] if steps else {}
    if last.get("error_kind") in ("timeout", "unreachable") or last.get("status") in (502, 504):
        record["protocols"] = {p: _protocol(p, None, None, None, "not asked: the server did not answer the "
                                            f"canary's {last['step'].replace('_', ' ')} request") for p in PROTOCOLS}
    else:
        record["protocols"] = protocols(ep)
    return record


def read_calls(calls_file: Path) -> list[dict]:
    """The proxy's call records (one JSON object a line); none when no call reached it."""
    try:
        text = calls_file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def attach_calls(steps: list[dict], lines: list[dict]) -> None:
    """Give each step the proxy's figures for its call. The steps are sequential, one request each, and the proxy
    writes a call's line before its answer's last byte leaves, so the n-th line is the n-th step's; a step whose
    request never left (no budget left) can only be the last one, and keeps no figures."""
    for step, line in zip(steps, lines, strict=False):
        usage = line.get("usage") or {}
        step["proxy"] = {
            "status": line.get("status"), "ttft_s": line.get("ttft_s"), "total_s": line.get("total_s"),
            "prefill_s": line.get("prefill_s"), "decode_s": line.get("decode_s"),
            "prompt_tokens": usage.get("prompt_tokens"), "completion_tokens": usage.get("completion_tokens"),
            "tool_calls": line.get("tool_calls"), "context_truncated": line.get("context_truncated"),
            "error": line.get("error"),
        }


def _protocol(protocol: str, status: str | None, url: str | None, http_status: int | None, detail: str) -> dict:
    return {"status": status or "unknown", "url": url, "http_status": http_status, "detail": detail,
            "name": PROTOCOLS[protocol][0], "path": PROTOCOLS[protocol][1]}


def _protocol_request(protocol: str, model: str) -> tuple[dict, dict[str, str]]:
    """The cheapest valid request in `protocol` for `model` (one token, not streamed) and its extra headers."""
    hello = [{"role": "user", "content": "Reply with OK."}]
    if protocol == calls.OLLAMA_CHAT:
        return {"model": model, "messages": hello, "stream": False, "options": {"num_predict": 1}}, {}
    if protocol == calls.OPENAI_RESPONSES:
        return {"model": model, "input": "Reply with OK.", "max_output_tokens": 1, "stream": False}, {}
    if protocol == calls.ANTHROPIC_MESSAGES:
        return ({"model": model, "messages": hello, "max_tokens": 1, "stream": False},
                {"anthropic-version": "2023-06-01"})
    return {"model": model, "messages": hello, "max_tokens": 1, "stream": False}, {}


def _post(url: str, body: dict, headers: dict[str, str], timeout_s: float) -> tuple[int, bytes]:
    """(status, body) of one POST, whatever the status; ServerError only when no answer came."""
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Accept": "application/json",
                                          "User-Agent": USER_AGENT, **headers})
    # A caller's HTTP(S)_PROXY must not carry a request for a model server on this machine (as modelserver does).
    host = urllib.parse.urlsplit(url).hostname or ""
    opener = urllib.request.build_opener(*([urllib.request.ProxyHandler({})] if servers.is_loopback(host) else []))
    try:
        with opener.open(req, timeout=timeout_s) as resp:
            return resp.status, resp.read(calls.MAX_PARSED_BYTES)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read() or b""
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, (socket.timeout, TimeoutError)):
            raise ServerError("timeout", f"no answer within {timeout_s:g}s") from None
        raise ServerError("unreachable", str(getattr(exc.reason, "strerror", None) or exc.reason)) from None
    except TimeoutError:
        raise ServerError("timeout", f"no answer within {timeout_s:g}s") from None
    except (ConnectionError, OSError) as exc:
        raise ServerError("unreachable", str(exc.strerror or exc)) from None


# A key every non-streamed answer of the protocol has: a 2xx without it is some other page (LM Studio, for one,
# answers an unknown endpoint with 200 and an error object).
ANSWER_KEYS = {calls.OPENAI_CHAT: "choices", calls.OLLAMA_CHAT: "message", calls.OPENAI_RESPONSES: "output",
               calls.ANTHROPIC_MESSAGES: "content"}


def protocol_status(protocol: str, http_status: int, body: bytes) -> tuple[str, str]:
    """(status, why) from the server's answer to the minimal request: a 2xx answer in the protocol's shape is
    native; 405, 501 or a 404 not about the model is absent (translated where the proxy translates it: the proxy's
    own rule, endpoint_absent); a model-not-found or another 4xx means the endpoint exists and read the request
    (native); a 5xx, or a 2xx that is not such an answer, tells nothing (unknown)."""
    parsed = _json_or_text(body)
    said = error_message(parsed)[:200]
    if 200 <= http_status < 300:
        if isinstance(parsed, dict) and ANSWER_KEYS[protocol] in parsed:
            return "native", f"HTTP {http_status}"
        return "unknown", f"HTTP {http_status}, but not a {PROTOCOLS[protocol][0]} answer ({said})"
    if endpoint_absent(http_status, body):
        if protocol in translate.PROTOCOLS:
            return "translated", (f"HTTP {http_status} ({said}): no such endpoint; the proxy translates it to "
                                  "chat completions")
        return "absent", f"HTTP {http_status} ({said}): no such endpoint"
    if 400 <= http_status < 500:
        return "native", f"HTTP {http_status} ({said}): the endpoint exists and answered for itself"
    return "unknown", f"HTTP {http_status} ({said})"


def _json_or_text(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return body.decode(errors="replace")


def protocols(ep: ModelTarget, timeout_s: float = PROTOCOL_TIMEOUT_S) -> dict[str, dict]:
    """Which of the four wire protocols (PROTOCOLS) the server behind `ep` speaks natively: one minimal request
    each, straight to the server (the proxy would translate), at the URL the proxy would forward it to.

    Per protocol: {status: native|translated|absent|unknown, url, http_status, detail, name, path}.
    """
    out = {}
    for protocol, (_, path) in PROTOCOLS.items():
        base = ep.openai_base if path.startswith("/v1/") else ep.root
        url = base + path.removeprefix("/v1")
        body, headers = _protocol_request(protocol, ep.model)
        try:
            http_status, answer = _post(url, body, headers, timeout_s)
        except ServerError as exc:
            out[protocol] = _protocol(protocol, None, url, None, f"no answer: {exc}")
            continue
        status, detail = protocol_status(protocol, http_status, answer)
        out[protocol] = _protocol(protocol, status, url, http_status, detail)
    return out


def _exchange(ep: ModelTarget, budget: Budget, steps: list[dict], record: dict) -> tuple[str, str]:
    """The tool call and the follow-up: (class, reason)."""
    code = f"{secrets.randbelow(900000) + 100000}"
    nonce = secrets.token_hex(4)
    messages = [
        {"role": "system", "content": f"[session {nonce}] You are a coding assistant with tools. When a task "
                                      "needs a file's contents, call the read_file tool; never guess."},
        {"role": "user", "content": f"Read the file {SECRET_PATH} with the read_file tool and tell me the code "
                                    "word it contains."},
    ]
    try:
        first = _chat(ep, messages, [TOOL], MAX_REPLY_TOKENS, budget)
    except ServerError as exc:
        steps.append(_step("tool_call", error=exc))
        return _error_class(exc), f"tool-call request: {exc}"
    steps.append(_step("tool_call", first))
    if not first["tool_calls"]:
        cut = " (the reply hit the token limit)" if first["done_reason"] == "length" else ""
        if text_shaped(first["content"]):
            return "fail_text_shaped", f"the tool call came back as text in content, no native tool_calls{cut}"
        return "fail_no_call", f"the model answered without calling {TOOL_NAME}{cut}"
    args, problems = check_call(first["tool_calls"][0])
    record["tool_call"] = {"name": first["tool_calls"][0]["name"], "arguments": args,
                           "raw_arguments": first["tool_calls"][0]["arguments"], "problems": problems,
                           "path_as_asked": bool(args) and str(args.get("path", "")).strip("./") == SECRET_PATH}
    if problems:
        return "fail_bad_arguments", f"native call with bad arguments: {problems[0]}"
    messages += _tool_turns(ep, first, f"The code word is kestrel-{code}.")
    try:
        second = _chat(ep, messages, [TOOL], MAX_REPLY_TOKENS, budget)
    except ServerError as exc:
        steps.append(_step("follow_up", error=exc))
        return _error_class(exc), f"follow-up request: {exc}"
    steps.append(_step("follow_up", second))
    if second["content"].strip() and code in second["content"]:
        return "pass", "native tool call with valid arguments, and a follow-up that uses the tool's result"
    if second["tool_calls"]:
        return "fail_followup", "after the tool result the model called a tool again instead of answering"
    return "fail_followup", "the answer after the tool result does not contain what the tool returned"


def _context(ep: ModelTarget, info: dict, budget: Budget, steps: list[dict], record: dict, tokens: int,
             cls: str, reason: str) -> tuple[str, str]:
    """The padded prompt: does the server evaluate all of it? Returns the (possibly overriding) verdict."""
    limit = info.get("context_length")
    if isinstance(limit, int) and limit > 0:
        tokens = min(tokens, int(limit * 0.75))   # past the model's own limit the cut is the model's, not a setting
    text, sent = padding(tokens, secrets.token_hex(4))
    ctx: dict[str, Any] = {"sent_estimate": sent, "evaluated": None, "ratio": None, "truncated": None, "checked": False}
    record["context"] = ctx
    if budget.left() <= 0:
        ctx["note"] = "no budget left for the context check"
        return ("error_timeout", "the tool exchange passed but the budget ran out before the context check") \
            if cls == "pass" else (cls, reason)
    try:
        reply = _chat(ep, [{"role": "user", "content": text}], None, 4, budget)
    except ServerError as exc:
        steps.append(_step("context", error=exc))
        kind = _error_class(exc)
        if kind == "fail_context":
            ctx.update(checked=True, truncated=True, note="the server refused the prompt")
            return "fail_context", f"the server refused a {sent}-token prompt: {exc}"
        ctx["note"] = f"context check failed: {exc}"
        return (kind, f"the tool exchange passed, but the context check: {exc}") if cls == "pass" else (cls, reason)
    steps.append(_step("context", reply))
    evaluated = reply["prompt_tokens"]
    ctx["checked"] = True
    if not isinstance(evaluated, int):
        ctx["note"] = "the server reports no prompt token count; truncation cannot be seen"
        return cls, reason
    ratio = round(evaluated / max(sent, 1), 3)
    ctx.update(evaluated=evaluated, ratio=ratio, truncated=ratio < TRUNCATION_RATIO)
    if ratio < TRUNCATION_RATIO:
        return "fail_context", (f"the server evaluated {evaluated} of about {sent} prompt tokens: its context window "
                                f"is cutting prompts (the tool exchange alone gave {cls})")
    return cls, reason
