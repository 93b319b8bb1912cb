"""The harness's recording model proxy: every model call measured at the wire, the same way for every agent.

    with ModelProxy("http://127.0.0.1:11434") as proxy:
        url = proxy.route(run_dir / "model_calls.jsonl")   # http://127.0.0.1:PORT/r/<token>: the agent's root
        ...                              # the agent calls url + "/v1/chat/completions", url + "/api/chat", ...
        proxy.close_route(url)

It listens on an ephemeral 127.0.0.1 port. A request under ``/r/<token>`` goes to the upstream with that prefix
taken off: ``/v1/...`` to the upstream's OpenAI-compatible base (``openai_base``, by default the root's ``/v1``),
``/api/...`` to its root (Ollama's native API). Only the model API passes (MODEL_API: chat, completions,
responses, messages, generate, embeddings, model lists and details); anything else (pulling, deleting or
creating models, a server's admin routes) is refused with 403 and recorded, and an unknown token gets 404.
Bodies travel byte for byte both ways; a streamed answer is written and flushed to the agent piece by piece as
the upstream sends it, while a copy is parsed on the side (bench.models.calls). Each call becomes one JSON line
in the calls file of the run whose route it came by, so calls stay with their run when runs share the proxy.

When the upstream cannot be reached the agent gets a 502 (504 when it timed out before answering) with a JSON
error body naming the upstream, and the record's ``error`` says the same; a 5xx answer is forwarded as it is and
recorded as an error too.

Standard library only (http.server + http.client, a thread per connection): agents make one call at a time per
run, a thread per open stream is cheap at the harness's concurrency (--jobs N), and it keeps the harness's
dependencies as they are. Upstream connections are kept alive and reused, which is most of the added latency.
"""
from __future__ import annotations

import http.client
import http.server
import json
import os
import re
import secrets
import socket
import socketserver
import stat
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.models import calls, translate

ROUTE_PREFIX = "/r/"
CALLS_FILE = "model_calls.jsonl"
# The model API an agent may call, as (method, path); a `*` ends a path that takes one name (a model id).
MODEL_API = frozenset({
    ("POST", "/v1/chat/completions"), ("POST", "/v1/completions"), ("POST", "/v1/responses"),
    ("POST", "/v1/messages"), ("POST", "/v1/messages/count_tokens"), ("POST", "/v1/embeddings"),
    ("GET", "/v1/models"), ("GET", "/v1/models/*"),
    ("POST", "/api/chat"), ("POST", "/api/generate"), ("POST", "/api/embed"), ("POST", "/api/embeddings"),
    ("POST", "/api/show"), ("GET", "/api/tags"), ("GET", "/api/ps"), ("GET", "/api/version"),
    ("GET", "/"), ("HEAD", "/"),
})
_MODEL_ID = re.compile(r"^[A-Za-z0-9._:@+-]+(/[A-Za-z0-9._:@+-]+)*$")
DEFAULT_TIMEOUT_S = 600.0   # a long prompt on a small GPU can take minutes before its first token
READ_SIZE = 64 * 1024
# Calls in a row that could not reach the upstream at all (refused, closed, timed out) before a run's stop event is
# set: the server is down, and an agent retrying with back-off would otherwise spend its whole timeout on it.
STOP_AFTER_UNREACHABLE = 3
MAX_REQUEST_BYTES = 64 * 1024 * 1024   # a prompt of a million-token context is a few MB
MAX_NOT_FOUND_BYTES = 64 * 1024   # a server's "no such endpoint" page, read whole to tell it from "no such model"
# Hop-by-hop headers belong to one connection, not to the message (RFC 9110 7.6.1). Accept-Encoding is dropped
# too so the answer comes uncompressed and the proxy can read its copy; Expect: 100-continue is answered here.
_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te",
        "trailer", "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "expect"}
_STREAM_TYPES = ("text/event-stream", "application/x-ndjson", "application/jsonl")


def model_api(method: str, path: str) -> bool:
    """Whether (method, path) is part of the model API (MODEL_API); the query string does not count."""
    path = path.split("?", 1)[0]
    path = path.rstrip("/") or "/"
    if (method, path) in MODEL_API:
        return True
    head, _, name = path.partition("/v1/models/")
    return (not head and (method, "/v1/models/*") in MODEL_API and bool(_MODEL_ID.match(name))
            and ".." not in name.split("/"))


