"""The generic ACP agent (bench/agents/acp.py, acp_client.py) against a scripted ACP agent (data/acp_agent.py):
real processes, the client inside the real bubblewrap sandbox where it works, the event log parsed as run_agent
parses it. Protocol cases: a session that fixes a file through the client's fs methods with a permission asked,
fs reads and writes outside the workdir (absolute, `..`, a planted directory link, a planted file link)
refused, the terminal methods, a hung agent cancelled at the timeout (and one that ignores the cancel), garbage
and an oversized line on the agent's stdout, an agent that dies, refuses, or speaks another protocol version."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from bench import agents
from bench.agents import acp, acp_client, opencode_acp, qwen_code_acp
from bench.agents.base import AgentContext, AgentSpec, ProcessResult, checked_signals
from bench.exec import sandbox
from bench.exec.proc import run_tree

SCRIPT = Path(__file__).resolve().parent / "data" / "acp_agent.py"
BWRAP = sandbox.bwrap_works() is None
GREETING = "hello world\n"


def scripted(scenario: str) -> acp.AcpAgent:
    """The scripted agent as an ACP registry entry would declare it (python3 is its binary)."""
    return acp.AcpAgent(spec=AgentSpec(binary="python3"), args=lambda ctx: [str(SCRIPT), scenario],
                        extra_ro=lambda ctx: [SCRIPT], label="scripted")


def context(tmp_path: Path, timeout: float = 60, max_turns: int | None = None) -> AgentContext:
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir(exist_ok=True)
    (work / "greeting.txt").write_text(GREETING)
    (run_dir / "prompt.txt").write_text("Change hello to farewell.")
    return AgentContext(task={"id": "t"}, workdir=work, prompt="Change hello to farewell.",
                        prompt_file=run_dir / "prompt.txt", model="m", timeout_s=timeout, max_turns=max_turns,
                        scratch_dir=scratch, run_dir=run_dir)


def drive(tmp_path: Path, scenario: str, timeout: float = 60, env: dict[str, str] | None = None,
          sandboxed: bool = BWRAP):
    """invocation -> run_tree (in the bwrap sandbox where it works, as run_agent runs it) -> parse."""
    agent = scripted(scenario)
    ctx = context(tmp_path, timeout)
    inv = agent.invocation(ctx)
    argv = inv.argv
    if sandboxed:
        argv = sandbox.wrap(inv.argv, "bwrap", cwd=ctx.workdir, rw=[ctx.workdir, ctx.scratch_dir],
                            home=ctx.scratch_dir, network=False, ro=sandbox.mount_set(inv.ro_paths))
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    done = run_tree(argv, cwd=ctx.workdir, env={**os.environ, **inv.env, **(env or {})}, stdout_path=out,
                    stderr_path=err, timeout_s=timeout, stdin=inv.stdin, contained=sandboxed)
    result = ProcessResult(done.exit_code, done.timed_out, done.wall_s, out, err)
    sig = agent.parse(ctx, result)
    return done, sig, ctx


def log_lines(ctx: AgentContext) -> list[dict]:
    return [json.loads(line) for line in (ctx.run_dir / "agent.stdout.log").read_text().splitlines()]


def calls_of(sig) -> list[tuple[str, str]]:
    return [(e["name"], e["status"]) for e in sig.events if e["type"] == "tool_call"]


def test_a_session_fixes_the_file_through_the_clients_fs_with_permission_granted(tmp_path):
    done, sig, ctx = drive(tmp_path, "fix")
    assert done.exit_code == 0 and not done.timed_out, (ctx.run_dir / "agent.stderr.log").read_text()[-2000:]
    assert (ctx.workdir / "greeting.txt").read_text() == "farewell world\n"
    assert calls_of(sig) == [("Read greeting.txt", "ok"), ("Edit greeting.txt", "ok"), ("Run a missing tool", "error")]
    assert (sig.tool_calls, sig.failed_tool_calls, sig.turns) == (3, 1, 4)
    assert sig.agent_error is None and sig.infra_error is None
    assert sig.extra["stop_reason"] == "end_turn" and sig.extra["permissions"] == 1
    assert (sig.tokens_in, sig.tokens_out) == (100, 20)           # the prompt answer's usage: the agent's own report
    assert sig.extra["context_used"] == 1234 and sig.extra["protocol_version"] == 1
    kinds = [e["type"] for e in sig.events]
    assert kinds[:4] == ["plan", "turn", "text", "tool_call"] and kinds[-1] == "text"
    texts = [e["text"] for e in sig.events if e["type"] == "text"]
    assert texts == ["I will read the file.", "Done."]           # chunks joined
    read = next(e for e in sig.events if e["type"] == "tool_call")
    assert read["kind"] == "read" and read["output"] == GREETING and read["duration_s"] >= 0.2
    assert [e["option"] for e in sig.events if e["type"] == "permission"] == ["always"]   # allow_always first
    assert checked_signals(sig) == {}
    # what was sent: protocol 1, both fs capabilities and terminal, the workdir as cwd, no MCP servers
    sent = [line["out"] for line in log_lines(ctx) if "out" in line and "method" in line["out"]]
    init, new, prompt = sent[0], sent[1], sent[2]
    assert init["params"]["protocolVersion"] == 1
    assert init["params"]["clientCapabilities"] == {"fs": {"readTextFile": True, "writeTextFile": True},
                                                    "terminal": True}
    assert new["params"] == {"cwd": str(ctx.workdir), "mcpServers": []}
    assert prompt["params"]["prompt"] == [{"type": "text", "text": "Change hello to farewell."}]


def test_fs_outside_the_workdir_and_through_planted_links_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOPSECRET")
    ctx = context(tmp_path)
    (ctx.workdir / "escape-link").symlink_to(outside)
    (ctx.workdir / "file-link").symlink_to(outside / "secret.txt")
    # the outside directory is shown to the sandbox, so only the client stands between the agent and it
    agent = scripted("escape")
    inv = agent.invocation(ctx)
    argv = inv.argv
    if BWRAP:
        argv = sandbox.wrap(inv.argv, "bwrap", cwd=ctx.workdir, rw=[ctx.workdir, ctx.scratch_dir, outside],
                            home=ctx.scratch_dir, network=False, ro=sandbox.mount_set(inv.ro_paths))
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    done = run_tree(argv, cwd=ctx.workdir, env={**os.environ, **inv.env, "ESCAPE_DIR": str(outside)},
                    stdout_path=out, stderr_path=err, timeout_s=60, stdin=inv.stdin, contained=BWRAP)
    sig = agent.parse(ctx, ProcessResult(done.exit_code, done.timed_out, done.wall_s, out, err))
    assert done.exit_code == 0, err.read_text()[-2000:]
    answers = [json.loads(line) for e in sig.events if e["type"] == "text" for line in e["text"].splitlines()]
    assert [a["ok"] for a in answers] == [False] * 8 + [True, True]
    assert sorted(os.listdir(outside)) == ["secret.txt"] and (outside / "secret.txt").read_text() == "TOPSECRET"
    assert (outside / "secret.txt").is_file() and not (outside / "planted.txt").exists()
    assert (ctx.workdir / "sub" / "new.txt").read_text() == "planted"
    assert (ctx.workdir / "file-link").is_symlink() and (ctx.workdir / "escape-link").is_symlink()
    assert "TOPSECRET" not in out.read_text()
    assert sig.extra["fs_refused"] == 8
    refused = [e for e in sig.events if e["type"] == "refused"]
    assert len(refused) == 8 and all(e["message"] for e in refused)
    assert "got: " in err.read_text() and '"code": -32602' in err.read_text()   # JSON-RPC errors, invalid params


def test_terminal_methods_run_in_the_workdir_only(tmp_path):
    done, sig, ctx = drive(tmp_path, "terminal")
    assert done.exit_code == 0
    said = json.loads(next(e["text"] for e in sig.events if e["type"] == "text"))
    assert said == {"output": "from-terminal\n", "outside_ok": False}


def test_a_hung_agent_is_cancelled_before_the_timeout_and_the_run_times_out(tmp_path):
    timeout = 8
    done, sig, ctx = drive(tmp_path, "hang", timeout=timeout)
    assert done.timed_out, "the client waits for the harness's timeout after cancelling"
    lines = log_lines(ctx)
    cancel = next(line for line in lines if line.get("out", {}).get("method") == "session/cancel")
    grace = acp.grace_s(timeout)
    assert timeout - grace - 1 <= cancel["t"] <= timeout - grace + 1.5
    assert cancel["out"]["params"] == {"sessionId": "s-1"}
    assert sig.extra["stop_reason"] == "cancelled" and abs(sig.extra["cancelled_at_s"] - cancel["t"]) < 0.1
    assert sig.agent_error is None and sig.infra_error is None   # a timeout is the run's outcome, not an error
    assert any(line.get("client") == "exit" for line in lines)    # the agent was ended before the harness's kill


def test_an_agent_that_ignores_the_cancel_is_still_ended(tmp_path):
    done, sig, ctx = drive(tmp_path, "deaf", timeout=6)
    assert done.timed_out and sig.extra["stop_reason"] is None
    cancelled = next(line for line in log_lines(ctx) if line.get("client") == "cancelled")
    assert cancelled["answered"] is False


def test_an_agent_that_stops_reading_its_stdin_is_still_cancelled_at_the_deadline(tmp_path):
    ctx = context(tmp_path)
    (ctx.workdir / "big.txt").write_text("z" * (1 << 20))
    done, sig, ctx = drive(tmp_path, "stuck", timeout=8)
    assert done.timed_out
    lines = log_lines(ctx)
    cancel = next(line for line in lines if line.get("out", {}).get("method") == "session/cancel")
    assert cancel["t"] <= 8 - acp.grace_s(8) + 1.5     # the main loop never blocked on the full pipe
    assert any(line.get("client") == "send_dropped" for line in lines)   # 200 MiB of answers: not all queued
    assert any(line.get("client") == "exit" for line in lines)


def test_garbage_on_the_agents_stdout_is_skipped(tmp_path):
    done, sig, ctx = drive(tmp_path, "garbage")
    assert done.exit_code == 0 and (ctx.workdir / "greeting.txt").read_text() == "farewell world\n"
    assert sig.extra["junk_lines"] == 3 and sig.tool_calls == 3


def test_an_oversized_line_is_dropped_not_buffered(tmp_path):
    done, sig, ctx = drive(tmp_path, "oversized")
    assert done.exit_code == 0 and (ctx.workdir / "greeting.txt").read_text() == "farewell world\n"
    assert sig.extra["oversized_lines"] == 1 and sig.tool_calls == 3
    assert (ctx.run_dir / "agent.stdout.log").stat().st_size < 64 * 1024   # 9 MiB of it never reached the log
    line = next(line for line in log_lines(ctx) if line.get("client") == "oversized_line")
    assert line["bytes"] > acp_client.MAX_LINE_BYTES


@pytest.mark.parametrize("scenario, error", [
    ("die", "ended without answering (scripted exited 3)"),
    ("refuse", "refused the task (stopReason refusal)"),
    ("version", "protocol version 99"),
])
def test_a_session_that_fails_is_the_agents_error(tmp_path, scenario, error):
    done, sig, ctx = drive(tmp_path, scenario)
    assert not done.timed_out and sig.infra_error is None
    assert error in (sig.agent_error or ""), sig.agent_error


def test_an_agent_that_cannot_start_is_said_in_one_line(tmp_path):
    agent = acp.AcpAgent(spec=AgentSpec(binary="python3"), args=lambda ctx: [], label="scripted")
    ctx = context(tmp_path)
    inv = agent.invocation(ctx)
    argv = [*inv.argv[:-1], str(tmp_path / "no-such-agent")]   # the binary replaced
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    done = run_tree(argv, cwd=ctx.workdir, env=dict(os.environ), stdout_path=out, stderr_path=err, timeout_s=30,
                    stdin=inv.stdin)
    sig = agent.parse(ctx, ProcessResult(done.exit_code, done.timed_out, done.wall_s, out, err))
    assert done.exit_code == acp_client.EXIT_CANNOT_START
    assert "cannot start the agent" in sig.agent_error and "no-such-agent" in sig.agent_error


def test_a_forged_or_junk_log_never_raises_and_stays_bounded(tmp_path):
    """The log is the agent's to write into (same user): whatever it holds, parse gives checked figures."""
    out, err = tmp_path / "out.log", tmp_path / "err.log"
    lines = [{"t": -5, "in": {"jsonrpc": "2.0", "method": "session/update", "params": {"update": {
                 "sessionUpdate": "tool_call", "toolCallId": {"x": 1}, "title": ["not", "text"], "status": 7}}}},
             {"t": 1e99, "in": {"jsonrpc": "2.0", "method": "session/update", "params": {"update": {
                 "sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "x" * 100_000}}}}},
             {"t": 1, "out": {"id": 3, "method": "session/prompt"}},
             {"t": 2, "in": {"jsonrpc": "2.0", "id": 3, "result": {"stopReason": "won", "usage": {
                 "inputTokens": -1, "outputTokens": 10 ** 20}}}},
             {"client": "fs_refused", "path": {"deep": [[[[]]]]}}, {"client": 5}, "not an object"]
    out.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    err.write_text("")
    sig = acp.parse_log(ProcessResult(0, False, 1.0, out, err))
    flags = checked_signals(sig)
    assert sig.tokens_in is None and sig.tokens_out is None
    assert sig.tool_calls == 1 and sig.failed_tool_calls == 1
    assert any("stopReason" in p for p in flags["bad_agent_counts"])
    assert all(len(json.dumps(e)) < 20_000 for e in sig.events)


# ------------------------------------------------------------------------------------------- the registry entries


def test_the_acp_entries_are_registered_and_share_their_cli_installs():
    assert {"opencode-acp", "qwen-code-acp"} <= set(agents.names())
    assert agents.get_spec("opencode-acp") is agents.get_spec("opencode")
    assert agents.get_spec("qwen-code-acp") is agents.get_spec("qwen-code")
    creates = [r["creates"] for r in agents.install_recipes()]
    assert len(creates) == len(set(creates))   # one install per binary, however many entries drive it


def test_the_entries_invocations_run_the_client_with_the_non_acp_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("LOCALAGENTBENCH_OPENCODE_BIN", sys.executable)
    monkeypatch.setenv("LOCALAGENTBENCH_QWEN_BIN", sys.executable)
    monkeypatch.setenv("OPENCODE_CONFIG", "/home/user/hostile.json")
    ctx = context(tmp_path, timeout=300, max_turns=7)
    ctx.model_url = "http://127.0.0.1:4321/r/token"
    oc = opencode_acp.invocation(ctx)
    cut = oc.argv.index("--")
    assert oc.argv[:3] == ["env", "-u", "OPENCODE_CONFIG"]
    assert oc.argv[cut - 8:cut] == ["-S", str(acp.CLIENT), "--cwd", str(ctx.workdir), "--timeout", "300",
                                    "--grace", "10"]
    assert oc.argv[cut + 2:] == ["acp", "--print-logs", "--log-level", "INFO"]
    config = json.loads(oc.env["OPENCODE_CONFIG_CONTENT"])
    assert config["provider"]["localagentbench"]["options"]["baseURL"] == ctx.model_url + "/v1"
    assert config["agent"]["title"] == {"disable": True}     # no session-title model call
    assert acp.CLIENT in oc.ro_paths and oc.max_model_calls == 7 and oc.stdin == ctx.prompt.encode()
    qw = qwen_code_acp.invocation(ctx)
    assert qw.env["OPENAI_BASE_URL"] == ctx.model_url + "/v1" and qw.env["OPENAI_MODEL"] == "m"
    assert qw.argv[qw.argv.index("--") + 2:] == ["--acp", "--approval-mode", "yolo", "--auth-type", "openai",
                                                 "--model", "m"]


def test_a_flood_of_chunks_parses_in_linear_time_and_keeps_one_bounded_text(tmp_path):
    out, err = tmp_path / "out.log", tmp_path / "err.log"
    chunk = json.dumps({"t": 1, "in": {"jsonrpc": "2.0", "method": "session/update", "params": {"update": {
        "sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "y" * 20}}}}})
    out.write_text((chunk + "\n") * 100_000)   # ~15 MiB: within the cap run_agent reads
    err.write_text("")
    started = time.monotonic()
    sig = acp.parse_log(ProcessResult(0, False, 1.0, out, err))
    assert time.monotonic() - started < 30
    texts = [e for e in sig.events if e["type"] == "text"]
    assert len(texts) == 1 and len(texts[0]["text"]) < 2100 and "more chars" in texts[0]["text"]


def test_fs_methods_refuse_fifos_links_and_oversized_files_without_blocking(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    os.mkfifo(root / "fifo")
    (root / "dir-link").symlink_to(tmp_path)
    (root / "big").write_bytes(b"x" * (acp_client.MAX_READ_BYTES + 1))
    (root / "lines.txt").write_text("a\nb\nc\nd\n")
    for name in ("fifo", "dir-link/w/lines.txt", "big", "missing"):
        with pytest.raises(acp_client.RpcError):
            acp_client.read_text_file(str(root), {"path": str(root / name)})
    with pytest.raises(acp_client.RpcError):
        acp_client.write_text_file(str(root), {"path": str(root / "fifo"), "content": "x"})
    with pytest.raises(acp_client.RpcError):
        acp_client.write_text_file(str(root), {"path": str(root / "dir-link" / "planted"), "content": "x"})
    assert not (tmp_path / "planted").exists()
    got = acp_client.read_text_file(str(root), {"path": str(root / "lines.txt"), "line": 2, "limit": 2})
    assert got == {"content": "b\nc\n"}


@pytest.mark.parametrize("scenario", ["fix", "escape"])
def test_an_acp_sessions_trajectory_is_atif_that_harbors_validator_accepts(tmp_path, scenario):
    from atif_harbor import validate
    from bench.agents import atif

    outside = tmp_path / "outside"
    outside.mkdir()
    done, sig, ctx = drive(tmp_path, scenario, env={"ESCAPE_DIR": str(outside)}, sandboxed=False)
    assert done.exit_code == 0
    checked_signals(sig)
    record = {"run_id": "r", "task_id": "t", "rep": 0, "model": {"id": "m"},
              "agent": {"name": "scripted-acp", "version": "0.1", "tool_calls": sig.tool_calls}}
    path = atif.write(ctx.run_dir, record, sig.events, ctx.prompt, None)
    doc = json.loads(path.read_text())
    kinds = {s.get("extra", {}).get("event") for s in doc["steps"] if s["source"] == "system"}
    assert kinds == ({"plan", "permission"} if scenario == "fix" else {"refused"})
    assert validate(path) == []
