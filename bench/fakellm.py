"""A scripted model server that speaks Ollama's API and the OpenAI-compatible API.

It is the embedded default model for demos and the backbone of the tests that drive the real agent
CLIs (opencode, aider) without a GPU. It binds only to the loopback interface.

    python -m bench.fakellm --port 0 --script bench/fakellm_scripts/canary.yaml --log requests.jsonl

On ready it prints exactly one JSON line to stdout, ``{"url": "http://127.0.0.1:PORT", "pid": N}``;
its own logs go to stderr; SIGTERM / SIGINT stop it cleanly.

Endpoints
    Ollama:  GET / (and HEAD), GET /api/version, GET /api/tags, POST /api/show, GET /api/ps,
             POST /api/chat (stream true = NDJSON, the default as in Ollama; stream false = one object),
             POST /api/generate
    OpenAI:  GET /v1/models, GET /v1/models/<id>, POST /v1/chat/completions (stream = SSE ending in
             ``data: [DONE]``, with a final usage chunk when ``stream_options.include_usage`` is set)

Script (YAML or JSON)::

    final: "Done."                  # optional: default final reply for every model
    models:
      fix-hello:                    # the model name (":latest" is implied when it has no tag)
        persona: scripted           # scripted | native_tools | text_shaped | no_call | bad_arguments
                                    # | hang | error500 | truncating
        details: {family: llama, parameter_size: 7B, quantization_level: Q4_K_M}
        digest: sha256:...          # optional, derived from the name when absent
        size: 4683087332            # bytes, optional
        context_length: 32768       # optional
        capabilities: [completion, tools]
        turns:                      # reply for turn index i = assistant messages already in the request
                                    # (a trailing assistant message, a prefill, is not counted)
          - content: "I'll write the file."
            tool_calls: [{name: write, arguments: {filePath: hello.py, content: "print('hi')\\n"}}]
            usage: {prompt_tokens: 120, completion_tokens: 30}    # optional; default: an estimate
          - - when: {last_role: tool, contains: "Error"}          # a list = alternatives,
              content: "That failed."                             # first whose `when` matches wins
            - content: "Fixed."
        replies:                    # optional stateless rules, tried when no turn entry matched
          - when: {turn: 3, tools_offered: true, last_role: user, contains: "SEARCH/REPLACE"}
            content_file: big_reply.txt          # path relative to the script file
            delay_s: 0.5
        final: "Done."              # reply once turns and rules are exhausted

``when`` keys: ``turn`` (int), ``tools_offered`` (bool), ``last_role`` (user|tool|assistant|system),
``contains`` / ``not_contains`` (substring of the last user or tool message), ``model`` (exact name).

Usage default (deterministic): prompt tokens = len(text of all messages + tool schemas) // 4 + 1,
completion tokens = len(content + tool call JSON) // 4 + 1.

Every request is appended to ``--log FILE`` as one JSON line: method, path, api, model, status,
messages count, last role, tools offered (names), stream flag, include_usage, the usage it computed and
whether it was reported (``usage_reported``), the tool calls it issued, the reply it chose.
"""
from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import select
import signal
import socket
import socketserver
import sys
import threading
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml

PERSONAS = (
    "scripted",
    "native_tools",
    "text_shaped",
    "no_call",
    "bad_arguments",
    "hang",
    "error500",
    "truncating",
)
OLLAMA_VERSION = "0.12.6"
DEFAULT_FINAL = "Done."
DEFAULT_HANG_S = 3600.0
DEFAULT_CONTEXT = 32768
TRUNCATE_TO = 256
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
MODEL_KEYS = {
    "persona", "details", "digest", "size", "context_length", "capabilities", "turns", "replies",
    "final", "hang_s", "truncate_to", "style", "answer", "error", "modified_at", "size_vram",
    "template",
}
REPLY_KEYS = {"content", "content_file", "tool_calls", "usage", "delay_s", "when", "reasoning",
              "done_reason"}
WHEN_KEYS = {"turn", "tools_offered", "last_role", "contains", "not_contains", "model"}
USAGE_KEYS = {"prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens"}


class ScriptError(Exception):
    """A script file that cannot be used: the message names the file and the field."""


# ----------------------------------------------------------------------------------------------
# Script loading and validation


def _err(source: str, where: str, msg: str) -> ScriptError:
    return ScriptError(f"{source}: {where}: {msg}" if where else f"{source}: {msg}")


