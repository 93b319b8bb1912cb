"""Concurrency that changes nothing else: `run --jobs auto` sized from the server's slots, the time a run's calls
wait for a free slot measured at the proxy and not counted against its timeout, and a bounded warm-up. Through the
CLI, against the scripted server simulating slots and prefill / decode speed."""
from __future__ import annotations

import json
import socket
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from bench import cli, fakellm
from bench.models import queue
from conftest import jsonl

SCRIPT = {"models": {"coder": {"turns": [{"content": "ok", "usage": {"prompt_tokens": 250, "completion_tokens": 25}}]}}}
SPEED = {"prefill_tps": 1000, "decode_tps": 100}   # each call: 0.25 s prompt + 0.25 s answer

# A command agent whose outcome depends on its time: three model calls (OpenAI chat, Ollama chat, OpenAI chat) with
# a little work between them, then the fix. On calib-hello it works for longer than any timeout the test gives.
TIMED_AGENT = textwrap.dedent('''
    import json, os, time, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    def call(path):
        body = json.dumps({"model": "coder", "stream": path == "/api/chat",
                           "messages": [{"role": "user", "content": "fix it"}]}).encode()
        req = urllib.request.Request(url + path, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as resp:
            resp.read()
    for path in ("/v1/chat/completions", "/api/chat", "/v1/chat/completions"):
        call(path)
        time.sleep(0.2)
    if os.path.exists("hello.py"):
        time.sleep(60)   # over every budget: a timeout at any --jobs
    if os.path.exists("calc.py"):
        open("calc.py", "w").write("def add(a, b):\\n    return a + b\\n")
    if os.path.exists("mx.py"):
        open("mx.py", "w").write("def biggest(xs):\\n    return max(xs)\\n")
''')


def _agent(tmp_path: Path) -> str:
    script = tmp_path / "timed_agent.py"
    script.write_text(TIMED_AGENT)
    return f"{sys.executable} {script}"


def _run(suite: Path, tmp_path: Path, name: str, *extra: str) -> tuple[int, Path]:
    out = tmp_path / name
    rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command", "--agent-cmd", _agent(tmp_path),
                   "--model", "coder", "--out", str(out), "--sandbox", "none", *extra])
    return rc, out


def _runs(out: Path) -> dict[tuple[str, int], dict]:
    runs = [json.loads(p.read_text()) for p in out.glob("runs/*/*/run.json")]
    return {(r["task_id"], r["rep"]): r for r in runs}


def test_queue_arithmetic_counts_parallel_waits_once_and_not_behind_the_runs_own_calls():
    assert queue.call_queued_s(True, ttft_s=1.5, total_s=3.0, prefill_s=0.5, decode_s=1.0) == 1.0
    assert queue.call_queued_s(False, ttft_s=3.0, total_s=3.0, prefill_s=0.5, decode_s=1.0) == 1.5
    assert queue.call_queued_s(False, ttft_s=3.0, total_s=3.0, prefill_s=None, decode_s=None) is None
    assert queue.call_queued_s(True, ttft_s=0.53, total_s=3.0, prefill_s=0.5, decode_s=1.0) == 0.0   # HTTP, not a queue
    assert queue.call_queued_s(True, ttft_s=9.0, total_s=9.5, prefill_s=0.5, decode_s=0.5, load_s=8.5) == 0.0  # reload
    # two calls waiting at once count once; a call waiting behind the run's own call is not queued for others
    assert queue.run_queue([{"start": 0.0, "queued_s": 2.0, "total_s": 3.0},
                            {"start": 0.0, "queued_s": 2.0, "total_s": 3.0}]) == 2.0
    assert queue.run_queue([{"start": 0.0, "queued_s": 0.0, "total_s": 3.0},
                            {"start": 0.0, "queued_s": 3.0, "total_s": 4.0}]) == 0.0


