"""Which model server a model name means. Shared by the agent adapters, the run pipeline, doctor and the probe.

- A bare Ollama tag (`qwen3:8b`, `llama3`) means `ollama/<tag>`: see canonical_model(), the one rule
  every entry point uses, so `qwen3:8b` and `ollama/qwen3:8b` are the same model in every record.
- `ollama/<tag>` is the Ollama server at $OLLAMA_HOST (default http://127.0.0.1:11434; `host:port`
  without a scheme is accepted, as Ollama's own CLI does).
- With a base URL (`--base-url`, an OpenAI-compatible server's …/v1), that server is used instead and
  the name is the server's model id; a leading `ollama/` or `openai/` is dropped from it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from bench.common.errors import UserError

DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434"
OLLAMA_DEFAULT_PORT = 11434
KNOWN_PREFIXES = ("ollama/", "openai/")
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine (the only network target a model server here may be)."""
    return host in LOOPBACK_HOSTS or host.startswith("127.")


@dataclass(frozen=True)
class ModelTarget:
    """A model and the server that serves it."""

    spec: str          # as the user named it: "ollama/qwen3:8b"
    kind: str          # "ollama" (native API available) or "openai" (OpenAI-compatible only)
    model: str         # the server's name for it: "qwen3:8b"
    root: str          # the server root without /v1: "http://127.0.0.1:11434" (for Ollama's /api/*)
    openai_base: str   # the OpenAI-compatible base: "http://127.0.0.1:11434/v1"

    @property
    def is_ollama(self) -> bool:
        """Whether the server speaks Ollama's native API."""
        return self.kind == "ollama"

    @property
    def api_root(self) -> str:
        """Where this kind's API paths start: the Ollama root (…/api/*) or the OpenAI-compatible base (…/v1)."""
        return self.root if self.is_ollama else self.openai_base

    @property
    def chat_url(self) -> str:
        """The chat endpoint the agents use for this kind."""
        return f"{self.root}/api/chat" if self.is_ollama else f"{self.openai_base}/chat/completions"

    @property
    def ollama_root(self) -> str | None:
        """Where Ollama's native API would be: the root, or for an OpenAI base not ending in /v1, nowhere known."""
        return self.root if self.is_ollama or self.openai_base.endswith("/v1") else None


def normalize_ollama_host(value: str | None) -> str:
    """$OLLAMA_HOST as a URL: scheme and port filled in, 0.0.0.0 (a bind address) mapped to 127.0.0.1."""
    raw = (value or "").strip()
    if not raw:
        return DEFAULT_OLLAMA_HOST
    if "://" not in raw:
        raw = "http://" + raw
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https"):
        raise UserError(f"$OLLAMA_HOST: {value!r} has scheme {parts.scheme!r}; use host:port or http://host:port")
    host = parts.hostname or "127.0.0.1"
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    try:
        port = parts.port
    except ValueError:
        raise UserError(f"$OLLAMA_HOST: {value!r} has no valid port; use host:port, e.g. 127.0.0.1:11434") from None
    if port is None:
        port = 443 if parts.scheme == "https" else OLLAMA_DEFAULT_PORT
    netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    path = parts.path.rstrip("/")
    return urlunsplit((parts.scheme or "http", netloc, path, "", ""))


def ollama_host(env: dict[str, str] | None = None) -> str:
    """The Ollama server the user means: $OLLAMA_HOST, normalized, or the default."""
    env = os.environ if env is None else env
    return normalize_ollama_host(env.get("OLLAMA_HOST"))


def normalize_base_url(url: str) -> str:
    """A user's --base-url without a trailing slash; a scheme is added when missing."""
    u = url.strip().rstrip("/")
    if "://" not in u:
        u = "http://" + u
    return u


