"""The Codex CLI adapter without the real CLI: the command line and environment it builds, and parse() on what the
real `codex exec --json` 0.171.0 printed and wrote (tests/agents/data/codex/<case>/: stdout.jsonl, stderr.log and,
trimmed to the lines parse reads, the session file from CODEX_HOME/sessions).

The cases were captured against bench/fakellm_scripts/codex-calib.yaml (model codex-<case>); the figures checked
come from that script (its turns, calls and usage), not from the captured output:
  greet     codex-calib-greeting        4 replies, 3 exec_command calls (cat, sed, grep), none failing
  retry     codex-calib-greeting-retry  5 replies, 4 calls: a patch Codex rejects, a grep finding nothing (exit 1),
                                        a patch that applies, the tests (python3 -m unittest): 2 failed
  add       codex-calib-add             2 replies with scripted usage 9000/120 and 9200/9, 1 apply_patch command
  rejected  codex-rejected-calls        4 replies, 3 calls: apply_patch as a function and an unknown tool (both
                                        refused by Codex), `sleep 1.5; echo slept`
  textonly  codex-text-only             1 reply, text only (fakellm's no_call persona)
  down      a server that is down (no proxy): Codex's "Connection failed" error, no model answer
  down502   through the harness with the server down: the proxy's 502 (no session file kept)
  hang      codex-hang, killed by the timeout: nothing answered
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bench.agents import codex, get_adapter
from bench.agents.base import AgentContext, ProcessResult

DATA = Path(__file__).parent / "data" / "codex"
SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "fakellm_scripts" / "codex-calib.yaml"
NO_CALL_TEXT = "Hello! I am a scripted model and I have nothing to do."   # fakellm's no_call persona


@pytest.fixture
def clean_env(monkeypatch):
    for k in list(os.environ):
        if k.startswith(("CODEX_", "OPENAI_", "LOCALAGENTBENCH_")) or k == "OLLAMA_HOST":
            monkeypatch.delenv(k, raising=False)
    return monkeypatch


@pytest.fixture
def fake_codex(tmp_path, clean_env):
    """A stub `codex` the adapter finds through $LOCALAGENTBENCH_CODEX_BIN."""
    stub = tmp_path / "bin" / "codex"
    stub.parent.mkdir()
    stub.write_text("#!/bin/sh\necho 'codex-cli 0.171.0'\n")
    stub.chmod(0o755)
    clean_env.setenv("LOCALAGENTBENCH_CODEX_BIN", str(stub))
    return stub


def context(tmp_path: Path, model: str = "ollama/qwen3:8b", options: dict | None = None,
            max_turns: int | None = 30) -> AgentContext:
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir(parents=True, exist_ok=True)
    prompt_file = run_dir / "prompt.txt"
    prompt_file.write_text('Fix "x".\nThanks!\n')
    return AgentContext(task={"id": "t"}, workdir=work, prompt=prompt_file.read_text(), prompt_file=prompt_file,
                        model=model, timeout_s=60, max_turns=max_turns, scratch_dir=scratch, run_dir=run_dir,
                        options=options or {}, model_url="http://127.0.0.1:4321/r/abc")


def flag_values(argv: list[str], flag: str) -> list[str]:
    return [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == flag]


# ---------------------------------------------------------------------------------------------
# invocation


def test_registered_with_its_pinned_npm_package():
    assert get_adapter("codex") is codex
    assert codex.SPEC.needs_model and codex.SPEC.binary == "codex"
    assert codex.SPEC.install.requirement == "@openai/codex@0.171.0"
    assert codex.SPEC.locations == ("node_modules/.bin/codex",)


def test_version_is_what_codex_prints(fake_codex):
    assert codex.version({}) == "codex-cli 0.171.0"


def test_invocation(tmp_path, fake_codex):
    ctx = context(tmp_path)
    inv = codex.invocation(ctx)
    argv = inv.argv
    assert argv[0] == str(fake_codex.resolve()) and argv[1:4] == ["exec", "--json", "--skip-git-repo-check"]
    assert argv[-2:] == ["--", "-"]                                     # the prompt comes on stdin
    assert inv.stdin == ctx.prompt.encode()
    assert flag_values(argv, "-m") == ["qwen3:8b"] and flag_values(argv, "-C") == [str(ctx.workdir)]
    for flag in ("--dangerously-bypass-approvals-and-sandbox", "--ignore-user-config", "--ignore-rules"):
        assert flag in argv
    assert flag_values(argv, "--disable") == ["plugins", "unbounded_connection_retries"]
    config = flag_values(argv, "-c")
    assert "model_provider=localagentbench" in config
    assert 'model_providers.localagentbench.base_url="http://127.0.0.1:4321/r/abc/v1"' in config
    assert 'model_providers.localagentbench.wire_api="responses"' in config
    assert {"analytics.enabled=false", "check_for_update_on_startup=false", 'web_search="disabled"',
            "model_providers.localagentbench.request_max_retries=0",
            "model_providers.localagentbench.stream_max_retries=0"} <= set(config)
    assert not [c for c in config if c.startswith("model_context_window")]   # no window asked for: Codex's own
    assert not [a for a in argv if "turn" in a]                             # codex exec has no max-turns option:
    assert inv.max_model_calls == ctx.max_turns == 30                        # the harness keeps it at the proxy
    # its own HOME and CODEX_HOME under the run's scratch dir, made before it starts (it refuses a missing one)
    env = inv.env
    assert env["CODEX_HOME"] == str(ctx.scratch_dir / "codex-home") and Path(env["CODEX_HOME"]).is_dir()
    assert env["HOME"] == str(ctx.scratch_dir / "home")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        assert Path(env[var]).is_dir() and env[var].startswith(env["HOME"])
    assert env[codex.KEY_VAR] and 'env_key="LOCALAGENTBENCH_CODEX_KEY"' in " ".join(config)
    assert "127.0.0.1" in env["NO_PROXY"]
    assert fake_codex.resolve() in inv.ro_paths


def test_the_users_codex_and_openai_variables_are_scrubbed(tmp_path, fake_codex, clean_env):
    for var, value in (("CODEX_HOME", "/home/u/.codex"), ("CODEX_SANDBOX", "seatbelt"),
                       ("OPENAI_BASE_URL", "http://10.0.0.1/v1"), ("OPENAI_API_KEY", "sk-user")):
        clean_env.setenv(var, value)
    inv = codex.invocation(context(tmp_path))
    assert inv.argv[0] == "env"
    unset = flag_values(inv.argv, "-u")
    assert sorted(unset) == ["CODEX_SANDBOX", "OPENAI_API_KEY", "OPENAI_BASE_URL"]
    assert inv.env["CODEX_HOME"].startswith(str(tmp_path / "scratch"))    # ours, over the user's


def test_no_max_turns_no_call_limit(tmp_path, fake_codex):
    assert codex.invocation(context(tmp_path, max_turns=None)).max_model_calls is None


def test_context_length_becomes_codexs_context_window(tmp_path, fake_codex):
    config = flag_values(codex.invocation(context(tmp_path, options={"context_length": 16384})).argv, "-c")
    assert "model_context_window=16384" in config


def test_base_url_model_is_sent_as_typed(tmp_path, fake_codex):
    ctx = context(tmp_path, model="my-model")
    ctx.base_url = "http://127.0.0.1:9/v1"
    assert flag_values(codex.invocation(ctx).argv, "-m") == ["my-model"]


# ---------------------------------------------------------------------------------------------
# parse


def replay(tmp_path: Path, case: str, *, rollout: bool = True, exit_code: int | None = 0,
           timed_out: bool = False) -> tuple[AgentContext, ProcessResult]:
    """A run's context and result with the captured files of `case` laid where Codex put them."""
    ctx = context(tmp_path)
    src = DATA / case
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    shutil.copy(src / "stdout.jsonl", out)
    shutil.copy(src / "stderr.log", err)
    sessions = ctx.scratch_dir / "codex-home" / "sessions" / "2026" / "12" / "04"
    sessions.mkdir(parents=True)
    for f in src.glob("rollout-*.jsonl"):
        if rollout:
            shutil.copy(f, sessions / f.name)
    return ctx, ProcessResult(exit_code, timed_out, 1.0, out, err)


