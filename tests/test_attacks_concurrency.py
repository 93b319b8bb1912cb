"""Hostile agents against the model-server concurrency controls (issue 31): the route's cap on calls at the server,
the queue time that moves a run's deadline, and the arithmetic that keeps a run's waits behind its own calls out of
it. Real proxy over HTTP on 127.0.0.1, the scripted server simulating slots and speed, raw sockets as the agent."""
from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from pathlib import Path

from bench import fakellm
from bench.models import calls
from bench.models.proxy import ModelProxy
from conftest import jsonl

BIG = "x" * 3_000_000   # one word: one SSE piece far larger than every socket buffer on the way to the agent
SCRIPT = {"models": {
    "slow": {"turns": [{"content": "ok", "usage": {"prompt_tokens": 10, "completion_tokens": 300}}]},
    "coder": {"turns": [{"content": BIG, "usage": {"prompt_tokens": 10, "completion_tokens": 50}}]},
}}


def _post(url: str, path: str, body: dict) -> None:
    req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        resp.read()


def _stalled_stream(url: str, hold_s: float, ready: threading.Event) -> None:
    """A streamed call whose answer the agent leaves unread for `hold_s` (a tiny receive buffer), then reads."""
    host, _, rest = url.removeprefix("http://").partition("/")
    name, _, port = host.partition(":")
    body = json.dumps({"model": "coder", "stream": True, "messages": [{"role": "user", "content": "go"}]}).encode()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((name, int(port)))
    sock.sendall(b"POST /%s/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (rest.encode(), len(body), body))
    ready.set()
    time.sleep(hold_s)
    sock.settimeout(30)
    while sock.recv(1 << 20):
        pass
    sock.close()


def test_a_wait_behind_the_runs_own_unread_stream_is_not_queue_time(tmp_path: Path):
    """The agent leaves its streamed call X unread, so X keeps its server slot, and sends call Y, which queues behind
    X (and the neighbour's calls). Y waited for the run's own call the whole time: no queue credit. The proxy stops
    X's clock while the agent does not read (its total_s), but the interval X held its place at the server must
    stay whole for the arithmetic that leaves waits behind the run's own calls out, or the stall buys Y's wait."""
    with fakellm.serve(SCRIPT, slots=3, prefill_tps=1000, decode_tps=100, flavor="llama.cpp") as server, \
            ModelProxy(server.url) as proxy:
        proxy.share(3, 2)   # two runs on three slots: each may have two calls at the server
        neighbour = proxy.route(tmp_path / "neighbour.jsonl", model="slow")
        agent = proxy.route(tmp_path / "agent.jsonl", model="coder")
        msgs = [{"role": "user", "content": "go"}]
        slow = [threading.Thread(target=_post, args=(neighbour, "/v1/chat/completions",
                                                     {"model": "slow", "messages": msgs})) for _ in range(2)]
        for t in slow:
            t.start()   # the neighbour's two calls take two slots for 3 s
        time.sleep(0.2)
        ready = threading.Event()
        x = threading.Thread(target=_stalled_stream, args=(agent, 5.0, ready))
        x.start()
        ready.wait(5)
        time.sleep(0.3)   # X holds the third slot (its answer cannot be written while the agent does not read)
        _post(agent, "/v1/chat/completions", {"model": "coder", "messages": msgs})   # Y: queued behind X
        x.join()
        for t in slow:
            t.join()
        live = proxy.queued_s(agent)
    lines = jsonl((tmp_path / "agent.jsonl").read_text())
    assert len(lines) == 2 and all(c["status"] == 200 and not c.get("error") for c in lines), lines
    recorded = calls.summarize(lines, server.url)["queued_s"]
    assert live < 0.3 and recorded < 0.3, (live, recorded, lines)


def _cut_stream(url: str) -> None:
    """A streamed call the agent closes on its first bytes (before the answer's end)."""
    host, _, rest = url.removeprefix("http://").partition("/")
    name, _, port = host.partition(":")
    body = json.dumps({"model": "coder", "stream": True, "messages": [{"role": "user", "content": "go"}]}).encode()
    with socket.create_connection((name, int(port)), timeout=30) as sock:
        sock.sendall(b"POST /%s/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (rest.encode(), len(body), body))
        sock.recv(64)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")   # RST


def test_cutting_its_streams_does_not_make_an_unmeasured_queue_look_measured(tmp_path: Path):
    """Against a server that reports no queue figure (vLLM without per-request metrics) every answered call leaves
    the run's queue time not measured. An agent that closes each stream before its end gets its calls recorded with
    an error: they reached the server and may have waited all the same, so they still count as unmeasured, and the
    run's queue time is never reported as a measured 0."""
    script = {"models": {"coder": {"turns": [{"content": " ".join(["word"] * 400),
                                              "usage": {"prompt_tokens": 10, "completion_tokens": 400}}]}}}
    with fakellm.serve(script, flavor="vllm", slots=1, decode_tps=200) as server, ModelProxy(server.url) as proxy:
        url = proxy.route(tmp_path / "agent.jsonl", model="coder")
        for _ in range(2):
            _cut_stream(url)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len(jsonl((tmp_path / "agent.jsonl").read_text() or "")) < 2:
            time.sleep(0.05)
    lines = jsonl((tmp_path / "agent.jsonl").read_text())
    assert len(lines) == 2 and all(c["status"] == 200 and c["error"] and c["queued_s"] is None for c in lines), lines
    assert calls.summarize(lines, server.url)["queue_unmeasured"] == 2


def test_requests_that_never_reach_the_model_do_not_end_the_warm_up_hold(tmp_path: Path):
    """--jobs auto holds the runs beyond the server's slots until that many runs have begun a model call. An agent
    that sends the proxy requests it refuses (a path that is no model API, a body that is not JSON, another model),
    or one that only lists the models, has begun no model call: it fills no slot, so it must not count toward
    lifting the hold; its first call that goes to the server does."""
    import urllib.error

    with fakellm.serve(SCRIPT, slots=1) as server, ModelProxy(server.url) as proxy:
        proxy.share(1, 2)
        url = proxy.route(tmp_path / "agent.jsonl", model="coder")
        for path, data in (("/metrics", None), ("/v1/chat/completions", b"{not json"),
                           ("/v1/chat/completions", json.dumps({"model": "other", "messages": []}).encode())):
            req = urllib.request.Request(url + path, data=data, headers={"Content-Type": "application/json"})
            try:
                urllib.request.urlopen(req, timeout=30).read()
            except urllib.error.HTTPError as e:
                assert e.code in (400, 403), e.code
        with urllib.request.urlopen(url + "/v1/models", timeout=30) as resp:   # reaches the server, fills no slot
            resp.read()
        refused = proxy.routes_called()
        _post(url, "/v1/chat/completions", {"model": "coder", "messages": [{"role": "user", "content": "go"}]})
        called = proxy.routes_called()
    assert (refused, called) == (0, 1)


def test_an_unread_answer_head_is_not_a_wait_for_the_server(tmp_path: Path):
    """Under bwrap the agent reaches the proxy through a Unix socket (a socket buffer of ~200 KB). It pipelines
    hundreds of small calls on one keep-alive connection and reads nothing for 2 s: the proxy's write of some answer's
    head then blocks before that call's first byte is read, which counted as time to first token, less the prompt
    time the server reports: 2 s of queue credit (a deadline moved, a verdict judged on it) from a server with no
    queue at all. The agent's not reading is its own time, the head's as the body's."""
    script = {"models": {"coder": {"turns": [{"content": "ok", "usage": {"prompt_tokens": 10,
                                                                          "completion_tokens": 2}}]}}}
    n = 400
    with fakellm.serve(script, prefill_tps=1000, decode_tps=100, flavor="llama.cpp") as server, \
            ModelProxy(server.url, unix_path=tmp_path / "m.sock") as proxy:
        url = proxy.route(tmp_path / "agent.jsonl", model="coder")
        token = url.rsplit("/", 1)[-1]
        body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": "go"}]}).encode()
        request = (b"POST /r/%s/v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   b"Content-Length: %d\r\n\r\n%s" % (token.encode(), len(body), body))
        with socket.socket(socket.AF_UNIX) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
            sock.connect(str(tmp_path / "m.sock"))
            sock.sendall(request * n)
            time.sleep(2.0)
            sock.settimeout(30)
            got = b""
            while got.count(b"HTTP/1.1 200") < n:
                piece = sock.recv(1 << 16)
                assert piece, "the proxy closed the connection"
                got += piece
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len((tmp_path / "agent.jsonl").read_text().splitlines()) < n:
            time.sleep(0.05)
        live = proxy.queued_s(url)
    lines = jsonl((tmp_path / "agent.jsonl").read_text())
    assert len(lines) == n and all(c["status"] == 200 for c in lines)
    assert max(c["queued_s"] for c in lines) < 0.5 and live < 0.5, (live, max(c["queued_s"] for c in lines))
    assert calls.summarize(lines, server.url)["queued_s"] < 0.5


def test_thousands_of_queued_calls_keep_the_deadline_check_fast():
    """The deadline watchdog asks for the run's queue credit on every check (QueueClock.credit), and the record's
    figure is the same arithmetic (queue.run_queue). An agent that makes thousands of small calls, each queued a
    little behind the neighbours', must not turn that into minutes per check (it was quadratic: 8000 calls took a
    minute, during which the watchdog did not end the run): linear in the calls, and the same figure."""
    import random

    from bench.models import queue

    rng = random.Random(31)
    waits, served = [], []
    for _ in range(300):   # overlapping and nested intervals: the figure equals a brute-force count on a fine grid
        s = rng.uniform(0, 50)
        q, t = rng.uniform(0, 3), rng.uniform(0, 3)
        waits.append((s, s + q))
        served.append((s + q, s + q + t))
    step = 0.001
    grid = [0] * int(60 / step)
    for lo, hi in waits:
        for i in range(int(lo / step), int(hi / step)):
            grid[i] |= 1
    for lo, hi in served:
        for i in range(int(lo / step), int(hi / step)):
            grid[i] |= 2
    brute = sum(step for g in grid if g == 1)
    assert abs(queue.queued_seconds(waits, served) - brute) < 2 * 600 * step

    clock = queue.QueueClock()
    for i in range(20_000):
        clock.settle("t", i * 1.0, 0.2, 0.5, 0.5)
    start = time.monotonic()
    credit = clock.credit("t", [(20_000.0, 20_001.0)])
    took = time.monotonic() - start
    assert abs(credit - (20_000 * 0.2 + 1.0)) < 1e-3 and took < 2.0, took
    spans = [{"start": i * 1.0, "queued_s": 0.2, "total_s": 0.5} for i in range(20_000)]
    start = time.monotonic()
    assert abs(queue.run_queue(spans) - 4000.0) < 1e-3 and time.monotonic() - start < 2.0
