"""A second hostile review of the model proxy, as the agent inside the sandbox sees it: every attack a `command`
agent speaking raw HTTP to its model URL through the CLI (`--sandbox bwrap`: netfwd, the proxy's Unix socket, the
scripted server), or, where the CLI cannot reach the part, raw sockets against a real ModelProxy on 127.0.0.1.

Each attack says what it was after: tokens recorded smaller than used, another model served, the record pushed
out of what the harness reads, a shared decision of the proxy shaped, a connection no sandbox's cap holds."""
from __future__ import annotations

import json
import os
import socket
import sys
import textwrap
import time
from pathlib import Path

import pytest

from attack_helpers import bench, suite
from bench import fakellm
from bench.exec import sandbox
from bench.models import calls
from bench.models import proxy as proxy_mod
from bench.models.proxy import ModelProxy
from bench.run_agent import MAX_CALLS_BYTES
from models.test_proxy_attacks import HONEST, chat, exchange, lines, new_route, statuses
from models.test_proxy_attacks import upstream as upstream  # the fixture

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SO_PEERCRED and bwrap are Linux's")

CUT_USAGE = {"prompt_tokens": 700, "completion_tokens": 100}
SCRIPT = {"models": {
    # what the agent wants, then more text it need not wait for before the answer's last line (its counts)
    "coder": {"turns": [{"content": "word " * 20 + "THEEND " + "tail " * 40, "usage": CUT_USAGE}] * 50},
    "evil/coder": {"turns": ["I am another model."]},
    "other": {"turns": ["I am another model too."]},
}}