def calls(sig) -> list[dict]:
    return [e for e in sig.events if e["type"] == "tool_call"]


def script_model(name: str) -> dict:
    import yaml

    return yaml.safe_load(SCRIPT.read_text())["models"][name]


def issued(name: str) -> list[str]:
    """The tool names the script's model issues, in order."""
    return [c["name"] for turn in script_model(name)["turns"] for c in turn.get("tool_calls") or []]


def test_parse_greeting(tmp_path):
    sig = codex.parse(*replay(tmp_path, "greet"))
    turns = script_model("codex-calib-greeting")["turns"]
    assert sig.turns == len(turns) == 4
    assert [c["name"] for c in calls(sig)] == issued("codex-calib-greeting") == ["exec_command"] * 3
    assert sig.tool_calls == 3 and sig.failed_tool_calls == 0
    assert sig.infra_error is None and sig.agent_error is None
    # the agent's own token figures: stdout's turn.completed, the sum of the per-request records
    per_turn = [e for e in sig.events if e["type"] == "turn"]
    assert sig.tokens_in == sum(e["tokens_in"] for e in per_turn) and sig.tokens_in > 0
    assert sig.tokens_out == sum(e["tokens_out"] for e in per_turn)
    assert "sed -i" in calls(sig)[1]["input"] and "Hello" in calls(sig)[2]["output"]
    assert all(isinstance(c["duration_s"], float) and isinstance(c["t"], float) for c in calls(sig))
    # each turn comes before what its answer said and called; the warning about model metadata is not an error
    kinds = [e["type"] for e in sig.events]
    assert kinds == ["warning", "turn", "text", "tool_call", "turn", "tool_call", "turn", "tool_call", "turn", "text"]
    assert sig.extra["final_message"] == turns[-1]["content"]
    assert sig.extra["trajectory_source"] == "session file"


