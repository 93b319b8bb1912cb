"""Runs go through the model proxy: tokens, calls and model time measured at the wire, attributed to the run
that made them, the agent's own figures kept beside them, infrastructure errors from the proxy's evidence."""
from __future__ import annotations

import json
import socket
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

from bench import fakellm, isolate, run_agent, validate
from bench.common import schema
from conftest import agent_spec, jsonl

SCRIPT = {"models": {
    "coder": {"turns": ["Done: the fix is in."]},
    "other": {"turns": ["I am another model."]},
    "broken": {"persona": "error500", "error": "runner process has terminated"},
}}

# A command agent that calls the model through LOCALAGENTBENCH_MODEL_URL (both of the APIs it serves) and
# reports token figures of its own that are not the server's.
AGENT = textwrap.dedent('''
    import json, os, sys, time, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    model = sys.argv[1]
    time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 0)   # its start-up
    def call(path, body, method="POST"):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, resp.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()
    prompt = open(os.environ["LOCALAGENTBENCH_PROMPT_FILE"]).read()
    results = []
    def user(text):
        return [{"role": "user", "content": text}]
    for path, body in [("/v1/chat/completions", {"model": model, "messages": user(prompt)}),
                       ("/v1/chat/completions", {"model": model, "stream": True, "messages": user(prompt + " again"),
                                                 "stream_options": {"include_usage": True}}),
                       ("/api/chat", {"model": model, "messages": user("third " + prompt)})]:
        results.append(call(path, body)[0])
    results.append(call("/api/delete", {"model": model}, method="DELETE")[0])
    results.append(call("/api/tags", None, method="GET")[0])
    with open(os.environ["LOCALAGENTBENCH_EVENTS_FILE"], "a") as f:
        f.write(json.dumps({"type": "usage", "tokens_in": 1, "tokens_out": 2}) + "\\n")
    open("statuses.json", "w").write(json.dumps(results))
    sys.exit(0 if all(s == 200 for s in results[:3]) else 3)
''')


def _isolated(suite: Path, tmp_path: Path, task_id: str = "fix-add") -> dict:
    tasks, problems = validate.validate([str(suite / "tasks")], [task_id])
    assert not problems
    return isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)


def _agent(tmp_path: Path, model: str, startup_s: float = 0) -> str:
    script = tmp_path / "agent.py"
    script.write_text(AGENT)
    return f"{sys.executable} {script} {model} {startup_s}"


@pytest.fixture
def server(monkeypatch, tmp_path):
    with fakellm.serve(SCRIPT, log_path=tmp_path / "server.jsonl") as srv:
        monkeypatch.setenv("OLLAMA_HOST", srv.url)
        yield srv


def _run_through_proxy(record: dict, tmp_path: Path, model: str, run_model: str = "coder",
                       startup_s: float = 0) -> dict:
    spec = agent_spec("command", {"agent_cmd": _agent(tmp_path, model, startup_s)}, model=run_model,
                      keep_workdir=True)
    with run_agent.proxied(spec) as proxied:
        assert proxied.proxy is not None
        return run_agent.run_agent_one(record, proxied)


def test_tokens_and_calls_come_from_the_proxy_equal_to_the_servers_usage(suite, tmp_path, server):
    record = _run_through_proxy(_isolated(suite, tmp_path), tmp_path, "coder", startup_s=0.4)
    schema.check(record, "run")
    served = [e for e in server.requests if e.get("status") == 200 and "usage" in e]
    assert len(served) == 3
    agent, measured = record["agent"], record["model_calls"]
    assert json.loads((Path(record["paths"]["workdir"]) / "statuses.json").read_text()) == [200, 200, 200, 403, 200]
    assert agent["tokens_source"] == "proxy"
    assert agent["tokens_in"] == sum(e["usage"]["prompt_tokens"] for e in served) > 0
    assert agent["tokens_out"] == sum(e["usage"]["completion_tokens"] for e in served) > 0
    assert agent["agent_reported"]["tokens_in"] == 1 and agent["agent_reported"]["tokens_out"] == 2
    assert agent["model_calls"] == measured["calls"] == 3
    assert measured["other_requests"] == 2 and measured["errors"] == 1   # the refused delete
    assert measured["protocols"] == {"openai_chat": 2, "ollama_chat": 1}
    assert 0 < agent["model_s"] <= agent["wall_s"]
    assert agent["own_s"] == pytest.approx(agent["wall_s"] - agent["model_s"], abs=0.002)
    lines = jsonl((Path(record["paths"]["run_dir"]) / "model_calls.jsonl").read_text())
    assert [line["status"] for line in lines] == [200, 200, 200, 403, 200]
    assert "refused" in lines[3]["error"] and not any(e.get("path") == "/api/delete" for e in server.requests)
    assert record["agent"]["infra_error"] is None
    assert "other_model_called" not in record["flags"] and measured["models"] == {"coder": 3}
    # its start-up: from its start to the first call the proxy saw (the agent slept 0.4 s before calling)
    first = min(datetime.fromisoformat(line["started_at"].replace("Z", "+00:00")).timestamp() for line in lines[:3])
    assert measured["first_call_at"] == pytest.approx(first, abs=0.001)
    assert 0.4 <= agent["startup_s"] <= agent["wall_s"]