# One agent, several attacks (argv[1] picks), each a raw HTTP exchange with the proxy through netfwd; what it saw
# goes to seen.json in its workdir.
AGENT = textwrap.dedent(r'''
    import json, os, signal, socket, struct, sys, time
    from urllib.parse import urlsplit
    url = urlsplit(os.environ["LOCALAGENTBENCH_MODEL_URL"])
    ADDR, ROUTE = (url.hostname, url.port), url.path

    def request(method, path, body=None, fields=b""):
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        head = b"%s %s%s HTTP/1.1\r\nHost: x\r\n%s" % (method.encode(), ROUTE.encode(), path.encode(), fields)
        if data is not None:
            head += b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(data)
        return head + b"\r\n" + (data or b"")

    def exchange(raw, linger=True):
        s = socket.create_connection(ADDR, timeout=20)
        s.sendall(raw)
        got = b""
        try:
            while chunk := s.recv(65536):
                got += chunk
        except OSError:
            pass
        s.close()
        return got

    def status(got):
        return int(got.split(b" ", 2)[1]) if got.startswith(b"HTTP/1.1 ") else None

    CLOSE = b"Connection: close\r\n"
    HI = [{"role": "user", "content": "hi"}]
    seen = {}
    mode = sys.argv[1]
    if mode == "cut":
        # One whole call, then a streamed one cut (RST) once its text is in, before the line with its counts.
        seen["whole"] = status(exchange(request("POST", "/api/chat", {"model": "coder", "stream": False,
                                                                      "messages": HI}, CLOSE)))
        s = socket.create_connection(ADDR, timeout=20)
        s.sendall(request("POST", "/api/chat", {"model": "coder", "messages": HI}))
        got = b""
        while b"THEEND" not in got:
            got += s.recv(65536)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()
        seen["cut_after_text"] = b"THEEND" in got and b'"done": true' not in got and b'"done":true' not in got
        time.sleep(1)
    elif mode == "flood":
        seen["before"] = status(exchange(request("POST", "/v1/chat/completions", {"model": "coder", "messages": HI},
                                                 CLOSE)))
        junk = request("GET", "/" + "a" * 8000)
        sent = 0
        s = socket.create_connection(ADDR, timeout=20)
        while True:   # pipelined, 200 at a time, until the proxy stops answering them
            try:
                s.sendall(junk * 200)
            except OSError:   # the proxy closed the connection once its file was full
                break
            sent += 200
            got = b""
            try:
                while got.count(b"HTTP/1.1 ") < 200:
                    chunk = s.recv(1 << 20)
                    if not chunk:
                        break
                    got += chunk
            except OSError:
                pass
            if b"HTTP/1.1 429" in got or not got or sent > 200_000:
                break
        seen["flooded"] = sent
        seen["after"] = status(exchange(request("POST", "/v1/chat/completions", {"model": "coder", "messages": HI},
                                                CLOSE)))
    elif mode == "probes":
        probes = {
            "prefixed_other_model": request("POST", "/v1/chat/completions", {"model": "evil/coder", "messages": HI},
                                            CLOSE),
            "other_models_details": request("GET", "/v1/models/other", None, CLOSE),
            "own_models_details": request("GET", "/v1/models/coder", None, CLOSE),
            "stream_as_number": request("POST", "/v1/chat/completions", {"model": "coder", "stream": 1,
                                                                         "messages": HI}, CLOSE),
            "stream_as_string": request("POST", "/api/chat", {"model": "coder", "stream": "false",
                                                              "messages": HI}, CLOSE),
            "lone_surrogate": request("POST", "/v1/chat/completions",
                                      b'{"model": "coder", "stream": true, "messages": [{"role": "user", '
                                      b'"content": "\\ud800"}]}', CLOSE),
            "trailing_slash": request("POST", "/v1/chat/completions/", {"model": "coder", "messages": HI}, CLOSE),
            "http2_preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
            "h2c_upgrade": request("GET", "/api/tags", None, b"Connection: Upgrade, HTTP2-Settings\r\n"
                                   b"Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n" + CLOSE),
            "connect": b"CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n",
            "trace": request("TRACE", "/v1/chat/completions", None, CLOSE),
            "gzip_body": request("POST", "/v1/chat/completions",
                                 __import__("gzip").compress(json.dumps({"model": "other", "messages": HI}).encode()),
                                 b"Content-Encoding: gzip\r\n" + CLOSE),
            "utf16_body": request("POST", "/v1/chat/completions",
                                  json.dumps({"model": "other", "messages": HI}).encode("utf-16"),
                                  b"Content-Type: application/json; charset=utf-16\r\n" + CLOSE),
            "bom_body": request("POST", "/v1/chat/completions",
                                b"\xef\xbb\xbf" + json.dumps({"model": "other", "messages": HI}).encode(), CLOSE),
            "query_model": request("POST", "/v1/chat/completions?model=other",
                                   {"model": "coder", "messages": HI}, CLOSE),
        }
        for name, raw in probes.items():
            got = exchange(raw)
            seen[name] = {"status": status(got), "body": got.partition(b"\r\n\r\n")[2][-3000:].decode("latin-1")}
    elif mode == "kill_relay":
        seen["call"] = status(exchange(request("POST", "/v1/chat/completions", {"model": "coder", "messages": HI},
                                               CLOSE)))
        open("seen.json", "w").write(json.dumps(seen))
        for pid in os.listdir("/proc"):   # the relay that started us: the only way out of this network
            try:
                cmdline = open(f"/proc/{pid}/cmdline", "rb").read()
            except OSError:
                continue
            if pid.isdigit() and b"netfwd.py" in cmdline:
                os.kill(int(pid), signal.SIGKILL)
        time.sleep(5)
    open("seen.json", "w").write(json.dumps(seen))
''')

bwrap_only = pytest.mark.skipif(sandbox.bwrap_works() is not None, reason="needs a working bubblewrap sandbox")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("server") / "requests.jsonl"
    with fakellm.serve(SCRIPT, log_path=log, decode_tps=400) as srv:
        yield srv


def _cli(tmp_path: Path, server, mode: str) -> tuple[dict, dict, list[dict]]:
    """Run the agent in `mode` through the CLI under bwrap: (its run record, what it saw, its calls file's lines)."""
    script = tmp_path / "agent.py"
    script.write_text(AGENT)
    got = bench(tmp_path, suite(tmp_path / "suite"), f"{sys.executable} {script} {mode}", "--model", "coder",
                "--sandbox-ro", str(script), "--keep-workdir", env={"OLLAMA_HOST": server.url})
    record = got.run()
    assert record["sandbox"]["kind"] == "bwrap", got.describe()
    seen_file = Path(record["paths"]["workdir"]) / "seen.json"
    seen = json.loads(seen_file.read_text()) if seen_file.exists() else {}
    return record, seen, lines(Path(record["paths"]["run_dir"]) / "model_calls.jsonl")