def test_parse_counts_the_failed_calls_including_the_patch_codex_rejected(tmp_path):
    sig = codex.parse(*replay(tmp_path, "retry"))
    assert sig.turns == len(script_model("codex-calib-greeting-retry")["turns"]) == 5
    assert sig.tool_calls == len(issued("codex-calib-greeting-retry")) == 4
    assert [(c["name"], c["status"]) for c in calls(sig)] == [
        ("apply_patch", "error"), ("exec_command", "error"), ("apply_patch", "ok"), ("exec_command", "ok")]
    assert sig.failed_tool_calls == 2
    assert "verification failed" in calls(sig)[0]["output"]
    assert "exited with code 1" in calls(sig)[1]["output"]
    assert sig.extra["rejected_calls"] == 1


def test_parse_without_the_session_file_falls_back_to_stdout_and_stderr(tmp_path):
    sig = codex.parse(*replay(tmp_path, "retry", rollout=False))
    assert sig.extra["trajectory_source"] == "stdout"
    assert sig.turns is None                     # stdout has one usage for the whole run: turns are not known
    assert sig.tool_calls == 4 and sig.failed_tool_calls == 2
    assert [c["name"] for c in calls(sig)] == ["exec_command", "apply_patch", "exec_command", "apply_patch"]
    assert calls(sig)[-1]["status"] == "error" and "verification failed" in calls(sig)[-1]["output"]


def test_parse_add_with_codexs_apply_patch_and_the_scripted_usage(tmp_path):
    sig = codex.parse(*replay(tmp_path, "add"))
    usage = [t["usage"] for t in script_model("codex-calib-add")["turns"]]
    assert (sig.tokens_in, sig.tokens_out) == (sum(u["prompt_tokens"] for u in usage),
                                               sum(u["completion_tokens"] for u in usage)) == (18200, 129)
    assert [(e["tokens_in"], e["tokens_out"]) for e in sig.events if e["type"] == "turn"] == [(9000, 120), (9200, 9)]
    assert [(c["name"], c["status"]) for c in calls(sig)] == [("apply_patch", "ok")]
    assert "calc/arith.py" in calls(sig)[0]["input"] and sig.failed_tool_calls == 0


def test_parse_calls_codex_refuses_and_a_tool_duration(tmp_path):
    sig = codex.parse(*replay(tmp_path, "rejected"))
    assert [(c["name"], c["status"]) for c in calls(sig)] == [
        ("apply_patch", "error"), ("no_such_tool", "error"), ("exec_command", "ok")]
    assert issued("codex-rejected-calls") == ["apply_patch", "no_such_tool", "exec_command"]
    assert calls(sig)[0]["output"] == "unsupported call: apply_patch"
    assert 1.0 < calls(sig)[2]["duration_s"] < 5      # `sleep 1.5`, as Codex timed the command
    assert sig.turns == 4 and sig.failed_tool_calls == 2


def test_parse_text_only(tmp_path):
    sig = codex.parse(*replay(tmp_path, "textonly"))
    assert sig.tool_calls == 0 and sig.failed_tool_calls == 0 and sig.turns == 1
    assert sig.extra["final_message"] == NO_CALL_TEXT
    assert sig.infra_error is None and sig.agent_error is None


def test_parse_server_down_is_an_infra_claim(tmp_path):
    sig = codex.parse(*replay(tmp_path, "down", exit_code=1))
    assert sig.infra_error == "Connection failed: error sending request"
    assert sig.tool_calls == 0 and sig.turns == 0 and sig.tokens_in is None
    assert [e["message"] for e in sig.events if e["type"] == "error"] == [sig.infra_error]   # turn.failed repeats it


