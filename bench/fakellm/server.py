"""The server and its lifecycle: a threaded HTTP server on loopback, FakeLLM (its handle), serve.

serve runs the server in a daemon thread so a test can start one, point an agent at ``.url`` and read
``.requests`` afterwards; stop() also cuts open connections, so a hung request does not keep it alive.
"""
from __future__ import annotations

import http.server
import json
import os
import socket
import socketserver
import threading
from typing import Any

from bench.fakellm.handler import _Handler
from bench.fakellm.pacing import Slots, Speed
from bench.fakellm.script import PROTOCOLS, ScriptError, check_protocols, load_script
from bench.models.servers import LOOPBACK_HOSTS, is_loopback  # noqa: F401 (LOOPBACK_HOSTS: fakellm's API)


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    request_queue_size = 128   # as real servers: connections opened at once are queued, not dropped

    def __init__(self, addr: tuple, models: dict, log_path: str | None, verbose: bool = False,
                 log_bodies: bool = False, protocols: tuple[str, ...] = PROTOCOLS, speed: Speed | None = None,
                 slots: int | None = None, down_after_warm_up: bool = False, flavor: str = "ollama",
                 slots_reported: bool = True, per_request_metrics: bool = False):
        self.address_family = socket.AF_INET6 if ":" in addr[0] else socket.AF_INET
        super().__init__(addr, _Handler)
        self.models = models
        self.loaded: set[str] = set()
        self.stopping = threading.Event()
        self.verbose = verbose
        self.log_bodies = log_bodies
        self.protocols = frozenset(protocols)
        self.speed = speed or Speed()
        self.slots = Slots(slots)
        self.slots_reported = slots_reported   # False: no GET /slots, as Ollama (which never says its parallel)
        self.per_request_metrics = per_request_metrics   # vLLM's --enable-per-request-metrics (flavor vllm)
        self.down_after_warm_up = down_after_warm_up
        self.flavor = flavor
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._conns: set[socket.socket] = set()
        self._log_file = open(log_path, "a", encoding="utf-8") if log_path else None

    def server_activate(self) -> None:
        super().server_activate()
        # serve_forever accepts only when its selector says a connection waits, but one can be gone by then (reset
        # in the queue): a blocking accept would then wait for the next connection, and shutdown() for ever
        self.socket.setblocking(False)

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

    def stop_listening(self) -> None:
        """Refuse every new connection from now on (connections already open are served)."""
        self.shutdown()   # from a request's thread: serve_forever runs in another
        self.socket.close()

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
        """A copy of the log entries so far, one per request (a hung request has two: start and end)."""
        with self._server._lock:
            return list(self._server.requests)

    def chat_requests(self) -> list[dict[str, Any]]:
        """The entries of chat requests (Ollama, OpenAI, generate, responses, messages), a hung one counted once."""
        return [r for r in self.requests
                if r.get("api") in ("ollama", "openai", "generate", "responses", "messages") and "turn" in r
                and r.get("event") != "hang_start"]

    def slot_events(self) -> list[tuple[str, str, float]]:
        """With slots: ("acquire" | "release", request id, time.time()) in the order they happened.

        The request id is the log entry's ``rid``; an answer releases its slot after its last byte.
        """
        with self._server.slots._lock:
            return list(self._server.slots.events)

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self._server.stopping.set()
        self._server.shutdown()
        self._server.close_all()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeLLM:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def _check_host(host: str) -> str:
    if not is_loopback(host):
        raise ScriptError(f"--host {host}: fakellm binds only to loopback addresses (127.0.0.1, ::1)")
    return "127.0.0.1" if host == "localhost" else host


def serve(script: dict | str | os.PathLike, port: int = 0, log_path: str | os.PathLike | None = None,
          host: str = "127.0.0.1", verbose: bool = False, base_dir: str | os.PathLike | None = None,
          log_bodies: bool = False, protocols: tuple[str, ...] | list[str] | None = None,
          prefill_tps: float | None = None, decode_tps: float | None = None, slots: int | None = None,
          down_after_warm_up: bool = False, flavor: str | None = None, slots_reported: bool = True,
          per_request_metrics: bool = False) -> FakeLLM:
    """Start a server in a background thread and return it (use as a context manager or call .stop()).

    protocols: the APIs served (names from PROTOCOLS; ("openai",) is a chat-completions-only server);
    prefill_tps / decode_tps: simulated speed in tokens per second; slots: answers made at once. Each one
    given here overrides the script's `server` section; None everywhere means all protocols, instant, unlimited.
    flavor: "llama.cpp" (GET /props reports n_ctx) or "vllm" (/v1/models reports max_model_len), each speaking chat
    completions only unless `protocols` says otherwise; "ollama" (the default) serves every protocol.
    down_after_warm_up: the server stops listening when the harness's warm-up arrives (a server that goes down
    between `run`'s pre-run check and the agent's first call).
    slots_reported: False to simulate slots without answering GET /slots (Ollama's OLLAMA_NUM_PARALLEL is not said).
    per_request_metrics: with flavor "vllm", chat answers carry vLLM's ``metrics`` (``queue_time_ms``: the slot wait,
    ``time_to_first_token_ms``, ``generation_time_ms``), as `vllm serve --enable-per-request-metrics`; the vllm flavor
    never sends llama.cpp's ``timings`` (vLLM has none).
    """
    loaded = load_script(script, base_dir=base_dir)
    cfg = dict(loaded["server"])
    given = {"protocols": protocols, "prefill_tps": prefill_tps, "decode_tps": decode_tps, "slots": slots,
             "flavor": flavor}
    if flavor not in (None, "ollama") and protocols is None and "protocols" not in loaded["server"]:
        given["protocols"] = ("openai",)   # llama.cpp and vLLM speak chat completions only
    cfg.update({k: v for k, v in given.items() if v is not None})
    try:
        speed = Speed(cfg.get("prefill_tps"), cfg.get("decode_tps"))
        served = check_protocols(cfg.get("protocols", PROTOCOLS))
        Slots(cfg.get("slots"))   # checks the count before binding
    except ValueError as e:
        raise ScriptError(str(e)) from None
    server = _Server((_check_host(host), port), loaded["models"], str(log_path) if log_path else None, verbose,
                     log_bodies, protocols=served, speed=speed, slots=cfg.get("slots"),
                     down_after_warm_up=down_after_warm_up, flavor=cfg.get("flavor") or "ollama",
                     slots_reported=slots_reported, per_request_metrics=per_request_metrics)
    return FakeLLM(server)
