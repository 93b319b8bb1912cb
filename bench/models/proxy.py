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
in the calls file of the run whose route it came by, so calls stay with their run when runs share the proxy. That
file is capped (MAX_CALLS_FILE_BYTES): once it is full, the run's later requests are refused unserved, so no call
that reached the model is ever missing from what the harness reads of it.

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
import math
import os
import re
import secrets
import socket
import socketserver
import stat
import struct
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.exec import safefs
from bench.models import calls, gemini, modelserver, queue, serving, translate

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
MAX_NOT_FOUND_BYTES = 64 * 1024   # a server's "no such endpoint" page, read whole to tell it from "no such model"

# What one run may hold of the harness (the agent is untrusted; every run shares this process):
MAX_REQUEST_BYTES = 16 * 1024 * 1024      # one body: a prompt of a million-token context is a few MB
MAX_ROUTE_BODY_BYTES = 32 * 1024 * 1024   # bodies a route has in the proxy's memory at once
MAX_ROUTE_CONNECTIONS = 32                # open connections that carried a route's requests
MAX_PEER_CONNECTIONS = 32                 # open connections from one sandbox (its PID namespace), at accept
MAX_CONNECTIONS = 1024                    # open connections in all (fewer when descriptors are short)
MAX_IDLE_UPSTREAM = 4                     # kept-alive upstream connections per route
# A run's calls file: past this, every later request of the run is refused unrecorded and unserved (one line says
# so), so nothing the model does goes unrecorded and the file stays far under what the harness reads of it
# (run_agent.MAX_CALLS_BYTES). Calls already in flight (at most MAX_ROUTE_CONNECTIONS) are still written.
MAX_CALLS_FILE_BYTES = 32 * 1024 * 1024
# A request's head (request line and fields) must arrive whole within IDLE_TIMEOUT_S of the connection's last
# answer (or its accept): an idle or slowly-sent head cannot hold a descriptor for longer. Its body gets
# BODY_TIMEOUT_S; a send to an agent that stopped reading fails after SEND_TIMEOUT_S.
IDLE_TIMEOUT_S = 30.0
BODY_TIMEOUT_S = 120.0
SEND_TIMEOUT_S = 120.0
MAX_LINE_BYTES = 8192
MAX_FIELDS = 64
# Hop-by-hop headers belong to one connection, not to the message (RFC 9110 7.6.1). Accept-Encoding is dropped
# too so the answer comes uncompressed and the proxy can read its copy; Expect: 100-continue is answered here.
_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te",
        "trailer", "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "expect"}
_STREAM_TYPES = ("text/event-stream", "application/x-ndjson", "application/jsonl")
# RFC 9110/9112 grammar, and nothing more: a token (method, field name), a field value of visible characters,
# spaces and tabs, an origin-form target of visible ASCII, and chunk sizes in hex with no extensions.
_TOKEN = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_VALUE = re.compile(rb"[\x21-\x7e\x80-\xff]+(?:[ \t]+[\x21-\x7e\x80-\xff]+)*")
_TARGET = re.compile(rb"/[\x21-\x7e]*")
_HEX = re.compile(rb"[0-9A-Fa-f]{1,8}")
_DIGITS = re.compile(rb"[0-9]{1,12}")
COUNT_TOKENS = "/v1/messages/count_tokens"
MAX_TOKENIZE_ANSWER_BYTES = 64 * 1024 * 1024   # a tokenizer's answer lists every token id: a big prompt's is MBs
_USAGE_ASKED = (calls.OPENAI_CHAT, calls.OPENAI_COMPLETIONS)   # the protocols with stream_options.include_usage


def model_api(method: str, path: str) -> bool:
    """Whether (method, path) is part of the model API (MODEL_API); the query string does not count."""
    path = path.split("?", 1)[0]
    path = path.rstrip("/") or "/"
    if (method, path) in MODEL_API:
        return True
    if method == "POST" and gemini.route(path) is not None:   # the Gemini API: models/<model>:generateContent
        return True
    head, _, name = path.partition("/v1/models/")
    return (not head and (method, "/v1/models/*") in MODEL_API and bool(_MODEL_ID.match(name))
            and ".." not in name.split("/"))


def endpoint_absent(status: int, body: bytes) -> bool:
    """Whether an answer of `status` with `body` says the server has no such endpoint (405, 501, or a 404 that is
    not about the model): the rule by which the proxy decides to translate, shared with doctor --probe."""
    return status in (405, 501) or (status == 404 and b"model" not in body.lower())


def model_names(model: str) -> frozenset[str]:
    """The spellings of a run's model its calls may name: as given and without a provider prefix (`ollama/`,
    `openai/`), Ollama's `name` being `name:latest`, in any case (Ollama's names are case-insensitive)."""
    return frozenset(model_key(n) for n in {model, model.split("/", 1)[-1]} if n)


def model_key(name: str) -> str:
    """One spelling of a name a call gives, as model_names spells the run's. Nothing is taken off it: the server
    reads the name whole, and `someone/coder` is another model than `coder` (Ollama: a namespace of its own)."""
    return modelserver.same_tag_key(name).casefold()


def raise_fd_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit (connections are descriptors); the limit.
    Where the OS has no such limit (Windows: no `resource` module) a fixed allowance of 4096."""
    try:
        import resource
    except ImportError:
        return 4096
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


class Refused(Exception):
    """A request the proxy answers itself with `status`; `code` (a calls.REFUSALS key) when it raises a flag."""

    def __init__(self, status: int, message: str, code: str | None = None):
        super().__init__(message)
        self.status = status
        self.code = code


BadRequest = Refused


class UpstreamError(Exception):
    """The upstream could not be reached or did not answer in time; `status` is what the agent is told."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class _Upstream:
    """Where calls go, and per route a pool of kept-alive connections to it (one in use per in-flight call).

    A connection serves one route only, so no run's bytes ever share a connection with another's; it goes back
    to its route's pool only after a request the proxy framed itself and an answer read to its end."""

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
        self._idle: dict[str, list[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()

    def connection(self, token: str) -> tuple[http.client.HTTPConnection, bool]:
        """A connection for the route and whether it was reused (a reused one may have been closed meanwhile)."""
        with self._lock:
            idle = self._idle.get(token)
            if idle:
                return idle.pop(), True
        cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout_s), False

    def give_back(self, token: str, conn: http.client.HTTPConnection) -> None:
        """Keep a connection whose answer was read to the end for the route's next call (while the route lives)."""
        with self._lock:
            idle = self._idle.get(token)
            if idle is not None and len(idle) < MAX_IDLE_UPSTREAM:
                idle.append(conn)
                return
        conn.close()

    def open_route(self, token: str) -> None:
        """Give a new route its (empty) pool."""
        with self._lock:
            self._idle[token] = []

    def close_route(self, token: str) -> None:
        """Close a route's kept connections; later ones given back are closed."""
        with self._lock:
            idle = self._idle.pop(token, [])
        for conn in idle:
            conn.close()

    def close(self) -> None:
        """Close every idle connection."""
        with self._lock:
            pools, self._idle = self._idle, {}
        for idle in pools.values():
            for conn in idle:
                conn.close()

    def target(self, path: str) -> str:
        """The upstream's path for an agent's: /v1/... under the OpenAI base, the rest under the root."""
        if path == "/v1" or path.startswith(("/v1/", "/v1?")):
            return self.openai_path + path[len("/v1"):]
        return self.base_path + path

    def send(self, method: str, path: str, headers: dict[str, str], body: bytes | bytearray, call: _Call
             ) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        """Send one request and return the connection and the answer's head; UpstreamError when that fails.
        http.client frames it (Content-Length from the body the proxy holds, none for a GET); `call` holds the
        connection while it is in use, so ending the call's run can cut it. The call first waits for room under its
        route's cap on calls at the server (ModelProxy.hold)."""
        if not call.proxy.hold(call):
            raise UpstreamError(502, "the run ended while this call waited for one of the run's own calls")
        for attempt in range(2):
            conn, reused = self.connection(call.token)
            call.conn = conn
            try:
                conn.request(method, self.target(path), body=body or None, headers=headers)
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


UNIX = getattr(socket, "AF_UNIX", None)   # absent on Windows, where every connection is TCP
GONE = "gone"   # _peer's answer for a connection whose connecting process no longer runs


def _peer(sock: socket.socket) -> str | None:
    """The sandbox a Unix-socket connection came from: its connecting process's PID namespace, read from the
    kernel (SO_PEERCRED, /proc), which nothing in the sandbox can change; None for TCP, GONE when that process
    has exited (or is a zombie) by the time the connection is accepted."""
    if UNIX is None or sock.family != UNIX:
        return None
    try:
        pid = struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))[0]
        return os.readlink(f"/proc/{pid}/ns/pid") if pid > 0 else GONE
    except OSError:
        return GONE


