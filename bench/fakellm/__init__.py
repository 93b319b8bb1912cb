"""A scripted model server that speaks Ollama's API, OpenAI's (chat completions and Responses) and Anthropic's
Messages API.

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
             POST /tokenize (vLLM's and llama.cpp's: ``messages`` or ``content`` -> ``{count, tokens,
             max_model_len}``, the prompt estimate a chat call would report)
    Responses (OpenAI): POST /v1/responses: ``input`` a string or items (messages, function_call,
             function_call_output), ``instructions``, tools ``{type: function, name, parameters}``; stream =
             SSE ``event:``/``data:`` pairs (response.created ... response.output_text.delta,
             response.function_call_arguments.delta, response.output_item.done ... response.completed)
    Messages (Anthropic): POST /v1/messages: ``system`` a string or blocks, content strings or blocks (text,
             tool_use, tool_result), tools ``{name, description, input_schema}``; stream = SSE (message_start,
             content_block_start / _delta (text_delta, input_json_delta) / _stop, message_delta with stop_reason
             and usage, message_stop); POST /v1/messages/count_tokens -> ``{input_tokens}``. The x-api-key and
             anthropic-version headers are accepted and ignored.

All four answer from the same script: a Responses or Messages request is read as the chat messages it
stands for (function call outputs and tool_result blocks are ``tool`` messages, an assistant's calls are one
assistant message), so turns and ``when`` conditions count the same on every API (bench.fakellm.responses_api,
bench.fakellm.messages_api say exactly how). Usage per API: OpenAI chat ``prompt_tokens`` /
``completion_tokens`` (+ ``*_details``); Responses ``input_tokens`` (cached included, in
``input_tokens_details.cached_tokens``) / ``output_tokens`` (``output_tokens_details.reasoning_tokens``);
Messages ``input_tokens`` (without the cached ones) + ``cache_read_input_tokens`` / ``output_tokens``.

Chat-completions-only (``--chat-only``, ``serve(protocols=("openai",))``, script ``server.chat_only``): only
/v1/chat/completions, /v1/models and /tokenize answer; every other path is a 404 with llama.cpp's body
``{"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}}``, logged as api "unknown".

Server flavors (script ``server.flavor``, ``serve(flavor=...)``): ``llama.cpp`` answers GET /props with
``default_generation_settings.n_ctx`` (the first model's context_length: a window fixed at start) and
``total_slots``; ``vllm`` lists ``max_model_len`` in /v1/models; both speak chat completions only unless
``protocols`` says otherwise. The options a native call sent (/api/chat, /api/generate) are logged (``options``),
and, as Ollama, a prompt longer than its ``num_ctx`` is counted as cut to it.

Simulated speed (``--prefill-tps N --decode-tps N``, serve kwargs, script ``server``): the server waits
prompt_tokens / prefill_tps before the first byte and spends completion_tokens / decode_tps on the answer
(a stream's pieces each wait their share); Ollama answers report those durations in
``prompt_eval_duration`` / ``eval_duration`` (ns), OpenAI chat answers carry llama.cpp's ``timings``
``{prompt_n, prompt_ms, predicted_n, predicted_ms, ...}`` (in the finishing chunk of a stream). Parallel
slots (``--slots N``, ``serve(slots=N)``, script ``server.slots``; default unlimited): at most N answers are
made at once; the others wait for a slot before their prefill, so the wait is part of their time to first
token. Waits end when the client goes away or the server stops (bench.fakellm.pacing).

Script (YAML or JSON)::

    final: "Done."                  # optional: default final reply for every model
    server:                         # optional; serve() kwargs and CLI flags override it
      protocols: [ollama, openai, responses, messages]   # the default: all; chat_only: true = [openai]
      prefill_tps: 500              # simulated speed, tokens per second (unset: instant)
      decode_tps: 30
      slots: 1                      # answers made at once (unset: unlimited)
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
        workdir_from: "working in the directory: (\\S+)"   # optional: "{workdir}" in a tool call's arguments
                                    # becomes group 1 of this regex's first match in the request's messages
                                    # (for agents whose tools want absolute paths in a random workdir)

``when`` keys: ``turn`` (int), ``tools_offered`` (bool), ``last_role`` (user|tool|assistant|system),
``contains`` / ``not_contains`` (substring of the last user or tool message), ``model`` (exact name).

Usage default (deterministic): prompt tokens = len(text of all messages + tool schemas) // 4 + 1,
completion tokens = len(content + tool call JSON) // 4 + 1.

Every request is appended to ``--log FILE`` as one JSON line: method, path, api (ollama | generate | openai |
responses | messages | count_tokens | meta | unknown | error), model, status, messages count, last role, tools
offered (names), stream flag, include_usage, the usage it computed and whether it was reported
(``usage_reported``), the tool calls it issued, the reply it chose; a chat request also has ``rid`` (its id),
``t_received``, and with slots ``slot_wait_s``, with simulated speed ``prefill_s`` / ``decode_s``. ``t`` is
when the entry was written: just before the answer's first byte.

Modules: script (loading and validation), replies (reply selection, personas, usage), formats (the
Ollama / OpenAI bodies and streams), responses_api and messages_api (those two APIs: request reading,
bodies, streams), pacing (simulated speed, slots), handler (HTTP routing and the chat flow), server (the
server, FakeLLM, serve), cli (``python -m bench.fakellm``).
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
    PROTOCOLS,
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
    "PERSONAS", "PROTOCOLS", "REPLY_KEYS", "TRUNCATE_TO", "USAGE_KEYS", "WHEN_KEYS",
    "FakeLLM", "Request", "ScriptError",
    "choose_reply", "estimate_tokens", "example_from_schema", "load_script", "main", "serve",
]
