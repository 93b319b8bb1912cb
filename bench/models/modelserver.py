"""Talking to the model server the agents use: where it is, what it serves, and loading the model first.

Two kinds of server, named the way the agents name them:

- Ollama (`qwen3:8b` = `ollama/qwen3:8b`, no --base-url): at $OLLAMA_HOST, default http://127.0.0.1:11434; `host:port`
  without a scheme is accepted, as Ollama itself accepts it.
- OpenAI-compatible (`--base-url http://HOST:PORT/v1`: llama.cpp, vLLM, LM Studio, Ollama's /v1): the
  server's model id, with a leading `openai/` or `ollama/` dropped.

The naming rule is bench/models/servers.py's (canonical_model, resolve_model), so the probe reaches exactly
what the agents reach and every record names a model the same way.

Only urllib, so the run pipeline, doctor and the probe share it without extra dependencies. Metadata
gathering never raises for a server problem: what could not be learned is left out and the reason is kept
under `error`, because a run must not fail over a missing digest.
"""
from __future__ import annotations

import dataclasses
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from bench.common.errors import UserError
from bench.common.paths import harness_version
from bench.models import servers
from bench.models.servers import ModelTarget

META_TIMEOUT_S = 10.0
# A server that let META_TIMEOUT_S pass without answering is asked once more, this long, before it is called hung:
# a one-slot server busy with another client's generation (llama.cpp, llama-cpp-python) answers when it ends.
HUNG_CONFIRM_S = 60.0
WARM_UP_TIMEOUT_S = 600.0   # loading a large model from a cold disk can take minutes


class ServerError(Exception):
    """A request that did not get a usable answer; `kind` is unreachable, timeout, http or bad_response."""

    def __init__(self, kind: str, message: str, status: int | None = None, body: Any = None):
        super().__init__(message)
        self.kind, self.status, self.body = kind, status, body


def ollama_host(env: dict[str, str] | None = None) -> str:
    """$OLLAMA_HOST as a URL (servers.ollama_host: `host:port` without a scheme works, 0.0.0.0 means loopback)."""
    try:
        return servers.ollama_host(env)
    except ValueError as exc:   # a port that is not a number
        raise UserError(f"OLLAMA_HOST: {exc}; expected host:port, e.g. 127.0.0.1:11434") from None


def resolve(model: str, base_url: str | None = None, env: dict[str, str] | None = None,
            option: str = "--model") -> ModelTarget:
    """The model's target (servers.resolve_model, the rule the agent adapters use), with the scheme checked
    and every error one line. `.spec` is the canonical name (`qwen3:8b` -> `ollama/qwen3:8b`); errors name
    `option`."""
    try:
        target = servers.resolve_model(model, base_url, env, option)
    except ValueError as exc:   # urlsplit on a malformed $OLLAMA_HOST or --base-url
        raise UserError(f"{'--base-url' if base_url else 'OLLAMA_HOST'}: {exc}") from None
    if urllib.parse.urlsplit(target.openai_base).scheme not in ("http", "https"):
        raise UserError(f"{'--base-url ' + base_url if base_url else 'OLLAMA_HOST'}: the scheme must be http or https")
    return target


def server_for(base_url: str | None = None, env: dict[str, str] | None = None) -> ModelTarget:
    """The server alone (no model): --base-url when given, else Ollama at $OLLAMA_HOST."""
    return dataclasses.replace(resolve("ollama/-" if not base_url else "-", base_url, env), model="", spec="")


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _opener(url: str) -> urllib.request.OpenerDirector:
    """A caller's HTTP(S)_PROXY must not carry requests for a model server on this machine."""
    host = urllib.parse.urlsplit(url).hostname or ""
    return _DIRECT if servers.is_loopback(host) else urllib.request.build_opener()


# The harness's own requests (model metadata, warm-up, health checks) say who sent them, so a server's log tells
# them from the agent's calls (which reach the server through the model proxy with the agent's own User-Agent).
USER_AGENT = f"localagentbench/{harness_version()} (harness)"