def test_parse_the_proxys_502_is_an_infra_claim(tmp_path):
    sig = codex.parse(*replay(tmp_path, "down502", exit_code=1))
    assert sig.infra_error.startswith("unexpected status 502 Bad Gateway") and sig.agent_error is None
    assert sig.tool_calls == 0 and sig.extra["trajectory_source"] == "stdout"


def test_parse_a_hung_run(tmp_path):
    sig = codex.parse(*replay(tmp_path, "hang", exit_code=None, timed_out=True))
    assert sig.tool_calls == 0 and sig.turns == 0 and sig.tokens_in is None
    assert sig.infra_error is None and sig.agent_error is None


def test_parse_survives_junk_and_a_cut_line(tmp_path):
    ctx, result = replay(tmp_path, "greet")
    lines = result.stdout_path.read_text().splitlines()
    junk = ["not json", "[1, 2]", '{"type": "item.completed", "item": "x"}', '{"type": "turn.completed", "usage": 5}',
            '{"type": "item.completed", "item": {"type": "command_execution", "exit_code": "zero"}}', "{" * 5000]
    result.stdout_path.write_text("\n".join(lines[:3] + junk + lines[3:]) + "\n" + lines[-1][:30])
    rollout = next((ctx.scratch_dir / "codex-home").rglob("rollout-*.jsonl"))
    rollout.write_text(rollout.read_text() + '{"type":"response_item","payload":{"type":"function_call"}}\n'
                       + '{"type":"token_usage_record","payload":{"usage":{"input_tokens":"many"}}}\n{"tim')
    sig = codex.parse(ctx, result)
    assert sig.tool_calls == 4 and sig.failed_tool_calls == 1      # the junk call has no output: failed
    assert sig.turns == 5 and calls(sig)[-1]["name"] == "?"


def test_parse_junk_only_and_missing_files(tmp_path):
    ctx = context(tmp_path)
    out = ctx.run_dir / "agent.stdout.log"
    out.write_bytes(b"\xff\xfe garbage\n\0\0\n")
    sig = codex.parse(ctx, ProcessResult(1, False, 0.1, out, ctx.run_dir / "missing.log"))
    assert sig.tool_calls == 0 and sig.agent_error == "codex failed to start: exit code 1"
    assert sig.infra_error is None


def test_a_planted_symlink_is_never_followed(tmp_path):
    ctx, result = replay(tmp_path, "greet")
    rollout = next((ctx.scratch_dir / "codex-home").rglob("rollout-*.jsonl"))
    target = tmp_path / "elsewhere.jsonl"
    shutil.move(rollout, target)
    rollout.symlink_to(target)
    sig = codex.parse(ctx, result)
    assert sig.extra["trajectory_source"] == "stdout" and sig.turns is None and sig.tool_calls == 3
    # a symlinked sessions directory: the same
    ctx2, result2 = replay(tmp_path / "b", "greet")
    sessions = ctx2.scratch_dir / "codex-home" / "sessions"
    shutil.move(sessions, tmp_path / "b" / "moved")
    sessions.symlink_to(tmp_path / "b" / "moved")
    assert codex.parse(ctx2, result2).extra["trajectory_source"] == "stdout"


def test_the_session_file_of_the_reported_thread_is_read(tmp_path):
    ctx, result = replay(tmp_path, "greet")
    day = next((ctx.scratch_dir / "codex-home" / "sessions").rglob("rollout-*.jsonl")).parent
    shutil.copy(next((DATA / "add").glob("rollout-*.jsonl")), day)   # another thread's file beside it
    sig = codex.parse(ctx, result)
    assert sig.turns == 4 and sig.tool_calls == 3


def test_a_fatal_tool_error_on_stderr_is_a_failed_call_without_the_session_file(tmp_path):
    """With a model catalog entry Codex offers apply_patch as a freeform tool, and a function call of it is dropped:
    stderr has the router's line (and a repeat "during drain"), stdout nothing. Lines shaped as the groundwork
    recorded them (notes/agent-clis.md, in git history the groundwork notes)."""
    ctx, result = replay(tmp_path, "textonly", rollout=False)
    result.stderr_path.write_text(
        "2026-12-03T21:40:01.123456Z ERROR codex_core::tools::router: error=Fatal error: tool apply_patch invoked "
        "with incompatible payload\n"
        "2026-12-03T21:40:01.123999Z ERROR codex_core::tools::router: in-flight tool future failed during drain: "
        "error=Fatal error: tool apply_patch invoked with incompatible payload\n")
    sig = codex.parse(ctx, result)
    assert [(c["name"], c["status"]) for c in calls(sig)] == [("apply_patch", "error")]
    assert sig.tool_calls == 1 and sig.failed_tool_calls == 1