def endpoint_absent(status: int, body: bytes) -> bool:
    """Whether an answer of `status` with `body` says the server has no such endpoint (405, 501, or a 404 that is
    not about the model): the rule by which the proxy decides to translate, shared with doctor --probe."""
    return status in (405, 501) or (status == 404 and b"model" not in body.lower())


class BadRequest(Exception):
    """A request the proxy refuses before it is a call (malformed framing, too big); `status` is the answer."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class UpstreamError(Exception):
    """The upstream could not be reached or did not answer in time; `status` is what the agent is told."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class _Upstream:
    """Where calls go, and a pool of kept-alive connections to it (one in use per in-flight call)."""

    def __init__(self, url: str, openai_base: str | None, timeout_s: float):
        parts = urlsplit(url if "://" in url else "http://" + url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"upstream {url!r}: expected http://host:port")
        self.url = url.rstrip("/")
        self.https = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port or (443 if self.https else 80)
        self.base_path = parts.path.rstrip("/")
        self.netloc = parts.netloc
        base = urlsplit(openai_base) if openai_base else None
        if base is not None and (base.scheme, base.netloc) != (parts.scheme, parts.netloc):
            raise ValueError(f"upstream {url!r} and its OpenAI base {openai_base!r} must be one server")
        self.openai_path = base.path.rstrip("/") if base is not None else self.base_path + "/v1"
        self.timeout_s = timeout_s
        self._idle: list[http.client.HTTPConnection] = []
        self._lock = threading.Lock()

    def connection(self) -> tuple[http.client.HTTPConnection, bool]:
        """A connection and whether it was reused (a reused one may have been closed by the server meanwhile)."""
        with self._lock:
            if self._idle:
                return self._idle.pop(), True
        cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout_s), False

    def give_back(self, conn: http.client.HTTPConnection) -> None:
        """Keep a connection whose answer was read to the end for the next call."""
        with self._lock:
            self._idle.append(conn)

    def close(self) -> None:
        """Close every idle connection."""
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def target(self, path: str) -> str:
        """The upstream's path for an agent's: /v1/... under the OpenAI base, the rest under the root."""
        if path == "/v1" or path.startswith(("/v1/", "/v1?")):
            return self.openai_path + path[len("/v1"):]
        return self.base_path + path

    def send(self, method: str, path: str, headers: dict[str, str], body: bytes, call: _Call
             ) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        """Send one request and return the connection and the answer's head; UpstreamError when that fails.
        `call` holds the connection while it is in use, so ending the call's run can cut it."""
        for attempt in range(2):
            conn, reused = self.connection()
            call.conn = conn
            try:
                conn.request(method, self.target(path), body=body or None, headers=headers)
                call.read_request()   # while the server works on it, not before it is sent
                return conn, conn.getresponse()
            except TimeoutError as e:
                conn.close()
                raise UpstreamError(504, f"upstream {self.url} did not answer within {self.timeout_s:g}s") from e
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as e:
                conn.close()
                # A kept-alive connection the server closed while idle: try once more on a fresh one. (A server
                # that died while reading the request would see it twice; it was not answering anyway.)
                if reused and attempt == 0:
                    continue
                raise UpstreamError(502, f"upstream {self.url} closed the connection: {e}") from e
            except (OSError, http.client.HTTPException) as e:
                conn.close()
                raise UpstreamError(502, f"upstream {self.url} unreachable: {e.__class__.__name__}: {e}") from e
        raise AssertionError("unreachable")


class _Serving:
    """What both of the proxy's servers (TCP, Unix socket) share: a thread per connection, the open connections
    (so stop() can cut them), a deep accept queue, and quiet errors."""
    daemon_threads = True
    block_on_close = False
    # --jobs N agents (or a sandbox's relay, once per agent connection) connect at once: the default 5 drops some,
    # which the client retries a second later.
    request_queue_size = 128

    def attach(self, proxy: ModelProxy) -> None:
        """Serve `proxy`'s routes."""
        self.proxy = proxy
        self.conns: set[socket.socket] = set()
        self.conns_lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that breaks the handler (a malformed request, an agent gone mid-call) ends that connection
        only; socketserver's default prints a traceback to the harness's stderr, which is the user's screen."""
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            print(f"model proxy: a connection ended with {exc.__class__.__name__}: {exc}", file=sys.stderr)


class _Server(_Serving, http.server.ThreadingHTTPServer):
    def __init__(self, proxy: ModelProxy):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.attach(proxy)