class _Serving:
    """What both of the proxy's servers (TCP, Unix socket) share: a thread per admitted connection, the open
    connections (so stop() can cut them), caps on them checked at accept, a deep accept queue, quiet errors."""
    daemon_threads = True
    block_on_close = False
    # --jobs N agents (or a sandbox's relay, once per agent connection) connect at once: the default 5 drops some,
    # which the client retries a second later.
    request_queue_size = 128

    def server_activate(self) -> None:
        super().server_activate()  # type: ignore[misc]
        # serve_forever accepts only when its selector says a connection waits, but one can be gone by then (reset
        # in the queue): a blocking accept would then wait for the next connection, and stop() for ever
        self.socket.setblocking(False)  # type: ignore[attr-defined]

    def attach(self, proxy: ModelProxy) -> None:
        """Serve `proxy`'s routes."""
        self.proxy = proxy
        self.conns: set[socket.socket] = set()
        self.conns_lock = threading.Lock()

    def verify_request(self, request: Any, client_address: Any) -> bool:
        """Admit a connection under the caps (MAX_CONNECTIONS, MAX_PEER_CONNECTIONS); one over them is closed at
        once, before it has a thread, so no agent can raise the harness's descriptors or threads past them."""
        return self.proxy.admit(request, _peer(request))

    def shutdown_request(self, request: Any) -> None:
        self.proxy.release(request)
        super().shutdown_request(request)  # type: ignore[misc]

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


def _line(rfile: Any) -> bytes:
    """One CRLF-ended line of a request's head, without its CRLF; Refused when it is over MAX_LINE_BYTES, ends
    otherwise (a bare LF, the connection's end) or holds a CR or LF of its own."""
    raw = rfile.readline(MAX_LINE_BYTES + 2)
    if not raw.endswith(b"\r\n"):
        raise Refused(400, "a request line or field that is too long, cut short, or not ended by CRLF",
                      "bad_framing")
    raw = raw[:-2]
    if b"\r" in raw or b"\n" in raw:
        raise Refused(400, "a bare CR or LF inside the request's head", "bad_framing")
    return raw


def _request_line(raw: bytes) -> tuple[str, str, str]:
    """(method, origin-form target, version) of a request line; Refused otherwise (absolute-form, `*`, HTTP/2)."""
    parts = raw.split(b" ")
    if len(parts) != 3 or not _TOKEN.fullmatch(parts[0]) or not _TARGET.fullmatch(parts[1]) \
            or parts[2] not in (b"HTTP/1.1", b"HTTP/1.0"):
        raise Refused(400, "the request line must be METHOD /path HTTP/1.1")
    return parts[0].decode(), parts[1].decode(), parts[2].decode()


def _fields(rfile: Any) -> list[tuple[str, str]]:
    """The request's header fields, strictly: `name: value` lines, no obs-fold, at most MAX_FIELDS."""
    fields: list[tuple[str, str]] = []
    while True:
        raw = _line(rfile)
        if not raw:
            return fields
        if len(fields) >= MAX_FIELDS:
            raise Refused(431, f"more than {MAX_FIELDS} header fields", "bad_framing")
        name, colon, value = raw.partition(b":")
        value = value.strip(b" \t")
        if not colon or not _TOKEN.fullmatch(name) or (value and not _VALUE.fullmatch(value)):
            raise Refused(400, f"a malformed header field: {raw[:80]!r}", "bad_framing")
        fields.append((name.decode("latin-1"), value.decode("latin-1")))


def _framing(method: str, version: str, fields: list[tuple[str, str]]) -> tuple[int | None, bool]:
    """(Content-Length, chunked) of a request whose framing has one reading only; Refused otherwise: both
    Content-Length and Transfer-Encoding, Content-Length twice or not digits, a coding other than `chunked`
    alone, chunked in HTTP/1.0, or any body on a GET or HEAD."""
    lengths = [v for k, v in fields if k.lower() == "content-length"]
    codings = [v for k, v in fields if k.lower() == "transfer-encoding"]
    if lengths and codings:
        raise Refused(400, "both Content-Length and Transfer-Encoding: ambiguous framing", "bad_framing")
    if len(lengths) > 1 or len(codings) > 1:
        raise Refused(400, "Content-Length or Transfer-Encoding given twice", "bad_framing")
    if codings and (codings[0].lower() != "chunked" or version != "HTTP/1.1"):
        raise Refused(400 if codings[0].lower() != "chunked" else 400,
                      f"Transfer-Encoding {codings[0]!r}: only `chunked`, alone, in HTTP/1.1", "bad_framing")
    if lengths and not _DIGITS.fullmatch(lengths[0].encode()):
        raise Refused(400, f"Content-Length {lengths[0]!r} is not a number", "bad_framing")
    length = int(lengths[0]) if lengths else None
    if method in ("GET", "HEAD") and (codings or length):
        raise Refused(400, f"a {method} request carries no body", "bad_framing")
    return length, bool(codings)