def test_outcomes_are_the_same_at_jobs_1_and_4_against_a_one_slot_server(suite, tmp_path, monkeypatch):
    """Every run's verdict at --jobs 4 is its verdict at --jobs 1 although its calls waited for the one slot
    longer than its whole budget allows; the wait is measured (equal to the server's own slot wait), reported
    apart from the model's time, and the deadline was moved by it."""
    with fakellm.serve(SCRIPT, slots=1, log_path=tmp_path / "server.jsonl", **SPEED) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        rc1, alone = _run(suite, tmp_path, "jobs1", "--jobs", "1", "--repeat", "2", "--timeout", "6")
        rc4, shared = _run(suite, tmp_path, "jobs4", "--jobs", "4", "--repeat", "2", "--timeout", "6")
        waits = {e["rid"]: e.get("slot_wait_s") or 0.0 for e in server.requests if "rid" in e}
    assert rc1 == rc4
    one, four = _runs(alone), _runs(shared)
    assert len(one) == len(four) == 6
    assert {k: r["outcome"] for k, r in one.items()} == {k: r["outcome"] for k, r in four.items()}
    assert {r["outcome"] for k, r in four.items() if k[0] == "calib-hello"} == {"agent_timeout"}
    assert {r["outcome"] for k, r in four.items() if k[0] != "calib-hello"} == {"passed"}
    waited = [r for r in four.values() if r["agent"]["queued_s"] > 0]
    assert waited, "with four runs on one slot some calls waited"
    total_queued = sum(r["agent"]["queued_s"] for r in four.values())
    assert total_queued == pytest.approx(sum(waits.values()), abs=0.05 * len(waits) + 0.2)
    for r in waited:
        agent = r["agent"]
        assert agent["model_s"] + agent["queued_s"] + agent["own_s"] == pytest.approx(agent["wall_s"], abs=0.01)
        assert r["timing"]["queued_s"] == agent["queued_s"]
        assert agent["timeout_extended_s"] is not None
        lines = [c for c in jsonl(Path(r["paths"]["run_dir"], "model_calls.jsonl").read_text())
                 if c["protocol"] != "other"]
        assert all(c["queued_s"] is not None for c in lines), "both Ollama's and llama.cpp's timings give it"
    # the latency figures and the report show the three parts apart
    summary = json.loads((shared / "summary.json").read_text())
    [group] = summary["groups"]
    assert group["latency"]["queued_s"] == pytest.approx(total_queued, abs=0.01)
    from bench import engine
    engine.report(summary, shared)
    assert "queued for a free server slot" in (shared / "report.md").read_text()
    assert any("queued for the model" in page.read_text() for page in (shared / "site").rglob("*.html"))
    for r in one.values():   # one run at a time: nothing waited (but a loaded machine's HTTP), nothing extended
        assert r["agent"]["queued_s"] < 0.5 and r["agent"]["timeout_extended_s"] is None


def test_jobs_auto_takes_the_servers_slots_and_model_slots_where_it_reports_none(suite, tmp_path, monkeypatch):
    with fakellm.serve(SCRIPT, slots=3) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        rc, out = _run(suite, tmp_path, "auto", "--jobs", "auto", "--task", "fix-add")
    config = json.loads((out / "run-config.json").read_text())
    assert rc == 0 and config["jobs"] == 6
    assert config["jobs_auto"]["slots"] == 3 and config["jobs_auto"]["source"].endswith("/slots")
    with fakellm.serve(SCRIPT) as server:   # unlimited: reports no slots, as Ollama
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        rc, out = _run(suite, tmp_path, "named", "--jobs", "auto", "--model-slots", "2", "--task", "fix-add")
    config = json.loads((out / "run-config.json").read_text())
    assert config["jobs"] == 4 and config["jobs_auto"] == {"slots": 2, "source": "--model-slots", "runs_per_slot": 2}
    assert cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "mock", "--jobs", "some"]) == 2