def test_a_server_that_fails_every_call_is_an_infrastructure_error_named_by_the_proxy(suite, tmp_path, server):
    record = _run_through_proxy(_isolated(suite, tmp_path), tmp_path, "broken", run_model="broken")
    agent = record["agent"]
    assert agent["exit_code"] == 3 and record["model_calls"]["errors"] >= 1
    assert agent["infra_error"] and "500" in agent["infra_error"] and server.url in agent["infra_error"]
    assert "runner process has terminated" in agent["infra_error"]


def test_an_agent_that_calls_another_model_is_refused_and_fails_on_its_own(suite, tmp_path, server):
    """A run calls its own model only: a call naming another one (a bigger model would be scored as the one
    named) never reaches the server, is recorded and flagged, and the agent's failure is its own."""
    record = _run_through_proxy(_isolated(suite, tmp_path), tmp_path, "broken", run_model="coder")
    agent = record["agent"]
    assert agent["infra_error"] is None and agent["agent_error"] == "exit code 3"
    assert not [e for e in server.requests if e.get("model") == "broken"]
    assert record["model_calls"]["refused"] == {"other_model": 3}
    assert record["flag_details"]["other_model_called"] == ["other_model (3 requests refused by the model proxy)"]
    lines = jsonl((Path(record["paths"]["run_dir"]) / "model_calls.jsonl").read_text())
    assert [(line["status"], line["refused"], line["model"]) for line in lines[:3]] == \
        [(403, "other_model", "broken")] * 3


def test_runs_at_once_keep_their_own_calls(suite, tmp_path, server, monkeypatch):
    """`run --jobs 2`: each run's calls file holds the calls its own agent made (its prompt, its task)."""
    from bench import cli

    out = tmp_path / "out"
    rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command",
                   "--agent-cmd", _agent(tmp_path, "coder"), "--model", "coder", "--jobs", "2", "--repeat", "2",
                   "--out", str(out), "--sandbox", "none"])
    assert rc in (0, 1)
    runs = [json.loads(p.read_text()) for p in sorted(out.glob("runs/*/*/run.json"))]
    assert len(runs) >= 4
    for run in runs:
        prompt = Path(run["paths"]["run_dir"], "prompt.txt").read_text()
        lines = jsonl(Path(run["paths"]["run_dir"], "model_calls.jsonl").read_text())
        chat = [line for line in lines if line["protocol"] != "other"]
        assert [line["prompt_chars"] for line in chat] == [len(prompt), len(prompt + " again"), len("third " + prompt)]
        assert run["agent"]["tokens_in"] == sum(line["usage"]["prompt_tokens"] for line in chat)


def test_a_run_end_to_end_splits_its_time_and_reads_the_servers_speed(suite, tmp_path, monkeypatch):
    """engine.run_one against a server with simulated speed: prefill and decode tokens per second are the server's
    own (its timings), and the run's time splits into the model's, the agent's own, grading's and the harness's."""
    from bench import engine

    with fakellm.serve(SCRIPT, prefill_tps=20000, decode_tps=400) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        tasks, _ = validate.validate([str(suite / "tasks")], ["fix-add"])
        spec = agent_spec("command", {"agent_cmd": _agent(tmp_path, "coder")}, model="coder")
        record = engine.run_one(tasks[0], tmp_path / "out", "r1", 0, spec)
    measured, timing = record["model_calls"], record["timing"]
    assert measured["prefill_tokens"] == measured["tokens_in"] and measured["decode_tokens"] == measured["tokens_out"]
    assert measured["prefill_tokens"] / measured["prefill_s"] == pytest.approx(20000, rel=0.01)
    assert measured["decode_tokens"] / measured["decode_s"] == pytest.approx(400, rel=0.01)
    assert timing["agent_s"] == record["agent"]["wall_s"] and timing["model_s"] == record["agent"]["model_s"]
    assert timing["model_s"] >= measured["decode_s"], "the model's time holds at least its decoding"
    parts = timing["agent_s"] + timing["grading_s"] + timing["harness_s"]
    assert parts == pytest.approx(timing["total_s"], abs=0.005) and timing["grading_s"] > 0


