"""The HTTP handler: routing, the request log, and the chat flow (persona, reply, delay, answer).

One handler instance serves one connection (HTTP/1.1 keep-alive); the server it belongs to holds the
models, the log and the stop flag (bench.fakellm.server). Bodies come from bench.fakellm.formats.
"""
from __future__ import annotations

import http.server
import json
import select
import socket
import sys
import time
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from bench.fakellm.formats import (
    LLAMA_CPP_NOT_FOUND,
    NDJSON,
    OLLAMA_VERSION,
    SSE,
    ollama_body,
    ollama_ps,
    ollama_show,
    ollama_stream,
    ollama_tag,
    openai_body,
    openai_error,
    openai_model,
    openai_not_found,
    openai_stream,
    vllm_metrics,
)
from bench.fakellm.messages_api import messages_body, messages_error, messages_messages, messages_stream
from bench.fakellm.pacing import NO_PACE, ClientGone, Pace, Pacer
from bench.fakellm.replies import Request, choose_reply, usage_for
from bench.fakellm.responses_api import responses_body, responses_messages, responses_stream
from bench.fakellm.script import DEFAULT_CONTEXT

if TYPE_CHECKING:
    from bench.fakellm.server import _Server


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fakellm"
    sys_version = ""
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        if self.server.verbose:
            sys.stderr.write(f"fakellm: {self.address_string()} - {format % args}\n")

    # -- plumbing
    def setup(self) -> None:
        super().setup()
        # As Go's net/http (Ollama) and uvicorn (vLLM) do: without it a kept-alive client waits out its delayed
        # ACK (~40 ms) between an answer's head and body, which the model proxy's latency benchmark would measure.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
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

    def _stream(self, content_type: str, pieces: Iterator[bytes]) -> None:
        """A chunked 200 answer, one chunk per piece, each flushed as it is made.

        A piece whose simulated decode wait ends early (client gone, server stopping) ends the answer
        without its closing chunk, so the client sees a cut stream.
        """
        self._start_stream(content_type)
        try:
            for piece in pieces:
                self._chunk(piece)
        except ClientGone:
            self.close_connection = True
            return
        self._end_stream()

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
                 "client": self.client_address[0], "host": self.headers.get("Host"),
                 "user_agent": self.headers.get("User-Agent"), **entry}
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
    def _served(self, path: str) -> bool:
        """Whether the path belongs to a protocol this server speaks (every path, unless limited)."""
        protocols = self.server.protocols
        if path == "/props":
            return self.server.flavor == "llama.cpp"
        if path in ("/v1/chat/completions", "/v1/models", "/tokenize", "/slots") or path.startswith("/v1/models/"):
            return "openai" in protocols
        if path == "/v1/responses":
            return "responses" in protocols
        if path in ("/v1/messages", "/v1/messages/count_tokens"):
            return "messages" in protocols
        return "ollama" in protocols

    def _not_served(self) -> None:
        """A path this server does not answer: llama.cpp's JSON 404 when Ollama's API is off, else Go's text."""
        self._log({"api": "unknown", "status": 404})
        if "ollama" in self.server.protocols:
            self._send_text(404, "404 page not found")
        else:
            self._send_json(404, LLAMA_CPP_NOT_FOUND)

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/") or "/"
        if not self._served(path):
            try:
                self._not_served()
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        status, payload = 200, None
        if path == "/":
            payload = "Ollama is running"
        elif path == "/api/version":
            payload = {"version": OLLAMA_VERSION}
        elif path == "/api/tags":
            payload = {"models": [ollama_tag(m) for m in self.server.models.values()]}
        elif path == "/api/ps":
            payload = {"models": [ollama_ps(m) for m in self.server.models.values() if m["name"] in self.server.loaded]}
        elif path == "/props":   # llama.cpp: one model, its window fixed at start (--ctx-size)
            first = next(iter(self.server.models.values()))
            payload = {"default_generation_settings": {"n_ctx": first["context_length"]},
                       "total_slots": self.server.slots.n or 1, "model_path": f"/models/{first['full_name']}.gguf"}
        elif path == "/v1/models":
            payload = {"object": "list", "data": [
                openai_model(m) | ({"max_model_len": m["context_length"]} if self.server.flavor == "vllm" else {})
                for m in self.server.models.values()]}
        elif path == "/slots" and self.server.slots.n and self.server.slots_reported:
            # llama.cpp's slot list: one entry per parallel slot
            payload = [{"id": i, "is_processing": False} for i in range(self.server.slots.n)]
        elif path.startswith("/v1/models/"):
            name = path[len("/v1/models/"):]
            m = self.server.find(name)
            if m is None:
                status, payload = 404, openai_not_found(name)
            else:
                payload = openai_model(m)
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
        if (self.server.down_after_warm_up and path in ("/api/chat", "/v1/chat/completions")
                and (self.headers.get("User-Agent") or "").startswith("localagentbench/")):
            # The harness's warm-up (its only chat request) is answered, but the server stops listening first: by the
            # time the harness has its answer every new connection is refused, as from a server that went down.
            self.server.stop_listening()
        try:
            if not self._served(path):
                try:
                    self._read_json()   # read all the same, so a kept-alive connection stays in step
                except (ValueError, UnicodeDecodeError):
                    pass
                self._not_served()
                return
            try:
                body = self._read_json()
            except (ValueError, UnicodeDecodeError) as e:
                self._log({"api": "error", "status": 400, "error": "invalid JSON"})
                self._send_json(400, {"error": f"invalid JSON body: {e}"})
                return
            if not isinstance(body, dict):
                body = {}
            if path == "/api/show":
                self._show(body)
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
            elif path == "/v1/responses":
                self._chat(body, "responses", responses_messages(body))
            elif path == "/v1/messages":
                self._chat(body, "messages", messages_messages(body))
            elif path == "/v1/messages/count_tokens":
                self._count_tokens(body)
            elif path == "/tokenize":
                self._tokenize(body)
            else:
                self._log({"api": "unknown", "status": 404})
                self._send_text(404, "404 page not found")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _show(self, body: dict) -> None:
        name = body.get("model") or body.get("name") or ""
        m = self.server.find(name)
        if m is None:
            self._log({"api": "ollama", "model": name, "status": 404})
            self._send_json(404, {"error": f"model '{name}' not found"})
            return
        self._log({"api": "ollama", "model": name, "status": 200})
        self._send_json(200, ollama_show(m))

    def _count_tokens(self, body: dict) -> None:
        """Anthropic's /v1/messages/count_tokens: the prompt estimate a /v1/messages call would report."""
        name = str(body.get("model") or "")
        req = Request(name, messages_messages(body), body.get("tools"), "anthropic", False)
        self._log({"api": "count_tokens", "model": name, "status": 200, "input_tokens": req.prompt_tokens_estimate})
        self._send_json(200, {"input_tokens": req.prompt_tokens_estimate})

    def _tokenize(self, body: dict) -> None:
        """vLLM's /tokenize (``messages``, or ``prompt``) and llama.cpp's (``content``): the prompt estimate a chat
        call with those messages would report, as ``count`` (vLLM) and a ``tokens`` list of that length (both)."""
        name = str(body.get("model") or "")
        messages = body.get("messages")
        if not isinstance(messages, list):
            text = body.get("content", body.get("prompt"))
            messages = [{"role": "user", "content": text if isinstance(text, str) else ""}]
        tools = body.get("tools") if isinstance(body.get("tools"), list) else None
        count = Request(name, messages, tools, "openai", False).prompt_tokens_estimate
        self._log({"api": "tokenize", "model": name, "status": 200, "count": count})
        self._send_json(200, {"count": count, "max_model_len": DEFAULT_CONTEXT, "tokens": list(range(count))})

    # -- chat
    def _error(self, api: str, status: int, message: str) -> None:
        """An error answer in the API's own shape."""
        if api in ("openai", "responses"):
            self._send_json(status, openai_not_found(message) if status == 404 else openai_error(message))
        elif api == "messages":
            self._send_json(status, messages_error(status, f"model: {message}" if status == 404 else message))
        else:
            self._send_json(status, {"error": f"model '{message}' not found" if status == 404 else message})

    def _alive(self) -> bool:
        return not self.server.stopping.is_set() and not self._client_gone()

    def _chat(self, body: dict, api: str, messages: list) -> None:
        name = str(body.get("model") or "")
        stream = bool(body.get("stream", api in ("ollama", "generate")))   # only Ollama streams by default
        include_usage = bool((body.get("stream_options") or {}).get("include_usage")) if api == "openai" else None
        req_api = {"openai": "openai", "responses": "openai", "messages": "anthropic"}.get(api, "ollama")
        req = Request(name, messages, body.get("tools"), req_api, stream)
        entry: dict[str, Any] = {
            "api": api, "model": name, "messages": len(req.messages), "last_role": req.last_role,
            "turn": req.turn, "tools": [t["name"] for t in req.tools], "stream": stream,
            "include_usage": include_usage, "rid": uuid.uuid4().hex[:12], "t_received": round(time.time(), 3),
        }
        if api in ("ollama", "generate") and isinstance(body.get("options"), dict):
            entry["options"] = body["options"]   # what the client asked of the server (num_ctx above all)
        if body.get("tool_choice") is not None:
            entry["tool_choice"] = body["tool_choice"]
        if self.server.log_bodies:
            entry["body"] = body
        m = self.server.find(name)
        if m is None:
            entry.update(status=404, error="model not found")
            self._log(entry)
            self._error(api, 404, name)
            return
        self.server.loaded.add(m["name"])
        if m["persona"] == "error500":
            entry.update(status=500, error=m["error"], reply="persona:error500")
            self._log(entry)
            self._error(api, 500, m["error"])
            return
        try:
            wait_s = self.server.slots.acquire(entry["rid"], self._alive)
        except ClientGone:
            entry.update(status=None, event="slot_wait_aborted")
            self._log(entry)
            self.close_connection = True
            return
        if self.server.slots.n is not None:
            entry["slot_wait_s"] = round(wait_s, 3)
        try:
            self._generate(m, req, body, api, entry)
        finally:
            self.server.slots.release(entry["rid"])

    def _abort(self, entry: dict, event: str) -> None:
        entry.update(status=None, event=event)
        self._log(entry)
        self.close_connection = True

    def _generate(self, m: dict, req: Request, body: dict, api: str, entry: dict) -> None:
        """With a slot held: the persona or script's reply, its delay and simulated speed, the answer."""
        if m["persona"] == "hang":
            entry.update(status=None, reply="persona:hang", hang_started=round(time.time(), 3))
            self._log(dict(entry, event="hang_start"))
            if not self._wait(m["hang_s"], watch_client=True):
                entry.update(event="hang_end", reason="client gone or server stopping")
                self._log(entry)
                self.close_connection = True
                return
            reply, source = {"content": m["answer"]}, "persona:hang_timeout"
        else:
            reply, source = choose_reply(m, req)
        entry["reply"] = source
        if reply.get("delay_s") and not self._wait(float(reply["delay_s"]), watch_client=True):
            self._abort(entry, "delay_aborted")
            return
        content = reply.get("content") or ""
        prefix = "toolu_" if api == "messages" else "call_"
        calls = []
        for i, c in enumerate(reply.get("tool_calls") or []):
            calls.append({"id": c.get("id") or f"{prefix}{uuid.uuid4().hex[:8]}", "index": i,
                          "name": c["name"], "arguments": c["arguments"]})
        call_text = "".join(c["name"] + (c["arguments"] if isinstance(c["arguments"], str)
                                         else json.dumps(c["arguments"], sort_keys=True)) for c in calls)
        usage = usage_for(m, reply, req, content + call_text)
        num_ctx = (entry.get("options") or {}).get("num_ctx")
        if isinstance(num_ctx, int) and not isinstance(num_ctx, bool) and num_ctx > 0:
            # as Ollama: a prompt longer than the window is cut to it, and only what was kept is counted
            usage["prompt_tokens"] = min(usage["prompt_tokens"], num_ctx)
        entry.update(status=200, usage=usage,
                     tool_calls=[{"name": c["name"], "arguments": c["arguments"]} for c in calls],
                     content=content[:2000])
        # the usage is in the answer except in an OpenAI stream the client did not ask usage for
        entry["usage_reported"] = bool(entry["include_usage"]) or not req.stream if api == "openai" else True
        speed = self.server.speed
        pace: Pace = NO_PACE
        if speed.on:
            entry.update(prefill_s=round(speed.prefill_s(usage), 3), decode_s=round(speed.decode_s(usage), 3))
            # the prompt is evaluated before the first byte, whether the answer streams or not
            if not self._wait(speed.prefill_s(usage), watch_client=True):
                self._abort(entry, "prefill_aborted")
                return
            decode_s = speed.decode_s(usage)
            if req.stream:
                pace = Pacer(decode_s, len(reply.get("reasoning") or "") + len(content) + len(call_text),
                             lambda s: self._wait(s, watch_client=True))
            elif not self._wait(decode_s, watch_client=True):
                self._abort(entry, "decode_aborted")
                return
        self._log(entry)
        self._answer(api, body, reply, content, calls, usage, entry, pace)

    def _answer(self, api: str, body: dict, reply: dict, content: str, calls: list, usage: dict, entry: dict,
                pace: Pace) -> None:
        """Send the answer in the API's format, streamed or whole."""
        name = entry["model"]
        stream = entry["stream"]
        speed = self.server.speed
        if api == "openai":
            vllm = self.server.flavor == "vllm"
            timed = None if vllm else speed   # vLLM sends no llama.cpp timings
            metrics = vllm_metrics(usage, speed, entry.get("slot_wait_s") or 0.0) \
                if vllm and self.server.per_request_metrics else None
            if stream:
                self._stream(SSE, openai_stream(name, reply, content, calls, usage, entry["include_usage"], timed,
                                                pace, metrics=metrics))
            else:
                self._send_json(200, openai_body(name, reply, content, calls, usage, timed, metrics=metrics))
        elif api == "responses":
            if stream:
                self._stream(SSE, responses_stream(name, reply, content, calls, usage, body, pace))
            else:
                self._send_json(200, responses_body(name, reply, content, calls, usage, body))
        elif api == "messages":
            if stream:
                self._stream(SSE, messages_stream(name, reply, content, calls, usage, pace))
            else:
                self._send_json(200, messages_body(name, reply, content, calls, usage))
        elif stream:
            self._stream(NDJSON, ollama_stream(name, reply, content, calls, usage, api, speed, pace))
        else:
            self._send_json(200, ollama_body(name, reply, content, calls, usage, api, speed))