def _hung_server():
    """A server that accepts connections and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept():
        sock.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(sock.accept()[0])
            except OSError:
                continue

    threading.Thread(target=accept, daemon=True).start()
    return sock, held, stop


def test_the_warm_up_of_a_hung_server_ends_in_seconds(suite, tmp_path, monkeypatch, capsys):
    """The harness's warm-up before the first run (a one-token chat, allowed minutes for a model to load) is not
    sent to a server that took the connection and answered none of its metadata requests: `run` stops in seconds
    (before: 600) with one line, and the warm-up record says why."""
    from bench.agents.binaries import find_binary
    from bench.models import modelserver

    if find_binary("aider") is None:
        pytest.skip("aider is not installed (nox -s agents)")
    monkeypatch.setattr(modelserver, "HUNG_CONFIRM_S", 2.0)   # the second, longer chance a busy server gets
    sock, held, stop = _hung_server()
    try:
        host = f"http://127.0.0.1:{sock.getsockname()[1]}"
        start = time.monotonic()
        section = modelserver.gather_model("coder", host + "/v1")
        # never the warm-up's own bound (WARM_UP_TIMEOUT_S, minutes): the metadata's two bounded tries
        assert time.monotonic() - start < modelserver.WARM_UP_TIMEOUT_S / 4
        assert section["warm_up"]["error_kind"] == "hung" and section["load_s"] is None
        monkeypatch.setenv("OLLAMA_HOST", host)
        start = time.monotonic()
        out = tmp_path / "hung"
        rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "aider", "--model", "ollama/coder",
                       "--out", str(out), "--sandbox", "none", "--task", "fix-add"])
        took = time.monotonic() - start
    finally:
        stop.set()
        for conn in held:
            conn.close()
        sock.close()
    err = capsys.readouterr().err
    assert rc == 3 and took < modelserver.WARM_UP_TIMEOUT_S / 4, (rc, took)
    assert "accepted the connection but sent no answer" in err
    assert not list(out.glob("runs/*/*/run.json")), "no run started against a hung server"


HOSTILE = textwrap.dedent('''
    import json, os, threading, time, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    def call(text):
        body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": text}]}).encode()
        req = urllib.request.Request(url + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=120).read()
        except Exception:
            pass
    if os.path.exists("mx.py"):   # the other run: holds the one slot for 6 s
        call("HOG")
    elif os.path.exists("calc.py"):
        # the attack: a call that waits behind the other run's stands for "waiting on the model" while the agent
        # works on past its budget in parallel, then leaves before the call is answered
        time.sleep(1.0)
        threading.Thread(target=call, args=("fix it",), daemon=True).start()
        time.sleep(4.5)
        open("calc.py", "w").write("def add(a, b):\\n    return a + b\\n")
        os._exit(0)
''')
HOG_SCRIPT = {"models": {"coder": {"turns": [[
    {"when": {"contains": "HOG"}, "content": "ok", "usage": {"prompt_tokens": 6000, "completion_tokens": 10}},
    {"content": "ok", "usage": {"prompt_tokens": 100, "completion_tokens": 10}}]]}}}


def test_an_agent_cannot_work_past_its_budget_behind_a_call_that_waits_for_a_slot(suite, tmp_path, monkeypatch):
    """While its call waits for the slot behind the other run's, the run's deadline moves by the time the proxy saw
    it queued (the other run's call at the server before it, unanswered), and by nothing more: an agent that works
    on meanwhile and leaves before its call is answered outlives its budget by that measured wait only."""
    agent = tmp_path / "hostile.py"
    agent.write_text(HOSTILE)
    with fakellm.serve(HOG_SCRIPT, slots=1, prefill_tps=1000, decode_tps=100) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        out = tmp_path / "hostile"
        cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command", "--agent-cmd",
                  f"{sys.executable} {agent}", "--model", "coder", "--out", str(out), "--sandbox", "none",
                  "--task", "fix-add", "--task", "fix-max", "--jobs", "2", "--timeout", "3"])
    hostile = _runs(out)[("fix-add", 0)]
    assert hostile["agent"]["timed_out"] and hostile["outcome"] == "agent_timeout"
    # the wait it is credited is the hog's service time it sat behind (the hog's run ends at its own 3 s budget)
    assert 1.0 < hostile["agent"]["queued_s"] < 2.5
    assert hostile["agent"]["wall_s"] <= 3 + hostile["agent"]["queued_s"] + 0.5


PREFILL_HOSTILE = textwrap.dedent('''
    import json, os, threading, time, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    def call(text):
        body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": text}]}).encode()
        req = urllib.request.Request(url + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=120).read()
        except Exception:
            pass
    if os.path.exists("calc.py"):
        # the attack: a call whose first token is slow by the agent's own doing (a long prompt, no other run's call
        # ahead of it) stands for "waiting for a slot" while the agent works on past its budget, then leaves
        threading.Thread(target=call, args=("HOG",), daemon=True).start()
        time.sleep(4.5)
        open("calc.py", "w").write("def add(a, b):\\n    return a + b\\n")
        os._exit(0)
    call("fix it")   # the other run: one short call
''')


def test_a_call_slow_by_the_agents_own_doing_moves_no_deadline(suite, tmp_path, monkeypatch):
    """A call that waits for its first token with no other run's call ahead of it at the server (its own long
    prompt) is not a queue: nothing is credited while it is in flight (before: the whole wait, provisionally), so
    the agent is stopped at its budget, not after it."""
    agent = tmp_path / "prefill.py"
    agent.write_text(PREFILL_HOSTILE)
    with fakellm.serve(HOG_SCRIPT, slots=2, prefill_tps=1000, decode_tps=100) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        out = tmp_path / "prefill"
        cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command", "--agent-cmd",
                  f"{sys.executable} {agent}", "--model", "coder", "--out", str(out), "--sandbox", "none",
                  "--task", "fix-add", "--task", "fix-max", "--jobs", "2", "--timeout", "3"])
    hostile = _runs(out)[("fix-add", 0)]
    assert hostile["agent"]["timed_out"] and hostile["outcome"] == "agent_timeout"
    assert hostile["agent"]["wall_s"] < 3 + 0.5, "a provisional credit let it work past its budget"
    assert hostile["agent"]["timeout_extended_s"] in (None, 0, 0.0)


GREEDY = textwrap.dedent('''
    import json, os, threading, time, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    def call(text):
        body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": text}]}).encode()
        req = urllib.request.Request(url + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=120).read()
    if os.path.exists("calc.py"):   # greedy: 12 generations at once, again and again
        for _ in range(2):
            threads = [threading.Thread(target=call, args=("more",)) for _ in range(12)]
            [t.start() for t in threads]
            [t.join() for t in threads]
        open("calc.py", "w").write("def add(a, b):\\n    return a + b\\n")
    elif os.path.exists("mx.py"):   # polite: one call at a time, after the greedy one has started
        time.sleep(0.5)
        for _ in range(3):
            call("fix it")
        open("mx.py", "w").write("def biggest(xs):\\n    return max(xs)\\n")
''')


def test_one_run_cannot_crowd_out_its_neighbour_or_be_credited_for_its_own_crowd(suite, tmp_path, monkeypatch):
    """Two runs on a two-slot server: each may have ceil(2 / 2) = 1 call at the server. The greedy run's further
    calls wait in the proxy for its own (held_s, its own time, never queue time); the polite run's calls find a
    slot free, so its credited queue stays near 0 instead of growing with the greedy run's crowd."""
    agent = tmp_path / "greedy.py"
    agent.write_text(GREEDY)
    with fakellm.serve(SCRIPT, slots=2, log_path=tmp_path / "server.jsonl", **SPEED) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        out = tmp_path / "greedy"
        rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command", "--agent-cmd",
                       f"{sys.executable} {agent}", "--model", "coder", "--out", str(out), "--sandbox", "none",
                       "--task", "fix-add", "--task", "fix-max", "--jobs", "2", "--timeout", "60"])
        waits = [e.get("slot_wait_s") or 0.0 for e in server.requests if "rid" in e]
    runs = _runs(out)
    greedy, polite = runs[("fix-add", 0)], runs[("fix-max", 0)]
    assert rc == 0 and greedy["outcome"] == polite["outcome"] == "passed"
    assert polite["agent"]["queued_s"] < 0.3, polite["agent"]
    assert greedy["agent"]["queued_s"] < 0.3, "its wait behind its own calls is no queue"
    lines = [c for c in jsonl(Path(greedy["paths"]["run_dir"], "model_calls.jsonl").read_text())
             if c["protocol"] != "other"]
    assert len(lines) == 24 and sum(c.get("held_s") or 0.0 for c in lines) > 5.0
    assert max(waits) < 0.3, "never more calls at the server than its slots"