# ---------------------------------------------------------------------------------------------------------- via CLI

@bwrap_only
def test_an_answer_cut_before_its_counts_leaves_the_runs_tokens_unknown_not_smaller(tmp_path, server):
    """Attack: read an Ollama stream until the text it wants, then reset the connection before its last line (the
    counts): the
    call was recorded with no usage and an error, left out of the sum, and the run showed the whole call's tokens
    only, unflagged. Now a 2xx call without counts makes the run's tokens unknown, flagged."""
    before = len(server.requests)
    record, seen, calls_lines = _cli(tmp_path, server, "cut")
    assert seen == {"whole": 200, "cut_after_text": True}
    served = [e for e in server.requests[before:] if e.get("path") == "/api/chat"]
    assert [e["stream"] for e in served].count(True) == 1, "the cut call reached the model"
    assert record["model_calls"]["calls"] == 2
    cut = [c for c in calls_lines if c["protocol"] == "ollama_chat" and c["usage"]["prompt_tokens"] is None]
    assert len(cut) == 1 and cut[0]["status"] == 200 and cut[0]["error"]
    assert record["agent"]["tokens_in"] is None and record["agent"]["tokens_out"] is None
    assert "tokens_incomplete" in record["flags"]


@bwrap_only
def test_flooding_the_calls_file_cannot_push_calls_out_of_what_the_harness_reads(tmp_path, server):
    """Attack: thousands of cheap refused requests with 8 KB paths filled model_calls.jsonl past the 64 MiB the
    harness reads in under a second, and every call after that was unread: tokens 0, calls 0. Now each record's
    strings are bounded, the file stops at MAX_CALLS_FILE_BYTES with a line that says so (flag
    proxy_limit_calls), and every later request is refused unserved: what reached the model is all in the record."""
    before = len(server.requests)
    record, seen, calls_lines = _cli(tmp_path, server, "flood")
    assert seen["before"] == 200 and seen["after"] == 429
    size = (Path(record["paths"]["run_dir"]) / "model_calls.jsonl").stat().st_size
    assert proxy_mod.MAX_CALLS_FILE_BYTES <= size < proxy_mod.MAX_CALLS_FILE_BYTES + 256 * 1024 < MAX_CALLS_BYTES
    assert max(len(json.dumps(c)) for c in calls_lines) < 4096
    reached = [e for e in server.requests[before:] if e.get("path") == "/v1/chat/completions"]
    assert len(reached) == 1 == record["model_calls"]["calls"] == record["agent"]["model_calls"]
    assert record["agent"]["tokens_in"] == CUT_USAGE["prompt_tokens"]
    assert calls_lines[-1]["refused"] == "calls_file_full" and "proxy_limit_calls" in record["flags"]


@pytest.fixture(scope="module")
def probed(tmp_path_factory, server):
    """One run whose agent tries every probe in AGENT's "probes" mode."""
    before = len(server.requests)
    record, seen, calls_lines = _cli(tmp_path_factory.mktemp("probes"), server, "probes")
    return record, seen, calls_lines, server.requests[before:]


@bwrap_only
def test_a_name_that_only_ends_in_the_runs_model_is_another_model(probed):
    """Attack: `evil/coder` for a run of `coder` was answered by the model `evil/coder` (the proxy compared the
    names with their first part taken off both). Now the call's name is matched whole."""
    record, seen, calls_lines, served = probed
    assert seen["prefixed_other_model"]["status"] == 403
    assert not [e for e in served if e.get("model") == "evil/coder"]
    assert "other_model_called" in record["flags"]


@bwrap_only
def test_another_models_details_are_not_served(probed):
    """Attack: GET /v1/models/other answered another model's details (a POST /api/show for it was refused). Now
    the name in the path is held to the run's model like a body's."""
    record, seen, calls_lines, served = probed
    assert seen["other_models_details"]["status"] == 403 and seen["own_models_details"]["status"] == 200
    assert [e.get("path") for e in served].count("/v1/models/other") == 0


