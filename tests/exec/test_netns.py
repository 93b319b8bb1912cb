"""The agent's sealed network: under bwrap with sandbox.wrap(model_socket=, model_port=) the agent reaches the model
proxy at the URL it was given and nothing else. Real bwrap, a real ModelProxy (with unix_path) in front of the
scripted model server, real listeners on the host's 127.0.0.1; and the relay (bench/exec/netfwd.py) run on its own:
exit status, signals, stdin, a program that cannot start.

The attempts at addresses off this machine (10.0.0.1, 1.1.1.1) are made only after the agent has checked that it is
not in the host's network namespace, so a broken sandbox fails the test without a packet leaving 127.0.0.1."""
from __future__ import annotations

import http.client
import http.server
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import pytest

from bench import fakellm
from bench.exec import proc, sandbox
from bench.fakellm import server as fakellm_server
from bench.models.proxy import ModelProxy

needs_bwrap = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                 reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")

PYTHON = str(Path(sys.executable).resolve())
SCRIPT = {"models": {
    "plain": {"turns": ["A plain answer that is long enough to be split into several stream chunks, and then some."]},
    "other": {},
}}


@pytest.fixture
def server():
    with fakellm.serve(SCRIPT) as srv:
        yield srv


@pytest.fixture
def sock_dir():
    # Short and private: an AF_UNIX path has at most 107 bytes, and pytest's tmp_path can be longer.
    path = Path(tempfile.mkdtemp(prefix="lab-netns-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def proxy(server, tmp_path, sock_dir):
    with ModelProxy(server.url, unix_path=sock_dir / "model.sock") as p:
        yield p


class _Counting(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def host_service():
    """A plain HTTP service on the host's 127.0.0.1 (what an agent must not reach): (port, the paths it served)."""
    handler = type("Handler", (_Counting,), {"hits": []})
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv.server_address[1], handler.hits
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def abstract_socket():
    """A listening abstract Unix socket on the host (no file: only the network namespace separates it)."""
    name = f"\0lab-netns-{os.getpid()}-{time.monotonic_ns()}"
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(name)
    srv.listen(8)
    yield name
    srv.close()


def host_address() -> str | None:
    """The host's own address on its default route, if it has one (a UDP connect sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 9))
            addr = s.getsockname()[0]
    except OSError:
        return None
    return None if addr.startswith("127.") else addr


def netns_id() -> str:
    return os.readlink("/proc/self/ns/net")


def wrapped(tmp_path: Path, proxy: ModelProxy, code: str, *args: str) -> list[str]:
    """`code` run with the harness's Python as the agent of a sealed sandbox (workdir and home under tmp_path)."""
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir(exist_ok=True)
    home.mkdir(exist_ok=True)
    (work / "agent.py").write_text(textwrap.dedent(code))
    return sandbox.wrap([PYTHON, "agent.py", *args], "bwrap", cwd=work, rw=[work], home=home, network=True,
                        model_socket=proxy.unix_path, model_port=proxy.port)


def calls_file(tmp_path: Path, run_key: str) -> Path:
    """Where a test's run writes its calls (the harness gives each run a file in a directory of its own)."""
    return tmp_path / "calls" / run_key / "model_calls.jsonl"


def route(proxy: ModelProxy, tmp_path: Path, run_key: str) -> str:
    """A route whose calls go to calls_file(tmp_path, run_key)."""
    calls_file(tmp_path, run_key).parent.mkdir(parents=True, exist_ok=True)
    return proxy.route(calls_file(tmp_path, run_key))


def records(tmp_path: Path, run_key: str) -> list[dict]:
    path = calls_file(tmp_path, run_key)
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


AGENT = """
import errno, http.client, json, os, socket, sys
from urllib.parse import urlsplit

cfg = json.loads(sys.argv[1])
route = urlsplit(cfg["url"])
out = {"netns": os.readlink("/proc/self/ns/net")}

def attempt(family, addr):
    s = socket.socket(family, socket.SOCK_STREAM)
    s.settimeout(10)   # a timeout would be a failure of its own: no route means an immediate error
    try:
        s.connect(addr)
        return "connected"
    except socket.timeout:
        return "timeout"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e))
    finally:
        s.close()

# (a) the model list, through the forwarder and the proxy
conn = http.client.HTTPConnection(route.hostname, route.port, timeout=20)
conn.request("GET", route.path + "/api/tags")
resp = conn.getresponse()
out["tags"] = [resp.status, json.loads(resp.read())]
# (b) a streamed chat completion on the same kept-alive connection: its events as they came
body = json.dumps({"model": "plain", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
conn.request("POST", route.path + "/v1/chat/completions", body=body, headers={"Content-Type": "application/json"})
resp = conn.getresponse()
pieces = []
while True:
    piece = resp.read1(65536)
    if not piece:
        break
    pieces.append(piece.decode())
out["stream"] = [resp.status, pieces]
conn.close()
# (g) a request whose sender half-closes at once still gets its whole answer
s = socket.create_connection((route.hostname, route.port), timeout=20)
s.sendall(("GET " + route.path + "/api/tags HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n").encode())
s.shutdown(socket.SHUT_WR)
got = b""
while True:
    chunk = s.recv(65536)
    if not chunk:
        break
    got += chunk
s.close()
out["half_close"] = got.split(b"\\r\\n", 1)[0].decode()
# (h) where the namespace has IPv6, [::1] too (clients resolving "localhost" may try it first)
try:
    has_v6 = "00000000000000000000000000000001" in open("/proc/net/if_inet6").read()
except OSError:
    has_v6 = False
if has_v6:
    conn = http.client.HTTPConnection("::1", route.port, timeout=20)
    conn.request("GET", route.path + "/api/tags")
    out["ipv6"] = conn.getresponse().status
    conn.close()
# (c) a service on the host's loopback; (e) the proxy's own port on other addresses; abstract sockets
out["host_service"] = attempt(socket.AF_INET, ("127.0.0.1", cfg["host_port"]))
out["proxy_other_loopback"] = attempt(socket.AF_INET, ("127.0.0.2", route.port))
if cfg["host_ip"]:
    out["proxy_host_ip"] = attempt(socket.AF_INET, (cfg["host_ip"], route.port))
out["abstract"] = attempt(socket.AF_UNIX, cfg["abstract"])
# (d) off the machine: only from a namespace of our own (else nothing is tried, and the test fails on netns)
if out["netns"] != cfg["host_netns"]:
    out["offsite"] = [attempt(socket.AF_INET, ("10.0.0.1", 80)), attempt(socket.AF_INET, ("1.1.1.1", 53))]
    try:
        out["dns"] = repr(socket.getaddrinfo("example.com", 80))
    except OSError as e:
        out["dns"] = type(e).__name__
print(json.dumps(out))
sys.exit(7)
"""


@needs_bwrap
def test_the_agent_reaches_the_proxy_and_nothing_else(server, proxy, host_service, abstract_socket, tmp_path):
    url = route(proxy, tmp_path, "run-1")
    host_port, host_hits = host_service
    cfg = {"url": url, "host_port": host_port, "host_ip": host_address(), "abstract": abstract_socket,
           "host_netns": netns_id()}
    done = subprocess.run(wrapped(tmp_path, proxy, AGENT, json.dumps(cfg)), capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 7, done.stderr      # the agent's exit status, through the forwarder and bwrap
    out = json.loads(done.stdout)
    assert out["netns"] != cfg["host_netns"]
    # (a) the scripted server's models, as the host sees them
    conn = http.client.HTTPConnection("127.0.0.1", int(server.url.rsplit(":", 1)[1]), timeout=20)
    conn.request("GET", "/api/tags")
    direct = json.loads(conn.getresponse().read())
    conn.close()
    assert out["tags"] == [200, direct] and {m["name"] for m in direct["models"]} == {"plain:latest", "other:latest"}
    # (b) streamed: several events, the stream's end among the last; the call is in the run's file
    status, pieces = out["stream"]
    events = [line for line in "".join(pieces).splitlines() if line.startswith("data: ")]
    assert status == 200 and len(events) > 2 and events[-1] == "data: [DONE]"
    chats = [r for r in records(tmp_path, "run-1") if r["path"] == "/v1/chat/completions"]
    assert [(r["stream"], r["status"], r["model"], r["error"]) for r in chats] == [(True, 200, "plain", None)]
    assert [r["path"] for r in records(tmp_path, "run-1")].count("/api/tags") == 2 + ("ipv6" in out)
    assert out["half_close"] == "HTTP/1.1 200 OK"
    assert out.get("ipv6", 200) == 200
    # (c), (e): nothing listens there in the sandbox's namespace; (d): no route at all; abstract sockets are the host's
    assert out["host_service"] == "ECONNREFUSED" and host_hits == []
    assert out["proxy_other_loopback"] == "ECONNREFUSED"
    if cfg["host_ip"]:
        assert out["proxy_host_ip"] == "ENETUNREACH"
    assert out["offsite"] == ["ENETUNREACH", "ENETUNREACH"] and out["dns"] == "gaierror"
    assert out["abstract"] == "ECONNREFUSED"


@needs_bwrap
def test_the_harness_reads_the_agents_exit_status_from_bwraps_report(proxy, tmp_path):
    """run_tree(sandbox_status=True) is how run_agent reads it: bwrap's report names the forwarder's exit, which is
    the agent's."""
    argv = wrapped(tmp_path, proxy, "import sys; print('out'); sys.exit(7)\n")
    done = proc.run_tree(argv, cwd=tmp_path / "work", env={"PATH": os.environ["PATH"]},
                         stdout_path=tmp_path / "o.log", stderr_path=tmp_path / "e.log", timeout_s=60,
                         contained=True, sandbox_status=True)
    assert (done.exit_code, done.sandbox_exit) == (7, 7), (tmp_path / "e.log").read_text()
    assert (tmp_path / "o.log").read_text() == "out\n"


@needs_bwrap
def test_an_agent_killed_by_a_signal_exits_128_plus_n(proxy, tmp_path):
    argv = wrapped(tmp_path, proxy, "import os, signal; os.kill(os.getpid(), signal.SIGKILL)\n")
    done = subprocess.run(argv, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 128 + signal.SIGKILL


def _alive(marker: str) -> list[str]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in cmdline:
            found.append(cmdline.replace(b"\0", b" ").decode(errors="replace"))
    return found


def _gone(marker: str, wait_s: float = 20) -> list[str]:
    end = time.monotonic() + wait_s
    while (left := _alive(marker)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


@needs_bwrap
def test_killing_the_process_group_ends_the_agent_and_the_forwarder(proxy, tmp_path):
    marker = f"lab-netns-agent-{os.getpid()}-{time.monotonic_ns()}"
    code = "import sys, time\nprint('ready', flush=True)\ntime.sleep(300)\n"
    argv = wrapped(tmp_path, proxy, code, marker)
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        assert p.stdout.readline() == b"ready\n"
        running = _alive(marker)
        assert any("netfwd.py" in line for line in running) and any(line.startswith(PYTHON + " agent.py")
                                                                    for line in running), running
        os.killpg(p.pid, signal.SIGTERM)
        p.wait(timeout=30)
        assert _gone(marker) == []
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        p.stdout.close()


class _Gated(http.server.BaseHTTPRequestHandler):
    """An upstream whose streamed answer holds back after its first event until the test lets it go on."""
    protocol_version = "HTTP/1.1"
    FIRST = b'data: {"choices": [{"index": 0, "delta": {"content": "Hel"}}]}\n\n'
    REST = b'data: {"choices": [{"index": 0, "delta": {"content": "lo"}, "finish_reason": "stop"}]}\n\ndata: [DONE]\n\n'

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for piece in (self.FIRST, self.REST):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            self.wfile.flush()
            if piece is self.FIRST:
                # A failsafe only: the test lets it go once the agent has the first event.
                self.server.held_too_long = not self.server.release.wait(timeout=30)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def log_message(self, *args) -> None:
        pass


STREAMING = """
import http.client, json, sys
from urllib.parse import urlsplit

route = urlsplit(sys.argv[1])
c = http.client.HTTPConnection(route.hostname, route.port, timeout=60)
c.request("POST", route.path + "/v1/chat/completions", headers={"Content-Type": "application/json"},
          body=json.dumps({"model": "m", "stream": True, "messages": []}))
r = c.getresponse()
got = r.read1(65536)
print(json.dumps(got.decode()), flush=True)    # the first event, while the upstream holds the rest back
print(json.dumps((got + r.read()).decode()), flush=True)
"""


@needs_bwrap
def test_a_streamed_answer_passes_the_forwarder_event_by_event(tmp_path, sock_dir):
    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Gated)
    upstream.daemon_threads = True
    upstream.release, upstream.held_too_long = threading.Event(), None
    threading.Thread(target=upstream.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        with ModelProxy(f"http://127.0.0.1:{upstream.server_address[1]}", unix_path=sock_dir / "model.sock") as proxy:
            argv = wrapped(tmp_path, proxy, STREAMING, route(proxy, tmp_path, "run-s"))
            p = subprocess.Popen(argv, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                first = json.loads(p.stdout.readline())
                upstream.release.set()
                whole = json.loads(p.stdout.readline())
                assert p.wait(timeout=30) == 0
            finally:
                if p.poll() is None:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                p.stdout.close()
            [rec] = records(tmp_path, "run-s")
    finally:
        upstream.release.set()
        upstream.shutdown()
        upstream.server_close()
    assert upstream.held_too_long is False, "the first event reached the agent only after the stream's end"
    assert first.encode() == _Gated.FIRST and whole.encode() == _Gated.FIRST + _Gated.REST
    assert rec["stream"] is True and rec["status"] == 200 and rec["finish_reason"] == "stop"


CONCURRENT = """
import http.client, json, sys
from urllib.parse import urlsplit

route = urlsplit(sys.argv[1])
n = int(sys.argv[2])
big = "x" * (1 << 20)   # a 1 MiB prompt: more than one socket buffer, so the relay's writes are partial
conns = [http.client.HTTPConnection(route.hostname, route.port, timeout=60) for _ in range(n)]
for c in conns:
    c.connect()          # all n open through the forwarder at once, before any request
for i, c in enumerate(conns):
    content = big if i == 0 else f"hello {i}"
    body = {"model": "plain", "stream": i % 2 == 1, "messages": [{"role": "user", "content": content}]}
    c.request("POST", route.path + "/v1/chat/completions", headers={"Content-Type": "application/json"},
              body=json.dumps(body))
answers = []
for c in conns:
    r = c.getresponse()
    answers.append([r.status, len(r.read())])
    c.close()
print(json.dumps(answers))
"""


@pytest.fixture
def roomy_proxy(monkeypatch, tmp_path, sock_dir):
    """A proxy in front of a scripted server that takes a burst of new connections: twenty calls at once open
    twenty upstream connections, more than the listen backlog of 5 (socketserver's default) holds, and the kernel
    resets the rest; that is the scripted server's limit, not the forwarder's."""
    monkeypatch.setattr(fakellm_server._Server, "request_queue_size", 128)
    with fakellm.serve(SCRIPT) as srv, ModelProxy(srv.url, unix_path=sock_dir / "model.sock") as p:
        yield p


@needs_bwrap
def test_the_forwarder_carries_twenty_concurrent_connections(roomy_proxy, tmp_path):
    proxy = roomy_proxy
    url = route(proxy, tmp_path, "run-c")
    done = subprocess.run(wrapped(tmp_path, proxy, CONCURRENT, url, "20"), capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    assert len(answers) == 20 and all(status == 200 and size > 0 for status, size in answers), answers
    recs = records(tmp_path, "run-c")
    assert len(recs) == 20 and all(r["status"] == 200 and r["error"] is None for r in recs)
    assert sorted(r["prompt_chars"] for r in recs)[-1] == 1 << 20   # the big body arrived whole
    assert sorted(r["stream"] for r in recs) == [False] * 10 + [True] * 10


# ---------------------------------------------------------------------------------------------
# The proxy's Unix socket, and the forwarder run on its own (no sandbox needed)


def test_the_proxy_serves_the_same_routes_on_its_unix_socket(server, proxy, sock_dir, tmp_path):
    path = sock_dir / "model.sock"
    assert stat.S_ISSOCK(path.stat().st_mode) and stat.S_IMODE(path.stat().st_mode) == 0o600
    url = route(proxy, tmp_path, "run-u")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(20)
    s.connect(str(path))
    conn = http.client.HTTPConnection("localhost")
    conn.sock = s
    conn.request("GET", url.split(str(proxy.port), 1)[1] + "/api/tags")
    resp = conn.getresponse()
    assert resp.status == 200 and json.loads(resp.read())["models"]
    conn.request("GET", "/r/not-a-token/api/tags")
    assert conn.getresponse().status == 404
    conn.close()
    assert [r["path"] for r in records(tmp_path, "run-u")] == ["/api/tags"]
    assert proxy.url == f"http://127.0.0.1:{proxy.port}"
    proxy.stop()
    assert not path.exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _default_signals() -> None:
    # A test run started in the background (`cmd &` in a script without job control, as CI may be) inherits
    # SIGINT ignored, and the forwarder rightly keeps an ignored signal ignored: start it as a shell in the
    # foreground would.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def netfwd(*argv: str, sock: str = "/nonexistent.sock", **kw) -> subprocess.Popen:
    return subprocess.Popen([PYTHON, "-I", "-S", str(sandbox.NETFWD), "--port", str(free_port()), "--socket", sock,
                             "--", *argv], preexec_fn=_default_signals, **kw)


def test_the_forwarder_passes_the_exit_status_stdin_and_output_through(tmp_path):
    p = netfwd(PYTHON, "-c", "import sys; sys.stdout.write(sys.stdin.read().upper()); sys.exit(5)",
               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate(b"same stdin\n", timeout=30)
    assert (p.returncode, out, err) == (5, b"SAME STDIN\n", b"")


def test_the_forwarder_cannot_start_a_missing_program():
    p = netfwd("/nonexistent/agent", "--flag", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = p.communicate(timeout=30)
    assert p.returncode == 127 and out == b""
    assert err.decode().count("\n") == 1 and "/nonexistent/agent" in err.decode()


def test_the_forwarder_refuses_a_malformed_command_line():
    done = subprocess.run([PYTHON, "-I", "-S", str(sandbox.NETFWD), "--port", "x", "--", "true"],
                          capture_output=True, timeout=30)
    assert done.returncode == 2 and b"usage" in done.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_the_forwarder_passes_signals_to_the_agent(sig, tmp_path):
    """A signal for the forwarder reaches the agent; the forwarder ends when the agent does, with its status."""
    code = ("import signal, sys, time\n"
            "signal.signal(int(sys.argv[1]), lambda *a: sys.exit(40))\n"
            "print('ready', flush=True)\n"
            "time.sleep(60)\n")
    p = netfwd(PYTHON, "-c", code, str(int(sig)), stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        assert p.stdout.readline() == b"ready\n"
        p.send_signal(sig)
        assert p.wait(timeout=30) == 40
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stdout.close()
    p = netfwd(PYTHON, "-c", "import time; print('ready', flush=True); time.sleep(60)", stdout=subprocess.PIPE,
               stdin=subprocess.DEVNULL)
    try:
        assert p.stdout.readline() == b"ready\n"
        p.send_signal(sig)
        assert p.wait(timeout=30) == 128 + sig     # killed by it: as a shell reports it
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stdout.close()


def test_the_forwarder_relays_to_the_socket_on_the_host_too(server, proxy, sock_dir, tmp_path):
    """The relay itself, outside any sandbox: a request and a streamed answer on the forwarder's port."""
    port = free_port()
    url = route(proxy, tmp_path, "run-h").replace(str(proxy.port), str(port))
    code = textwrap.dedent("""
        import http.client, json, sys
        from urllib.parse import urlsplit
        route = urlsplit(sys.argv[1])
        c = http.client.HTTPConnection(route.hostname, route.port, timeout=20)
        c.request("POST", route.path + "/api/chat", body=json.dumps({"model": "plain", "messages": []}))
        r = c.getresponse()
        print(r.status, len(r.read().splitlines()))
    """)
    done = subprocess.run([PYTHON, "-I", "-S", str(sandbox.NETFWD), "--port", str(port), "--socket",
                           str(sock_dir / "model.sock"), "--", PYTHON, "-c", code, url],
                          capture_output=True, text=True, timeout=60)
    status, lines = done.stdout.split()
    assert done.returncode == 0 and status == "200" and int(lines) > 2, done.stderr
    [rec] = records(tmp_path, "run-h")
    assert rec["path"] == "/api/chat" and rec["stream"] is True and rec["error"] is None


def test_wrap_wants_the_model_socket_and_port_together(tmp_path):
    with pytest.raises(ValueError):
        sandbox.wrap(["true"], "bwrap", cwd=tmp_path, rw=[tmp_path], home=tmp_path, network=False,
                     model_socket=tmp_path / "m.sock")
    assert sandbox.wrap(["true"], "none", cwd=tmp_path, rw=[tmp_path], home=tmp_path, network=False,
                        model_socket=tmp_path / "m.sock", model_port=1234) == ["true"]




def test_the_forwarder_out_of_descriptors_drops_connections_not_itself(server, proxy, sock_dir, tmp_path):
    """With too few descriptors for every connection the agent opens at once, the forwarder loses some (closed, as
    refused ones would be), says so, and goes on relaying the rest and later ones."""
    port = free_port()
    url = route(proxy, tmp_path, "run-f").replace(str(proxy.port), str(port))
    code = textwrap.dedent("""
        import json, resource, socket, sys
        from urllib.parse import urlsplit
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))   # the forwarder's low limit is its own
        route = urlsplit(sys.argv[1])
        request = ("GET " + route.path + "/api/tags HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n").encode()

        def send():
            s = socket.create_connection((route.hostname, route.port), timeout=30)
            s.sendall(request)
            return s

        def answer(s):
            got = b""
            try:
                while chunk := s.recv(65536):
                    got += chunk
            except OSError:
                pass
            s.close()
            return got.split(b"\\r\\n", 1)[0].decode()

        first = [answer(s) for s in [send() for _ in range(20)]]
        print(json.dumps({"first": first, "later": answer(send())}))
    """)

    def low_limit():
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (24, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    done = subprocess.run([PYTHON, "-I", "-S", str(sandbox.NETFWD), "--port", str(port), "--socket",
                           str(sock_dir / "model.sock"), "--", PYTHON, "-c", code, url],
                          capture_output=True, text=True, timeout=120, preexec_fn=low_limit)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["later"] == "HTTP/1.1 200 OK"
    assert set(out["first"]) <= {"HTTP/1.1 200 OK", ""} and "HTTP/1.1 200 OK" in out["first"]
    assert "netfwd: cannot accept a connection (Too many open files)" in done.stderr