def canonical_model(model: str | None, base_url: str | None = None, option: str = "--model") -> str | None:
    """The one spelling of a model name that every record, label and comparison uses.

    - With a base URL (--base-url) the name is that server's own model id: returned as given (stripped).
    - A name with a provider prefix (a `/` before the first `:`, or a `/` and no `:` at all), e.g.
      `ollama/qwen3:8b` or `openai/coder`, is returned as given.
    - Any other name is a bare Ollama tag and gets the prefix: `qwen3:8b` -> `ollama/qwen3:8b`.
      (A namespaced Ollama model, `user/model:tag`, is written `ollama/user/model:tag`.)
    - None, "" and "none" (the built-in agents' model) are returned unchanged.

    A URL is not a model name: UserError naming `option`, the option the user typed it into.
    """
    if model is None:
        return None
    spec = model.strip()
    if not spec or spec == "none":
        return spec
    if "://" in spec:
        raise UserError(f"{option} {spec!r}: a URL is not a model name; give the server with --base-url URL "
                        f"and the model's name with {option}, e.g. {option} qwen3:8b")
    if base_url:
        return spec
    slash, colon = spec.find("/"), spec.find(":")
    if slash >= 0 and (colon < 0 or slash < colon):
        return spec
    return "ollama/" + spec


def resolve_model(model: str, base_url: str | None = None, env: dict[str, str] | None = None,
                  option: str = "--model") -> ModelTarget:
    """Resolve a model name (and optional OpenAI-compatible base URL) to a ModelTarget; UserError if unclear.

    The name is first made canonical (canonical_model: `qwen3:8b` means `ollama/qwen3:8b`); errors name
    `option`, the option the user typed the name into (`--model`, `--probe`).
    """
    spec = canonical_model(model, base_url, option) or ""
    if not spec or spec == "none":
        raise UserError(f"{option} is required for this agent, e.g. {option} qwen3:8b (an Ollama tag) "
                        "or a model id with --base-url http://host:port/v1")
    if base_url:
        base = normalize_base_url(base_url)
        name = spec
        for prefix in KNOWN_PREFIXES:
            if name.startswith(prefix):
                name = name[len(prefix):]
                break
        if not name:
            raise UserError(f"{option} {spec!r}: no model id after the prefix; give the server's model id, "
                            f"e.g. {option} coder")
        root = base[: -len("/v1")] if base.endswith("/v1") else base
        return ModelTarget(spec=spec, kind="openai", model=name, root=root, openai_base=base)
    if spec.startswith("ollama/"):
        name = spec[len("ollama/"):]
        if not name:
            raise UserError(f"{option} {spec!r}: no Ollama tag after 'ollama/'; name one, e.g. {option} qwen3:8b")
        root = ollama_host(env)
        return ModelTarget(spec=spec, kind="ollama", model=name, root=root, openai_base=root + "/v1")
    raise UserError(f"{option} {spec!r}: {spec.split('/', 1)[0]!r} is not a provider this harness reaches; name an "
                    f"Ollama model by its tag ({option} qwen3:8b, or {option} ollama/{spec} for a namespaced one), "
                    "or add --base-url http://host:port/v1 for an OpenAI-compatible server")


def model_for_agent(agent: str, model: str | None, base_url: str | None = None, option: str = "--model") -> str | None:
    """The model id an evaluation records and hands the agent: canonical_model(), except for an agent that takes
    it as typed (SPEC.model_as_typed, e.g. `command`).

    The `command` agent's --model is handed to the command as typed (LOCALAGENTBENCH_MODEL), since the command
    may name any provider its own way; every other agent's model is resolved by this module, so its canonical
    name is the one recorded, and `qwen3:8b` and `ollama/qwen3:8b` group and compare as one model.
    """
    from bench.agents import get_spec  # the adapters import this module

    if get_spec(agent).model_as_typed:
        return model
    return canonical_model(model, base_url, option)


def no_proxy_env(target: ModelTarget, env: dict[str, str] | None = None) -> dict[str, str]:
    """NO_PROXY and no_proxy for an agent's process: loopback and the model server's host, then the caller's own
    entries (clients read one spelling or the other).

    A caller's HTTP(S)_PROXY must not carry the agent's requests to a local model server.
    """
    env = os.environ if env is None else env
    hosts = ["127.0.0.1", "localhost", "::1"]
    h = urlsplit(target.openai_base).hostname
    if h and h not in hosts:
        hosts.append(h)
    prior = env.get("NO_PROXY") or env.get("no_proxy") or ""
    value = ",".join(hosts + [x for x in prior.split(",") if x.strip() and x.strip() not in hosts])
    return {"NO_PROXY": value, "no_proxy": value}