def _check_reply(raw: Any, where: str, source: str, base_dir: Path) -> dict[str, Any]:
    if isinstance(raw, str):
        return {"content": raw}
    if not isinstance(raw, dict):
        raise _err(source, where, "a reply must be a string or a mapping")
    unknown = set(raw) - REPLY_KEYS
    if unknown:
        raise _err(source, f"{where}.{sorted(unknown)[0]}", f"unknown field (allowed: {', '.join(sorted(REPLY_KEYS))})")
    reply = dict(raw)
    if "content" in reply and reply["content"] is not None and not isinstance(reply["content"], str):
        raise _err(source, f"{where}.content", "must be a string")
    if "content_file" in reply:
        cf = reply["content_file"]
        if not isinstance(cf, str) or not cf:
            raise _err(source, f"{where}.content_file", "must be a non-empty path")
        p = Path(cf)
        if not p.is_absolute():
            p = base_dir / p
        try:
            reply["content"] = p.read_text(encoding="utf-8")
        except OSError as e:
            raise _err(source, f"{where}.content_file", f"cannot read {p}: {e.strerror or e}") from None
    calls = reply.get("tool_calls")
    if calls is not None:
        if not isinstance(calls, list):
            raise _err(source, f"{where}.tool_calls", "must be a list")
        norm = []
        for j, c in enumerate(calls):
            w = f"{where}.tool_calls[{j}]"
            if not isinstance(c, dict):
                raise _err(source, w, "must be a mapping with name and arguments")
            if not isinstance(c.get("name"), str) or not c["name"]:
                raise _err(source, f"{w}.name", "is required (a string)")
            args = c.get("arguments", {})
            if not isinstance(args, (dict, str)):
                raise _err(source, f"{w}.arguments", "must be a mapping (or a raw JSON string)")
            extra = set(c) - {"name", "arguments", "id"}
            if extra:
                raise _err(source, f"{w}.{sorted(extra)[0]}", "unknown field (allowed: name, arguments, id)")
            norm.append({"name": c["name"], "arguments": args, **({"id": str(c["id"])} if "id" in c else {})})
        reply["tool_calls"] = norm
    usage = reply.get("usage")
    if usage is not None:
        if not isinstance(usage, dict):
            raise _err(source, f"{where}.usage", "must be a mapping")
        for k, v in usage.items():
            if k not in USAGE_KEYS:
                raise _err(source, f"{where}.usage.{k}", f"unknown field (allowed: {', '.join(sorted(USAGE_KEYS))})")
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise _err(source, f"{where}.usage.{k}", "must be a non-negative integer")
    if "delay_s" in reply:
        d = reply["delay_s"]
        if not isinstance(d, (int, float)) or isinstance(d, bool) or d < 0:
            raise _err(source, f"{where}.delay_s", "must be a non-negative number")
    when = reply.get("when")
    if when is not None:
        if not isinstance(when, dict):
            raise _err(source, f"{where}.when", "must be a mapping")
        for k, v in when.items():
            if k not in WHEN_KEYS:
                raise _err(source, f"{where}.when.{k}", f"unknown condition (allowed: {', '.join(sorted(WHEN_KEYS))})")
            if k == "tools_offered" and not isinstance(v, bool):
                raise _err(source, f"{where}.when.{k}", "must be true or false")
            if k == "turn" and (not isinstance(v, int) or isinstance(v, bool)):
                raise _err(source, f"{where}.when.{k}", "must be an integer")
            if k in ("last_role", "contains", "not_contains", "model") and not isinstance(v, str):
                raise _err(source, f"{where}.when.{k}", "must be a string")
    return reply


