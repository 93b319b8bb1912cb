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

Modules: script (loading and validation), replies (reply selection, personas, usage), formats (the
Ollama / OpenAI bodies and streams), handler (HTTP routing and the chat flow), server (the server,
FakeLLM, serve), cli (``python -m bench.fakellm``).
"""
from __future__ import annotations

from bench.fakellm.cli import main
from bench.fakellm.formats import OLLAMA_VERSION
from bench.fakellm.replies import Request, choose_reply, estimate_tokens, example_from_schema
from bench.fakellm.script import (
    DEFAULT_CONTEXT,
    DEFAULT_FINAL,
    DEFAULT_HANG_S,
    MODEL_KEYS,
    PERSONAS,
    REPLY_KEYS,
    TRUNCATE_TO,
    USAGE_KEYS,
    WHEN_KEYS,
    ScriptError,
    load_script,
)
from bench.fakellm.server import LOOPBACK_HOSTS, FakeLLM, serve

__all__ = [
    "DEFAULT_CONTEXT", "DEFAULT_FINAL", "DEFAULT_HANG_S", "LOOPBACK_HOSTS", "MODEL_KEYS", "OLLAMA_VERSION",
    "PERSONAS", "REPLY_KEYS", "TRUNCATE_TO", "USAGE_KEYS", "WHEN_KEYS",
    "FakeLLM", "Request", "ScriptError",
    "choose_reply", "estimate_tokens", "example_from_schema", "load_script", "main", "serve",
]