class _UnixServer(_Serving, socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    """The same handler on a Unix socket: how a sandbox with no network of its own reaches the proxy (netfwd)."""

    def __init__(self, proxy: ModelProxy, path: Path):
        # A stale socket of an earlier proxy is replaced; anything else at the path is left alone (bind fails).
        if path.is_socket():
            path.unlink()
        super().__init__(str(path), _Handler)
        self.attach(proxy)

    def server_bind(self) -> None:
        super().server_bind()
        # Owner only, set before listen() so no one connects in between. The sandbox needs no more: bwrap maps the
        # harness's uid to itself (wrap() never passes --uid), so the agent is the socket's owner; 0o666 would
        # also let every other local user write to it.
        os.chmod(self.server_address, stat.S_IRUSR | stat.S_IWUSR)


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass   # the calls file is the log; stderr stays quiet

    def setup(self) -> None:
        super().setup()
        # Small writes (one SSE event) must leave at once, not wait for Nagle to fill a segment. (A Unix socket
        # has no Nagle, and no such option.)
        if self.connection.family != socket.AF_UNIX:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self.server.conns_lock:
            self.server.conns.add(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            with self.server.conns_lock:
                self.server.conns.discard(self.connection)

    def do_GET(self) -> None:
        self._forward()

    do_POST = do_PUT = do_DELETE = do_HEAD = do_OPTIONS = do_PATCH = do_GET

    # -- the client side
    def _read_body(self) -> bytes:
        """The request's body; BadRequest when it is malformed or over MAX_REQUEST_BYTES (the agent is untrusted:
        a body of any size would otherwise be held in the harness's memory)."""
        try:
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                raw = bytearray()
                while True:
                    size = int(self.rfile.readline(64).split(b";")[0].strip() or b"0", 16)
                    if size == 0:
                        for _ in range(100):   # trailers
                            if self.rfile.readline(8192) in (b"\r\n", b"\n", b""):
                                break
                        return bytes(raw)
                    if size < 0 or len(raw) + size > MAX_REQUEST_BYTES:
                        raise BadRequest(413, f"request body over {MAX_REQUEST_BYTES} bytes")
                    raw += self.rfile.read(size)
                    self.rfile.readline(64)
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise BadRequest(400, "malformed request body framing") from None
        if length < 0 or length > MAX_REQUEST_BYTES:
            raise BadRequest(413 if length > 0 else 400, f"request body of {length} bytes refused "
                                                         f"(at most {MAX_REQUEST_BYTES})")
        return self.rfile.read(length) if length > 0 else b""

    def _send_json(self, status: int, obj: Any) -> None:
        self._send_bytes(status, json.dumps(obj).encode())

    def _route(self) -> tuple[str, Path, str] | None:
        """(token, the run's calls file, the path after the route) for a request under a known token, else None."""
        if not self.path.startswith(ROUTE_PREFIX):
            return None
        token, sep, rest = self.path[len(ROUTE_PREFIX):].partition("/")
        token, qsep, query = token.partition("?")   # "/r/<token>?x=1": the upstream's root with a query
        calls_file = self.server.proxy.run_for(token)
        if calls_file is None:
            return None
        return token, calls_file, "/" + rest if sep else "/" + qsep + query

    # -- one call
    def _forward(self) -> None:
        start = time.perf_counter()
        started_at = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        try:
            body = self._read_body()
        except BadRequest as e:
            self.close_connection = True
            self._send_json(e.status, {"error": {"message": str(e), "type": "invalid_request"}})
            return
        routed = self._route()
        if routed is None:
            self._send_json(404, {"error": {"message": "no such route on the model proxy", "type": "not_found"}})
            return
        token, calls_file, path = routed
        protocol = calls.protocol_of(path)
        call = _Call(self.server.proxy, token, calls_file, start, dict(
            protocol=protocol, path=path, method=self.command, started_at=started_at), body)
        try:
            self._call(call, protocol, path, body)
        except Exception as exc:
            # Whatever broke (an agent gone mid-call, a body the parsers choke on), the call is in the record.
            call.done(None, f"the model proxy failed on this call: {exc.__class__.__name__}: {exc}")
            self.close_connection = True
            raise

    def _call(self, call: _Call, protocol: str, path: str, body: bytes) -> None:
        """One routed call: refused, forwarded, or translated; recorded in `call` in every case."""
        if not model_api(self.command, path):
            message = f"refused: the model proxy passes model calls only, not {self.command} {path.split('?')[0]}"
            call.done(403, message)
            self._send_json(403, {"error": {"message": message, "type": "forbidden"}})
            return
        proxy = self.server.proxy
        if protocol in calls.MODEL_CALLS and (limit := proxy.take_call(call.token)) is not None:
            message = (f"refused: this run's limit of {limit} model call(s) (the task's max_turns) is spent; "
                       "the harness stops the agent")
            call.fields["protocol"] = calls.OTHER   # never reached a model: not one of the run's model calls
            call.done(429, message)
            self._send_json(429, {"error": {"message": message, "type": "turn_limit"}})
            return
        upstream = proxy.upstream
        headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP}
        headers["Host"] = upstream.netloc
        if protocol in translate.PROTOCOLS and proxy.native.get(protocol) is False:
            self._translated(call, protocol, headers, body)
            return
        try:
            conn, resp = upstream.send(self.command, path, headers, body, call)
        except UpstreamError as e:
            call.done(e.status, str(e))
            self._send_json(e.status, {"error": {"message": str(e), "type": "upstream_error",
                                                 "upstream": upstream.url}})
            return
        if protocol in translate.PROTOCOLS and proxy.native.get(protocol) is None:
            if resp.status in (404, 405, 501):
                said = resp.read(MAX_NOT_FOUND_BYTES)
                conn.close()
                if endpoint_absent(resp.status, said):   # no such endpoint, not no such model
                    proxy.native[protocol] = False   # a chat-completions-only server: translate from now on
                    self._translated(call, protocol, headers, body)
                    return
                call.answer = calls.AnswerReader(streamed=False, protocol=protocol)
                call.answer.feed(said)
                call.done(resp.status)
                self._send_bytes(resp.status, said, resp.getheader("Content-Type", "application/json"))
                return
            proxy.native[protocol] = resp.status < 400 or None
        self._answer(conn, resp, call, protocol)

    def _answer(self, conn: http.client.HTTPConnection, resp: http.client.HTTPResponse, call: _Call, protocol: str,
                transform: _Transform | None = None) -> None:
        """Relay the upstream's answer (through `transform` when the proxy translates), then give the connection
        back for the next call when the answer was read to its end."""
        ctype = resp.getheader("Content-Type", "").split(";")[0].strip().lower()
        call.answer = calls.AnswerReader(streamed=ctype in _STREAM_TYPES, protocol=protocol)
        upstream_done = self._relay(resp, call, transform)
        # Marks the answer read, so http.client lets the connection carry the next request.
        resp.close()
        if upstream_done and not resp.will_close:
            self.server.proxy.upstream.give_back(conn)
        else:
            conn.close()

    def _translated(self, call: _Call, protocol: str, headers: dict[str, str], body: bytes) -> None:
        """Serve a Responses or Messages call from an upstream that speaks chat completions only (translate)."""
        call.fields["translated"] = True
        try:
            request = json.loads(body)
            chat = translate.request_to_chat(protocol, request)
        except ValueError as e:   # TranslationError, or a body that is not JSON
            message = f"the model proxy cannot translate this request to chat completions: {e}"
            call.done(400, message)
            self._send_bytes(400, translate.error_from_chat(protocol, 400, json.dumps(
                {"error": {"message": message, "type": "invalid_request_error"}}).encode()))
            return
        chat_headers = {k: v for k, v in headers.items()
                        if k.lower() not in ("x-api-key", "anthropic-version", "anthropic-beta")}
        chat_headers["Content-Type"] = "application/json"
        try:
            conn, resp = self.server.proxy.upstream.send("POST", "/v1/chat/completions", chat_headers,
                                                         json.dumps(chat).encode(), call)
        except UpstreamError as e:
            call.done(e.status, str(e))
            self._send_bytes(e.status, translate.error_from_chat(protocol, e.status, json.dumps(
                {"error": {"message": str(e), "type": "upstream_error"}}).encode()))
            return
        self._answer(conn, resp, call, calls.OPENAI_CHAT, _Transform(protocol, request, resp))

    def _send_bytes(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        """A whole answer of the proxy's own (an error, or one read whole from the upstream)."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_head(self, resp: http.client.HTTPResponse, chunked: bool, transform: _Transform | None) -> None:
        self.send_response_only(resp.status, resp.reason)
        for k, v in resp.getheaders():
            if k.lower() not in _HOP and not (transform and k.lower() == "content-type"):
                self.send_header(k, v)
        if transform is not None:
            self.send_header("Content-Type", transform.content_type)
        length = resp.getheader("Content-Length")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif length is not None:
            self.send_header("Content-Length", length)
        # The head goes out now, as the upstream sent it, not with the first piece: that would save a send
        # (about 0.3 ms of the added time to first token) but hold the head back through a long prefill, and some
        # clients time out waiting for a head (undici's headersTimeout) where they would not directly.
        self.end_headers()
        self.wfile.flush()

    def _relay(self, resp: http.client.HTTPResponse, call: _Call, transform: _Transform | None = None) -> bool:
        """Forward the answer piece by piece as it arrives (through `transform` when translating) while `call`
        reads a copy of the upstream's bytes; whether the upstream's answer was read to its end. The call is
        recorded just before the agent's last byte goes out, so an agent that has its answer (and exits) finds its
        call on disk."""
        length = resp.getheader("Content-Length")
        no_body = self.command == "HEAD" or resp.status in (204, 304) or 100 <= resp.status < 200
        # Without a length (or translated) the answer goes out chunked, each piece as one chunk.
        chunked = (length is None or transform is not None) and not no_body
        left = int(length) if length is not None and length.isdigit() else None
        if no_body or (left == 0 and transform is None):
            call.done(resp.status)
        try:
            self._send_head(resp, chunked, transform)
            while not no_body:
                try:
                    piece = resp.read1(READ_SIZE)
                except (OSError, http.client.HTTPException) as e:
                    call.done(resp.status, f"upstream {call.proxy.upstream.url} broke off the answer: "
                                           f"{e.__class__.__name__}: {e}")
                    self.close_connection = True
                    return False
                if not piece:
                    break
                call.first_byte()
                last = left is not None and len(piece) >= left and transform is None
                if last:
                    call.answer.feed(piece)
                    call.done(resp.status)
                out = transform.feed(piece) if transform is not None else piece
                if out:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(out), out) if chunked else out)
                    self.wfile.flush()
                if not last:
                    call.answer.feed(piece)
                if left is not None:
                    left -= len(piece)
            out = transform.finish() if transform is not None else b""
            call.done(resp.status)
            if out:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(out), out))
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
            return True
        except (BrokenPipeError, ConnectionResetError):
            call.done(resp.status, "the agent closed the connection before the answer ended")
            self.close_connection = True
            return False


class _Transform:
    """A translated answer: the upstream's chat-completions bytes in, the agent's protocol out (translate.py)."""

    def __init__(self, protocol: str, request: dict, resp: http.client.HTTPResponse):
        ctype = resp.getheader("Content-Type", "").split(";")[0].strip().lower()
        self.protocol, self.request, self.status = protocol, request, resp.status
        self.stream = translate.StreamTranslator(protocol, request) \
            if resp.status < 400 and ctype in _STREAM_TYPES else None
        self.content_type = "text/event-stream" if self.stream else "application/json"
        self._whole = bytearray()

    def feed(self, piece: bytes) -> bytes:
        """Bytes to send now: a stream's events at once, a whole answer's nothing until the end."""
        if self.stream is not None:
            return self.stream.feed(piece)
        self._whole += piece
        return b""

    def finish(self) -> bytes:
        """The rest: a stream's closing events, or the whole answer (or error) in the agent's protocol."""
        if self.stream is not None:
            return self.stream.finish()
        if self.status >= 400:
            return translate.error_from_chat(self.protocol, self.status, bytes(self._whole))
        try:
            answer = json.loads(self._whole)
        except ValueError:
            return translate.error_from_chat(self.protocol, 502, b'{"error": "the upstream answer is not JSON"}')
        return json.dumps(translate.answer_from_chat(self.protocol, answer, self.request)).encode()


class _Call:
    """One call in flight: what is known of it so far, written to its run's file once (`done`)."""

    def __init__(self, proxy: ModelProxy, token: str, calls_file: Path, start: float, fields: dict[str, Any],
                 body: bytes):
        self.proxy = proxy
        self.body = body
        self.facts: dict[str, Any] | None = None
        self.token = token
        self.calls_file = calls_file
        self.conn: http.client.HTTPConnection | None = None
        self._lock = threading.Lock()
        proxy.calls_started(self)
        self.start = start
        self.fields = fields
        self.answer: calls.AnswerReader | None = None
        self.ttft_s: float | None = None
        self._written = False

    def first_byte(self) -> None:
        """The answer's body has begun (the streamed call's time to first token)."""
        if self.ttft_s is None:
            self.ttft_s = time.perf_counter() - self.start

    def done(self, status: int | None, error: str | None = None) -> None:
        """Record the call (once): its status, and the error if it failed."""
        with self._lock:
            if self._written:
                return
            self._written = True
        self.proxy.calls_ended(self)
        now = time.perf_counter() - self.start
        answer = self.answer
        if answer is not None:
            answer.finish()
            if not answer.streamed:
                self.ttft_s = now   # a whole answer's first token arrives with its last byte
            if error is None and status is not None and status >= 500:
                error = f"upstream {self.proxy.upstream.url} answered {status}: {answer.error_message or 'no message'}"
        self.proxy.upstream_outcome(self.token, reached=answer is not None or status not in (502, 504))
        self.read_request()
        self.proxy.write(self.calls_file, calls.call_record(**self.fields, facts=self.facts, status=status,
                                                         answer=answer, ttft_s=self.ttft_s, total_s=now, error=error))

    def read_request(self) -> None:
        """What the agent's request says (model, stream, prompt size): read once."""
        if self.facts is None:
            self.facts = calls.request_facts(self.body, self.fields["protocol"])


    def abort(self) -> None:
        """The call's run is over while it is in flight: record it so, and cut its upstream connection (a call
        that waits on a hung server would otherwise hold a thread until the upstream's timeout)."""
        self.done(None, "the run ended while this call was in flight")
        conn = self.conn
        if conn is not None and conn.sock is not None:
            try:
                conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class ModelProxy:
    """The recording proxy: a context manager that serves on 127.0.0.1 until it exits.

    `upstream`: the model server's root URL (Ollama's ``http://127.0.0.1:11434``, an OpenAI-compatible server's
    root); `openai_base`: its OpenAI-compatible base when that is not ``<root>/v1`` (``--base-url``'s value);
    `unix_path`: when given, the same routes are served on a Unix socket there too (mode 0o600, removed on stop),
    which sandbox.wrap(model_socket=...) shows to an agent that has no network (see bench/exec/netfwd.py).
    """

    def __init__(self, upstream: str, *, openai_base: str | None = None, timeout_s: float = DEFAULT_TIMEOUT_S,
                 unix_path: Path | None = None):
        self.upstream = _Upstream(upstream, openai_base, timeout_s)
        self._routes: dict[str, Path] = {}
        # Per protocol the agent may speak but the upstream may not (Responses, Messages): True once the upstream
        # answered one, False once it said it has no such endpoint (then the proxy translates), None: not known.
        self.native: dict[str, bool | None] = {}
        self._in_flight: dict[str, set[_Call]] = {}
        self._stops: dict[str, threading.Event] = {}
        self._unreached: dict[str, int] = {}
        self._budgets: dict[str, int] = {}       # route token -> model calls allowed (a turn limit the harness keeps)
        self._used: dict[str, int] = {}
        self._spent: set[str] = set()            # routes stopped because their budget ran out
        self._lock = threading.Lock()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.unix_path = Path(unix_path) if unix_path is not None else None
        self._unix: _UnixServer | None = None
        self._unix_thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The TCP port the proxy listens on (127.0.0.1)."""
        if self._server is None:
            raise RuntimeError("the model proxy is not running")
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        """The proxy's own root (requests need a route under it)."""
        if self._server is None:
            raise RuntimeError("the model proxy is not running")
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> ModelProxy:
        """Bind an ephemeral loopback port and serve in a daemon thread."""
        self._server = _Server(self)
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.1},
                                        name="model-proxy", daemon=True)
        self._thread.start()
        if self.unix_path is not None:
            try:
                self._unix = _UnixServer(self, self.unix_path)
            except BaseException:
                self.stop()
                raise
            self._unix_thread = threading.Thread(target=self._unix.serve_forever, kwargs={"poll_interval": 0.1},
                                                 name="model-proxy-unix", daemon=True)
            self._unix_thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and cut open connections (a hung call does not keep the proxy alive)."""
        server, self._server = self._server, None
        if server is None:
            return
        unix, self._unix = self._unix, None
        for srv, thread in ((server, self._thread), (unix, self._unix_thread)):
            if srv is None:
                continue
            srv.shutdown()
            with srv.conns_lock:
                open_conns = list(srv.conns)
            for conn in open_conns:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            srv.server_close()
            if thread is not None:
                thread.join(timeout=5)
        if unix is not None and self.unix_path is not None and self.unix_path.is_socket():
            self.unix_path.unlink()
        self.upstream.close()

    def __enter__(self) -> ModelProxy:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def route(self, calls_file: Path) -> str:
        """The root URL one run's agent is pointed at; its calls are appended to `calls_file` (in a directory the
        harness made for the run, never one the agent can reach)."""
        token = secrets.token_urlsafe(18)   # unguessable: one run cannot write into another's record
        with self._lock:
            self._routes[token] = Path(calls_file)
        return f"{self.url}{ROUTE_PREFIX}{token}"

    def close_route(self, url: str) -> None:
        """End a route (its run is over): later requests under it get 404, so an agent process that outlives its
        run cannot add calls to the record."""
        token = url.rsplit(ROUTE_PREFIX, 1)[-1]
        with self._lock:
            self._routes.pop(token, None)
            self._stops.pop(token, None)
            self._unreached.pop(token, None)
            self._budgets.pop(token, None)
            self._used.pop(token, None)
            self._spent.discard(token)
            in_flight = self._in_flight.pop(token, set())
        for call in in_flight:
            call.abort()

    def stop_event(self, url: str) -> threading.Event:
        """Set once STOP_AFTER_UNREACHABLE calls in a row under this route could not reach the upstream at all: the
        run's agent can be stopped (run_tree's `stop`) instead of retrying into its timeout."""
        with self._lock:
            return self._stops.setdefault(url.rsplit(ROUTE_PREFIX, 1)[-1], threading.Event())

    def limit_calls(self, url: str, max_calls: int | None) -> None:
        """Allow the route at most `max_calls` model calls (None: no limit): the next one is refused with 429 and
        the route's stop event set, so an agent with no turn limit of its own is held to the task's max_turns."""
        token = url.rsplit(ROUTE_PREFIX, 1)[-1]
        with self._lock:
            if max_calls is None:
                self._budgets.pop(token, None)
            else:
                self._budgets[token] = max_calls

    def take_call(self, token: str) -> int | None:
        """Count a model call under the route; the limit it went past (the call is to be refused), else None."""
        with self._lock:
            budget = self._budgets.get(token)
            if budget is None:
                return None
            used = self._used.get(token, 0) + 1
            self._used[token] = used
            if used <= budget:
                return None
            self._spent.add(token)
            stop = self._stops.setdefault(token, threading.Event())
        stop.set()
        return budget

    def stop_reason(self, url: str) -> str | None:
        """Why the route's stop event was set: "max_calls" (its call limit ran out), "unreachable" (calls in a row
        could not reach the upstream), or None (not set)."""
        token = url.rsplit(ROUTE_PREFIX, 1)[-1]
        with self._lock:
            stop = self._stops.get(token)
            if stop is None or not stop.is_set():
                return None
            return "max_calls" if token in self._spent else "unreachable"

    def upstream_outcome(self, token: str, reached: bool) -> None:
        """Count a route's calls in a row that could not reach the upstream (any answer resets the count)."""
        with self._lock:
            count = 0 if reached else self._unreached.get(token, 0) + 1
            self._unreached[token] = count
            stop = self._stops.setdefault(token, threading.Event())
        if count >= STOP_AFTER_UNREACHABLE:
            stop.set()

    def calls_started(self, call: _Call) -> None:
        """A call under a route has begun."""
        with self._lock:
            self._in_flight.setdefault(call.token, set()).add(call)

    def calls_ended(self, call: _Call) -> None:
        """A call has been recorded."""
        with self._lock:
            self._in_flight.get(call.token, set()).discard(call)

    def run_for(self, token: str) -> Path | None:
        """The calls file of the run a route token belongs to, or None."""
        with self._lock:
            return self._routes.get(token)

    def write(self, calls_file: Path, record: dict[str, Any]) -> None:
        """Append one call to its run's file as one whole line.

        Opened per call (tens of microseconds) rather than held: an evaluation has thousands of runs, and a file
        kept open per run would run out of descriptors."""
        line = (json.dumps(record) + "\n").encode()
        with self._lock:
            fd = os.open(calls_file, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
            try:
                os.write(fd, line)
            finally:
                os.close(fd)