def load_script(script: dict | str | os.PathLike, base_dir: str | os.PathLike | None = None) -> dict[str, Any]:
    """Read and validate a script (a mapping, or a path to a YAML / JSON file); raise ScriptError."""
    if isinstance(script, dict):
        source = "<script>"
        data = script
        base = Path(base_dir) if base_dir else Path.cwd()
    else:
        path = Path(script)
        source = str(path)
        base = Path(base_dir) if base_dir else path.parent
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ScriptError(f"{source}: cannot read: {e.strerror or e}") from None
        try:
            data = yaml.safe_load(text)  # JSON is YAML too
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            at = f" at line {mark.line + 1}" if mark is not None else ""
            raise ScriptError(f"{source}: not valid YAML/JSON{at}: {getattr(e, 'problem', None) or e}") from None
    if not isinstance(data, dict):
        raise _err(source, "", "the script must be a mapping with a 'models' field")
    unknown = set(data) - {"models", "final"}
    if unknown:
        raise _err(source, sorted(unknown)[0], "unknown field (allowed: models, final)")
    models = data.get("models")
    if not isinstance(models, dict) or not models:
        raise _err(source, "models", "is required: a mapping of model name to model")
    default_final = _check_reply(data.get("final", DEFAULT_FINAL), "final", source, base)
    out: dict[str, Any] = {}
    for name, m in models.items():
        w = f"models.{name}"
        if not isinstance(name, str) or not name:
            raise _err(source, w, "a model name must be a non-empty string")
        if m is None:
            m = {}
        if not isinstance(m, dict):
            raise _err(source, w, "must be a mapping")
        unknown = set(m) - MODEL_KEYS
        if unknown:
            raise _err(source, f"{w}.{sorted(unknown)[0]}", f"unknown field (allowed: {', '.join(sorted(MODEL_KEYS))})")
        persona = m.get("persona", "scripted")
        if persona not in PERSONAS:
            raise _err(source, f"{w}.persona", f"unknown persona {persona!r} (one of: {', '.join(PERSONAS)})")
        details = m.get("details", {}) or {}
        if not isinstance(details, dict):
            raise _err(source, f"{w}.details", "must be a mapping")
        for k in ("size", "context_length", "size_vram", "truncate_to"):
            if k in m and (not isinstance(m[k], int) or isinstance(m[k], bool) or m[k] < 0):
                raise _err(source, f"{w}.{k}", "must be a non-negative integer")
        if "hang_s" in m and (not isinstance(m["hang_s"], (int, float)) or m["hang_s"] < 0):
            raise _err(source, f"{w}.hang_s", "must be a non-negative number")
        caps = m.get("capabilities")
        if caps is not None and (not isinstance(caps, list) or not all(isinstance(c, str) for c in caps)):
            raise _err(source, f"{w}.capabilities", "must be a list of strings")
        if "style" in m and m["style"] not in ("json", "tags"):
            raise _err(source, f"{w}.style", "must be 'json' or 'tags'")
        turns_raw = m.get("turns", []) or []
        if not isinstance(turns_raw, list):
            raise _err(source, f"{w}.turns", "must be a list")
        turns = []
        for i, t in enumerate(turns_raw):
            if isinstance(t, list):
                turns.append([_check_reply(r, f"{w}.turns[{i}][{j}]", source, base) for j, r in enumerate(t)])
            else:
                turns.append([_check_reply(t, f"{w}.turns[{i}]", source, base)])
        rules_raw = m.get("replies", []) or []
        if not isinstance(rules_raw, list):
            raise _err(source, f"{w}.replies", "must be a list")
        rules = [_check_reply(r, f"{w}.replies[{i}]", source, base) for i, r in enumerate(rules_raw)]
        final = _check_reply(m["final"], f"{w}.final", source, base) if "final" in m else default_final
        full = name if ":" in name else f"{name}:latest"
        family = str(details.get("family", "llama"))
        model = {
            "name": name,
            "full_name": full,
            "persona": persona,
            "details": {
                "parent_model": "",
                "format": str(details.get("format", "gguf")),
                "family": family,
                "families": list(details.get("families", [family])),
                "parameter_size": str(details.get("parameter_size", "7B")),
                "quantization_level": str(details.get("quantization_level", "Q4_K_M")),
            },
            "digest": str(m.get("digest") or hashlib.sha256(full.encode()).hexdigest()),
            "size": int(m.get("size", 4_000_000_000)),
            "size_vram": int(m.get("size_vram", m.get("size", 4_000_000_000))),
            "context_length": int(m.get("context_length", DEFAULT_CONTEXT)),
            "capabilities": list(caps) if caps is not None else ["completion", "tools"],
            "modified_at": str(m.get("modified_at", "2025-01-01T00:00:00Z")),
            "template": str(m.get("template", "{{ .Prompt }}")),
            "turns": turns,
            "replies": rules,
            "final": final,
            "hang_s": float(m.get("hang_s", DEFAULT_HANG_S)),
            "truncate_to": int(m.get("truncate_to", TRUNCATE_TO)),
            "style": m.get("style", "json"),
            "answer": str(m.get("answer", "Hello! I am a scripted model and I have nothing to do.")),
            "error": str(m.get("error", "llama runner process has terminated: exit status 2")),
        }
        out[name] = model
    return {"source": source, "models": out}


# ----------------------------------------------------------------------------------------------
# Request inspection


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, dict):
                if isinstance(p.get("text"), str):
                    parts.append(p["text"])
            elif isinstance(p, str):
                parts.append(p)
        return "".join(parts)
    return json.dumps(content, sort_keys=True)


def estimate_tokens(text: str) -> int:
    """The deterministic token estimate the server reports by default."""
    return len(text) // 4 + 1


def _prompt_text(messages: list, tools: list | None) -> str:
    parts = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        parts.append(_content_text(m.get("content")))
        if m.get("tool_calls"):
            parts.append(json.dumps(m["tool_calls"], sort_keys=True))
    if tools:
        parts.append(json.dumps(tools, sort_keys=True))
    return "".join(parts)


def _tool_defs(tools: Any) -> list[dict[str, Any]]:
    """Offered tools as [{name, parameters}] (OpenAI and Ollama use the same shape)."""
    out = []
    if not isinstance(tools, list):
        return out
    for t in tools:
        if not isinstance(t, dict):
            continue
        fn = t.get("function") if isinstance(t.get("function"), dict) else t
        name = fn.get("name")
        if isinstance(name, str):
            params = fn.get("parameters") or fn.get("input_schema") or {}
            out.append({"name": name, "parameters": params if isinstance(params, dict) else {}})
    return out


class Request:
    """What the reply selection looks at."""

    def __init__(self, model: str, messages: list, tools: Any, api: str, stream: bool):
        self.model = model
        self.messages = [m for m in messages if isinstance(m, dict)] if isinstance(messages, list) else []
        self.tools = _tool_defs(tools)
        self.raw_tools = tools if isinstance(tools, list) else None
        self.api = api
        self.stream = stream
        # A trailing assistant message is a prefill (opencode appends its "MAXIMUM STEPS REACHED" notice
        # that way), not a turn the model took: it counts neither as a turn nor as the last role.
        body = list(self.messages)
        while body and body[-1].get("role") == "assistant":
            body.pop()
        self.turn = sum(1 for m in body if m.get("role") == "assistant")
        self.last_role = body[-1].get("role") if body else None
        self.last_text = ""
        for m in reversed(body):
            if m.get("role") in ("user", "tool"):
                self.last_text = _content_text(m.get("content"))
                break
        self.prompt_tokens_estimate = estimate_tokens(_prompt_text(self.messages, self.raw_tools))


