"""Scripts: reading a YAML / JSON script file and checking every field, so a typo fails at start-up.

load_script turns a script into the normalized models the server answers from (defaults filled in,
content_file read, every reply a mapping); the script format is described in the package docstring.
"""
from __future__ import annotations

import hashlib
import os
import re
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
DEFAULT_FINAL = "Done."
DEFAULT_HANG_S = 3600.0
DEFAULT_CONTEXT = 32768
TRUNCATE_TO = 256
MODEL_KEYS = {
    "persona", "details", "digest", "size", "context_length", "capabilities", "turns", "replies",
    "final", "hang_s", "truncate_to", "style", "answer", "error", "modified_at", "size_vram",
    "template", "workdir_from",
}
REPLY_KEYS = {"content", "content_file", "tool_calls", "usage", "delay_s", "when", "reasoning",
              "done_reason"}
WHEN_KEYS = {"turn", "tools_offered", "last_role", "contains", "not_contains", "model"}
USAGE_KEYS = {"prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens"}
# the APIs the server can speak; a server limited to ("openai",) is a chat-completions-only server (llama.cpp, vLLM)
PROTOCOLS = ("ollama", "openai", "responses", "messages")
SERVER_KEYS = {"protocols", "chat_only", "prefill_tps", "decode_tps", "slots", "flavor"}
# Which server a chat-only fakellm reports itself as: llama.cpp (GET /props with n_ctx, the first model's
# context_length) or vLLM (max_model_len in /v1/models); either one alone serves chat completions only.
FLAVORS = ("ollama", "llama.cpp", "vllm")


class ScriptError(Exception):
    """A script file that cannot be used: the message names the file and the field."""


def _err(source: str, where: str, msg: str) -> ScriptError:
    return ScriptError(f"{source}: {where}: {msg}" if where else f"{source}: {msg}")


def _read_content_file(cf: Any, where: str, source: str, base_dir: Path) -> str:
    if not isinstance(cf, str) or not cf:
        raise _err(source, f"{where}.content_file", "must be a non-empty path")
    p = Path(cf)
    if not p.is_absolute():
        p = base_dir / p
    try:
        return p.read_text(encoding="utf-8")
    except OSError as e:
        raise _err(source, f"{where}.content_file", f"cannot read {p}: {e.strerror or e}") from None


def _check_tool_calls(calls: Any, where: str, source: str) -> list[dict[str, Any]]:
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
    return norm


def _check_usage(usage: Any, where: str, source: str) -> None:
    if not isinstance(usage, dict):
        raise _err(source, f"{where}.usage", "must be a mapping")
    for k, v in usage.items():
        if k not in USAGE_KEYS:
            raise _err(source, f"{where}.usage.{k}", f"unknown field (allowed: {', '.join(sorted(USAGE_KEYS))})")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise _err(source, f"{where}.usage.{k}", "must be a non-negative integer")


def _check_when(when: Any, where: str, source: str) -> None:
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


def _check_reply(raw: Any, where: str, source: str, base_dir: Path) -> dict[str, Any]:
    """One reply (a string or a mapping) checked and normalized; content_file is read relative to base_dir."""
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
        reply["content"] = _read_content_file(reply["content_file"], where, source, base_dir)
    if reply.get("tool_calls") is not None:
        reply["tool_calls"] = _check_tool_calls(reply["tool_calls"], where, source)
    if reply.get("usage") is not None:
        _check_usage(reply["usage"], where, source)
    if "delay_s" in reply:
        d = reply["delay_s"]
        if not isinstance(d, (int, float)) or isinstance(d, bool) or d < 0:
            raise _err(source, f"{where}.delay_s", "must be a non-negative number")
    if reply.get("when") is not None:
        _check_when(reply["when"], where, source)
    return reply


def _read_script(script: dict | str | os.PathLike, base_dir: str | os.PathLike | None) -> tuple[str, Any, Path]:
    """(source name, the parsed script, the directory content_file paths are relative to)."""
    if isinstance(script, dict):
        return "<script>", script, Path(base_dir) if base_dir else Path.cwd()
    path = Path(script)
    source = str(path)
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
    return source, data, Path(base_dir) if base_dir else path.parent


def _check_model_fields(m: dict, w: str, source: str) -> None:
    """A model's own fields: known keys, persona, details, sizes, hang, capabilities, style."""
    unknown = set(m) - MODEL_KEYS
    if unknown:
        raise _err(source, f"{w}.{sorted(unknown)[0]}", f"unknown field (allowed: {', '.join(sorted(MODEL_KEYS))})")
    persona = m.get("persona", "scripted")
    if persona not in PERSONAS:
        raise _err(source, f"{w}.persona", f"unknown persona {persona!r} (one of: {', '.join(PERSONAS)})")
    if not isinstance(m.get("details", {}) or {}, dict):
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
    if "workdir_from" in m:
        _check_workdir_from(m["workdir_from"], f"{w}.workdir_from", source)


