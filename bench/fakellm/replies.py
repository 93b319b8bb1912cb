"""Replies: what a request looks like to the script, which reply it gets, and the usage reported with it.

A scripted model walks its `turns` (the turn index is the count of assistant messages already in the
request), then its stateless `replies` rules, then `final`. The canned personas (native_tools,
text_shaped, no_call, bad_arguments) ignore the script and answer from the tools the request offers,
with arguments made up from each tool's JSON schema.
"""
from __future__ import annotations

import json
from typing import Any

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


_NOT_GIVEN = object()


def _given_example(schema: dict) -> Any:
    """The value a schema itself names (const, first enum, default, first example), or _NOT_GIVEN."""
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    if "default" in schema and schema["default"] is not None:
        return schema["default"]
    ex = schema.get("examples")
    if isinstance(ex, list) and ex:
        return ex[0]
    return schema.get("example", _NOT_GIVEN)


def _merge_all_of(parts: list) -> dict[str, Any]:
    """allOf's schemas as one: properties and required lists joined, the first value of anything else kept."""
    merged: dict[str, Any] = {}
    for a in parts:
        if not isinstance(a, dict):
            continue
        for k, v in a.items():
            if k == "properties" and isinstance(v, dict):
                merged.setdefault("properties", {}).update(v)
            elif k == "required" and isinstance(v, list):
                merged.setdefault("required", []).extend(v)
            else:
                merged.setdefault(k, v)
    return merged


def _string_example(schema: dict, name: str) -> str:
    """A string for `name` in the schema's format, within its length bounds."""
    formats = {"date": "2025-01-01", "date-time": "2025-01-01T00:00:00Z", "uri": "http://127.0.0.1/",
               "url": "http://127.0.0.1/", "email": "user@example.invalid"}
    fmt = schema.get("format")
    s = formats.get(fmt, _string_for(name)) if isinstance(fmt, str) else _string_for(name)
    min_len = schema.get("minLength")
    if isinstance(min_len, int) and len(s) < min_len:
        s = s + "x" * (min_len - len(s))
    max_len = schema.get("maxLength")
    if isinstance(max_len, int) and len(s) > max_len:
        s = s[:max_len]
    return s


def _typed_example(schema: dict, name: str, depth: int) -> Any:
    """A value of the schema's type (object, array, integer, number, boolean, null, string)."""
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "null")
    if t is None:
        t = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if t == "object":
        props = schema.get("properties") or {}
        required = [r for r in (schema.get("required") or []) if isinstance(r, str)]
        return {k: example_from_schema(props.get(k, {}), k, depth + 1) for k in required or list(props)}
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
    if t in ("boolean", "null"):
        return True if t == "boolean" else None
    return _string_example(schema, name)


def example_from_schema(schema: Any, name: str = "value", depth: int = 0) -> Any:
    """A value that satisfies a (simple) JSON schema: enums, examples, defaults, required fields."""
    if not isinstance(schema, dict) or depth > 6:
        return _string_for(name)
    given = _given_example(schema)
    if given is not _NOT_GIVEN:
        return given
    for key in ("anyOf", "oneOf"):
        alts = schema.get(key)
        if isinstance(alts, list) and alts:
            non_null = [a for a in alts if not (isinstance(a, dict) and a.get("type") == "null")]
            return example_from_schema((non_null or alts)[0], name, depth + 1)
    if isinstance(schema.get("allOf"), list) and schema["allOf"]:
        return example_from_schema(_merge_all_of(schema["allOf"]), name, depth + 1)
    return _typed_example(schema, name, depth)


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
                field = next(iter(first["parameters"].get("properties") or {"value": 0}), "value")
                raw = '{"' + field + '": "unterminated'
                return ({"content": "", "tool_calls": [{"name": first["name"], "arguments": raw}]},
                        "persona:invalid_json")
            return {"content": "", "tool_calls": [{"name": first["name"], "arguments": {}}]}, "persona:missing_required"
        return {"content": "I could not do it."}, "persona:text"
    raise AssertionError(persona)


WORKDIR = "{workdir}"


def _with_workdir(value: Any, workdir: str) -> Any:
    if isinstance(value, str):
        return value.replace(WORKDIR, workdir)
    if isinstance(value, list):
        return [_with_workdir(v, workdir) for v in value]
    if isinstance(value, dict):
        return {k: _with_workdir(v, workdir) for k, v in value.items()}
    return value


def in_workdir(reply: dict[str, Any], model: dict, req: Request) -> dict[str, Any]:
    """`reply` with "{workdir}" in its tool calls' arguments replaced by the directory the model's `workdir_from`
    finds in the request (its first match in the messages, in order); unchanged when there is none."""
    pattern = model.get("workdir_from")
    if pattern is None or not reply.get("tool_calls"):
        return reply
    for m in req.messages:
        found = pattern.search(_content_text(m.get("content")))
        if found:
            workdir = found.group(1).strip()
            return {**reply, "tool_calls": [{**c, "arguments": _with_workdir(c["arguments"], workdir)}
                                            for c in reply["tool_calls"]]}
    return reply


def choose_reply(model: dict, req: Request) -> tuple[dict[str, Any], str]:
    """The reply for this request, and where it came from (for the log)."""
    reply, source = _chosen(model, req)
    return in_workdir(reply, model, req), source


def _chosen(model: dict, req: Request) -> tuple[dict[str, Any], str]:
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


def usage_for(model: dict, reply: dict, req: Request, out_text: str) -> dict[str, int]:
    """The usage reported for a reply: the script's numbers where it gives them, else the estimate."""
    u = dict(reply.get("usage") or {})
    prompt = u.get("prompt_tokens", req.prompt_tokens_estimate)
    # truncating: a server that silently cuts the prompt to its context window counts only what it kept
    if model["persona"] == "truncating" and "prompt_tokens" not in u:
        prompt = min(prompt, model["truncate_to"])
    usage = {"prompt_tokens": prompt, "completion_tokens": u.get("completion_tokens", estimate_tokens(out_text))}
    for k in ("reasoning_tokens", "cached_tokens"):
        if k in u:
            usage[k] = u[k]
    return usage