class _UsageStrip:
    """A streamed OpenAI answer with the usage-only chunk the proxy asked for taken out (the agent did not ask for
    it); everything else passes line by line as it came."""

    def __init__(self, resp: http.client.HTTPResponse):
        self.content_type = resp.getheader("Content-Type", "text/event-stream")
        self._buf = bytearray()
        self._drop_blank = False

    def feed(self, piece: bytes) -> bytes:
        """The complete lines of what came so far, less the usage chunk's."""
        self._buf += piece
        cut = self._buf.rfind(b"\n") + 1
        if not cut:
            return b""
        lines, self._buf = bytes(self._buf[:cut]), self._buf[cut:]
        return b"".join(self._keep(line) for line in lines.splitlines(keepends=True))

    def finish(self) -> bytes:
        """The last line, when the stream did not end with a newline."""
        rest, self._buf = bytes(self._buf), bytearray()
        return self._keep(rest) if rest else b""

    def _keep(self, line: bytes) -> bytes:
        text = line.strip()
        if self._drop_blank and not text:
            self._drop_blank = False
            return b""
        self._drop_blank = False
        if text.startswith(b"data:") and b'"usage"' in text:
            try:
                event = json.loads(text[5:])
            except (ValueError, RecursionError):
                return line
            if isinstance(event, dict) and event.get("choices") == [] and event.get("usage"):
                self._drop_blank = True
                return b""
        return line


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass   # the calls file is the log; stderr stays quiet

    def setup(self) -> None:
        super().setup()
        # Small writes (one SSE event) must leave at once, not wait for Nagle to fill a segment. (A Unix socket
        # has no Nagle, and no such option.)
        if self.connection.family != UNIX:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.connection.settimeout(SEND_TIMEOUT_S)
        self.bound: str | None = None   # the route this connection's first request named: its only one
        with self.server.conns_lock:
            self.server.conns.add(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.proxy.unwatch(self.connection)
            if self.bound is not None:
                self.server.proxy.unbind(self.bound)
            with self.server.conns_lock:
                self.server.conns.discard(self.connection)

    def handle_one_request(self) -> None:
        """Read one request under strict framing (every refusal answered, the connection closed, and recorded in
        the run's file when its route is known), then forward it."""
        proxy = self.server.proxy
        self.close_connection = True
        self.command, self.request_version, self.routed, self.requestline = "", "HTTP/1.1", None, ""
        proxy.watch(self.connection, IDLE_TIMEOUT_S)
        try:
            first = self.rfile.readline(MAX_LINE_BYTES + 2)
        except OSError:
            return
        if not first:
            return
        self.start = time.perf_counter()
        self.started_at = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        self.path = ""
        self._reserved = 0
        try:
            if not first.endswith(b"\r\n") or b"\r" in first[:-2] or b"\n" in first[:-2]:
                raise Refused(400, "the request line is too long or not ended by CRLF")
            self.command, self.path, self.request_version = _request_line(first[:-2])
            self.routed = self._route()
            if self.routed is None:
                raise Refused(404, "no such route on the model proxy")
            if proxy.calls_full(self.routed[0]):
                raise Refused(429, f"this run's calls file reached {MAX_CALLS_FILE_BYTES >> 20} MiB: the model proxy "
                                   "takes no more of its requests")
            self._bind(self.routed[0])
            fields = _fields(self.rfile)
            self.headers = _message(fields)
            length, chunked = _framing(self.command, self.request_version, fields)
            if self.headers.get("Expect") is not None:
                if self.headers["Expect"].lower() != "100-continue":
                    raise Refused(417, f"Expect: {self.headers['Expect'][:40]} is not supported", "bad_framing")
                if length and length > MAX_REQUEST_BYTES:
                    raise Refused(413, f"request body of {length} bytes (at most {MAX_REQUEST_BYTES})",
                                  "body_too_large")
                if length or chunked:
                    self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            proxy.watch(self.connection, BODY_TIMEOUT_S)
            body = self._read_body(length, chunked)
            proxy.unwatch(self.connection)
            options = [t.strip().lower() for k, v in fields if k.lower() == "connection" for t in v.split(",")]
            self.close_connection = self.request_version == "HTTP/1.0" or "close" in options
            self._forward(body)
        except Refused as e:
            self._refuse(e)
        except (OSError, ValueError) as e:   # the agent went away, or a read timed out, mid-request
            self._refuse(Refused(400, f"the request was cut short: {e.__class__.__name__}", "bad_framing"),
                         answer=False)
        finally:
            if self._reserved:
                proxy.release_body(self.routed[0], self._reserved)
        if not self.close_connection:
            self.wfile.flush()

    def _bind(self, token: str) -> None:
        """Tie the connection to its first request's route, under the route's connection cap."""
        if self.bound is None:
            if not self.server.proxy.bind(token, self.connection):
                raise Refused(429, f"this run already has {MAX_ROUTE_CONNECTIONS} connections open to the model "
                                   "proxy", "too_many_connections")
            self.bound = token
        elif self.bound != token:
            raise Refused(400, "one connection serves one route")

    def _read_body(self, length: int | None, chunked: bool) -> bytearray:
        """The request's body, held once, under MAX_REQUEST_BYTES and the route's MAX_ROUTE_BODY_BYTES."""
        token = self.routed[0] if self.routed else ""
        body = bytearray()
        if not chunked:
            if not length:
                return body
            self._reserve(token, length)
            body = bytearray(length)
            got = self.rfile.readinto(body)
            if got != length:
                raise Refused(400, f"the body ended after {got} of {length} bytes", "bad_framing")
            return body
        while True:
            size_line = _line(self.rfile)
            if not _HEX.fullmatch(size_line):
                raise Refused(400, f"a malformed chunk size line: {size_line[:40]!r}", "bad_framing")
            size = int(size_line, 16)
            if size == 0:
                if _line(self.rfile):
                    raise Refused(400, "chunked trailers are not accepted", "bad_framing")
                return body
            self._reserve(token, size, len(body))
            start = len(body)
            body.extend(bytes(size))   # grows in place: one copy of the body, filled from the socket
            got = self.rfile.readinto(memoryview(body)[start:])
            if got != size or self.rfile.read(2) != b"\r\n":
                raise Refused(400, "a chunk shorter than its size, or not ended by CRLF", "bad_framing")

    def _reserve(self, token: str, more: int, held: int = 0) -> None:
        if held + more > MAX_REQUEST_BYTES:
            raise Refused(413, f"request body over {MAX_REQUEST_BYTES} bytes", "body_too_large")
        if not self.server.proxy.reserve_body(token, more):
            raise Refused(413, f"this run's requests in flight hold over {MAX_ROUTE_BODY_BYTES} bytes",
                          "body_too_large")
        self._reserved += more

    def _refuse(self, e: Refused, answer: bool = True) -> None:
        """Answer a refused request (and close the connection: what follows on it cannot be framed); record it in
        its run's file when the route is known."""
        self.close_connection = True
        if self.routed is not None:
            token, calls_file, path = self.routed
            self.server.proxy.write(calls_file, optional=True, record=calls.call_record(
                protocol=calls.OTHER, path=path, method=self.command, status=e.status,
                facts={"model": None, "stream": False, "prompt_chars": None}, answer=None, started_at=self.started_at,
                ttft_s=None, total_s=time.perf_counter() - self.start, error=f"refused: {e}", refused=e.code))
        if answer:
            try:
                self._send_json(e.status, {"error": {"message": str(e), "type": "invalid_request"}})
            except OSError:
                pass

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
    def _forward(self, body: bytearray) -> None:
        token, calls_file, path = self.routed
        protocol = calls.protocol_of(path)
        # The call's clock starts with the whole request in hand: the time the agent took to send it (a head or a
        # body held back) is its own, never the model's (model_s, ttft_s) nor, so, a wait for a server slot.
        self.start = time.perf_counter()
        self.started_at = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        call = _Call(self.server.proxy, token, calls_file, self.start, dict(
            protocol=protocol, path=path, method=self.command, started_at=self.started_at))
        try:
            self._call(call, protocol, path, body)
        except Exception as exc:
            # Whatever broke (an agent gone mid-call, a body the parsers choke on), the call is in the record.
            call.done(None, f"the model proxy failed on this call: {exc.__class__.__name__}: {exc}")
            self.close_connection = True
            raise

    def _refuse_call(self, call: _Call, status: int, message: str, code: str | None) -> None:
        """A routed call refused before it reached a model: recorded (with its REFUSALS code) and answered."""
        call.fields["protocol"] = calls.OTHER   # never reached a model: not one of the run's model calls
        call.done(status, message, refused=code)
        self._send_json(status, {"error": {"message": message, "type": "invalid_request" if status != 429
                                           else "turn_limit"}})

    def _body(self, call: _Call, protocol: str, path: str, body: bytearray) -> tuple[dict | None, bytearray | bytes]:
        """The parsed body (None without one) and the bytes to forward: a streamed OpenAI call is sent asking
        for usage (stream_options.include_usage), so no run can leave its tokens unmeasured. Refused: a body
        that is not one unambiguous JSON object, or that names a model other than the run's."""
        if self.command != "POST":
            call.facts = calls.request_facts(None, protocol)
            head, _, name = path.split("?", 1)[0].rstrip("/").partition("/v1/models/")
            if not head and name:   # a model's details name it in the path
                self._own_model(call, [name])
            return None, body
        if not body:
            raise Refused(400, "refused: a model API call carries a JSON body", "bad_body")
        try:
            with self.server.proxy.parse_lock(call.token):   # one body parsed at a time per run: bounded memory
                # the Gemini API's keys are camelCase; its bodies are only ever translated (countTokens too)
                parsed = calls.parse_body(body, camel_case=gemini.route(path) is not None)
        except calls.BodyRefused as e:
            raise Refused(413 if e.code == "json_too_big" else 400, f"refused: {e}", e.code) from None
        where = gemini.route(path)
        if where is not None:   # the Gemini API names its model and streaming in the path, not the body
            parsed = gemini.with_route(parsed, where)
        call.facts = calls.request_facts(parsed, protocol)
        if "stream" in parsed and not isinstance(parsed["stream"], bool):
            # The proxy asks for usage when the call streams; a server may read `1` or `"true"` as streaming too.
            raise Refused(400, f"refused: `stream` is true or false, not {str(parsed['stream'])[:40]!r}", "bad_body")
        self._own_model(call, [parsed[k] for k in ("model", "name") if k in parsed])
        if protocol in _USAGE_ASKED and parsed.get("stream") is True:
            options = parsed.get("stream_options")
            if not (isinstance(options, dict) and options.get("include_usage") is True):
                parsed["stream_options"] = {**(options if isinstance(options, dict) else {}), "include_usage": True}
                call.strip_usage = True
                # ASCII: a lone surrogate the agent escaped stays the same escape (it has no UTF-8 encoding).
                body = json.dumps(parsed).encode()
        return parsed, body

    def _own_model(self, call: _Call, named: list[Any]) -> None:
        """Refused (other_model) unless every model the request names is one of the run's spellings."""
        allowed = self.server.proxy.models_for(call.token)
        if allowed is None:
            return
        if not named or any(not isinstance(n, str) or model_key(n) not in allowed for n in named):
            call.facts["model"] = str(named[0])[:200] if named else None
            shown = [str(n)[:200] for n in named[:2]]
            raise Refused(403, f"refused: this run calls its own model only, not {shown or 'none named'}",
                          "other_model")

    def _call(self, call: _Call, protocol: str, path: str, body: bytearray) -> None:
        """One routed call: refused, forwarded, or translated; recorded in `call` in every case."""
        if not model_api(self.command, path):
            message = f"refused: the model proxy passes model calls only, not {self.command} {path.split('?')[0]}"
            call.facts = calls.request_facts(None, protocol)
            call.fields["protocol"] = calls.OTHER   # `TRACE .../chat/completions` is no model call
            call.done(403, message)
            self._send_json(403, {"error": {"message": message, "type": "forbidden"}})
            return
        try:
            parsed, body = self._body(call, protocol, path, body)
        except Refused as e:
            self._refuse_call(call, e.status, str(e), e.code)
            self.close_connection = self.close_connection or e.code in ("json_too_deep", "json_too_big")
            return
        proxy = self.server.proxy
        if proxy.ollama and parsed is not None and serving.keep_shared_model(parsed):
            # How Ollama holds the model (loaded how long, on which devices, in what batches) is every run's, not
            # one run's: an agent's keep_alive 0 or runner option would have the other runs' calls wait for a
            # reload, and, with queue time measured less the server's load time, charged to them.
            body = json.dumps(parsed).encode()
        if protocol in calls.MODEL_CALLS and (limit := proxy.take_call(call.token)) is not None:
            self._refuse_call(call, 429, f"refused: this run's limit of {limit} model call(s) (the task's "
                                         "max_turns) is spent; the harness stops the agent", None)
            return
        upstream = proxy.upstream
        headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP}
        headers["Host"] = upstream.netloc
        counting = self.command == "POST" and path.split("?", 1)[0].rstrip("/") == COUNT_TOKENS
        if counting and proxy.native.get(translate.MESSAGES) is False:
            self._count_tokens(call, headers, parsed)
            return
        if proxy.num_ctx is not None and parsed is not None and self._windowed(call, protocol, headers, parsed):
            return
        where = gemini.route(path) if self.command == "POST" else None
        if where is not None:   # no model server speaks the Gemini API: always translated (with --num-ctx, above)
            if where.counting:
                self._count_tokens(call, headers, parsed, translate.GEMINI)
            else:
                self._translated(call, translate.GEMINI, headers, parsed)
            return
        if protocol in translate.PROTOCOLS and proxy.native.get(protocol) is False:
            self._translated(call, protocol, headers, parsed)
            return
        if protocol not in translate.PROTOCOLS and not counting:
            parsed = None   # not needed past here: the proxy holds the body once
        # The path the upstream gets is the model API's own spelling of the one matched (no trailing slash): what
        # the proxy learns of the server from an answer (`native`) is shared by every run, so no run may shape it.
        route, qsep, query = path.partition("?")
        try:
            conn, resp = upstream.send(self.command, (route.rstrip("/") or "/") + qsep + query, headers, body, call)
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
                    self._translated(call, protocol, headers, parsed or {})
                    return
                call.answer = calls.AnswerReader(streamed=False, protocol=protocol)
                call.answer.feed(said)
                call.done(resp.status)
                self._send_bytes(resp.status, said, resp.getheader("Content-Type", "application/json"))
                return
            proxy.native[protocol] = resp.status < 400 or None
        if counting and resp.status in (404, 405, 501):
            said = resp.read(MAX_NOT_FOUND_BYTES)
            conn.close()
            if endpoint_absent(resp.status, said):   # a server without Anthropic's counter: its tokenizer counts
                self._count_tokens(call, headers, parsed)
                return
            call.done(resp.status)
            self._send_bytes(resp.status, translate.error_from_chat(translate.MESSAGES, resp.status, said))
            return
        self._answer(conn, resp, call, protocol, _UsageStrip(resp) if call.strip_usage else None)

    def _answer(self, conn: http.client.HTTPConnection, resp: http.client.HTTPResponse, call: _Call, protocol: str,
                transform: _Transform | _UsageStrip | None = None) -> None:
        """Relay the upstream's answer (through `transform` when the proxy translates or strips), then give the
        connection back to the route's pool only when the answer was read to its end."""
        ctype = resp.getheader("Content-Type", "").split(";")[0].strip().lower()
        call.status = resp.status
        call.answer = calls.AnswerReader(streamed=ctype in _STREAM_TYPES, protocol=protocol)
        upstream_done = self._relay(resp, call, transform)
        # Marks the answer read, so http.client lets the connection carry the next request.
        resp.close()
        if upstream_done and not resp.will_close:
            self.server.proxy.upstream.give_back(call.token, conn)
        else:
            conn.close()

    def _translated(self, call: _Call, protocol: str, headers: dict[str, str], request: dict) -> None:
        """Serve a Responses or Messages call from an upstream that speaks chat completions only (translate)."""
        call.fields["translated"] = True
        try:
            chat = translate.request_to_chat(protocol, request)
        except ValueError as e:   # TranslationError
            message = f"the model proxy cannot translate this request to chat completions: {e}"
            call.done(400, message)
            self._send_bytes(400, translate.error_from_chat(protocol, 400, json.dumps(
                {"error": {"message": message, "type": "invalid_request_error"}}).encode()))
            return
        chat_headers = {k: v for k, v in headers.items()
                        if k.lower() not in ("x-api-key", "anthropic-version", "anthropic-beta", "x-goog-api-key")}
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

    def _windowed(self, call: _Call, protocol: str, headers: dict[str, str], parsed: dict) -> bool:
        """Serve a call to Ollama with the harness's window (serving.py); False when the call goes on as it is."""
        proxy = self.server.proxy
        if proxy.ollama and protocol == calls.OPENAI_COMPLETIONS:
            # Ollama's /v1/completions ignores num_ctx and the proxy does not translate it: refused, so no call is
            # served with another window than the run's
            self._refuse_call(call, 400, f"refused: this run serves every model call with a {proxy.num_ctx}-token "
                                         "context window (run --num-ctx), which Ollama's /v1/completions cannot "
                                         "carry; use /v1/chat/completions or /api/generate", None)
            return True
        path = call.fields["path"].split("?")[0].rstrip("/")
        if proxy.ollama and path == "/v1/embeddings":
            # Ollama's OpenAI-compatible embeddings take no options: served with the model's own window, they would
            # reload it under every run's calls; refused as /v1/completions is, /api/embed carries the window
            self._refuse_call(call, 400, f"refused: this run serves every model call with a {proxy.num_ctx}-token "
                                         "context window (run --num-ctx), which Ollama's /v1/embeddings cannot "
                                         "carry; use /api/embed", None)
            return True
        # Ollama's native calls take the window as an option; embeddings too, or one would reload the model with
        # another window under every other run's calls
        native = path in ("/api/chat", "/api/generate", "/api/embed", "/api/embeddings")
        if not proxy.ollama or not (native or protocol in (calls.OPENAI_CHAT, *translate.PROTOCOLS)):
            return False
        if native:
            body = json.dumps(serving.set_num_ctx(parsed, proxy.num_ctx)).encode()
            try:
                conn, resp = proxy.upstream.send("POST", path, headers, body, call)
            except UpstreamError as e:
                call.done(e.status, str(e))
                self._send_json(e.status, {"error": str(e)})
                return True
            self._answer(conn, resp, call, protocol)
            return True
        call.fields["translated"] = True
        try:
            chat = parsed if protocol == calls.OPENAI_CHAT else translate.request_to_chat(protocol, parsed)
            ollama_chat = serving.chat_to_native(chat, proxy.num_ctx)
            native_body = json.dumps(ollama_chat).encode()
        except ValueError as e:   # TranslationError, or what chat_to_native cannot carry
            message = f"the model proxy cannot translate this request to Ollama's chat API: {e}"
            call.done(400, message)
            error = json.dumps({"error": {"message": message, "type": "invalid_request_error"}}).encode()
            self._send_bytes(400, error if protocol == calls.OPENAI_CHAT
                             else translate.error_from_chat(protocol, 400, error))
            return True
        # The truncation rule weighs the prompt Ollama is sent, not the agent's request: parts the translation
        # cannot carry (a bare string among a message's parts) never reach the model, and would count as cut
        call.facts["prompt_chars"] = calls.prompt_chars(ollama_chat, calls.OLLAMA_CHAT)
        native_headers = {k: v for k, v in headers.items()
                          if k.lower() not in ("x-api-key", "anthropic-version", "anthropic-beta", "authorization",
                                               "x-goog-api-key")}
        native_headers["Content-Type"] = "application/json"
        try:
            conn, resp = proxy.upstream.send("POST", "/api/chat", native_headers, native_body, call)
        except UpstreamError as e:
            call.done(e.status, str(e))
            error = json.dumps({"error": {"message": str(e), "type": "upstream_error"}}).encode()
            self._send_bytes(e.status, error if protocol == calls.OPENAI_CHAT
                             else translate.error_from_chat(protocol, e.status, error))
            return True
        usage = not call.strip_usage   # the agent asked for usage itself
        self._answer(conn, resp, call, calls.OLLAMA_CHAT, _NativeTransform(protocol, parsed, chat, resp, usage))
        return True

    def _count_tokens(self, call: _Call, headers: dict[str, str], request: dict | None,
                      protocol: str = translate.MESSAGES) -> None:
        """Anthropic's count_tokens from a server without it: the request's messages and tools go to the
        upstream's tokenizer (vLLM's and llama.cpp's ``/tokenize``), its count back as ``{"input_tokens": N}``;
        every failure is answered in Anthropic's error shape."""
        call.fields["translated"] = True

        def fail(status: int, message: str) -> None:
            call.done(status, message)
            self._send_bytes(status, translate.error_from_chat(protocol, status, json.dumps(
                {"error": {"message": message}}).encode()))

        try:
            ask = gemini.count_request(request) if protocol == translate.GEMINI else translate.count_request(request)
        except ValueError as e:   # TranslationError
            fail(400, f"the model proxy cannot count this request's tokens: {e}")
            return
        chat_headers = {k: v for k, v in headers.items()
                        if k.lower() not in ("x-api-key", "anthropic-version", "anthropic-beta", "x-goog-api-key")}
        chat_headers["Content-Type"] = "application/json"
        try:
            conn, resp = self.server.proxy.upstream.send("POST", "/tokenize", chat_headers, json.dumps(ask).encode(),
                                                         call)
        except UpstreamError as e:
            fail(e.status, str(e))
            return
        try:
            said = resp.read(MAX_TOKENIZE_ANSWER_BYTES + 1)
        except (OSError, http.client.HTTPException) as e:
            conn.close()
            fail(502, f"upstream {self.server.proxy.upstream.url} broke off its tokenizer's answer: {e}")
            return
        conn.close()
        if resp.status >= 400:
            fail(404 if resp.status in (404, 405, 501) else resp.status,
                 f"the model server has no tokenizer endpoint to count tokens with (/tokenize answered {resp.status})"
                 if resp.status in (404, 405, 501) else translate._upstream_error(said)[0])
            return
        try:
            count = None if len(said) > MAX_TOKENIZE_ANSWER_BYTES else translate.count_answer(calls.parse_body(said))
        except (ValueError, calls.BodyRefused):
            count = None
        if count is None:
            fail(502, "the model server's /tokenize answer has no token count (count or tokens)")
            return
        call.done(200)
        self._send_bytes(200, json.dumps(gemini.count_answer(count) if protocol == translate.GEMINI
                                         else {"input_tokens": count}).encode())

    def _keep_alive(self) -> None:
        if self.close_connection:
            self.send_header("Connection", "close")
        else:   # clients that honour it close an idle connection before the proxy does
            self.send_header("Keep-Alive", f"timeout={int(IDLE_TIMEOUT_S) - 5}")

    def _send_bytes(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        """A whole answer of the proxy's own (an error, or one read whole from the upstream)."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self._keep_alive()
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_head(self, resp: http.client.HTTPResponse, chunked: bool,
                   transform: _Transform | _UsageStrip | None) -> None:
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
        self._keep_alive()
        # The head goes out now, as the upstream sent it, not with the first piece: that would save a send
        # (about 0.3 ms of the added time to first token) but hold the head back through a long prefill, and some
        # clients time out waiting for a head (undici's headersTimeout) where they would not directly.
        self.end_headers()
        self.wfile.flush()

    def _relay(self, resp: http.client.HTTPResponse, call: _Call,
               transform: _Transform | _UsageStrip | None = None) -> bool:
        """Forward the answer piece by piece as it arrives (through `transform` when translating) while `call`
        reads a copy of the upstream's bytes; whether the upstream's answer was read to its end. The call is
        recorded just before the agent's last byte goes out, so an agent that has its answer (and exits) finds its
        call on disk."""
        if isinstance(transform, _Transform) and transform.stream is None:
            return self._relay_whole(resp, call, transform)
        length = resp.getheader("Content-Length")
        no_body = self.command == "HEAD" or resp.status in (204, 304) or 100 <= resp.status < 200
        # Without a length (or translated) the answer goes out chunked, each piece as one chunk.
        chunked = (length is None or transform is not None) and not no_body
        left = int(length) if length is not None and length.isdigit() else None
        if no_body or (left == 0 and transform is None):
            call.done(resp.status)
        try:
            # The head goes to the agent before the first byte of the body is read: while the agent leaves it unread
            # (a full socket, pipelined calls) the call's clock stops, as for its body (_hand_over), or an agent
            # could stretch its time to first token, and so its queue credit, as long as it liked
            sent = time.perf_counter()
            self._send_head(resp, chunked, transform)
            call.start += time.perf_counter() - sent
            while not no_body:
                try:
                    piece = resp.read1(READ_SIZE)
                except (OSError, http.client.HTTPException) as e:
                    message = f"upstream {call.proxy.upstream.url} broke off the answer: {e.__class__.__name__}: {e}"
                    call.done(resp.status, message)
                    self.close_connection = True
                    if isinstance(transform, _Transform):   # a translated stream ends as its protocol ends a failure
                        self._last_chunk(transform.fail(message))
                    return False
                if not piece:
                    break
                call.first_byte()
                last = left is not None and len(piece) >= left and transform is None
                if last:
                    call.answer.feed(piece)
                    call.done(resp.status)
                out = transform.feed(piece) if transform is not None else piece
                if isinstance(transform, _Transform) and transform.over:   # ended at the cap: read no further
                    call.answer.feed(piece)
                    # recorded before the failure's events go out: an agent that has them finds its call on file
                    call.done(resp.status, f"the answer passed the model proxy's cap of "
                                           f"{translate.MAX_TRANSLATED_BYTES} bytes")
                    self.close_connection = True
                    self._last_chunk(out)
                    return False
                if out:
                    self._hand_over(call, b"%x\r\n%s\r\n" % (len(out), out) if chunked else out)
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
        except OSError:   # the agent closed the connection, or stopped reading for SEND_TIMEOUT_S
            call.done(resp.status, "the agent closed the connection (or stopped reading) before the answer ended")
            self.close_connection = True
            return False


    def _hand_over(self, call: _Call, data: bytes) -> None:
        """One piece of an answer to the agent. While the agent does not take it (its socket is full: it reads
        slowly, or not at all) the call's clock stops: that time is the agent's own, never the model's (ttft_s,
        total_s, model_s) nor, so, a wait for a server slot."""
        sent = time.perf_counter()
        self.wfile.write(data)
        self.wfile.flush()
        call.start += time.perf_counter() - sent

    def _last_chunk(self, out: bytes) -> None:
        """The last bytes of a chunked answer the proxy ends itself, and the closing chunk."""
        if out:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(out), out))
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _relay_whole(self, resp: http.client.HTTPResponse, call: _Call, transform: _Transform) -> bool:
        """A whole translated answer: read to its end (or to the cap), then sent with the status it earns (a
        malformed, cut or oversized answer is the agent protocol's 502, not the upstream's 200)."""
        done = True
        while True:
            try:
                piece = resp.read1(READ_SIZE)
            except (OSError, http.client.HTTPException) as e:
                message = f"upstream {call.proxy.upstream.url} broke off the answer: {e.__class__.__name__}: {e}"
                call.done(resp.status, message)
                out, done = transform.fail(message), False
                break
            if not piece:
                call.done(resp.status)
                out = transform.finish()
                break
            call.first_byte()
            call.answer.feed(piece)
            transform.feed(piece)
            if transform.over:
                call.done(resp.status, f"the answer passed the model proxy's cap of "
                                       f"{translate.MAX_TRANSLATED_BYTES} bytes")
                out, done = transform.finish(), False
                break
        if not done:
            self.close_connection = True
        try:
            self._send_bytes(transform.out_status, out)
        except OSError:
            self.close_connection = True
            return False
        return done


def _message(fields: list[tuple[str, str]]) -> http.client.HTTPMessage:
    """The fields as the http.server API holds them (`self.headers`)."""
    message = http.client.HTTPMessage()
    for name, value in fields:
        message[name] = value
    return message


class _Transform:
    """A translated answer: the upstream's chat-completions bytes in, the agent's protocol out (translate.py)."""

    def __init__(self, protocol: str, request: dict, resp: http.client.HTTPResponse):
        ctype = resp.getheader("Content-Type", "").split(";")[0].strip().lower()
        self.protocol, self.request, self.status = protocol, request, resp.status
        self.stream = translate.stream_translator(protocol, request) \
            if resp.status < 400 and ctype in _STREAM_TYPES else None
        self.content_type = "text/event-stream" if self.stream else "application/json"
        self.out_status = resp.status   # a whole answer's status for the agent, known once it is read
        self._whole = bytearray()
        self._too_big = False

    @property
    def over(self) -> bool:
        """The answer passed translate.MAX_TRANSLATED_BYTES: read no more of it."""
        return self.stream.over if self.stream is not None else self._too_big

    def feed(self, piece: bytes) -> bytes:
        """Bytes to send now: a stream's events at once, a whole answer's nothing until the end."""
        if self.stream is not None:
            return self.stream.feed(piece)
        if len(self._whole) + len(piece) > translate.MAX_TRANSLATED_BYTES:
            self._too_big = True
            self._whole = bytearray()
        elif not self._too_big:
            self._whole += piece
        return b""

    def fail(self, message: str) -> bytes:
        """The upstream broke off: a stream's closing events as a failed answer; a whole answer's 502."""
        if self.stream is not None:
            return self.stream.fail(message)
        return self._error(502, message)

    def _error(self, status: int, message: str) -> bytes:
        self.out_status = status
        return translate.error_from_chat(self.protocol, status, json.dumps({"error": {"message": message}}).encode())

    def finish(self) -> bytes:
        """The rest: a stream's closing events, or the whole answer (or error) in the agent's protocol."""
        if self.stream is not None:
            return self.stream.finish()
        if self._too_big:
            return self._error(502, f"the model server's answer passed the model proxy's cap of "
                                    f"{translate.MAX_TRANSLATED_BYTES} bytes")
        if self.status >= 400:
            return translate.error_from_chat(self.protocol, self.status, bytes(self._whole))
        try:
            if calls.json_shape(self._whole)[0] > calls.MAX_JSON_DEPTH:
                raise ValueError("nested too deep")   # json.loads would recurse into RecursionError
            answer = json.loads(self._whole)
        except ValueError:
            return self._error(502, "the model server's answer is not JSON")
        if not isinstance(answer, dict):
            return self._error(502, "the model server's answer is not a JSON object")
        return json.dumps(translate.answer_from_chat(self.protocol, answer, self.request)).encode()


class _Head:
    """What _Transform reads of an answer's head, for an answer the proxy made itself (NativeToChat's)."""

    def __init__(self, status: int, content_type: str):
        self.status, self._type = status, content_type

    def getheader(self, name: str, default: str = "") -> str:
        return self._type if name.lower() == "content-type" else default


class _NativeTransform(_Transform):
    """An OpenAI-compatible call served by Ollama's native chat API (serving.py): its NDJSON or JSON in, the
    agent's protocol out: chat completions directly, Responses and Messages through _Transform after it."""

    def __init__(self, protocol: str, request: dict, chat: dict, resp: http.client.HTTPResponse, usage: bool):
        ctype = resp.getheader("Content-Type", "").split(";")[0].strip().lower()
        streamed = resp.status < 400 and ctype in _STREAM_TYPES
        self.native = serving.NativeToChat({**chat, "stream_options": {"include_usage": usage or
                                                                       protocol != calls.OPENAI_CHAT}},
                                           streamed, resp.status)
        self.inner = None if protocol == calls.OPENAI_CHAT else _Transform(
            protocol, request, _Head(resp.status, "text/event-stream" if streamed else "application/json"))
        self.protocol, self.request, self.status = protocol, request, resp.status
        self.stream = self.native if streamed else None
        self.content_type = self.inner.content_type if self.inner else \
            "text/event-stream" if streamed else "application/json"
        self.out_status = resp.status

    @property
    def over(self) -> bool:
        return self.inner.over if self.inner is not None else False

    def feed(self, piece: bytes) -> bytes:
        out = self.native.feed(piece)
        return self.inner.feed(out) if self.inner is not None else out

    def fail(self, message: str) -> bytes:
        if self.inner is not None:
            out = self.inner.fail(message)
            self.out_status = self.inner.out_status
            return out
        if self.stream is None:
            return self._error(502, message)
        return self.native.fail(message)

    def _error(self, status: int, message: str) -> bytes:
        self.out_status = status
        return json.dumps({"error": {"message": message, "type": "server_error"}}).encode()

    def finish(self) -> bytes:
        out = self.native.finish()
        if self.inner is None:
            if self.stream is None and self.status < 400 and b'"error"' in out[:20]:
                self.out_status = 502
            return out
        if self.stream is None and self.status < 400 and out.startswith(b'{"error"'):
            self.inner.status = 502
        out = self.inner.feed(out) + self.inner.finish()
        self.out_status = self.inner.out_status
        return out