def test_jobs_auto_allows_more_runs_when_they_spend_their_time_off_the_model():
    from bench.models.slots import AUTO_MAX_RUNS_PER_SLOT, AutoJobs

    auto = AutoJobs(slots=2, start=4)
    assert auto.allowed() == 4
    auto.finished({"timing": {"total_s": 30.0}, "agent": {"model_s": 10.0, "queued_s": 5.0}})   # 25 s a cycle
    assert auto.allowed() == 5   # ceil(2 x 25 / 10)
    auto.finished({"timing": {"total_s": 500.0}, "agent": {"model_s": 1.0, "queued_s": 0.0}})
    assert auto.allowed() == 2 * AUTO_MAX_RUNS_PER_SLOT
    auto.finished({"timing": {"total_s": 5.0}, "agent": {"model_s": None}})   # no model time: nothing learnt
    assert auto.allowed() == 2 * AUTO_MAX_RUNS_PER_SLOT
    assert auto.enter(lambda: False) and auto.enter(lambda: False)


def test_a_hung_server_is_told_by_the_kind_of_error_not_its_text(monkeypatch):
    """gather_model calls a server hung when its request timed out (the socket's own exception), never because an
    error's text says so: a server (or whatever answers on its port) that answers 500 "no answer within 10s" to
    everything is a server that answers, so the harness sends its warm-up (and gets the 500), and a server that
    takes the connection and answers nothing is hung."""
    import http.server

    from bench.models import modelserver

    monkeypatch.setattr(modelserver, "HUNG_CONFIRM_S", 1.0)
    monkeypatch.setattr(modelserver, "META_TIMEOUT_S", 1.0)

    class Liar(http.server.BaseHTTPRequestHandler):
        def _lie(self):
            body = json.dumps({"error": "GET /api/version: no answer within 10s"}).encode()
            self.send_response(500)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = _lie

        def log_message(self, *args):
            pass

    liar = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Liar)
    threading.Thread(target=liar.serve_forever, daemon=True).start()
    try:
        section = modelserver.gather_model("coder", f"http://127.0.0.1:{liar.server_address[1]}/v1")
    finally:
        liar.shutdown()
        liar.server_close()
    assert section["warm_up"]["error_kind"] == "http", "answered: the warm-up was sent, not skipped as hung"
    assert "no answer within" in section["error"] and section["error_kind"] == "http"
    assert modelserver.unreachable(section) is None

    sock, held, stop = _hung_server()
    try:
        section = modelserver.gather_model("coder", f"http://127.0.0.1:{sock.getsockname()[1]}/v1")
    finally:
        stop.set()
        for conn in held:
            conn.close()
        sock.close()
    assert section["error_kind"] == "timeout" and section["warm_up"]["error_kind"] == "hung"
    assert "accepted the connection but sent no answer" in modelserver.unreachable(section)