def _matches(when: dict | None, req: Request) -> bool:
    if not when:
        return True
    for k, v in when.items():
        if k == "turn" and req.turn != v:
            return False
        if k == "tools_offered" and bool(req.tools) != v:
            return False
        if k == "last_role" and req.last_role != v:
            return False
        if k == "contains" and v not in req.last_text:
            return False
        if k == "not_contains" and v in req.last_text:
            return False
        if k == "model" and req.model != v:
            return False
    return True


# ----------------------------------------------------------------------------------------------
# Personas


def _string_for(name: str) -> str:
    n = name.lower()
    if "path" in n or "file" in n:
        return "README.md"
    if "url" in n:
        return "http://127.0.0.1/"
    if "city" in n or "location" in n or "place" in n:
        return "Paris"
    if "command" in n or n == "cmd":
        return "echo hello"
    if "pattern" in n or "query" in n:
        return "hello"
    if "description" in n:
        return "a scripted call"
    return "example"


def example_from_schema(schema: Any, name: str = "value", depth: int = 0) -> Any:
    """A value that satisfies a (simple) JSON schema: enums, examples, defaults, required fields."""
    if not isinstance(schema, dict) or depth > 6:
        return _string_for(name)
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    if "default" in schema and schema["default"] is not None:
        return schema["default"]
    ex = schema.get("examples")
    if isinstance(ex, list) and ex:
        return ex[0]
    if "example" in schema:
        return schema["example"]
    for key in ("anyOf", "oneOf"):
        alts = schema.get(key)
        if isinstance(alts, list) and alts:
            non_null = [a for a in alts if not (isinstance(a, dict) and a.get("type") == "null")]
            return example_from_schema((non_null or alts)[0], name, depth + 1)
    if isinstance(schema.get("allOf"), list) and schema["allOf"]:
        merged: dict[str, Any] = {}
        for a in schema["allOf"]:
            if isinstance(a, dict):
                for k, v in a.items():
                    if k in ("properties",) and isinstance(v, dict):
                        merged.setdefault("properties", {}).update(v)
                    elif k == "required" and isinstance(v, list):
                        merged.setdefault("required", []).extend(v)
                    else:
                        merged.setdefault(k, v)
        return example_from_schema(merged, name, depth + 1)
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "null")
    if t is None:
        t = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if t == "object":
        props = schema.get("properties") or {}
        required = [r for r in (schema.get("required") or []) if isinstance(r, str)]
        keys = required or list(props)
        return {k: example_from_schema(props.get(k, {}), k, depth + 1) for k in keys}
    if t == "array":
        n = max(1, int(schema.get("minItems", 1) or 1))
        return [example_from_schema(schema.get("items", {}), name, depth + 1) for _ in range(n)]
    if t == "integer":
        lo = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        lo = int(lo) + (1 if "exclusiveMinimum" in schema and "minimum" not in schema else 0)
        return max(lo, 1) if schema.get("maximum", 1) >= 1 else lo
    if t == "number":
        lo = schema.get("minimum", 1.0)
        return float(lo) if lo is not None else 1.0
    if t == "boolean":
        return True
    if t == "null":
        return None
    s = _string_for(name)
    fmt = schema.get("format")
    if fmt == "date":
        s = "2025-01-01"
    elif fmt == "date-time":
        s = "2025-01-01T00:00:00Z"
    elif fmt in ("uri", "url"):
        s = "http://127.0.0.1/"
    elif fmt == "email":
        s = "user@example.invalid"
    min_len = schema.get("minLength")
    if isinstance(min_len, int) and len(s) < min_len:
        s = s + "x" * (min_len - len(s))
    max_len = schema.get("maxLength")
    if isinstance(max_len, int) and len(s) > max_len:
        s = s[:max_len]
    return s