@bwrap_only
def test_a_stream_flag_that_is_not_a_boolean_is_refused(probed):
    """Attack: `"stream": 1` is not `true` to the proxy (it asked no usage) but streams on a lenient server: the
    call's tokens went unmeasured. Now a `stream` that is not true or false is refused, unserved."""
    record, seen, calls_lines, served = probed
    assert seen["stream_as_number"]["status"] == 400 and seen["stream_as_string"]["status"] == 400
    assert not [e for e in served if e.get("stream") not in (True, False, None)]
    assert sum(c["refused"] == "bad_body" for c in calls_lines) >= 2


@bwrap_only
def test_a_lone_surrogate_in_a_stream_call_is_forwarded_once_and_recorded_once(probed):
    """Attack: a streamed call whose text holds an escaped lone surrogate broke the proxy's re-encoding (it asks
    for usage): no answer, the call recorded twice, the second time as bad framing. Now it is re-encoded as ASCII
    JSON, the same escape the agent sent."""
    record, seen, calls_lines, served = probed
    assert seen["lone_surrogate"]["status"] == 200 and "[DONE]" in seen["lone_surrogate"]["body"]
    assert not [c for c in calls_lines if "UnicodeEncodeError" in str(c["error"])]


@bwrap_only
def test_a_trailing_slash_reaches_the_server_as_the_apis_own_path(probed):
    """Attack: `/v1/responses/` reaches the server as typed, and what a server answers there (a 404 where the API
    has no slash, a redirect) decided for every run whether the proxy translates. Now the upstream gets the path
    the proxy matched."""
    record, seen, calls_lines, served = probed
    assert seen["trailing_slash"]["status"] == 200
    assert "/v1/chat/completions/" not in [e.get("path") for e in served]
    assert [c["path"] for c in calls_lines].count("/v1/chat/completions/") == 1


@bwrap_only
@pytest.mark.parametrize("probe,code", [("http2_preface", 400), ("connect", 400), ("trace", 403),
                                        ("gzip_body", 400), ("utf16_body", 400), ("bom_body", 400)])
def test_other_protocols_methods_and_encodings_never_reach_the_server(probed, probe, code):
    """Contained before and after: HTTP/2's preface and CONNECT are not origin-form requests (400); TRACE is not the
    model API (403, recorded); a gzip, UTF-16 or BOM body (which could hide another model from the proxy's
    reading) is not one UTF-8 JSON object (400, recorded)."""
    record, seen, calls_lines, served = probed
    assert seen[probe]["status"] == code
    assert not [e for e in served if e.get("model") == "other" or e.get("method") in ("TRACE", "CONNECT", "PRI")]


@bwrap_only
def test_an_upgrade_is_not_passed_on(probed):
    """Contained: `Upgrade: h2c` on a GET is answered as HTTP/1.1 (the server never sees the upgrade)."""
    record, seen, calls_lines, served = probed
    assert seen["h2c_upgrade"]["status"] == 200 and '"models"' in seen["h2c_upgrade"]["body"]


@bwrap_only
def test_a_model_named_in_the_query_string_is_not_the_run_choosing_a_model(probed):
    """Contained: `?model=other` on a call whose body names the run's model is answered by the run's model."""
    record, seen, calls_lines, served = probed
    assert seen["query_model"]["status"] == 200 and "another model" not in seen["query_model"]["body"]
    assert record["model_calls"]["models"] == {"coder": 3}   # query, trailing slash, surrogate: TRACE is none


@bwrap_only
def test_killing_the_relay_ends_the_run_as_the_agents_own_failure(tmp_path, server):
    """Attack: the agent SIGKILLs netfwd (its parent, same uid) after its work. The sandbox ends with it; the run
    must not become an infrastructure error (unscored), and its call stays measured."""
    record, seen, calls_lines = _cli(tmp_path, server, "kill_relay")
    assert seen == {"call": 200}
    assert record["agent"]["infra_error"] is None
    assert record["agent"]["exit_code"] != 0 and record["model_calls"]["calls"] == 1


# ------------------------------------------------------------------------------------------------- raw sockets