class _Call:
    """One call in flight: what is known of it so far, written to its run's file once (`done`)."""

    def __init__(self, proxy: ModelProxy, token: str, calls_file: Path, start: float, fields: dict[str, Any]):
        self.proxy = proxy
        self.facts: dict[str, Any] = calls.request_facts(None, fields["protocol"])
        self.token = token
        self.calls_file = calls_file
        self.conn: http.client.HTTPConnection | None = None
        self.strip_usage = False   # the proxy asked for usage the agent did not: its chunk is not relayed
        self.status: int | None = None   # the upstream's answer's status, once its head came
        self._lock = threading.Lock()
        proxy.calls_started(self)
        self.start = start
        self.fields = fields
        self.answer: calls.AnswerReader | None = None
        self.ttft_s: float | None = None
        self.held_s = 0.0   # time it waited for the run's own calls (the route's cap, ModelProxy.hold): its doing
        self.queued_until: float | None = None   # the last time the proxy saw it queued (ModelProxy.queued_s)
        # When it went to the server (time.perf_counter, ModelProxy.hold). Unlike `start`, never moved by the time the
        # agent took to read the answer: the call holds its place at the server from then until it is recorded, and a
        # call of the run's that waited meanwhile waited for the run (queue.run_queue), however slowly it read.
        self.sent: float | None = None
        self._written = False

    def first_byte(self) -> None:
        """The answer's body has begun (the streamed call's time to first token)."""
        if self.ttft_s is None:
            self.ttft_s = time.perf_counter() - self.start

    def done(self, status: int | None, error: str | None = None, refused: str | None = None) -> None:
        """Record the call (once): its status, the error if it failed, the REFUSALS code if the proxy refused it."""
        with self._lock:
            if self._written:
                return
            self._written = True
        now = time.perf_counter() - self.start
        answer = self.answer
        if answer is not None:
            answer.finish()
            if not answer.streamed:
                self.ttft_s = now   # a whole answer's first token arrives with its last byte
            if error is None and status is not None and status >= 500:
                error = f"upstream {self.proxy.upstream.url} answered {status}: {answer.error_message or 'no message'}"
        if refused is None:
            self.proxy.upstream_outcome(self.token, reached=answer is not None or status not in (502, 504))
        record = calls.call_record(**self.fields, facts=self.facts, status=status, answer=answer,
                                   ttft_s=self.ttft_s, total_s=now, error=error, refused=refused)
        if self.proxy.window is not None:   # a known window: its own rule of truncation too (serving.truncated)
            record["context_truncated"] = serving.truncated(record, self.proxy.window)
        if self.held_s:
            record["held_s"] = round(self.held_s, 6)
        sent = self.sent if self.sent is not None else self.start
        span = time.perf_counter() - sent   # its whole time at the server, the agent's reading included
        if span - now >= 0.001:
            record["at_server_s"] = round(span, 6)
        self.proxy.queue.settle(self.token, sent, record.get("queued_s"), now, span)
        self.proxy.calls_ended(self)   # after settling: its queue credit is never missing in between
        self.proxy.write(self.calls_file, record)

    def abort(self) -> None:
        """The call's run is over while it is in flight: record it so, and cut its upstream connection (a call
        that waits on a hung server would otherwise hold a thread until the upstream's timeout)."""
        self.done(self.status, "the run ended while this call was in flight")
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
                 unix_path: Path | None = None, num_ctx: int | None = None, ollama: bool = False,
                 window: int | None = None):
        self.upstream = _Upstream(upstream, openai_base, timeout_s)
        # The one context window every call is served with (run --num-ctx; serving.py), on an Ollama upstream,
        # and the window the calls are known to have (for serving.truncated), whoever set it.
        self.num_ctx, self.ollama = num_ctx, ollama
        self.window = window if window is not None else num_ctx
        self._routes: dict[str, Path] = {}
        self._models: dict[str, frozenset[str]] = {}   # route token -> the spellings of the run's model
        self._bound: dict[str, int] = {}                # route token -> connections that carried its requests
        self._bodies: dict[str, int] = {}               # route token -> request bytes held
        self._admitted: dict[socket.socket, str | None] = {}   # open connection -> its peer (_peer)
        self._peers: dict[str | None, int] = {}
        self._peer_routes: dict[str, str] = {}          # a sandbox (_peer) -> the route its requests named
        self._refusal_noted: dict[str, float] = {}
        self._parsing: dict[str, threading.Lock] = {}
        self._deadlines: dict[socket.socket, float] = {}
        self._file_bytes: dict[Path, int] = {}          # a live route's calls file -> bytes written to it
        self._reaping = threading.Event()
        self.max_connections = MAX_CONNECTIONS
        # Per protocol the agent may speak but the upstream may not (Responses, Messages): True once the upstream
        # answered one, False once it said it has no such endpoint (then the proxy translates), None: not known.
        self.native: dict[str, bool | None] = {}
        self._in_flight: dict[str, set[_Call]] = {}
        self._stops: dict[str, threading.Event] = {}
        self._unreached: dict[str, int] = {}
        self._budgets: dict[str, int] = {}       # route token -> model calls allowed (a turn limit the harness keeps)
        self._used: dict[str, int] = {}
        self._spent: set[str] = set()            # routes stopped because their budget ran out
        self._called: set[str] = set()           # open routes that have begun a model call
        self._routes_called = 0                  # routes that ever began one (--jobs auto's warm-up)
        self._lock = threading.Lock()
        self.queue = queue.QueueClock()          # per route: the time its calls waited for a free server slot
        self.slots: int | None = None            # the server's slots, where known (share)
        self.route_cap: int | None = None        # calls at the server one route may have at once (share)
        self._at_server: dict[_Call, float] = {}   # calls past their route's cap -> when they went to the server
        self._room = threading.Condition(self._lock)
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
        """Bind an ephemeral loopback port and serve in a daemon thread (the open-files limit raised first, and the
        connection cap kept well under it: each call holds an agent's and an upstream connection)."""
        self.max_connections = max(16, min(MAX_CONNECTIONS, (raise_fd_limit() - 256) // 3))
        self._server = _Server(self)
        self._reaping.clear()
        threading.Thread(target=self._reap, name="model-proxy-deadlines", daemon=True).start()
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
        self._reaping.set()
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

    def route(self, calls_file: Path, model: str | None = None) -> str:
        """The root URL one run's agent is pointed at; its calls are appended to `calls_file` (in a directory the
        harness made for the run, never one the agent can reach). With `model`, a call whose body names another
        model (model_names) is refused and recorded (`other_model`)."""
        token = secrets.token_urlsafe(18)   # unguessable: one run cannot write into another's record
        with self._lock:
            self._routes[token] = Path(calls_file)
            self._file_bytes[Path(calls_file)] = Path(calls_file).stat().st_size if Path(calls_file).exists() else 0
            if model:
                self._models[token] = model_names(model)
        self.upstream.open_route(token)
        return f"{self.url}{ROUTE_PREFIX}{token}"

    def parse_lock(self, token: str) -> threading.Lock:
        """The route's lock for parsing a body (a parsed body weighs several times its bytes)."""
        with self._lock:
            return self._parsing.setdefault(token, threading.Lock())

    def models_for(self, token: str) -> frozenset[str] | None:
        """The model spellings a route's calls may name; None when the route checks none."""
        with self._lock:
            return self._models.get(token)

    # -- what one run, and all of them, may hold
    def admit(self, conn: socket.socket, peer: str | None) -> bool:
        """Whether a new connection fits under MAX_CONNECTIONS and its sandbox's MAX_PEER_CONNECTIONS. A sandbox
        whose connections have named a route gets its refusals recorded there (one line a second at most)."""
        # A connection whose maker has exited cannot be counted against its sandbox, so it is not admitted: a
        # sandbox's relay (netfwd) lives as long as its agent, and an agent that connects from short-lived
        # processes would otherwise get connections no sandbox's cap holds.
        with self._lock:
            if peer != GONE and len(self._admitted) < self.max_connections and \
                    (peer is None or self._peers.get(peer, 0) < MAX_PEER_CONNECTIONS):
                self._admitted[conn] = peer
                self._peers[peer] = self._peers.get(peer, 0) + 1
                self._deadlines[conn] = time.monotonic() + IDLE_TIMEOUT_S
                return True
            token = self._peer_routes.get(peer) if peer is not None else None
            calls_file = self._routes.get(token) if token is not None else None
            now = time.monotonic()
            if calls_file is None or now - self._refusal_noted.get(token, 0.0) < 1.0:
                return False
            self._refusal_noted[token] = now
        started = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        self.write(calls_file, optional=True, record=calls.call_record(
            protocol=calls.OTHER, path="", method="", status=None, facts=calls.request_facts(None, calls.OTHER),
            answer=None, started_at=started, ttft_s=None, total_s=0.0, refused="too_many_connections",
            error=f"refused: a connection over this sandbox's {MAX_PEER_CONNECTIONS} (or the proxy's "
                  f"{self.max_connections}) open connections was closed at once"))
        return False

    def release(self, conn: socket.socket) -> None:
        """A connection has ended (admitted or not)."""
        with self._lock:
            self._deadlines.pop(conn, None)
            if conn not in self._admitted:
                return
            peer = self._admitted.pop(conn)
            self._peers[peer] -= 1
            if not self._peers[peer]:
                del self._peers[peer]

    def bind(self, token: str, conn: socket.socket) -> bool:
        """Count a connection against its route's MAX_ROUTE_CONNECTIONS; False when that is full. Its sandbox is
        known from now on as the route's (for the refusals admit() records)."""
        with self._lock:
            peer = self._admitted.get(conn)
            if peer is not None:
                self._peer_routes[peer] = token
            if self._bound.get(token, 0) >= MAX_ROUTE_CONNECTIONS:
                return False
            self._bound[token] = self._bound.get(token, 0) + 1
            return True

    def unbind(self, token: str) -> None:
        """A connection bound to the route has ended."""
        with self._lock:
            if self._bound.get(token, 0) > 1:
                self._bound[token] -= 1
            else:
                self._bound.pop(token, None)

    def reserve_body(self, token: str, size: int) -> bool:
        """Take `size` bytes of the route's MAX_ROUTE_BODY_BYTES; False when they would go past it."""
        with self._lock:
            held = self._bodies.get(token, 0)
            if held + size > MAX_ROUTE_BODY_BYTES:
                return False
            self._bodies[token] = held + size
            return True

    def release_body(self, token: str, size: int) -> None:
        """Give back bytes reserve_body took."""
        with self._lock:
            left = self._bodies.get(token, 0) - size
            if left > 0:
                self._bodies[token] = left
            else:
                self._bodies.pop(token, None)

    def watch(self, conn: socket.socket, seconds: float) -> None:
        """Cut the connection unless unwatch() comes within `seconds` (a head or body sent too slowly, an idle
        connection): a deadline for the whole read, which a per-recv timeout is not."""
        with self._lock:
            self._deadlines[conn] = time.monotonic() + seconds

    def unwatch(self, conn: socket.socket) -> None:
        """The connection's read is done in time."""
        with self._lock:
            self._deadlines.pop(conn, None)

    def _reap(self) -> None:
        while not self._reaping.wait(0.5):
            now = time.monotonic()
            with self._lock:
                late = [c for c, t in self._deadlines.items() if t <= now]
                for conn in late:
                    del self._deadlines[conn]
            for conn in late:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close_route(self, url: str) -> None:
        """End a route (its run is over): later requests under it get 404, so an agent process that outlives its
        run cannot add calls to the record."""
        token = url.rsplit(ROUTE_PREFIX, 1)[-1]
        with self._lock:
            calls_file = self._routes.pop(token, None)
            self._file_bytes.pop(calls_file, None)   # type: ignore[arg-type]
            self._models.pop(token, None)
            self._refusal_noted.pop(token, None)
            self._parsing.pop(token, None)
            self._peer_routes = {p: t for p, t in self._peer_routes.items() if t != token}
            self._stops.pop(token, None)
            self._unreached.pop(token, None)
            self._budgets.pop(token, None)
            self._used.pop(token, None)
            self._spent.discard(token)
            self._called.discard(token)
            in_flight = self._in_flight.pop(token, set())
            self._room.notify_all()   # its calls held at the cap go (hold: False)
        for call in in_flight:
            call.abort()
        self.queue.forget(token)
        self.upstream.close_route(token)

    def share(self, slots: int | None, runs: int) -> None:
        """The server has `slots` (None: not known) and `runs` runs share it: each route may have its fair share of
        the slots, ceil(slots / runs) and at least 1, of calls at the server at once; a run's further calls wait in
        the proxy for its own calls (so one run cannot keep every slot busy and push its neighbours' waits past
        their ceiling), and that wait is the run's own doing, never queue time."""
        with self._lock:
            self.slots = slots
            self.route_cap = max(1, math.ceil(slots / max(1, runs))) if slots else None
            self._room.notify_all()

    def hold(self, call: _Call) -> bool:
        """Wait until the call's route has fewer than route_cap calls at the server, then count the call there;
        False when its run ended meanwhile. The call's clock (start, started_at) restarts once it goes: the wait
        is kept apart (held_s), as the agent's own time."""
        with self._room:
            if call in self._at_server:   # a call sent twice (translated after a 404) holds its place
                return True
            while self.route_cap is not None and call.token in self._routes and \
                    sum(1 for c in self._at_server if c.token == call.token) >= self.route_cap:
                self._room.wait(0.5)
            if call.token not in self._routes or call._written:
                return False
            now = time.perf_counter()
            if now - call.start >= 0.001:
                call.held_s += now - call.start
                call.start = now
                call.fields["started_at"] = datetime.now(timezone.utc).isoformat(
                    timespec="milliseconds").replace("+00:00", "Z")
            self._at_server[call] = call.sent = now
            # the route has begun a model call once a generation goes to the server (a request the proxy refused, a
            # listing, a tokenizer's count fill no slot): --jobs auto's warm-up counts these
            if call.token not in self._called and call.fields.get("protocol") != calls.OTHER:
                self._called.add(call.token)
                self._routes_called += 1
            return True

    def queued_s(self, url: str) -> float:
        """Seconds the route's calls have waited for a free server slot so far (bench.models.queue): its recorded
        calls' measured queue time, and for each call still waiting for its first token the time the proxy has
        seen it queued: at least `slots` calls of other routes that went to the server before it still unanswered
        (a first-come-first-served server has not started it). A route's own calls never count for it, so an
        agent cannot make its own wait; with the slots unknown nothing is credited before a call is recorded."""
        token = url.rsplit(ROUTE_PREFIX, 1)[-1]
        waits: list[tuple[float, float]] = []
        with self._lock:
            now = time.perf_counter()
            for call in self._in_flight.get(token, ()):
                since = self._at_server.get(call)
                if since is None:
                    continue   # held at its route's cap: waiting for the run's own calls
                if call.ttft_s is None and self.slots and sum(
                        1 for c, went in self._at_server.items() if c.token != token and went < since) >= self.slots:
                    call.queued_until = now
                if call.queued_until is not None:
                    waits.append((since, call.queued_until))
        return self.queue.credit(token, waits)

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

    def routes_called(self) -> int:
        """How many routes (runs) have sent at least one call to the server since the proxy started."""
        with self._lock:
            return self._routes_called

    def calls_ended(self, call: _Call) -> None:
        """A call has been recorded."""
        with self._lock:
            self._in_flight.get(call.token, set()).discard(call)
            if self._at_server.pop(call, None) is not None:
                self._room.notify_all()

    def run_for(self, token: str) -> Path | None:
        """The calls file of the run a route token belongs to, or None."""
        with self._lock:
            return self._routes.get(token)

    def calls_full(self, token: str) -> bool:
        """Whether the route's calls file has reached MAX_CALLS_FILE_BYTES (its requests are refused unrecorded)."""
        with self._lock:
            calls_file = self._routes.get(token)
            return calls_file is not None and self._file_bytes.get(calls_file, 0) >= MAX_CALLS_FILE_BYTES

    def write(self, calls_file: Path, record: dict[str, Any], optional: bool = False) -> None:
        """Append one call to its run's file as one whole line. An `optional` record (a request refused before it
        reached the upstream) is dropped once the file has reached MAX_CALLS_FILE_BYTES; the line that takes the
        file past it is followed by one that says so (refused: calls_file_full).

        Opened per call (tens of microseconds) rather than held: an evaluation has thousands of runs, and a file
        kept open per run would run out of descriptors."""
        line = (json.dumps(record) + "\n").encode()
        with self._lock:
            used = self._file_bytes.get(calls_file, 0)
            if optional and used >= MAX_CALLS_FILE_BYTES:
                return
            if used < MAX_CALLS_FILE_BYTES <= used + len(line):
                line += (json.dumps(calls.call_record(
                    protocol=calls.OTHER, path="", method="", status=None, facts=calls.request_facts(None, calls.OTHER),
                    answer=None, started_at=record.get("started_at") or "", ttft_s=None, total_s=0.0,
                    refused="calls_file_full", error=f"refused: this run's calls file reached "
                    f"{MAX_CALLS_FILE_BYTES >> 20} MiB; every later request of the run is refused, unrecorded"))
                    + "\n").encode()
            if calls_file in self._file_bytes:
                self._file_bytes[calls_file] = used + len(line)
            fd = os.open(calls_file, safefs.open_flags(os.O_WRONLY | os.O_APPEND | os.O_CREAT), 0o644)
            try:
                os.write(fd, line)
            finally:
                os.close(fd)