def _persona_reply(model: dict, req: Request) -> tuple[dict[str, Any], str]:
    persona = model["persona"]
    first = req.tools[0] if req.tools else None
    if persona == "native_tools":
        if first and req.last_role != "tool":
            args = example_from_schema(first["parameters"] or {"type": "object"}, first["name"])
            if not isinstance(args, dict):
                args = {}
            return {"content": "", "tool_calls": [{"name": first["name"], "arguments": args}]}, "persona:call"
        if req.last_role == "tool":
            result = req.last_text.strip()
            name = next((m.get("tool_name") or m.get("name") for m in reversed(req.messages)
                         if m.get("role") == "tool" and (m.get("tool_name") or m.get("name"))), None)
            if not name:
                name = first["name"] if first else "the tool"
            return {"content": f"The {name} tool returned: {result}"}, "persona:answer"
        return {"content": model["answer"]}, "persona:text"
    if persona == "text_shaped":
        if first:
            args = example_from_schema(first["parameters"] or {"type": "object"}, first["name"])
            body = json.dumps({"name": first["name"], "arguments": args})
            if model["style"] == "tags":
                return {"content": f"<tool_call>\n{body}\n</tool_call>"}, "persona:tags"
            return {"content": body}, "persona:json"
        return {"content": model["answer"]}, "persona:text"
    if persona == "no_call":
        if req.last_role == "tool":
            return {"content": "I looked at it and there is nothing more to do."}, "persona:answer"
        return {"content": model["answer"]}, "persona:text"
    if persona == "bad_arguments":
        if first and req.last_role != "tool":
            if req.api == "openai":
                raw = '{"' + (next(iter((first["parameters"].get("properties") or {"value": 0})), "value")) + '": "unterminated'
                return {"content": "", "tool_calls": [{"name": first["name"], "arguments": raw}]}, "persona:invalid_json"
            return {"content": "", "tool_calls": [{"name": first["name"], "arguments": {}}]}, "persona:missing_required"
        return {"content": "I could not do it."}, "persona:text"
    raise AssertionError(persona)


def choose_reply(model: dict, req: Request) -> tuple[dict[str, Any], str]:
    """The reply for this request, and where it came from (for the log)."""
    persona = model["persona"]
    if persona in ("native_tools", "text_shaped", "no_call", "bad_arguments"):
        return _persona_reply(model, req)
    # scripted, truncating (and hang / error500 never get here)
    if req.turn < len(model["turns"]):
        for j, r in enumerate(model["turns"][req.turn]):
            if _matches(r.get("when"), req):
                return r, f"turns[{req.turn}][{j}]"
    for j, r in enumerate(model["replies"]):
        if _matches(r.get("when"), req):
            return r, f"replies[{j}]"
    return model["final"], "final"


def _usage_for(model: dict, reply: dict, req: Request, out_text: str) -> dict[str, int]:
    u = dict(reply.get("usage") or {})
    prompt = u.get("prompt_tokens", req.prompt_tokens_estimate)
    if model["persona"] == "truncating" and "prompt_tokens" not in u:
        prompt = min(prompt, model["truncate_to"])
    usage = {"prompt_tokens": prompt, "completion_tokens": u.get("completion_tokens", estimate_tokens(out_text))}
    for k in ("reasoning_tokens", "cached_tokens"):
        if k in u:
            usage[k] = u[k]
    return usage


# ----------------------------------------------------------------------------------------------
# HTTP