def test_a_connection_whose_maker_has_exited_is_not_admitted(tmp_path):
    """Attack: connect to the proxy's Unix socket from a child that exits at once: the proxy can no longer tell the
    sandbox (its PID namespace is read from /proc), and every such connection shared one extra allowance of 32
    beside the sandbox's own. Now a connection whose maker is gone is closed at accept."""
    path = tmp_path / "p.sock"
    with ModelProxy("http://127.0.0.1:9", unix_path=path) as proxy:
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(tmp_path / "l.sock"))
        listener.listen(4)
        pid = os.fork()
        if pid == 0:   # the short-lived maker
            socket.socket(socket.AF_UNIX).connect(str(tmp_path / "l.sock"))
            os._exit(0)
        os.waitpid(pid, 0)
        gone, _ = listener.accept()
        mine = socket.socket(socket.AF_UNIX)
        mine.connect(str(tmp_path / "l.sock"))
        alive, _ = listener.accept()
        assert proxy_mod._peer(gone) == proxy_mod.GONE
        assert proxy.admit(gone, proxy_mod._peer(gone)) is False
        assert proxy_mod._peer(alive) == os.readlink("/proc/self/ns/pid")
        assert proxy.admit(alive, proxy_mod._peer(alive)) is True
        proxy.release(alive)
        for s in (gone, mine, alive, listener):
            s.close()


def test_a_full_calls_file_refuses_later_requests_unserved_but_keeps_calls_in_flight(upstream, tmp_path,
                                                                                  monkeypatch):
    """The cap's rule, at a small size: the line that reaches it is followed by the notice; requests after it are
    answered 429 with nothing recorded or forwarded; another run is untouched."""
    monkeypatch.setattr(proxy_mod, "MAX_CALLS_FILE_BYTES", 4096)
    with ModelProxy(upstream.url) as proxy:
        prefix, calls_file = new_route(proxy, tmp_path)
        other, other_file = new_route(proxy, tmp_path, "other")
        sent = 0
        while not (calls_file.exists() and calls_file.stat().st_size >= 4096):
            assert statuses(exchange(proxy, chat(prefix, HONEST, extra=b"Connection: close\r\n"))) == [200]
            sent += 1
        recorded = lines(calls_file)
        assert [r["refused"] for r in recorded] == [None] * sent + ["calls_file_full"]
        forwarded = len(upstream.requests)
        assert forwarded == sent
        for raw in (chat(prefix, HONEST, extra=b"Connection: close\r\n"), b"GET %s/%s HTTP/1.1\r\n\r\n"
                    % (prefix.encode(), b"x" * 100)):
            assert statuses(exchange(proxy, raw)) == [429]
        assert lines(calls_file) == recorded and len(upstream.requests) == forwarded
        assert statuses(exchange(proxy, chat(other, HONEST, extra=b"Connection: close\r\n"))) == [200]
        assert len(lines(other_file)) == 1
        flags = calls.run_flags(calls.summarize(recorded, upstream.url))
        assert flags["proxy_limit_calls"] == ["calls_file_full (1 request refused by the model proxy)"]


def test_a_call_cut_by_the_runs_end_keeps_the_status_it_was_answered_with(tmp_path):
    """A stream in flight when its run ends (the agent made the run end on purpose, having read what it needed):
    the record keeps the upstream's 200, so the call's missing counts make the run's tokens unknown."""
    with fakellm.serve({"models": {"coder": {"turns": [{"content": "w " * 400, "usage": CUT_USAGE}]}}},
                       decode_tps=50) as srv, ModelProxy(srv.url) as proxy:
        calls_file = tmp_path / "model_calls.jsonl"
        url = proxy.route(calls_file, model="coder")
        s = socket.create_connection(("127.0.0.1", proxy.port), timeout=20)
        s.sendall(chat(url[len(proxy.url):], {**HONEST, "stream": True}, path="/api/chat"))
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        proxy.close_route(url)
        time.sleep(0.2)
        s.close()
        [rec] = lines(calls_file)
        assert rec["status"] == 200 and rec["usage"]["prompt_tokens"] is None and "run ended" in rec["error"]
        assert calls.summarize([rec], srv.url)["tokens_unknown_calls"] == 1