def _check_workdir_from(pattern: Any, where: str, source: str) -> None:
    """A regular expression with exactly one group: what finds the agent's working directory in a request."""
    if not isinstance(pattern, str):
        raise _err(source, where, "must be a regular expression (a string)")
    try:
        groups = re.compile(pattern).groups
    except re.error as e:
        raise _err(source, where, f"not a regular expression: {e}") from None
    if groups != 1:
        raise _err(source, where, f"needs exactly one group (the directory), has {groups}")


def _check_replies(m: dict, w: str, source: str, base: Path) -> tuple[list, list]:
    """A model's turns (each a reply or a list of alternatives) and its rule replies, checked."""
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
    return turns, [_check_reply(r, f"{w}.replies[{i}]", source, base) for i, r in enumerate(rules_raw)]


def _model(name: str, m: dict, turns: list, rules: list, final: dict) -> dict[str, Any]:
    """The served model, every field filled in."""
    details = m.get("details", {}) or {}
    caps = m.get("capabilities")
    full = name if ":" in name else f"{name}:latest"
    family = str(details.get("family", "llama"))
    return {
        "name": name,
        "full_name": full,
        "persona": m.get("persona", "scripted"),
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
        "workdir_from": re.compile(m["workdir_from"]) if "workdir_from" in m else None,
    }


def check_protocols(protocols: Any, where: str = "protocols") -> tuple[str, ...]:
    """A non-empty list of names from PROTOCOLS, as a tuple; ScriptError otherwise."""
    if isinstance(protocols, str) or not isinstance(protocols, (list, tuple)) or not protocols:
        raise ScriptError(f"{where}: must be a non-empty list of {', '.join(PROTOCOLS)}")
    for p in protocols:
        if p not in PROTOCOLS:
            raise ScriptError(f"{where}: unknown protocol {p!r} (one of: {', '.join(PROTOCOLS)})")
    return tuple(protocols)


def _check_server(raw: Any, source: str) -> dict[str, Any]:
    """The script's `server` section: protocols (or chat_only), prefill_tps, decode_tps, slots."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise _err(source, "server", "must be a mapping")
    unknown = set(raw) - SERVER_KEYS
    if unknown:
        raise _err(source, f"server.{sorted(unknown)[0]}", f"unknown field (allowed: {', '.join(sorted(SERVER_KEYS))})")
    out: dict[str, Any] = {}
    if "protocols" in raw:
        out["protocols"] = check_protocols(raw["protocols"], f"{source}: server.protocols")
    if "chat_only" in raw:
        if not isinstance(raw["chat_only"], bool):
            raise _err(source, "server.chat_only", "must be true or false")
        if raw["chat_only"]:
            out["protocols"] = ("openai",)
    for k in ("prefill_tps", "decode_tps"):
        v = raw.get(k)
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0):
            raise _err(source, f"server.{k}", "must be a positive number (tokens per second)")
        if v is not None:
            out[k] = float(v)
    if "flavor" in raw:
        if raw["flavor"] not in FLAVORS:
            raise _err(source, "server.flavor", f"must be one of: {', '.join(FLAVORS)}")
        out["flavor"] = raw["flavor"]
        if raw["flavor"] != "ollama" and "protocols" not in out:
            out["protocols"] = ("openai",)
    v = raw.get("slots")
    if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
        raise _err(source, "server.slots", "must be a positive integer")
    if v is not None:
        out["slots"] = v
    return out


def load_script(script: dict | str | os.PathLike, base_dir: str | os.PathLike | None = None) -> dict[str, Any]:
    """Read and validate a script (a mapping, or a path to a YAML / JSON file); raise ScriptError."""
    source, data, base = _read_script(script, base_dir)
    if not isinstance(data, dict):
        raise _err(source, "", "the script must be a mapping with a 'models' field")
    unknown = set(data) - {"models", "final", "server"}
    if unknown:
        raise _err(source, sorted(unknown)[0], "unknown field (allowed: models, final, server)")
    server = _check_server(data.get("server"), source)
    models = data.get("models")
    if not isinstance(models, dict) or not models:
        raise _err(source, "models", "is required: a mapping of model name to model")
    default_final = _check_reply(data.get("final", DEFAULT_FINAL), "final", source, base)
    out: dict[str, Any] = {}
    for name, m in models.items():
        w = f"models.{name}"
        if not isinstance(name, str) or not name:
            raise _err(source, w, "a model name must be a non-empty string")
        m = {} if m is None else m
        if not isinstance(m, dict):
            raise _err(source, w, "must be a mapping")
        _check_model_fields(m, w, source)
        turns, rules = _check_replies(m, w, source, base)
        final = _check_reply(m["final"], f"{w}.final", source, base) if "final" in m else default_final
        out[name] = _model(name, m, turns, rules, final)
    return {"source": source, "models": out, "server": server}