def test_jobs_auto_measures_an_ollama_servers_slots_it_does_not_report(suite, tmp_path, monkeypatch):
    """Ollama says nothing of OLLAMA_NUM_PARALLEL: --jobs auto without --model-slots sends a few tiny generations at
    once and counts how many the server served at once (their own service times placed before their arrivals),
    within seconds; the count and how it was found are in run-config.json."""
    from bench.models import slots

    for n in (1, 3):
        with fakellm.serve(SCRIPT, slots=n, slots_reported=False, **SPEED) as server:
            monkeypatch.setenv("OLLAMA_HOST", server.url)
            start = time.monotonic()   # bounded by MEASURE_TIMEOUT_S; 60 only catches a hang
            assert slots.reported_slots("coder") == (None, None), "the server says nothing, as Ollama"
            found, how = slots.measured_slots("coder")
            took = time.monotonic() - start
            generated = [e for e in server.requests if e.get("path") == "/api/generate"]
        assert found == n and how == {"requests": slots.MEASURE_REQUESTS, "most_at_once": n, "at_least": False}
        assert len(generated) == slots.MEASURE_REQUESTS and took < 60
    with fakellm.serve(SCRIPT, slots=2, slots_reported=False, **SPEED) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        rc, out = _run(suite, tmp_path, "measured", "--jobs", "auto", "--task", "fix-add")
    config = json.loads((out / "run-config.json").read_text())
    assert rc == 0 and config["jobs"] == 4 and config["jobs_auto"]["slots"] == 2
    assert config["jobs_auto"]["source"].startswith("measured: 2 of 8")
    assert config["jobs_auto"]["measured"]["most_at_once"] == 2
    with fakellm.serve(SCRIPT, flavor="llama.cpp", protocols=("openai",)) as server:   # not Ollama: nothing measured
        assert slots.measured_slots("coder", server.url + "/v1") == (None, None)


