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
    """While its call waits for the slot, the run's deadline is moved provisionally; an agent that works on in that
    time and leaves before the call is answered has no measured queue time to show for it: timed out, as alone."""
    agent = tmp_path / "hostile.py"
    agent.write_text(HOSTILE)
    with fakellm.serve(HOG_SCRIPT, slots=1, prefill_tps=1000, decode_tps=100) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        out = tmp_path / "hostile"
        cli.main(["run", "--tasks", str(suite / "tasks"), "--agent", "command", "--agent-cmd",
                  f"{sys.executable} {agent}", "--model", "coder", "--out", str(out), "--sandbox", "none",
                  "--task", "fix-add", "--task", "fix-max", "--jobs", "2", "--timeout", "3"])
    hostile = _runs(out)[("fix-add", 0)]
    assert hostile["agent"]["wall_s"] > 3 + 1, "the provisional credit let it run past its budget"
    assert hostile["agent"]["timed_out"] and hostile["outcome"] == "agent_timeout"
    assert hostile["agent"]["queued_s"] == 0.0


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
