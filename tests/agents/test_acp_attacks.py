"""Hostile ACP agents against the host's reading of the ACP client's event log (bench/agents/acp.py parse_log).

The agent's JSON-RPC is untrusted and so is the log (the agent runs as the client's user and can write to it):
parsing it on the host must stay linear in time and bounded in memory. Real processes: the real acp_client.py
drives a hostile agent (in the real bubblewrap sandbox where it works); the log is parsed as run_agent parses it,
in a child interpreter whose peak memory is measured."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from bench.agents import acp
from bench.agents.base import MAX_EVENTS_BYTES, AgentContext, AgentSpec, ProcessResult
from bench.exec import sandbox
from bench.exec.proc import run_tree

BWRAP = sandbox.bwrap_works() is None
REPO = Path(__file__).resolve().parents[2]

# An ACP agent that answers initialize and session/new, then floods the prompt's turn with message chunks (each
# a separate session/update, as a streaming agent sends them) before it answers end_turn.
FLOOD = textwrap.dedent("""
    import json, sys
    def send(msg):
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", **msg}) + "\\n")
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("method") == "initialize":
            send({"id": msg["id"], "result": {"protocolVersion": 1, "agentCapabilities": {}}})
        elif msg.get("method") == "session/new":
            send({"id": msg["id"], "result": {"sessionId": "s1"}})
        elif msg.get("method") == "session/prompt":
            chunk = {"method": "session/update", "params": {"sessionId": "s1", "update": {
                "sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "x" * 125}}}}
            for _ in range(COUNT):
                send(chunk)
            send({"id": msg["id"], "result": {"stopReason": "end_turn"}})
            sys.stdout.flush()
            break
""")


def _drive(tmp_path: Path, source: str, timeout: float = 120) -> tuple[ProcessResult, AgentContext]:
    script = tmp_path / "agent.py"
    script.write_text(source)
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir()
    agent = acp.AcpAgent(spec=AgentSpec(binary="python3"), args=lambda ctx: [str(script)],
                         extra_ro=lambda ctx: [script], label="hostile")
    ctx = AgentContext(task={"id": "t"}, workdir=work, prompt="go", prompt_file=run_dir / "prompt.txt", model="m",
                       timeout_s=timeout, max_turns=None, scratch_dir=scratch, run_dir=run_dir)
    inv = agent.invocation(ctx)
    argv = inv.argv
    if BWRAP:
        argv = sandbox.wrap(inv.argv, "bwrap", cwd=work, rw=[work, scratch], home=scratch, network=False,
                            ro=sandbox.mount_set(inv.ro_paths))
    out, err = run_dir / "agent.stdout.log", run_dir / "agent.stderr.log"
    done = run_tree(argv, cwd=work, env={**os.environ, **inv.env}, stdout_path=out, stderr_path=err,
                    timeout_s=timeout, stdin=inv.stdin, contained=BWRAP, max_log_bytes=MAX_EVENTS_BYTES)
    return ProcessResult(done.exit_code, done.timed_out, done.wall_s, out, err), ctx


def test_a_flood_of_message_chunks_is_parsed_in_linear_time(tmp_path):
    """60,000 chunks of one message: joined at every chunk (`+=` on the event's text) this took over a minute of
    the host's CPU; joined once it takes about a second."""
    result, _ctx = _drive(tmp_path, FLOOD.replace("COUNT", "60000"))
    assert result.stdout_path.stat().st_size > 12 * 1024 * 1024   # the log holds (most of) the flood
    start = time.process_time()
    sig = acp.parse_log(result, "hostile")
    took = time.process_time() - start
    texts = [ev for ev in sig.events if ev["type"] == "text"]
    assert len(texts) == 1 and texts[0]["text"].startswith("x" * 125)
    assert took < 20, f"parsing the log took {took:.1f}s"


PARSE = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from bench.agents import acp
    from bench.agents.base import ProcessResult
    log, err = Path(sys.argv[1]), Path(sys.argv[2])
    sig = acp.parse_log(ProcessResult(0, False, 1.0, log, err), "hostile")
    # the peak of this process's own memory (VmHWM: unlike ru_maxrss, not carried over from the forking parent)
    peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
    print(json.dumps({"rss_mb": peak // 1024,
                      "stop": sig.extra["stop_reason"]}))
""")


def test_a_log_of_millions_of_empty_objects_stays_in_bounded_memory(tmp_path):
    """16 MiB of `{}` lines, written to the log as the agent can (it runs as the client's user), then a stop line:
    read into one list first, that was 5.6 million dicts (about 800 MB of the host's memory); folded line by line
    the parse stays near the size of the file."""
    log, err = tmp_path / "agent.stdout.log", tmp_path / "agent.stderr.log"
    stop = json.dumps({"t": 1, "client": "stop", "stop_reason": "end_turn"}) + "\n"
    answer = json.dumps({"t": 1, "in": {"jsonrpc": "2.0", "id": 1, "result": {"stopReason": "end_turn"}}}) + "\n"
    asked = json.dumps({"t": 0, "out": {"jsonrpc": "2.0", "id": 1, "method": "session/prompt"}}) + "\n"
    filler = MAX_EVENTS_BYTES - len(stop) - len(answer) - len(asked)
    log.write_bytes(asked.encode() + b"{}\n" * (filler // 3) + answer.encode() + stop.encode())
    err.write_bytes(b"")
    done = subprocess.run([sys.executable, "-c", PARSE, str(log), str(err)], capture_output=True, text=True,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert found["stop"] == "end_turn"   # the whole log was read
    assert found["rss_mb"] < 300, found