SEALED_AGENT = textwrap.dedent('''
    import json, os, socket, sys, urllib.request
    url, direct_port = os.environ["LOCALAGENTBENCH_MODEL_URL"], int(sys.argv[1])
    body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": "hi"}]}).encode()
    req = urllib.request.Request(url + "/v1/chat/completions", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        proxied = resp.status
    try:   # the model server itself, on the host's loopback: not reachable from the agent's sandbox
        socket.create_connection(("127.0.0.1", direct_port), timeout=5).close()
        direct = "connected"
    except OSError as e:
        direct = type(e).__name__
    open("network.json", "w").write(json.dumps({"proxied": proxied, "direct": direct}))
''')


def test_under_bwrap_the_agent_reaches_the_proxy_and_not_the_server(suite, tmp_path, server, monkeypatch):
    """The agent's sandbox has a network of its own: its model URL works (through the proxy's Unix socket), the
    model server's own port on the host's loopback does not, and the call is measured. The harness's temporary
    directory is too long a path for a Unix socket: the socket goes elsewhere."""
    from bench import cli

    long_tmp = tmp_path / ("t" * 100)
    long_tmp.mkdir()
    monkeypatch.setenv("LOCALAGENTBENCH_TMPDIR", str(long_tmp))

    script = tmp_path / "sealed.py"
    script.write_text(SEALED_AGENT)
    out = tmp_path / "out"
    rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--agent", "command",
                   "--agent-cmd", f"{sys.executable} {script} {server.port}", "--model", "coder",
                   "--sandbox", "bwrap", "--sandbox-ro", str(script), "--keep-workdir", "--out", str(out)])
    [run_json] = list(out.glob("runs/*/*/run.json"))
    record = json.loads(run_json.read_text())
    assert rc in (0, 1) and record["sandbox"]["kind"] == "bwrap", record["agent"]
    assert record["sandbox"]["network"]["agent"] == "the model proxy only"
    seen = json.loads((Path(record["paths"]["workdir"]) / "network.json").read_text())
    assert seen == {"proxied": 200, "direct": "ConnectionRefusedError"}
    assert record["model_calls"]["calls"] == 1 and record["agent"]["tokens_in"] > 0