def request_json(method: str, url: str, body: Any = None, timeout_s: float = META_TIMEOUT_S) -> Any:
    """One HTTP request with a JSON body and answer; raise ServerError (never urllib's errors)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json", "Accept": "application/json", "User-Agent": USER_AGENT})
    if timeout_s <= 0:
        raise ServerError("timeout", f"{method} {url}: no time left")
    try:
        with _opener(url).open(req, timeout=timeout_s) as resp:
            raw = resp.read()
    except urllib.error.HTTPError as exc:
        raw = exc.read() or b""
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = raw.decode(errors="replace")
        raise ServerError("http", f"HTTP {exc.code}: {error_message(parsed)}", exc.code, parsed) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            raise ServerError("timeout", f"{method} {url}: no answer within {timeout_s:.0f}s") from None
        raise ServerError("unreachable", f"{url}: {getattr(reason, 'strerror', None) or reason}") from None
    except TimeoutError:
        raise ServerError("timeout", f"{method} {url}: no answer within {timeout_s:.0f}s") from None
    except (ConnectionError, OSError) as exc:
        raise ServerError("unreachable", f"{url}: {exc.strerror or exc}") from None
    try:
        return json.loads(raw) if raw.strip() else {}
    except ValueError:
        raise ServerError("bad_response", f"{method} {url}: the answer is not JSON") from None


def error_message(body: Any) -> str:
    """The human part of an error body: Ollama's {"error": "..."}, OpenAI's {"error": {"message": ...}}."""
    if isinstance(body, dict):
        err = body.get("error", body.get("detail", body.get("message")))
        if isinstance(err, dict):
            err = err.get("message") or json.dumps(err)
        if err is not None:
            return str(err)[:500]
        return json.dumps(body)[:500]
    return str(body).strip()[:500] or "(empty body)"


def server_version(ep: ModelTarget, timeout_s: float = META_TIMEOUT_S) -> dict[str, Any]:
    """{"kind", "url", "version", "ollama": bool}: Ollama's /api/version (also behind a /v1 base URL)."""
    info: dict[str, Any] = {"kind": ep.kind, "url": ep.api_root, "version": None, "ollama": False}
    root = ep.ollama_root
    if root is not None:
        try:
            ver = request_json("GET", f"{root}/api/version", timeout_s=timeout_s)
            if isinstance(ver, dict) and ver.get("version"):
                info.update(version=str(ver["version"]), ollama=True)
                return info
        except ServerError as exc:
            if ep.kind == "ollama" or exc.kind == "timeout":
                raise   # Ollama's own root must answer; an OpenAI server without /api/version is normal, a hung one not
    if ep.kind == "openai":
        # vLLM answers /version at the server root; most others do not, and that is fine.
        try:
            ver = request_json("GET", f"{root or ep.api_root}/version", timeout_s=timeout_s)
            if isinstance(ver, dict) and ver.get("version"):
                info["version"] = str(ver["version"])
        except ServerError:
            pass
    return info


def list_models(ep: ModelTarget, timeout_s: float = META_TIMEOUT_S) -> list[dict[str, Any]]:
    """The models a server has: Ollama's /api/tags entries, or OpenAI's /v1/models `data` entries."""
    if ep.kind == "ollama":
        tags = request_json("GET", f"{ep.api_root}/api/tags", timeout_s=timeout_s)
        models = tags.get("models") if isinstance(tags, dict) else None
    else:
        listing = request_json("GET", f"{ep.api_root}/models", timeout_s=timeout_s)
        models = listing.get("data") if isinstance(listing, dict) else None
    if not isinstance(models, list):
        raise ServerError("bad_response",
                          f"{ep.api_root}: the model list has no {'models' if ep.kind == 'ollama' else 'data'} array")
    return [m for m in models if isinstance(m, dict)]