def _now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _chunks(text: str, size: int = 24) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or []


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fakellm"
    sys_version = ""
    server: "_Server"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if self.server.verbose:
            sys.stderr.write("fakellm: %s - %s\n" % (self.address_string(), format % args))

    # -- plumbing
    def setup(self) -> None:
        super().setup()
        self.server.track(self.connection, True)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.track(self.connection, False)

    def _send_json(self, status: int, obj: Any, extra_headers: dict | None = None) -> None:
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra_headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_text(self, status: int, text: str) -> None:
        body = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _start_stream(self, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def _chunk(self, data: bytes) -> None:
        if data:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

    def _end_stream(self) -> None:
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _read_json(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            raw = b""
            while True:
                line = self.rfile.readline()
                n = int(line.strip().split(b";")[0] or b"0", 16)
                if n == 0:
                    self.rfile.readline()
                    break
                raw += self.rfile.read(n)
                self.rfile.readline()
        else:
            raw = self.rfile.read(length) if length else b""
        if not raw.strip():
            return {}
        return json.loads(raw)

    def _log(self, entry: dict[str, Any]) -> None:
        entry = {"t": round(time.time(), 3), "method": self.command, "path": self.path,
                 "client": self.client_address[0], "host": self.headers.get("Host"), **entry}
        self.server.record(entry)

    def _client_gone(self) -> bool:
        try:
            r, _, _ = select.select([self.connection], [], [], 0)
            if r:
                return self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True
        return False

    def _wait(self, seconds: float, watch_client: bool = False) -> bool:
        """Sleep up to `seconds`; False when the server stops or (if watched) the client went away."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            if self.server.stopping.wait(min(0.1, left)):
                return False
            if watch_client and self._client_gone():
                return False

    # -- routing
    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/") or "/"
        status, payload = 200, None
        if path == "/":
            payload = "Ollama is running"
        elif path == "/api/version":
            payload = {"version": OLLAMA_VERSION}
        elif path == "/api/tags":
            payload = {"models": [self._tag(m) for m in self.server.models.values()]}
        elif path == "/api/ps":
            payload = {"models": [self._ps(m) for m in self.server.models.values() if m["name"] in self.server.loaded]}
        elif path == "/v1/models":
            payload = {"object": "list", "data": [self._oai_model(m) for m in self.server.models.values()]}
        elif path.startswith("/v1/models/"):
            name = path[len("/v1/models/"):]
            m = self.server.find(name)
            if m is None:
                status, payload = 404, self._oai_not_found_body(name)
            else:
                payload = self._oai_model(m)
        else:
            status, payload = 404, "404 page not found"
        # logged before answering, so a client that has its answer also finds it in the log
        self._log({"api": "meta", "status": status})
        try:
            if isinstance(payload, str):
                self._send_text(status, payload)
            else:
                self._send_json(status, payload)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        try:
            try:
                body = self._read_json()
            except (ValueError, UnicodeDecodeError) as e:
                self._log({"api": "error", "status": 400, "error": "invalid JSON"})
                self._send_json(400, {"error": f"invalid JSON body: {e}"})
                return
            if not isinstance(body, dict):
                body = {}
            if path == "/api/show":
                name = body.get("model") or body.get("name") or ""
                m = self.server.find(name)
                if m is None:
                    self._log({"api": "ollama", "model": name, "status": 404})
                    self._send_json(404, {"error": f"model '{name}' not found"})
                    return
                self._log({"api": "ollama", "model": name, "status": 200})
                self._send_json(200, self._show(m))
            elif path == "/api/chat":
                self._chat(body, "ollama", body.get("messages") or [])
            elif path == "/api/generate":
                msgs = []
                if body.get("system"):
                    msgs.append({"role": "system", "content": body["system"]})
                msgs.append({"role": "user", "content": body.get("prompt", "")})
                self._chat(body, "generate", msgs)
            elif path == "/v1/chat/completions":
                self._chat(body, "openai", body.get("messages") or [])
            else:
                self._log({"api": "unknown", "status": 404})
                self._send_text(404, "404 page not found")
        except (BrokenPipeError, ConnectionResetError):
            pass

    # -- metadata shapes
    def _tag(self, m: dict) -> dict:
        return {"name": m["full_name"], "model": m["full_name"], "modified_at": m["modified_at"],
                "size": m["size"], "digest": m["digest"], "details": m["details"]}

    def _ps(self, m: dict) -> dict:
        return {"name": m["full_name"], "model": m["full_name"], "size": m["size"], "digest": m["digest"],
                "details": m["details"], "expires_at": "2099-01-01T00:00:00Z", "size_vram": m["size_vram"],
                "context_length": m["context_length"]}

    def _show(self, m: dict) -> dict:
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

    def _oai_model(self, m: dict) -> dict:
        return {"id": m["full_name"], "object": "model", "created": 1735689600, "owned_by": "library"}

    @staticmethod
    def _oai_not_found_body(name: str) -> dict:
        return {"error": {"message": f"model '{name}' not found", "type": "api_error", "param": None, "code": None}}

    def _oai_not_found(self, name: str) -> None:
        self._send_json(404, self._oai_not_found_body(name))

    # -- chat
    def _chat(self, body: dict, api: str, messages: list) -> None:
        name = str(body.get("model") or "")
        self._requested = name
        stream_default = api != "openai"   # Ollama streams unless told not to; OpenAI does not
        stream = bool(body.get("stream", stream_default))
        include_usage = bool((body.get("stream_options") or {}).get("include_usage")) if api == "openai" else None
        req = Request(name, messages, body.get("tools"), "openai" if api == "openai" else "ollama", stream)
        entry: dict[str, Any] = {
            "api": api, "model": name, "messages": len(req.messages), "last_role": req.last_role,
            "turn": req.turn, "tools": [t["name"] for t in req.tools], "stream": stream,
            "include_usage": include_usage,
        }
        if api == "ollama" and isinstance(body.get("options"), dict):
            entry["options"] = body["options"]
        if body.get("tool_choice") is not None:
            entry["tool_choice"] = body["tool_choice"]
        if self.server.log_bodies:
            entry["body"] = body
        m = self.server.find(name)
        if m is None:
            entry.update(status=404, error="model not found")
            self._log(entry)
            if api == "openai":
                self._oai_not_found(name)
            else:
                self._send_json(404, {"error": f"model '{name}' not found"})
            return
        self.server.loaded.add(m["name"])
        persona = m["persona"]
        if persona == "error500":
            entry.update(status=500, error=m["error"], reply="persona:error500")
            self._log(entry)
            if api == "openai":
                self._send_json(500, {"error": {"message": m["error"], "type": "api_error", "param": None, "code": None}})
            else:
                self._send_json(500, {"error": m["error"]})
            return
        if persona == "hang":
            entry.update(status=None, reply="persona:hang", hang_started=round(time.time(), 3))
            self._log(dict(entry, event="hang_start"))
            finished = self._wait(m["hang_s"], watch_client=True)
            if not finished:
                entry.update(event="hang_end", reason="client gone or server stopping")
                self._log(entry)
                self.close_connection = True
                return
            reply, source = {"content": m["answer"]}, "persona:hang_timeout"
        else:
            reply, source = choose_reply(m, req)
        if reply.get("delay_s"):
            if not self._wait(float(reply["delay_s"]), watch_client=True):
                entry.update(status=None, reply=source, event="delay_aborted")
                self._log(entry)
                self.close_connection = True
                return
        content = reply.get("content") or ""
        calls = []
        for i, c in enumerate(reply.get("tool_calls") or []):
            calls.append({"id": c.get("id") or f"call_{uuid.uuid4().hex[:8]}", "index": i,
                          "name": c["name"], "arguments": c["arguments"]})
        call_text = "".join(c["name"] + (c["arguments"] if isinstance(c["arguments"], str)
                                         else json.dumps(c["arguments"], sort_keys=True)) for c in calls)
        usage = _usage_for(m, reply, req, content + call_text)
        entry.update(status=200, reply=source, usage=usage,
                     tool_calls=[{"name": c["name"], "arguments": c["arguments"]} for c in calls],
                     content=content[:2000])
        # the usage is in the answer except in an OpenAI stream the client did not ask usage for
        entry["usage_reported"] = bool(include_usage) or not stream if api == "openai" else True
        self._log(entry)
        if api == "openai":
            self._oai_respond(m, reply, content, calls, usage, stream, include_usage)
        else:
            self._ollama_respond(m, reply, content, calls, usage, stream, api)

    def _ollama_respond(self, m: dict, reply: dict, content: str, calls: list, usage: dict,
                        stream: bool, api: str) -> bool:
        done_reason = reply.get("done_reason") or "stop"
        timing = {
            "total_duration": 150_000_000 + usage["completion_tokens"] * 10_000_000,
            "load_duration": 50_000_000,
            "prompt_eval_count": usage["prompt_tokens"],
            "prompt_eval_duration": 40_000_000,
            "eval_count": usage["completion_tokens"],
            "eval_duration": usage["completion_tokens"] * 10_000_000,
        }
        ocalls = []
        for c in calls:
            args = c["arguments"]
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except ValueError:
                    args = {}
            ocalls.append({"id": c["id"], "function": {"index": c["index"], "name": c["name"], "arguments": args}})
        base = {"model": self._requested}
        if api == "generate":
            if not stream:
                self._send_json(200, {**base, "created_at": _now_iso(), "response": content, "done": True,
                                      "done_reason": done_reason, "context": [], **timing})
                return True
            self._start_stream("application/x-ndjson")
            for piece in _chunks(content):
                self._chunk(json.dumps({**base, "created_at": _now_iso(), "response": piece, "done": False}).encode() + b"\n")
            self._chunk(json.dumps({**base, "created_at": _now_iso(), "response": "", "done": True,
                                    "done_reason": done_reason, "context": [], **timing}).encode() + b"\n")
            self._end_stream()
            return True
        msg: dict[str, Any] = {"role": "assistant", "content": content}
        if reply.get("reasoning"):
            msg["thinking"] = reply["reasoning"]
        if ocalls:
            msg["tool_calls"] = ocalls
        if not stream:
            self._send_json(200, {**base, "created_at": _now_iso(), "message": msg, "done": True,
                                  "done_reason": done_reason, **timing})
            return True
        self._start_stream("application/x-ndjson")

        def line(obj: dict) -> None:
            self._chunk(json.dumps(obj).encode() + b"\n")

        if reply.get("reasoning"):
            line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": "",
                                                                 "thinking": reply["reasoning"]}, "done": False})
        for piece in _chunks(content):
            line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": piece}, "done": False})
        if ocalls:
            line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": "", "tool_calls": ocalls},
                  "done": False})
        line({**base, "created_at": _now_iso(), "message": {"role": "assistant", "content": ""}, "done": True,
              "done_reason": done_reason, **timing})
        self._end_stream()
        return True

    def _oai_respond(self, m: dict, reply: dict, content: str, calls: list, usage: dict,
                     stream: bool, include_usage: bool | None) -> bool:
        cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"
        created = int(time.time())
        finish = "tool_calls" if calls else (reply.get("done_reason") or "stop")
        ousage: dict[str, Any] = {"prompt_tokens": usage["prompt_tokens"], "completion_tokens": usage["completion_tokens"],
                                  "total_tokens": usage["prompt_tokens"] + usage["completion_tokens"]}
        if "reasoning_tokens" in usage:
            ousage["completion_tokens_details"] = {"reasoning_tokens": usage["reasoning_tokens"]}
        if "cached_tokens" in usage:
            ousage["prompt_tokens_details"] = {"cached_tokens": usage["cached_tokens"]}
        tcalls = [{"id": c["id"], "index": c["index"], "type": "function",
                   "function": {"name": c["name"],
                                "arguments": c["arguments"] if isinstance(c["arguments"], str) else json.dumps(c["arguments"])}}
                  for c in calls]
        model_id = self._requested
        if not stream:
            msg: dict[str, Any] = {"role": "assistant", "content": content}
            if reply.get("reasoning"):
                msg["reasoning_content"] = reply["reasoning"]
            if tcalls:
                msg["tool_calls"] = tcalls
            self._send_json(200, {"id": cid, "object": "chat.completion", "created": created, "model": model_id,
                                  "system_fingerprint": "fp_fakellm",
                                  "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
                                  "usage": ousage})
            return True
        self._start_stream("text/event-stream")

        def event(choices: list, **extra: Any) -> None:
            obj = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model_id,
                   "system_fingerprint": "fp_fakellm", "choices": choices, **extra}
            self._chunk(b"data: " + json.dumps(obj).encode() + b"\n\n")

        event([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
        if reply.get("reasoning"):
            event([{"index": 0, "delta": {"reasoning_content": reply["reasoning"]}, "finish_reason": None}])
        for piece in _chunks(content):
            event([{"index": 0, "delta": {"content": piece}, "finish_reason": None}])
        for tc in tcalls:
            event([{"index": 0, "delta": {"tool_calls": [tc]}, "finish_reason": None}])
        event([{"index": 0, "delta": {}, "finish_reason": finish}])
        if include_usage:
            event([], usage=ousage)
        self._chunk(b"data: [DONE]\n\n")
        self._end_stream()
        return bool(include_usage)


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True

    def __init__(self, addr: tuple, models: dict, log_path: str | None, verbose: bool = False,
                 log_bodies: bool = False):
        self.address_family = socket.AF_INET6 if ":" in addr[0] else socket.AF_INET
        super().__init__(addr, _Handler)
        self.models = models
        self.loaded: set[str] = set()
        self.stopping = threading.Event()
        self.verbose = verbose
        self.log_bodies = log_bodies
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._conns: set[socket.socket] = set()
        self._log_file = open(log_path, "a", encoding="utf-8") if log_path else None

    def find(self, name: str) -> dict | None:
        if name in self.models:
            return self.models[name]
        if name.endswith(":latest") and name[: -len(":latest")] in self.models:
            return self.models[name[: -len(":latest")]]
        if ":" not in name and f"{name}:latest" in self.models:
            return self.models[f"{name}:latest"]
        return None

    def record(self, entry: dict) -> None:
        with self._lock:
            self.requests.append(entry)
            if self._log_file is not None:
                self._log_file.write(json.dumps(entry) + "\n")
                self._log_file.flush()

    def track(self, conn: socket.socket, add: bool) -> None:
        with self._lock:
            (self._conns.add if add else self._conns.discard)(conn)

    def close_all(self) -> None:
        with self._lock:
            conns = list(self._conns)
            if self._log_file is not None:
                self._log_file.close()
                self._log_file = None
        for c in conns:
            try:
                c.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class FakeLLM:
    """A running server: ``.url``, ``.port``, ``.requests`` (the log entries), ``.stop()``; a context manager."""

    def __init__(self, server: _Server):
        self._server = server
        host, port = server.server_address[:2]
        self.host = host
        self.port = port
        self.url = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
        self._thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                                        name="fakellm", daemon=True)
        self._thread.start()
        self._stopped = False

    @property
    def requests(self) -> list[dict[str, Any]]:
        with self._server._lock:
            return list(self._server.requests)

    def chat_requests(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r.get("api") in ("ollama", "openai", "generate") and "turn" in r
                and r.get("event") != "hang_start"]

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self._server.stopping.set()
        self._server.shutdown()
        self._server.close_all()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "FakeLLM":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def _check_host(host: str) -> str:
    if host not in LOOPBACK_HOSTS and not host.startswith("127."):
        raise ScriptError(f"--host {host}: fakellm binds only to loopback addresses (127.0.0.1, ::1)")
    return "127.0.0.1" if host == "localhost" else host


def serve(script: dict | str | os.PathLike, port: int = 0, log_path: str | os.PathLike | None = None,
          host: str = "127.0.0.1", verbose: bool = False, base_dir: str | os.PathLike | None = None,
          log_bodies: bool = False) -> FakeLLM:
    """Start a server in a background thread and return it (use as a context manager or call .stop())."""
    loaded = load_script(script, base_dir=base_dir)
    server = _Server((_check_host(host), port), loaded["models"], str(log_path) if log_path else None, verbose,
                     log_bodies)
    return FakeLLM(server)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.fakellm", description=__doc__.split("\n\n")[0])
    ap.add_argument("--script", required=True, help="YAML or JSON script file")
    ap.add_argument("--port", type=int, default=0, help="port (0 picks a free one)")
    ap.add_argument("--host", default="127.0.0.1", help="loopback address to bind (default 127.0.0.1)")
    ap.add_argument("--log", default=None, help="append one JSON line per request to this file")
    ap.add_argument("--verbose", action="store_true", help="log each HTTP request to stderr")
    ap.add_argument("--log-bodies", action="store_true", help="include each request body in the log")
    args = ap.parse_args(argv)
    try:
        fake = serve(args.script, port=args.port, log_path=args.log, host=args.host, verbose=args.verbose,
                     log_bodies=args.log_bodies)
    except ScriptError as e:
        print(f"fakellm: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"fakellm: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    stop = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    sys.stdout.write(json.dumps({"url": fake.url, "pid": os.getpid()}) + "\n")
    sys.stdout.flush()
    print(f"fakellm: serving {len(fake._server.models)} model(s) from {args.script} at {fake.url}",
          file=sys.stderr)
    while not stop.wait(0.5):
        pass
    fake.stop()
    print("fakellm: stopped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