@pytest.mark.parametrize("kind", ["none", "bwrap"])
def test_an_agent_retrying_a_dead_server_is_stopped_early_as_an_infrastructure_error(suite, tmp_path, monkeypatch,
                                                                                      kind):
    """The server is down: after a few calls in a row that the proxy could not deliver, the harness ends the agent
    (it would retry into its timeout) and the run is an infrastructure error naming the server."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"127.0.0.1:{s.getsockname()[1]}"
    monkeypatch.setenv("OLLAMA_HOST", dead)
    retrying = tmp_path / "retry.py"
    retrying.write_text(textwrap.dedent('''
        import json, os, time, urllib.request
        for attempt in range(1000):   # an agent that never gives up
            req = urllib.request.Request(os.environ["LOCALAGENTBENCH_MODEL_URL"] + "/api/chat",
                                         data=json.dumps({"model": "coder", "messages": []}).encode())
            try:
                urllib.request.urlopen(req, timeout=5)
            except Exception:
                time.sleep(0.05)
    '''))
    spec = agent_spec("command", {"agent_cmd": f"{sys.executable} {retrying}", "sandbox_ro": [str(retrying)]},
                      kind, model="coder", timeout_s=120)
    with run_agent.proxied(spec) as proxied:
        record = run_agent.run_agent_one(_isolated(suite, tmp_path), proxied)
    agent = record["agent"]
    assert agent["stopped"] and "could not be reached 3 times" in agent["stopped"]
    assert agent["timed_out"] is False
    assert agent["infra_error"] and dead in agent["infra_error"] and "unreachable" in agent["infra_error"]
    calls = record["model_calls"]
    assert calls["calls"] >= 3 and calls["errors"] == calls["calls"] and calls["tokens_in"] is None


def test_an_agent_without_a_turn_limit_of_its_own_is_stopped_at_the_tasks(suite, tmp_path, server):
    """An adapter whose CLI has no turn limit asks the harness to keep it (Invocation.max_model_calls): the proxy
    refuses the call past the limit and the agent is stopped, neither an infrastructure error nor its own error,
    and the run keeps the change it made so far."""
    import dataclasses
    import types

    from bench.agents import command

    looping = tmp_path / "loop.py"
    looping.write_text(textwrap.dedent('''
        import json, os, time, urllib.request
        open("work.txt", "w").write("started\\n")
        for turn in range(1000):   # an agent that never stops on its own
            req = urllib.request.Request(os.environ["LOCALAGENTBENCH_MODEL_URL"] + "/v1/chat/completions",
                                         data=json.dumps({"model": "coder", "messages": [
                                             {"role": "user", "content": "go"}]}).encode())
            try:
                urllib.request.urlopen(req, timeout=5).read()
            except Exception as e:
                print("the model said no:", e, flush=True)   # and it goes on asking
            time.sleep(0.05)
    '''))

    def held_to_two(ctx):
        return dataclasses.replace(command.invocation(ctx), max_model_calls=2)

    adapter = types.SimpleNamespace(**{name: getattr(command, name) for name in ("check", "version", "parse", "SPEC")},
                                    invocation=held_to_two)
    spec = agent_spec("command", {"agent_cmd": f"{sys.executable} {looping}"}, model="coder", timeout_s=120,
                      keep_workdir=True)
    with run_agent.proxied(dataclasses.replace(spec, adapter=adapter)) as proxied:
        record = run_agent.run_agent_one(_isolated(suite, tmp_path), proxied)
    schema.check(record, "run")
    agent, calls = record["agent"], record["model_calls"]
    assert agent["stopped"] == "stopped by the harness: the task's max_turns (2 model calls) were spent"
    assert agent["timed_out"] is False and agent["infra_error"] is None and agent["agent_error"] is None
    assert calls["calls"] == agent["model_calls"] == 2 and calls["errors"] >= 1
    assert len([e for e in server.requests if e.get("api") == "openai"]) == 2
    assert "work.txt" in agent["files_changed"]


# ---------------------------------------------------------------------------------------------
# Attacks on the proxy from inside the sandbox, through the CLI (issue 27)

# Two runs at once (--jobs 2): fix-add's agent is honest (one call, then the fix); calib-hello's attacks the proxy
# first with calls it must refuse (JSON nested 100,000 deep, a body over the cap), then holds a thousand
# connections open. argv[1]: which attacks (exhaust | smuggle).
HOSTILE = textwrap.dedent('''
    import json, os, socket, sys, time, urllib.request
    from urllib.parse import urlsplit
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    parts = urlsplit(url)
    addr, prefix, model = (parts.hostname, parts.port), parts.path.encode(), os.environ["LOCALAGENTBENCH_MODEL"]
    def call(raw):
        with socket.create_connection(addr, timeout=30) as s:
            s.sendall(raw)
            got = b""
            try:
                while chunk := s.recv(65536):
                    got += chunk
            except OSError:
                pass
            return got.split(b" ", 2)[1].decode() if got.startswith(b"HTTP/1.1") else "none"
    def post(body, path=b"/v1/chat/completions", fields=b""):
        return (b"POST " + prefix + path + b" HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: %d\\r\\n" % len(body)
                + fields + b"Connection: close\\r\\n\\r\\n" + body)
    if os.path.exists("calc.py"):   # the honest run
        time.sleep(3)
        body = json.dumps({"model": model, "messages": [{"role": "user", "content": "fix add"}]}).encode()
        req = urllib.request.Request(url + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as resp:
            assert resp.status == 200
        open("calc.py", "w").write("def add(a, b):\\n    return a + b\\n")
        sys.exit(0)
    said = {}
    if sys.argv[1] == "exhaust":
        deep = b'{"model": "%s", "messages": ' % model.encode() + b"[" * 100000 + b"]" * 100000 + b"}"
        said["deep"] = [call(post(deep)) for _ in range(20)]
        said["big"] = call(b"POST " + prefix + b"/v1/chat/completions HTTP/1.1\\r\\nHost: x\\r\\n"
                           b"Content-Length: 20000000\\r\\n\\r\\n{")
        held = []
        for _ in range(1000):
            try:
                held.append(socket.create_connection(addr, timeout=5))
            except OSError:
                break
        said["held"] = len(held)
        time.sleep(8)
    else:
        pull = b'{"model": "other", "name": "other"}'
        smuggled = b"POST /api/pull HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: %d\\r\\n\\r\\n" % len(pull) + pull
        get = b"GET " + prefix + b"/v1/models HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: %d\\r\\n\\r\\n"
        said["get_body"] = call(get % len(smuggled) + smuggled)
        said["cl_te"] = call(b"POST " + prefix + b"/api/tags HTTP/1.1\\r\\nHost: x\\r\\nContent-Length: 4\\r\\n"
                             b"Transfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n" + smuggled)
        said["fold"] = call(post(b"{}", fields=b"X-A: 1\\r\\n Transfer-Encoding: chunked\\r\\n") + smuggled)
        said["other"] = call(post(json.dumps({"model": "other", "messages": []}).encode()))
        said["Model"] = call(post(b'{"model": "%s", "Model": "other", "messages": []}' % model.encode()))
        said["dup"] = call(post(b'{"model": "%s", "model": "other", "messages": []}' % model.encode()))
        said["pull"] = call(post(pull, path=b"/api/pull"))
    open(os.environ["LOCALAGENTBENCH_EVENTS_FILE"] + ".said", "w").write(json.dumps(said))
    print(json.dumps(said))
''')


def _hostile_bench(suite: Path, tmp_path: Path, attack: str):
    from attack_helpers import bench

    script = tmp_path / "hostile.py"
    script.write_text(HOSTILE)
    return bench(tmp_path, suite, f"{sys.executable} {script} {attack}", "--model", "coder", "--jobs", "2",
                 "--sandbox-ro", str(script), tasks=("fix-add", "calib-hello"))


@pytest.mark.skipif(sys.platform != "linux", reason="bubblewrap (Linux)")
def test_an_honest_run_beside_one_that_exhausts_the_proxy_still_passes(suite, tmp_path, server):
    """A run that floods the proxy (a thousand idle connections, JSON nested 100,000 deep, a body over the cap)
    gets each refused, recorded in its own calls file and flagged; the run beside it is served and passes."""
    result = _hostile_bench(suite, tmp_path, "exhaust")
    honest, hostile = result.graded("fix-add"), result.graded("calib-hello")
    assert honest["outcome"] == "passed" and honest["agent"]["agent_error"] is None, result.describe()
    assert honest["model_calls"]["calls"] == 1 and honest["model_calls"]["errors"] == 0
    said = json.loads(result.file("agent.stdout.log", "calib-hello").read_text().splitlines()[-1])
    assert said["deep"] == ["400"] * 20 and said["big"] == "413" and said["held"] > 0
    for flag in ("proxy_limit_json_depth", "proxy_limit_request_bytes", "proxy_limit_connections"):
        assert flag in hostile["flags"], hostile["flags"]
    lines = jsonl(result.file("model_calls.jsonl", "calib-hello").read_text())
    assert sum(line["refused"] == "json_too_deep" for line in lines) == 20
    assert not [e for e in server.requests if e.get("path", "").endswith("/chat/completions")
                and e.get("status") != 200]


@pytest.mark.skipif(sys.platform != "linux", reason="bubblewrap (Linux)")
def test_a_request_smuggled_through_the_proxy_never_reaches_the_server(suite, tmp_path, server):
    """GET with a body, Content-Length with Transfer-Encoding, an obs-folded field, another model, a `Model` key,
    a duplicate `model` key: each refused and recorded; the server never sees a pull or another model."""
    result = _hostile_bench(suite, tmp_path, "smuggle")
    hostile = result.graded("calib-hello")
    said = json.loads(result.file("agent.stdout.log", "calib-hello").read_text().splitlines()[-1])
    assert said == {"get_body": "400", "cl_te": "400", "fold": "400", "other": "403", "Model": "400",
                    "dup": "400", "pull": "403"}
    assert not [e for e in server.requests if "pull" in str(e.get("path")) or e.get("model") not in (None, "coder")]
    assert "proxy_bad_request" in hostile["flags"] and "other_model_called" in hostile["flags"]
    lines = jsonl(result.file("model_calls.jsonl", "calib-hello").read_text())
    assert [line["refused"] for line in lines] == ["bad_framing", "bad_framing", "bad_framing", "other_model",
                                                   "bad_body", "bad_body", None]
    assert result.graded("fix-add")["outcome"] == "passed"