def test_the_slot_measure_reads_the_servers_clock_not_when_a_loaded_harness_read_the_answers(monkeypatch):
    """On a loaded machine the harness reads the answers late, each by a different amount: placed on its own clock
    they overlap as if served together. Ollama stamps each answer's end (created_at): the count comes from that."""
    from bench.models import modelserver, slots

    real = modelserver.request_json
    late = iter([0.6, 0.4, 0.2, 0.0])   # the first answer read latest: each overlaps the next on this clock
    lock = threading.Lock()

    def read_late(*args, **kwargs):
        answer = real(*args, **kwargs)
        with lock:
            delay = next(late)
        time.sleep(delay)
        return answer

    with fakellm.serve(SCRIPT, slots=1, slots_reported=False, prefill_tps=1000, decode_tps=20) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)   # each answer holds the one slot about 0.8 s
        monkeypatch.setattr(slots.modelserver, "request_json", read_late)
        assert slots.measured_slots("coder", requests=4)[0] == 1
    assert slots._server_time("2024-05-01T10:00:00.123456789Z") == pytest.approx(1714557600.123456)
    assert slots._server_time("2024-05-01T12:00:00.5+02:00") == pytest.approx(1714557600.5)
    assert slots._server_time("not a time at all, no") is None and slots._server_time(17) is None


VLLM_AGENT = textwrap.dedent('''
    import json, os, urllib.error, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    try:   # the attack: read the server's own metrics (queue gauges) through the proxy
        urllib.request.urlopen(url + "/metrics", timeout=10).read()
    except urllib.error.HTTPError:
        pass
    for _ in range(2):
        body = json.dumps({"model": "coder", "stream": os.path.exists("mx.py"),
                           "messages": [{"role": "user", "content": "fix it"}]}).encode()
        req = urllib.request.Request(url + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=60).read()
    if os.path.exists("calc.py"):
        open("calc.py", "w").write("def add(a, b):\\n    return a + b\\n")
    if os.path.exists("mx.py"):
        open("mx.py", "w").write("def biggest(xs):\\n    return max(xs)\\n")
''')


def test_vllm_queue_time_from_its_per_request_metrics_else_not_measured(suite, tmp_path, monkeypatch):
    """vLLM reports no prompt time. Started with --enable-per-request-metrics its answers carry its scheduler's
    queue_time_ms (whole and streamed), which is the calls' queue time; without it the run records its queue time
    as not measured (None), never 0. The agent cannot read the server's /metrics through the proxy."""
    agent = tmp_path / "vllm_agent.py"
    agent.write_text(VLLM_AGENT)
    results = {}
    for metrics in (True, False):
        with fakellm.serve(SCRIPT, flavor="vllm", slots=1, per_request_metrics=metrics,
                           log_path=tmp_path / f"vllm-{metrics}.jsonl", **SPEED) as server:
            out = tmp_path / f"vllm-{metrics}"
            rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command", "--agent-cmd",
                           f"{sys.executable} {agent}", "--model", "coder", "--base-url", server.url + "/v1",
                           "--out", str(out), "--sandbox", "none", "--task", "fix-add", "--task", "fix-max",
                           "--jobs", "2", "--timeout", "60"])
            waits = sum(e.get("slot_wait_s") or 0.0 for e in server.requests if "rid" in e)
            assert not [e for e in server.requests if e.get("path") == "/metrics"], "the proxy let /metrics through"
        results[metrics] = (rc, _runs(out), waits)
    rc, runs, waits = results[True]
    assert rc == 0 and {r["outcome"] for r in runs.values()} == {"passed"}
    assert waits > 0.3, "two runs on one slot: calls waited"
    assert sum(r["agent"]["queued_s"] for r in runs.values()) == pytest.approx(waits, abs=0.2)
    for r in runs.values():
        assert r["model_calls"]["queue_unmeasured"] == 0
        refused = [c for c in jsonl(Path(r["paths"]["run_dir"], "model_calls.jsonl").read_text())
                   if c["path"] == "/metrics"]
        assert [c["status"] for c in refused] == [403], "the agent's /metrics request was refused"
    rc, runs, waits = results[False]
    assert rc == 0 and waits > 0.3
    for r in runs.values():
        assert r["agent"]["queued_s"] is None, "not measured, never 0"
        assert r["model_calls"]["queue_unmeasured"] == 2
        lines = [c for c in jsonl(Path(r["paths"]["run_dir"], "model_calls.jsonl").read_text())
                 if c["protocol"] != "other"]
        assert all(c["queued_s"] is None and c["prefill_s"] is None for c in lines)