def health_problem(model: str, base_url: str | None = None, timeout_s: float = 5.0) -> str | None:
    """The harness's own check of the model server: None when it answers and lists `model`, else why not.

    This, never what an agent printed, is what makes a run an infrastructure error.
    """
    try:
        ep = resolve(model, base_url)
        models = list_models(ep, timeout_s=timeout_s)
    except ServerError as exc:
        return f"the model server failed the harness's health check: {exc}"
    except UserError as exc:
        return str(exc)
    names = [str(m.get("name") or m.get("model") or m.get("id") or "") for m in models]
    if not any(same_tag(n, ep.model) or n == ep.model for n in names):
        return f"the model server at {ep.api_root} does not list {ep.model}"
    return None


def same_tag_key(name: str) -> str:
    """An Ollama name as one spelling: `qwen3` is `qwen3:latest`."""
    return name if ":" in name else f"{name}:latest"


def same_tag(a: str, b: str) -> bool:
    """Ollama names: `qwen3` and `qwen3:latest` are the same model."""
    return same_tag_key(a) == same_tag_key(b)


def _ollama_details(root: str, name: str, timeout_s: float) -> dict[str, Any]:
    info: dict[str, Any] = {}
    tags = request_json("GET", f"{root}/api/tags", timeout_s=timeout_s)
    for entry in (tags.get("models") or []) if isinstance(tags, dict) else []:
        if isinstance(entry, dict) and same_tag(str(entry.get("name") or entry.get("model") or ""), name):
            info.update(digest=entry.get("digest"), size=entry.get("size"))
            break
    show = request_json("POST", f"{root}/api/show", {"model": name}, timeout_s=timeout_s)
    details = show.get("details") or {}
    info.update(family=details.get("family"), parameter_size=details.get("parameter_size"),
                quantization=details.get("quantization_level"), format=details.get("format"))
    for key, value in (show.get("model_info") or {}).items():
        if key.endswith(".context_length") and isinstance(value, int):
            info["context_length"] = value
    # num_ctx in the Modelfile is the window the server runs with unless a request overrides it.
    for line in str(show.get("parameters") or "").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "num_ctx" and parts[1].isdigit():
            info["num_ctx"] = int(parts[1])
    if isinstance(show.get("capabilities"), list):
        info["capabilities"] = [str(c) for c in show["capabilities"]]
    return info


def model_info(model: str, base_url: str | None = None, timeout_s: float = META_TIMEOUT_S,
               env: dict[str, str] | None = None) -> dict[str, Any]:
    """What the server says about a model: digest, size, family, parameter_size, quantization,
    context_length, capabilities, and `server` {kind, url, version}. Never raises for server trouble."""
    ep = resolve(model, base_url, env)
    info: dict[str, Any] = {"id": ep.spec, "served_as": ep.model}
    try:
        server = server_version(ep, timeout_s)
        info["server"] = ({k: server[k] for k in ("kind", "url", "version")}
                          | ({"ollama": True} if server["ollama"] else {}))
        if server["ollama"]:
            # An Ollama /v1 base URL: the native API has the details the OpenAI one lacks.
            info.update({k: v for k, v in _ollama_details(ep.ollama_root, ep.model, timeout_s).items()
                         if v is not None})
        else:
            for entry in list_models(ep, timeout_s):
                if entry.get("id") == ep.model:
                    # vLLM: max_model_len; llama.cpp's server: meta {n_ctx_train, n_params, size}.
                    meta = entry.get("meta") if isinstance(entry.get("meta"), dict) else {}
                    ctx = entry.get("max_model_len") or meta.get("n_ctx_train")
                    info.update({k: v for k, v in {"context_length": ctx, "size": meta.get("size"),
                                                   "parameter_count": meta.get("n_params"),
                                                   "owned_by": entry.get("owned_by")}.items() if v is not None})
                    break
    except ServerError as exc:
        info["error"], info["error_kind"] = str(exc), exc.kind
        info.setdefault("server", {"kind": ep.kind, "url": ep.api_root, "version": None})
    return info


