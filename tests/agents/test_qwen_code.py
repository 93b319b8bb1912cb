"""The Qwen Code adapter without the real CLI: its command line, environment and settings files (a stub binary
stands in), and parse() on real qwen 0.24.4 output captured into tests/agents/data/qwen-code/ (README there).

Expected figures come from the scripted runs (what the script made the model do, what fakellm logged it
answered: served.json), not from qwen's own output.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench.agents import get_adapter, get_spec, qwen_code
from bench.agents.base import MAX_EVENTS_BYTES, AgentContext, ProcessResult

DATA = Path(__file__).parent / "data" / "qwen-code"
SERVED = json.loads((DATA / "served.json").read_text())
# The scripted run: read_file, a failing edit, the correct edit, then text.
SCRIPT_CALLS = [("read_file", "ok"), ("edit", "error"), ("edit", "ok")]


def stub(tmp_path: Path) -> Path:
    p = tmp_path / "bin" / "qwen"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("#!/bin/sh\necho 0.24.4\n")
    p.chmod(0o755)
    return p


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for k in list(os.environ):
        if k.startswith((*qwen_code.SCRUBBED_PREFIXES, "LOCALAGENTBENCH_")) or k == "OLLAMA_HOST":
            monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("LOCALAGENTBENCH_QWEN_BIN", str(stub(tmp_path)))
    monkeypatch.setenv("OLLAMA_HOST", "127.0.0.1:4000")
    return monkeypatch


def context(tmp_path: Path, model: str = "ollama/qwen3:8b", base_url: str | None = None, max_turns: int | None = 12,
            options: dict | None = None, workdir: Path | None = None) -> AgentContext:
    work = workdir or tmp_path / "work"
    scratch, run_dir = tmp_path / "scratch", tmp_path / "run"
    for d in (scratch, run_dir):
        d.mkdir(parents=True, exist_ok=True)
    prompt_file = run_dir / "prompt.txt"
    prompt_file.write_text('Fix "greet" in greeter/messages.py.\nThanks!\n')
    return AgentContext(task={"id": "t", "category": "bugfix"}, workdir=work, prompt=prompt_file.read_text(),
                        prompt_file=prompt_file, model=model, timeout_s=60, max_turns=max_turns, scratch_dir=scratch,
                        run_dir=run_dir, base_url=base_url, options=options or {})


# ---------------------------------------------------------------------------------------------
# invocation


def test_invocation_command_line_and_stdin(tmp_path, clean_env):
    ctx = context(tmp_path)
    inv = qwen_code.invocation(ctx)
    assert inv.argv[0] == str(tmp_path / "bin" / "qwen")
    assert inv.argv[1:] == ["--output-format", "stream-json", "--approval-mode", "yolo", "--auth-type", "openai",
                            "--model", "qwen3:8b", "--session-id", qwen_code.session_id(ctx), "--chat-recording",
                            "--max-session-turns", "12"]
    assert inv.stdin == ctx.prompt.encode()        # the prompt verbatim on stdin, which run_agent then closes
    assert inv.ro_paths


def test_invocation_environment_and_private_dirs(tmp_path, clean_env):
    ctx = context(tmp_path)
    env = qwen_code.invocation(ctx).env
    home, qwen_home = Path(env["HOME"]), Path(env["QWEN_HOME"])
    for d in (home, qwen_home):            # qwen crashes at start when either is missing
        assert d.is_dir() and ctx.scratch_dir in d.parents
    assert env["OPENAI_BASE_URL"] == "http://127.0.0.1:4000/v1"
    assert env["OPENAI_MODEL"] == "qwen3:8b" and env["OPENAI_API_KEY"]
    assert env["QWEN_USAGE_STATISTICS_ENABLED"] == "0" and env["QWEN_TELEMETRY_ENABLED"] == "0"
    assert "127.0.0.1" in env["NO_PROXY"].split(",")
    system = Path(env["QWEN_CODE_SYSTEM_SETTINGS_PATH"])
    defaults = Path(env["QWEN_CODE_SYSTEM_DEFAULTS_PATH"])
    assert ctx.scratch_dir in system.parents and ctx.scratch_dir in defaults.parents   # never /etc/qwen-code
    assert json.loads(defaults.read_text()) == {}
    user = json.loads((qwen_home / "settings.json").read_text())
    assert json.loads(system.read_text()) == user   # the system scope wins over a repo's .qwen/settings.json
    assert user["privacy"]["usageStatisticsEnabled"] is False and user["telemetry"]["enabled"] is False
    assert user["general"]["enableAutoUpdate"] is False and user["general"]["chatRecording"] is True
    assert not any(user["memory"].values())         # no background memory / dream / skill agents
    assert user["model"]["generationConfig"] == {"timeout": 0, "streamIdleTimeoutMs": 0, "maxRetries": 1,
                                                 "contextWindowSize": 32768}


def test_invocation_base_url_model_as_typed_context_and_no_turn_limit(tmp_path, clean_env):
    ctx = context(tmp_path, model="my-model", base_url="http://127.0.0.1:8080/v1", max_turns=None,
                  options={"context_length": 8192})
    inv = qwen_code.invocation(ctx)
    assert inv.env["OPENAI_BASE_URL"] == "http://127.0.0.1:8080/v1"
    assert inv.argv[inv.argv.index("--model") + 1] == "my-model"
    assert "--max-session-turns" not in inv.argv
    cfg = json.loads((ctx.scratch_dir / "qwen" / "settings.json").read_text())
    assert cfg["model"]["generationConfig"]["contextWindowSize"] == 8192


def test_invocation_goes_to_the_proxy_route(tmp_path, clean_env):
    ctx = context(tmp_path)
    ctx.model_url = "http://127.0.0.1:5555/r/abc"
    assert qwen_code.invocation(ctx).env["OPENAI_BASE_URL"] == "http://127.0.0.1:5555/r/abc/v1"


def test_invocation_scrubs_the_users_qwen_and_openai_variables(tmp_path, clean_env):
    for k, v in {"QWEN_SANDBOX": "docker", "QWEN_RUNTIME_DIR": "/home/u/rt", "OPENAI_ORG_ID": "org",
                 "QWEN_HOME": "/home/u/.qwen", "OPENAI_BASE_URL": "http://127.0.0.1:1/v1",
                 "QWEN_CODE_SYSTEM_SETTINGS_PATH": "/home/u/evil.json", "DASHSCOPE_API_KEY": "sk-1",
                 "SANDBOX_MOUNTS": "/:/host"}.items():
        clean_env.setenv(k, v)
    ctx = context(tmp_path)
    inv = qwen_code.invocation(ctx)
    assert inv.argv[:11] == ["env", "-u", "DASHSCOPE_API_KEY", "-u", "OPENAI_ORG_ID", "-u", "QWEN_RUNTIME_DIR",
                             "-u", "QWEN_SANDBOX", "-u", "SANDBOX_MOUNTS"]
    # the ones the adapter sets are its own values (run_agent lays them over the caller's)
    assert inv.env["QWEN_HOME"] == str(ctx.scratch_dir / "qwen")
    assert inv.env["OPENAI_BASE_URL"] == "http://127.0.0.1:4000/v1"
    assert inv.env["QWEN_CODE_SYSTEM_SETTINGS_PATH"].startswith(str(ctx.scratch_dir))


def test_session_id_and_recording_path(tmp_path):
    ctx = context(tmp_path, workdir=Path("/dev/shm/lab-calib_greeting-0.x"))
    sid = qwen_code.session_id(ctx)
    assert sid == qwen_code.session_id(ctx) and len(sid) == 36
    assert sid != qwen_code.session_id(context(tmp_path / "other"))
    assert qwen_code.recording_path(ctx) == f"projects/-dev-shm-lab-calib-greeting-0-x/chats/{sid}.jsonl"


def test_registered_with_its_version(tmp_path, clean_env):
    assert get_adapter("qwen-code") is qwen_code
    spec = get_spec("qwen-code")
    assert spec.needs_model and spec.binary == "qwen" and spec.pinned_version == "0.24.4"
    assert spec.install.requirement == "@qwen-code/qwen-code@0.24.4"
    assert qwen_code.version({}) == "0.24.4"


# ---------------------------------------------------------------------------------------------
# parse


def run(tmp_path: Path, stdout: str | bytes, *, exit_code: int | None = 0, timed_out: bool = False,
        stderr: str = "", recording: str | bytes | None = None, workdir: Path | None = None):
    ctx = context(tmp_path, workdir=workdir)
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    out.write_bytes(stdout if isinstance(stdout, bytes) else stdout.encode())
    err.write_text(stderr)
    if recording is not None:
        path = ctx.scratch_dir / "qwen" / qwen_code.recording_path(ctx)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(recording if isinstance(recording, bytes) else recording.encode())
    return qwen_code.parse(ctx, ProcessResult(exit_code, timed_out, 5.0, out, err))


def data(name: str) -> str:
    return (DATA / name).read_text()


def test_parse_a_run_with_a_failed_edit(tmp_path):
    sig = run(tmp_path, data("greeting-retry.stdout.jsonl"), recording=data("greeting-retry.chat.jsonl"))
    served = SERVED["greeting-retry"]
    assert sig.turns == len(served) == 4
    assert (sig.tokens_in, sig.tokens_out) == (sum(p for p, _ in served), sum(c for _, c in served))
    assert sig.tool_calls == 3 and sig.failed_tool_calls == 1
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [(e["name"], e["status"]) for e in calls] == SCRIPT_CALLS
    assert "0 occurrences found" in calls[1]["output"] and "has been updated" in calls[2]["output"]
    assert json.loads(calls[0]["input"])["file_path"].endswith("/greeter/messages.py")
    # each turn comes before what its model call said and asked for, with that call's usage
    assert [e["type"] for e in sig.events] == ["turn", "text", "tool_call", "turn", "text", "tool_call", "turn",
                                               "tool_call", "turn", "text"]
    assert [(e["tokens_in"], e["tokens_out"]) for e in sig.events if e["type"] == "turn"] == [tuple(u) for u in served]
    assert sig.events[-1]["text"] == "done" and sig.extra["final_message"] == "done"
    assert sig.infra_error is None and sig.agent_error is None
    assert sig.extra["qwen_code_version"] == "0.24.4" and sig.extra["subtype"] == "success"


def test_parse_takes_times_from_the_chat_recording(tmp_path):
    sig = run(tmp_path, data("greeting-retry.stdout.jsonl"), recording=data("greeting-retry.chat.jsonl"))
    recorded = {}
    for line in data("greeting-retry.chat.jsonl").splitlines():
        ui = (json.loads(line).get("systemPayload") or {}).get("uiEvent") or {}
        if ui.get("event.name") == "qwen-code.tool_call":
            recorded[ui["function_name"], ui["status"]] = ui["duration_ms"] / 1000
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [e["duration_s"] for e in calls] == [recorded[n, "success" if s == "ok" else "error"]
                                                for n, s in SCRIPT_CALLS]
    times = [e["t"] for e in sig.events]
    assert all(isinstance(t, float) and t >= 0 for t in times)
    assert times == sorted(times)                   # turn, its text, its calls: in the order they happened
    assert sig.extra["times_from_recording"] is True


def test_parse_without_a_recording_or_through_a_link(tmp_path):
    bare = run(tmp_path / "a", data("greeting-retry.stdout.jsonl"))
    assert bare.tool_calls == 3 and bare.extra["times_from_recording"] is False
    assert all(e["t"] is None for e in bare.events)
    assert all(e["duration_s"] is None for e in bare.events if e["type"] == "tool_call")
    # a recording the agent replaced with a link to another file is not followed
    target = tmp_path / "elsewhere.jsonl"
    target.write_text(data("greeting-retry.chat.jsonl"))
    ctx = context(tmp_path / "b")
    path = ctx.scratch_dir / "qwen" / qwen_code.recording_path(ctx)
    path.parent.mkdir(parents=True)
    path.symlink_to(target)
    out = ctx.run_dir / "agent.stdout.log"
    out.write_text(data("greeting-retry.stdout.jsonl"))
    linked = qwen_code.parse(ctx, ProcessResult(0, False, 5.0, out, ctx.run_dir / "none.log"))
    assert linked.extra["times_from_recording"] is False and linked.tool_calls == 3


def test_parse_a_junk_recording_changes_no_count(tmp_path):
    junk = "not json\n[1, 2]\n" + '{"subtype": "ui_telemetry", "systemPayload": {"uiEvent": "x"}}\n' + \
        '{"subtype": "ui_telemetry", "systemPayload": {"uiEvent": {"event.name": "qwen-code.tool_call", ' \
        '"call_id": 5, "event.timestamp": "yesterday", "duration_ms": -1}}}\n' + "[" * 100000 + "\n"
    sig = run(tmp_path, data("greeting-retry.stdout.jsonl"), recording=junk)
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (4, 3, 1)
    assert all(e["duration_s"] is None for e in sig.events if e["type"] == "tool_call")


def test_parse_max_turns(tmp_path):
    sig = run(tmp_path, data("max-turns.stdout.jsonl"), exit_code=qwen_code.EXIT_MAX_TURNS,
              stderr=data("max-turns.stderr.log"))
    served = SERVED["max-turns"]
    assert sig.extra["stopped"] == "max_turns"
    assert sig.turns == len(served) == 2
    # no result event: the tokens are the calls' own, summed
    assert (sig.tokens_in, sig.tokens_out) == (sum(p for p, _ in served), sum(c for _, c in served))
    assert [(e["name"], e["status"]) for e in sig.events if e["type"] == "tool_call"] == SCRIPT_CALLS[:2]
    assert sig.failed_tool_calls == 1
    assert sig.agent_error is None and sig.infra_error is None


def test_parse_server_down(tmp_path):
    sig = run(tmp_path, data("server-down.stdout.jsonl"), exit_code=1)
    assert sig.infra_error and "Connection error" in sig.infra_error
    assert sig.agent_error is None
    assert (sig.turns, sig.tool_calls) == (0, 0)
    # qwen prints the error as assistant text and again in the result: one error event, no turn
    assert [e["type"] for e in sig.events] == ["error"]
    assert (sig.tokens_in, sig.tokens_out) == (0, 0)


def test_parse_server_errors_5xx(tmp_path):
    sig = run(tmp_path, data("error500.stdout.jsonl"), exit_code=1)
    assert sig.infra_error and "500" in sig.infra_error and sig.turns == 0


def test_parse_api_errors_without_a_result(tmp_path):
    lines = [ln for ln in data("server-down.stdout.jsonl").splitlines() if '"type":"result"' not in ln]
    sig = run(tmp_path, "\n".join(lines) + "\n", exit_code=1)
    assert sig.infra_error and "Connection error" in sig.infra_error


def test_parse_an_error_after_answers_is_the_agents(tmp_path):
    result = {"type": "result", "subtype": "error_during_execution", "is_error": True, "num_turns": 2,
              "usage": {"input_tokens": 1, "output_tokens": 1}, "error": {"message": "[API Error: Connection error.]"}}
    lines = data("max-turns.stdout.jsonl").rstrip("\n") + "\n" + json.dumps(result) + "\n"
    sig = run(tmp_path, lines, exit_code=1)
    assert sig.infra_error is None and "Connection error" in sig.agent_error


def test_parse_a_text_only_answer(tmp_path):
    sig = run(tmp_path, data("no-call.stdout.jsonl"))
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (1, 0, 0)
    assert [e["type"] for e in sig.events] == ["turn", "text"]
    assert sig.agent_error is None and sig.infra_error is None
    assert sig.extra["final_message"].startswith("Hello! I am a scripted model")


def test_parse_junk_lines_change_nothing(tmp_path):
    clean = run(tmp_path / "a", data("greeting-retry.stdout.jsonl"))
    noisy_lines = []
    for line in data("greeting-retry.stdout.jsonl").splitlines():
        noisy_lines += [line, "Ripgrep not available", "[1, 2]", '"text"', "null", "{" * 5000,
                        '{"type": "assistant"}', '{"type": "user", "message": {"content": "not blocks"}}']
    noisy = run(tmp_path / "b", "\n".join(noisy_lines) + "\n")
    assert (noisy.turns, noisy.tool_calls, noisy.failed_tool_calls) == (4, 3, 1)
    assert (noisy.tokens_in, noisy.tokens_out) == (clean.tokens_in, clean.tokens_out)
    assert noisy.events == clean.events


def test_parse_output_cut_short(tmp_path):
    lines = data("greeting-retry.stdout.jsonl").splitlines()
    cut = "\n".join(lines[:7]) + "\n" + lines[7][: len(lines[7]) // 2]   # killed mid-line, before the result
    sig = run(tmp_path, cut, exit_code=None, timed_out=True)
    assert sig.infra_error is None and sig.agent_error is None
    assert sig.turns >= 2 and sig.tool_calls >= 2
    served = SERVED["greeting-retry"]
    assert sig.tokens_in == sum(p for p, _ in served[: sig.turns])


def test_parse_bad_counts_and_shapes(tmp_path):
    events = [
        {"type": "assistant", "message": {"content": [{"type": "tool_use", "name": "edit", "input": {"x": 1}}],
                                          "usage": {"input_tokens": True, "output_tokens": -3}}},
        {"type": "assistant", "message": {"content": "text, not blocks", "usage": {"input_tokens": 10,
                                                                                    "output_tokens": 2}}},
        {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": None, "is_error": False}]}},
        {"type": "result", "is_error": False, "result": "x" * 10000,
         "usage": {"input_tokens": "many", "output_tokens": 10 ** 15}},
    ]
    sig = run(tmp_path, "\n".join(json.dumps(e) for e in events) + "\n")
    assert sig.turns == 1 and sig.tool_calls == 1
    assert sig.tokens_in is None and sig.tokens_out is None and len(sig.problems) == 2
    assert len(sig.extra["final_message"]) < 2100


def test_parse_a_crash_at_start_is_the_agents(tmp_path):
    sig = run(tmp_path, "", exit_code=1, stderr=data("start-crash.stderr.log"))
    assert sig.infra_error is None
    assert sig.agent_error.startswith("qwen failed to start: Error: ENOENT")
    assert sig.turns == 0 and sig.events == []


def test_parse_reads_stdout_capped(tmp_path):
    line = json.dumps({"type": "assistant", "message": {"content": [{"type": "text", "text": "x" * 1000}],
                                                        "usage": {"input_tokens": 1, "output_tokens": 1}}})
    count = MAX_EVENTS_BYTES // len(line) + 50
    sig = run(tmp_path, (line + "\n") * count, exit_code=None, timed_out=True)
    assert 0 < sig.turns < count


def test_parse_a_start_given_up_with_exit_0_is_the_agents(tmp_path):
    stderr = ("Sandbox command 'docker' (from QWEN_SANDBOX) is installed but cannot run: Cannot connect to the "
              "Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n"
              "Update successful! The new version will be used on your next run.\n")
    sig = run(tmp_path, "", exit_code=0, stderr=stderr)
    assert sig.agent_error.startswith("qwen failed to start: Sandbox command 'docker'")
    assert sig.infra_error is None
    timed_out = run(tmp_path / "t", "", exit_code=None, timed_out=True, stderr=stderr)
    assert timed_out.agent_error is None and timed_out.infra_error is None