def test_the_routes_cap_holds_in_every_protocol_and_lets_the_other_route_through(tmp_path):
    """The hostile agent's ways round the cap: calls in every protocol the proxy serves (chat, Ollama's, Messages and
    Responses translated to chat), at once, over several connections. The server never serves more than the
    route's share (1 of 4 slots for 4 runs) of them at once; another route's call is not held behind them; the
    route's calls held in the proxy say so (held_s) and their queue time leaves the hold out."""
    import urllib.request

    from bench.models.proxy import ModelProxy

    def post(url, path, body):
        req = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as resp:
            resp.read()

    msgs = [{"role": "user", "content": "go"}]
    bodies = [("/v1/chat/completions", {"model": "coder", "messages": msgs}),
              ("/api/chat", {"model": "coder", "messages": msgs, "stream": False}),
              ("/v1/messages", {"model": "coder", "max_tokens": 50, "messages": msgs}),
              ("/v1/responses", {"model": "coder", "input": "go"}),
              ("/v1/chat/completions", {"model": "coder", "messages": msgs, "stream": True}),
              ("/api/generate", {"model": "coder", "prompt": "go", "stream": False})]
    with fakellm.serve(SCRIPT, slots=4, protocols=("openai", "ollama"), **SPEED) as server, \
            ModelProxy(server.url) as proxy:
        proxy.share(4, 4)
        greedy = proxy.route(tmp_path / "greedy.jsonl", model="coder")
        polite = proxy.route(tmp_path / "polite.jsonl", model="coder")
        threads = [threading.Thread(target=post, args=(greedy, path, body)) for path, body in bodies]
        for t in threads:
            t.start()
        time.sleep(0.2)
        start = time.monotonic()
        post(polite, "/v1/chat/completions", {"model": "coder", "messages": msgs})
        polite_took = time.monotonic() - start
        for t in threads:
            t.join()
        events = server.slot_events()
    greedy_lines = jsonl((tmp_path / "greedy.jsonl").read_text())
    assert len(greedy_lines) == len(bodies) and all(c["status"] == 200 for c in greedy_lines)
    at_once = most = 0
    for kind, _, _ in events:   # the greedy route's one at a time, and the polite route's one beside it
        at_once += 1 if kind == "acquire" else -1
        most = max(most, at_once)
    assert most <= 2, "without the cap the greedy route alone fills all four slots"
    assert polite_took < 1.0, "the other route's call found its slot free"
    held = [c.get("held_s") or 0.0 for c in greedy_lines]
    assert sum(h > 0.2 for h in held) >= len(bodies) - 2 and sum(held) > 2.0
    assert all(c["queued_s"] is None or c["queued_s"] < 0.3 for c in greedy_lines), "the hold is not queue time"


def test_calls_held_at_the_cap_end_with_their_run(tmp_path):
    """A run that ends with calls still held in the proxy behind its own (an agent killed mid-crowd): every held
    call is recorded as cut by the run's end and its thread returns at once, not when the call ahead of it ends."""
    import urllib.error
    import urllib.request

    from bench.models.proxy import ModelProxy

    usage = {"prompt_tokens": 10, "completion_tokens": 500}
    slow = {"models": {"coder": {"turns": [{"content": "ok", "usage": usage}]}}}
    ended: list[float] = []

    def post(url):
        req = urllib.request.Request(url + "/v1/chat/completions", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"model": "coder", "messages": [{"role": "user", "content": "x"}]
                                                      }).encode())
        try:
            urllib.request.urlopen(req, timeout=60).read()
        except (urllib.error.URLError, ConnectionError, http_client_errors()):
            pass
        ended.append(time.monotonic())

    with fakellm.serve(slow, slots=1, decode_tps=50) as server, ModelProxy(server.url) as proxy:   # 10 s a call
        proxy.share(1, 1)
        url = proxy.route(tmp_path / "calls.jsonl", model="coder")
        threads = [threading.Thread(target=post, args=(url,)) for _ in range(4)]
        for t in threads:
            t.start()
        token = url.rsplit("/", 1)[-1]
        waited = time.monotonic() + 30   # a loaded machine can take seconds to get four calls to the proxy
        while len(proxy._in_flight.get(token, ())) < 4 and time.monotonic() < waited:
            time.sleep(0.05)
        assert len(proxy._in_flight.get(token, ())) == 4, "all four calls are in the proxy before the run ends"
        closed = time.monotonic()
        proxy.close_route(url)
        for t in threads:
            t.join(timeout=8)
    assert len(ended) == 4 and max(ended) - closed < 5.0   # not the 10 s the call ahead of them takes
    lines = jsonl((tmp_path / "calls.jsonl").read_text())
    assert len(lines) == 4 and all(c["error"] and c["status"] != 200 for c in lines), lines
    # each is cut by the run's end: the call at the server as in flight, a held one as waiting for the run's own
    # (whichever of the route's close and the held thread's wake-up records it first words it)
    assert all(c["error"].startswith("the run ended while this call ") for c in lines), lines