def warm_up(model: str, base_url: str | None = None, options: dict[str, Any] | None = None,
            timeout_s: float = WARM_UP_TIMEOUT_S, env: dict[str, str] | None = None) -> dict[str, Any]:
    """One untimed one-token request that loads the model, so load time is not charged to the first task.

    Returns {"load_s", "load_source": "server"|"wall", "warm_up_s", "error"}. Ollama reports its own
    load_duration; elsewhere the request's wall time stands for it. `options` (Ollama) should match what the
    agent will send (num_ctx above all): a different num_ctx makes Ollama load the model again.
    """
    ep = resolve(model, base_url, env)
    messages = [{"role": "user", "content": "Reply with OK."}]
    if ep.kind == "ollama":
        body: dict[str, Any] = {"model": ep.model, "messages": messages, "stream": False,
                                "options": {**(options or {}), "num_predict": 1}}
    else:
        body = {"model": ep.model, "messages": messages, "stream": False, "max_tokens": 1}
    start = time.monotonic()
    try:
        answer = request_json("POST", ep.chat_url, body, timeout_s=timeout_s)
    except ServerError as exc:
        return {"load_s": None, "load_source": None, "warm_up_s": round(time.monotonic() - start, 3),
                "error": str(exc), "error_kind": exc.kind}
    wall = round(time.monotonic() - start, 3)
    load_ns = answer.get("load_duration") if isinstance(answer, dict) else None
    if isinstance(load_ns, (int, float)) and ep.kind == "ollama":
        return {"load_s": round(load_ns / 1e9, 3), "load_source": "server", "warm_up_s": wall, "error": None}
    return {"load_s": wall, "load_source": "wall", "warm_up_s": wall, "error": None}


def hung(info: dict[str, Any]) -> bool:
    """Whether model_info found a server that accepts connections and does not answer: its request timed out
    (ServerError.kind, from the socket's own exception), never what an error's text says: a server's answer
    (an HTTP error's body) can say anything."""
    return bool(info.get("error")) and info.get("error_kind") == "timeout"


def unreachable(section: dict[str, Any] | None) -> str | None:
    """Why the server could not be reached, when gather_model's warm-up (the harness's own connect attempt)
    could not connect to it, or found it hung (it took the connection and never answered): "URL (reason)";
    None when it answered, or no warm-up was made."""
    warm = (section or {}).get("warm_up") or {}
    if warm.get("error_kind") == "hung":
        url = ((section or {}).get("server") or {}).get("url") or "the model server"
        return f"{url} (it accepted the connection but sent no answer within {HUNG_CONFIRM_S:.0f}s)"
    if warm.get("error_kind") != "unreachable":
        return None
    url = ((section or {}).get("server") or {}).get("url") or "the model server"
    return f"{url} ({str(warm.get('error') or '').rpartition(': ')[2] or 'unreachable'})"


def gather_model(model: str, base_url: str | None = None, options: dict[str, Any] | None = None,
                 warm: bool = True, env: dict[str, str] | None = None) -> dict[str, Any]:
    """The `model` section for every run record of an evaluation: model_info, then the warm-up.

    Call once before the first task. The result holds `load_s` (and `warm_up`) beside the metadata.
    Never raises: an unknown provider, an unreachable server or a failed warm-up leave `error` set.
    """
    try:
        info = model_info(model, base_url, env=env)
    except UserError as exc:   # a name this module cannot place (a --agent command's own provider): keep the id
        return {"id": model, "error": str(exc), "load_s": None}
    if warm and hung(info):
        confirmed = model_info(model, base_url, timeout_s=HUNG_CONFIRM_S, env=env)
        if not hung(confirmed):
            info = confirmed
    if warm and hung(info):
        # The server took the connection and sent nothing back for its metadata: a chat request would wait
        # WARM_UP_TIMEOUT_S (minutes) the same way; the harness says so now instead.
        info["load_s"] = None
        info["warm_up"] = {"load_s": None, "load_source": None, "warm_up_s": 0.0, "error_kind": "hung",
                           "error": f"not sent: {info['error']}"}
    elif warm:
        w = warm_up(model, base_url, options, env=env)
        info["load_s"] = w["load_s"]
        info["warm_up"] = w
    return info