def http_client_errors():
    import http.client
    return http.client.HTTPException


def test_jobs_auto_holds_the_extra_runs_until_the_slots_are_filled():
    """At the start every slot is free: only `slots` runs start (agents starting at once share the CPU, and the
    extra ones would delay the calls that fill the slots); the rest once that many runs have begun a call, or
    once a run has ended."""
    from bench.models.slots import AutoJobs

    begun = [0]
    auto = AutoJobs(slots=2, start=4, calls_begun=lambda: begun[0])
    assert auto.allowed() == 2
    assert auto.enter(lambda: False) and auto.enter(lambda: False)
    held = threading.Thread(target=auto.enter, args=(lambda: False,), daemon=True)
    held.start()
    held.join(0.5)
    assert held.is_alive(), "a third run started before any slot was filled"
    begun[0] = 1
    held.join(0.5)
    assert held.is_alive(), "a third run started with one slot still free"
    begun[0] = 2
    held.join(5)
    assert not held.is_alive() and auto.allowed() == 4
    begun[0] = 0   # the hold is over once the slots were filled: runs ending do not bring it back
    assert auto.allowed() == 4

    quiet = AutoJobs(slots=2, start=4, calls_begun=lambda: 0)   # runs that never call: one ending lifts the hold
    assert quiet.allowed() == 2
    quiet.finished({"timing": {"total_s": 3.0}, "agent": {"model_s": None}})
    assert quiet.allowed() == 4


STARTER = textwrap.dedent('''
    import json, os, sys, time, urllib.request
    with open(sys.argv[1], "a") as log:
        log.write(f"{time.time()}\\n")
    time.sleep(0.3)   # its start-up
    body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": "fix it"}]}).encode()
    req = urllib.request.Request(os.environ["LOCALAGENTBENCH_MODEL_URL"] + "/v1/chat/completions", data=body,
                                 headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=120).read()
''')


def test_jobs_auto_starts_one_run_per_slot_before_any_call_then_the_rest(suite, tmp_path, monkeypatch):
    """Through the CLI against a 1-slot server: --jobs auto allows 2 runs at once, but the second agent starts only
    after the first has sent its call (the server's request log), and after that two run at once."""
    agent, starts = tmp_path / "starter.py", tmp_path / "starts.log"
    agent.write_text(STARTER)
    slow = {"models": {"coder": {"turns": [{"content": "ok", "usage": {"prompt_tokens": 1000,
                                                                        "completion_tokens": 100}}]}}}
    with fakellm.serve(slow, slots=1, **SPEED) as server:   # each call holds the slot 2 s
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        out = tmp_path / "auto"
        rc = cli.main(["run", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--repeat", "4", "--agent",
                       "command", "--agent-cmd", f"{sys.executable} {agent} {starts}", "--model", "coder",
                       "--out", str(out), "--sandbox", "none", "--jobs", "auto"])
        calls = sorted(t for event, _, t in server.slot_events() if event == "acquire")   # a free slot: on arrival
    began = sorted(float(line) for line in starts.read_text().split())
    calls = [t for t in calls if t >= began[0]]   # not the harness's warm-up call
    config = json.loads((out / "run-config.json").read_text())
    assert config["jobs"] == 2 and len(began) == 4 and len(calls) == 4
    assert began[1] >= calls[0], "the second run started before the first had sent its call"
    # once the slot was filled, a second run started while the first's call was answered (not after it)
    assert began[1] < calls[0] + 2.0 and rc in (0, 1)
